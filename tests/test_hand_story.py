"""What happened (W) from the record: the whole hand, in the language of the moment, wrapped at word
boundaries, kept through a save; and the place kept while it is scrolled."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.i18n import set_language
from game.keep.saved_game import SavedGame
from game.keep.storage import Storage
from game.rules import events as ev
from game.rules.record import replay
from game.ui.hand_story import Scroll, hand_story, wrap
from game.ui.narrate import describe, seat_names
from tests.test_record import recorded_game


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_the_story_is_every_line_the_table_said_then_the_score() -> None:
    state, record = recorded_game(4, 3, hands=2)
    hand = record.hands[0]
    said = [line for step in replay(record, hand) for e in step.events
            if (line := describe(e, seat_names(4))) is not None]
    story = hand_story(record, hand)
    assert story[:-1] == said and story[0] == "Hand 1: " + seat_names(4)[hand.dealer] + " dealt."
    totals = [sc["total"] for sc in state.results[0]["scores"]]
    assert story[-1].startswith("The hand is over: ") and all(f"{t:,}" in story[-1] for t in totals)
    assert len(story) > 40  # the whole hand, not the panel's last few lines


def test_a_hand_in_progress_is_told_up_to_now() -> None:
    state, record = recorded_game(4, 11, hands=2)
    story = hand_story(record, record.hands[-1])
    assert story[0].startswith("Hand 2") and not story[-1].startswith("The hand is over")


def test_the_story_speaks_the_language_of_the_moment() -> None:
    _state, record = recorded_game(2, 5, hands=2)
    english = hand_story(record, record.hands[0])
    set_language("fr")
    french = hand_story(record, record.hands[0])
    assert len(french) == len(english) and french[0].startswith("Donne 1") and french != english


def test_the_story_comes_back_with_the_saved_game(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    state, record = recorded_game(4, 13, hands=2)
    store.save_game(SavedGame(state, ["human", "hard", "hard", "hard"], record=record))
    back = store.load_game()
    assert back is not None and back.record is not None
    assert [hand_story(back.record, h) for h in back.record.hands] == [hand_story(record, h) for h in record.hands]


def test_a_record_that_no_longer_plays_says_where_it_stops() -> None:
    _state, record = recorded_game(2, 7, hands=1)
    hand = record.hands[0]
    hand.moves.insert(2, hand.moves[1])
    story = hand_story(record, hand)
    assert "stops here" in story[-1] and "move 3" in story[-1]


def test_lines_are_broken_at_spaces_never_wider_than_the_width() -> None:
    rng = random.Random(3)
    words = ["You", "melded", "J♥", "J♠", "2♠.", "North", "took", "the", "pile", "with", "a", "natural", "pair:",
             "Escalera!", "canasta"]
    for _ in range(500):
        line = " ".join(rng.choice(words) for _w in range(rng.randint(1, 30)))
        width = rng.randint(9, 60)
        out = wrap([line], width)
        assert all(len(part) <= width for part in out)
        assert " ".join(out).split() == line.split()  # whole words, in order, none lost
        for a, b in zip(out, out[1:], strict=False):
            assert len(a) + 1 + len(b.split()[0]) > width  # broken only where the next word would not fit
    assert wrap(["one", "two three"], 20) == ["one", "two three"]  # each line starts a line


def test_a_word_wider_than_the_panel_is_broken_where_it_must_be() -> None:
    assert wrap(["abcdefghij"], 4) == ["abcd", "efgh", "ij"]


def test_the_scroll_follows_the_newest_lines_until_the_player_scrolls_up() -> None:
    s = Scroll()
    s.fit(100, 20)
    assert s.top == 80 and s.shown(list(range(100))) == list(range(80, 100))
    s.fit(110, 20)
    assert s.top == 90  # new lines: still at the end
    s.page(-1)
    assert s.top == 71 and not s.at_end
    s.fit(120, 20)
    assert s.top == 71  # the player reads on where they were
    s.by(-1000)
    assert s.top == 0
    s.end()
    assert s.top == 100 and s.at_end
    s.home()
    assert s.top == 0
    s.fit(5, 20)
    assert s.top == 0 and s.shown(list(range(5))) == list(range(5))


def test_every_event_a_hand_can_have_is_told_or_needs_no_words() -> None:
    _state, record = recorded_game(4, 17)
    kinds = {type(e) for h in record.hands for step in replay(record, h) for e in step.events}
    told = {type(e) for h in record.hands for step in replay(record, h) for e in step.events
            if describe(e, seat_names(4))}
    assert ev.HandDealt in told and ev.Discarded in told and ev.Melded in told
    assert kinds - told <= {ev.TurnStarted, ev.HandEnded, ev.GameEnded}
