"""A game told from its record (what the game-over screen sums up, what achievements look for) agrees with
what was seen while it was played; and the game-over screen shows it, with confetti a key ends."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.rules.game_story import tell
from game.rules.position import changed
from game.shell.app import App
from scenes.game_over import GameOverScene
from scenes.game_over_party import summary_text
from tests.game_playing import play_game
from tests.scene_helpers import FakeClock, key


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_the_story_read_back_is_the_game_as_it_was_played(players: int, seed: int) -> None:
    played = play_game(players, seed)
    story = tell(played.record, 0)
    results = played.state.results
    assert story.hands == len(results) == len(played.canastas)
    assert story.hand_scores == [r["scores"][0]["total"] for r in results]
    assert story.best_hand == max(story.hand_scores)
    assert results[story.best_hand_no - 1]["scores"][0]["total"] == story.best_hand
    kinds = [k for hand in played.canastas for k in hand]
    assert (story.canastas, story.escaleras, story.bolivias) == (
        len(kinds), kinds.count("escalera"), kinds.count("bolivia"))
    mine = [c for s, c in played.outs if played.state.side_of(s) == 0]
    assert (story.outs, story.concealed_outs) == (len(mine), sum(mine))
    behind = max(max(r["totals"]) - r["totals"][0] for r in [{"totals": [0] * played.state.sides}] + results[:-1])
    assert story.worst_behind == behind


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1366, 768), clock=FakeClock())
    yield a
    a.close()


def test_game_over_shows_the_summary_and_a_key_ends_the_confetti(app: App) -> None:
    played = play_game(2, 3)
    state = played.state
    story = tell(played.record, 0)
    scene = GameOverScene(state)
    scene.celebrate(story, "normal")
    app.scenes.request(scene)
    app.run(frames=30)
    won = state.winner == 0
    assert scene.party.on == won
    text = summary_text(story)
    assert f"{story.hands} hand" in text and "canasta" in text and "best hand" in text
    state.set_position(changed(state, winner=state.side_of(0)))  # the player's side wins: confetti, which a key ends
    scene.celebrate(story, "normal")
    app.run(frames=10)
    assert scene.party.on
    scene.handle_event(key(pygame.K_LEFT))
    assert not scene.party.on
    fast = GameOverScene(state)
    fast.celebrate(story, "instant")
    assert not fast.party.on  # none at Instant
    quiet = GameOverScene(state)
    quiet.celebrate(story, "normal", confetti=False)  # the Celebrations setting off
    assert not quiet.party.on and quiet.story is story  # no confetti, the summary all the same


def test_a_game_with_friends_ends_named_by_its_people_and_its_summary_is_said(app: App) -> None:
    """At a table with friends the game-over screen names the sides by their people ("You and Marie win!",
    "You & Marie", not North), and the summary under the title says whose game it sums up, on screen and
    aloud (a screen reader heard the title and the totals, never the summary)."""
    from game.ui.speech import speaker

    played = play_game(4, 5)
    state = played.state
    state.set_position(changed(state, winner=state.side_of(0)))
    story = tell(played.record, 0)
    scene = GameOverScene(state, names=["You", "Bo", "Marie", "Eva"])
    scene.celebrate(story, "instant")
    speaker().pending.clear()
    app.scenes.request(scene)
    app.scenes.apply_pending()  # entered: said (the frames would hand it to the screen reader)
    said = [text for text, _how in speaker().pending]
    assert said[0] == "You and Marie win!"
    assert sorted(name for _side, name, _total in scene.rows) == ["Bo & Eva", "You & Marie"]
    line = scene.summary_line()
    assert line is not None and "You & Marie: " + summary_text(story) in line
    assert f"Well played! You & Marie: {story.hands} hands, " in " ".join(said)  # the dots said as commas
    alone = GameOverScene(state)  # alone at the table: the seats' places
    alone.celebrate(story, "instant")
    assert "You & North: " in (alone.summary_line() or "")
    assert GameOverScene(state, names=["You", "Bo", "Marie", "Eva"], human=False).summary_line() is None  # demo
