"""The game-over screen: winner or draw (a tie for the lead, or 60 hands), totals, Play again / Menu."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.keep.stats import GameStats, Record, Statistics, outcome
from game.rules.position import changed
from game.rules.state import GameState, Phase
from game.shell.app import App
from scenes.game_over import GameOverScene, outcome_reason, outcome_title
from tests.scene_helpers import FakeClock, click, distinct_colours, key


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1024, 640), clock=FakeClock())
    yield a
    a.close()


def finished(players: int, scores: list[int], winner: int | None, reason: str = "target", hands: int = 9,
             target: int = 15000) -> GameState:
    return changed(GameState(players, 1, target=target), scores=scores, winner=winner, end_reason=reason,
                   hand_no=hands, phase=Phase.GAME_OVER)


def test_titles_and_reasons() -> None:
    won = finished(4, [15100, 9000], 0)
    assert outcome_title(won) == "You and North win!" and outcome(won) == "won"
    assert outcome_reason(won) == "15,100 points reached after 9 hands (target 15,000)."
    lost = finished(3, [4000, 16020, 100], 1)
    assert outcome_title(lost) == "West wins." and outcome(lost) == "lost"
    assert outcome_title(finished(2, [15000, 2], 0)) == "You win!"
    tie = finished(2, [15200, 15200], None)
    assert outcome_title(tie) == "A draw" and outcome(tie) == "drawn"
    assert outcome_reason(tie) == "A tie for the lead at 15,200 points."
    limit = finished(3, [9000, 12000, 3000], None, "hand_limit", hands=60)
    assert outcome_title(limit) == "A draw"
    assert outcome_reason(limit) == "The game stopped after 60 hands without reaching the target."
    assert outcome_title(won, human=False) == "South & North win."


def test_renders_and_ranks_the_sides(app: App) -> None:
    state = finished(3, [4000, 16020, -150], 1)
    scene = GameOverScene(state, stats=Statistics({"bolivia": GameStats(Record(3, 1, 1, 1))}))
    app.scenes.request(scene)
    app.run(frames=90)
    assert distinct_colours(app.screen) > 40
    assert [name for _s, name, _t in scene.rows] == ["West", "You", "North"]
    for size in ((1920, 1080), (1024, 640)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.run(frames=1)
        for b in scene.buttons.buttons:
            assert app.screen.get_rect().contains(b.rect)
            assert not b.rect.colliderect(scene._panel)


def test_keys_and_clicks(app: App) -> None:
    calls: list[str] = []
    scene = GameOverScene(finished(2, [15000, 2], 0), on_play_again=lambda: calls.append("again"),
                          on_menu=lambda: calls.append("menu"))
    app.scenes.request(scene)
    app.run(frames=2)
    scene.handle_event(key(pygame.K_RETURN))  # Play again has the focus
    assert calls == ["again"]
    scene.done = False
    scene.handle_event(key(pygame.K_RIGHT))
    scene.handle_event(key(pygame.K_RETURN))
    assert calls == ["again", "menu"]
    scene.done = False
    for e in click(scene.buttons.buttons[0].rect.center):
        scene.handle_event(e)
    scene.done = False
    scene.handle_event(key(pygame.K_ESCAPE))
    assert calls == ["again", "menu", "again", "menu"]


def test_only_one_choice_counts(app: App) -> None:
    calls: list[str] = []
    scene = GameOverScene(finished(2, [15000, 2], 0), on_play_again=lambda: calls.append("again"),
                          on_menu=lambda: calls.append("menu"))
    scene.play_again()
    scene.menu()
    assert calls == ["again"]


def test_the_demo_plays_again_by_itself(app: App) -> None:
    calls: list[str] = []
    scene = GameOverScene(finished(4, [100, 15000], 1), on_play_again=lambda: calls.append("again"),
                          auto_continue=1.0, human=False)
    app.scenes.request(scene)
    app.run(frames=80)
    assert calls == ["again"]


def test_replay_and_review_are_buttons_under_play_again_and_main_menu(app: App) -> None:
    calls: list[str] = []
    scene = GameOverScene(finished(3, [4000, 16020, -150], 1), on_play_again=lambda: calls.append("again"),
                          on_menu=lambda: calls.append("menu"),
                          stats=Statistics({"bolivia": GameStats(Record(3, 1, 1, 1))}))
    scene.on_replay = lambda: calls.append("replay")  # as the flow gives them, after the scene is made
    scene.on_review = lambda: calls.append("review")
    app.scenes.request(scene)
    app.run(frames=2)
    again, menu = scene.main_buttons
    replay, review = scene.replay_button, scene.review_button
    assert scene.buttons.buttons == [again, menu, replay, review]
    for size in ((1024, 600), (1366, 768), (1920, 1080)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.run(frames=1)
        stats_top = size[1] - scene._unit // 2 - max(14, scene._unit * 3 // 4)  # the line of statistics
        for b in scene.buttons.buttons:
            assert app.screen.get_rect().contains(b.rect) and b.rect.bottom < stats_top
            assert not b.rect.colliderect(scene._panel)
        rects = [b.rect for b in scene.buttons.buttons]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert replay.rect.top > again.rect.bottom and replay.rect.right < size[0] // 2 < review.rect.left
    # The keys: R and V, or Down to the row under and Enter.
    scene.handle_event(key(pygame.K_r))
    scene.handle_event(key(pygame.K_v))
    scene.handle_event(key(pygame.K_DOWN))
    assert scene.buttons.focused is replay
    scene.handle_event(key(pygame.K_RIGHT))
    scene.handle_event(key(pygame.K_RETURN))
    scene.handle_event(key(pygame.K_UP))
    assert scene.buttons.focused is menu
    assert calls == ["replay", "review", "review"]
    for b in (replay, review, again):
        for e in click(b.rect.center):
            scene.handle_event(e)
    assert calls == ["replay", "review", "review", "replay", "review", "again"]
    scene.handle_event(key(pygame.K_v))  # the game goes on: nothing more opens from this screen
    assert calls[-1] == "again"


def test_without_a_record_no_replay_and_with_one_choice_it_stands_alone(app: App) -> None:
    calls: list[str] = []
    scene = GameOverScene(finished(2, [15000, 2], 0))
    app.scenes.request(scene)
    app.run(frames=2)
    scene.handle_event(key(pygame.K_r))
    scene.handle_event(key(pygame.K_DOWN))
    assert scene.buttons.buttons == scene.main_buttons and scene.buttons.focus == 0
    scene.on_replay = lambda: calls.append("replay")
    app.run(frames=1)
    assert scene.buttons.buttons == [*scene.main_buttons, scene.replay_button]
    assert scene.replay_button.rect.centerx == app.screen.get_width() // 2
    scene.handle_event(key(pygame.K_RIGHT))
    scene.handle_event(key(pygame.K_DOWN))  # from Main menu too, to the one button under
    assert scene.buttons.focused is scene.replay_button
    scene.handle_event(key(pygame.K_RETURN))
    scene.handle_event(key(pygame.K_UP))
    assert calls == ["replay"] and scene.buttons.focus == 0
