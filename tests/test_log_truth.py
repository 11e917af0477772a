"""The log tells what happened in the order it happened, and after an undo what is now true. Seen: "North
laid out a red three" before "North drew 2 cards", and after an undo W listed a meld taken back as laid."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from game.i18n import set_language
from game.rules import events as ev
from game.rules.actions import Deal, Discard, DrawStock
from game.rules.cards import RED_THREE
from game.rules.position import changed
from game.rules.record import GameRecord
from game.rules.state import GameState, Phase
from game.ui.hand_story import hand_story
from game.ui.narrate import describe, seat_names
from scenes.table_intents import undo
from scenes.table_parts.log_panel import LogPanel
from tests.ai_positions import spot
from tests.helpers import position


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def drawing_a_red_three(players: int = 4) -> GameState:
    s = spot(players, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW)
    three = next(i for i, c in enumerate(s.stock) if RED_THREE[c])
    # The first card drawn is a red three.
    return changed(s, stock=s.stock[:three] + s.stock[three + 1:] + [s.stock[three]])


def test_the_draw_is_told_before_the_red_three_it_brought():
    s = drawing_a_red_three()
    lines = [line for e in s.apply(DrawStock()) if (line := describe(e, seat_names(4)))]
    assert lines == ["You drew 2 cards.", "You laid out a red three and drew a card in its place."], lines


def test_a_red_three_drawn_is_replaced_and_the_hand_counts_right():
    s = drawing_a_red_three()
    before = len(s.hands[0])
    events = s.apply(DrawStock())
    drawn = next(e for e in events if isinstance(e, ev.CardsDrawn))
    laid = [e for e in events if isinstance(e, ev.RedThreeLaid)]
    assert events.index(drawn) < events.index(laid[0])
    assert len(s.hands[0]) == before + len(drawn.cards) == before + 2
    assert all(e.replacement in drawn.cards or RED_THREE[e.replacement] for e in laid)


def test_a_red_three_as_the_stocks_last_card_is_told_after_its_draw():
    s = position(2, ["4S", "6D 6D"], stock="3H", stock_size=1, melds=[["5H 6H 7H"]])
    lines = [line for e in s.apply(DrawStock()) if (line := describe(e, seat_names(2)))]
    assert lines[:3] == ["You drew the last card of the stock.", "You laid out a red three.",
                         "The stock is empty: the hand ends."], lines


def test_the_deals_red_threes_say_their_replacement():
    s = GameState(4, 3)
    for seed in range(3, 60):
        s = GameState(4, seed)
        events = s.apply(Deal())
        laid = [e for e in events if isinstance(e, ev.RedThreeLaid)]
        if laid:
            break
    line = describe(laid[0], seat_names(4))
    assert line.endswith("laid out a red three and drew a card in its place."), line


def test_w_after_an_undo_tells_what_is_true_now():
    s = GameState(2, 5)
    record = GameRecord.of(s)
    record.play(s, Deal())
    rng = random.Random(1)
    while not (s.phase == Phase.MELD and s.to_act == 0):  # to the player's first discard
        from game.rules.legal import legal_actions
        legal = legal_actions(s)
        action = DrawStock() if DrawStock() in legal else rng.choice(legal)
        record.play(s, action)
    panel = LogPanel()
    view = SimpleNamespace(record=record, state=s, names=seat_names(2))
    first, second = sorted(set(s.hands[0]), key=lambda c: c)[:2]
    record.play(s, Discard(first))
    told = panel.story(view)
    assert any("discarded" in line for line in told[-3:])
    assert record.undo(s) == Discard(first)  # taken back from the move stack, as the controller does
    record.play(s, Discard(second))
    again = panel.story(view)
    assert again == hand_story(record, record.hands[-1], seat_names(2)), "W told a move taken back"


def test_at_the_table_w_drops_a_meld_taken_back_and_tells_the_one_laid_instead():
    """A whole turn at the table: the player lays a meld, looks at W, takes the meld back (Z), lays another;
    W then tells the meld on the table, not the one taken back, and the small panel says what was taken back."""
    from game.ai.simple import choose_greedy
    from game.rules.actions import LayMelds
    from game.rules.legal import legal_actions
    from game.shell.app import App
    from game.shell.controller import TurnController
    from scenes.table import TableScene
    from tests.table_driver import run_frames, settle

    app = App((1366, 768))
    app.running = True
    try:
        for seed in range(1, 40):
            s = GameState(2, seed)
            ctl = TurnController(s, {1: choose_greedy}, {0}, "instant", seed, threaded=False)
            scene = TableScene(ctl, "instant")
            app.scenes.request(scene)
            run_frames(app, 1)
            scene.next_hand()
            rng = random.Random(seed)
            for _turn in range(40):  # the player's turns, the computer playing between them
                while not ctl.human_to_act and s.phase not in (Phase.DEAL, Phase.GAME_OVER):
                    run_frames(app, 1)
                if s.phase != Phase.DRAW:
                    break
                scene.play(DrawStock(), set())
                lays = [a for a in legal_actions(s) if isinstance(a, LayMelds) and len(a.melds) == 1]
                firsts = {a.melds[0] for a in lays}
                if len(firsts) >= 2:
                    break
                scene.play(rng.choice([a for a in legal_actions(s) if isinstance(a, Discard)]), set())
            if s.phase == Phase.MELD and len(firsts) >= 2:
                break
        settle(app, scene)
        first, second = sorted(firsts)[:2]
        assert scene.play(LayMelds((first,)), set())
        told = list(scene.log_panel.story(scene.view))
        assert undo(scene) is None
        assert scene.play(LayMelds((second,)), set())
        now = scene.log_panel.story(scene.view)
        record = ctl.record
        assert now == hand_story(record, record.hands[-1], scene.names) and now != told
        assert "took back" in " ".join(scene.log_panel.lines)
    finally:
        app.close()
