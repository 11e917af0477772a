"""Story tests of the player's hand at 1366×768, through synthetic clicks, pointer moves and keys only:
the hand stays put under the pointer, the focus follows its card, the two sort orders, drawn cards
marked, staging in meld order, undo, the hint, the discard warning, and a whole hand with all of them."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.adviser import discard_choice
from game.ai.simple import choose_greedy
from game.rules.actions import Discard, LayMelds
from game.rules.cards import FACE, label
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.discard_risk import discard_risk
from scenes.table import TableScene
from scenes.table_parts.score_panel import side_note
from scenes.widgets import GOLD
from tests.helpers import in_hand, position
from tests.table_driver import card_spot, centre, click, key, perform, run_frames, select, settle

SIZE = (1366, 768)
SEED = 2  # a hand in which the discard warning comes up (three times), picked among a few seeds tried


@pytest.fixture
def app():
    a = App(SIZE)
    a.running = True
    yield a
    a.close()


def open_table(app: App, state: GameState, **kw) -> TableScene:
    controller = TurnController(state, {s: choose_greedy for s in range(1, state.players)}, {0}, "fast", 3,
                                threaded=False)
    scene = TableScene(controller, "fast", **kw)
    app.scenes.request(scene)
    run_frames(app, 1)
    settle(app, scene)
    return scene


def point(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app, 1)


def meld_phase(hand: str, **kw) -> GameState:
    return position(2, [hand, "QS QD 4D 5S 6H 6D 7C 7D 5D 4S AH AS QC JS"], phase=Phase.MELD, **kw)


# ----- the hand stays put -----------------------------------------------------------------------

def test_the_card_under_the_pointer_stays_under_it_through_a_meld(app):
    state = meld_phase("4C 5D 6S 9H TC JD KH KS KD AC AD 7H 8S", scores=[-20, 0])  # minimum 15
    scene = open_table(app, state)
    kings = in_hand(state, 0, "KH KS KD")
    watched = in_hand(state, 0, "AD")[0]
    select(app, scene, kings)  # clicks on the hand: the pointer is in it
    spot = card_spot(scene, watched)
    point(app, spot)
    assert scene.hand.card_at(spot) == watched
    before = scene.homes.hand_rects[watched]
    key(app, pygame.K_m)  # staged: the kings leave the hand
    settle(app, scene)
    assert scene.hand.card_at(spot) == watched and scene.homes.hand_rects[watched] == before
    key(app, pygame.K_l)  # laid
    settle(app, scene)
    assert state.melds[0], "the kings were laid"
    assert scene.hand.card_at(spot) == watched and scene.homes.hand_rects[watched] == before
    assert scene.sprites[watched].pos == before[:2]
    point(app, centre(scene.layout.stock))  # the pointer leaves the hand: a moment later it closes up
    assert scene.homes.hand_rects[watched] == before
    run_frames(app, 30)
    settle(app, scene)
    assert scene.homes.hand_rects[watched] != before


# ----- the keyboard focus -----------------------------------------------------------------------

def test_the_focus_follows_its_card_and_never_wraps(app):
    state = meld_phase("4C 5D 9H QS KD KH KS", scores=[-20, 0])
    scene = open_table(app, state)
    assert [label(c) for c in scene.homes.hand] == ["4C", "5D", "9H", "QS", "KD", "KH", "KS"]
    for _ in range(4):
        key(app, pygame.K_RIGHT)
    for _ in range(3):
        key(app, pygame.K_SPACE)
        key(app, pygame.K_RIGHT)
    assert label(scene.homes.hand[scene.focus]) == "KS"
    key(app, pygame.K_RIGHT)  # at the right end: stays
    assert label(scene.homes.hand[scene.focus]) == "KS"
    key(app, pygame.K_m)  # the focused king goes with the others: the focus goes to its neighbour
    assert label(scene.homes.hand[scene.focus]) == "QS"
    key(app, pygame.K_l)
    settle(app, scene)
    assert state.melds[0] and label(scene.homes.hand[scene.focus]) == "QS"
    key(app, pygame.K_2)  # another order: the focus keeps its card
    assert [label(c) for c in scene.homes.hand] == ["4C", "5D", "9H", "QS"]  # (clubs, diamonds, hearts, spades)
    assert label(scene.homes.hand[scene.focus]) == "QS"
    for _ in range(6):
        key(app, pygame.K_LEFT)
    assert scene.focus == 0


# ----- sorting and drawn cards ------------------------------------------------------------------

def test_two_sort_orders_remembered_and_drawn_cards_slot_in_marked(app):
    chosen = []
    state = position(2, ["KH 4S 9C 4H", "QS QD 4D 5S 6H 6D"], stock="9D 5C")
    scene = open_table(app, state, sort_order="suit", on_setting=lambda k, v: chosen.append((k, v)))
    assert [label(c) for c in scene.homes.hand] == ["9C", "4H", "KH", "4S"]
    key(app, pygame.K_1)
    assert [label(c) for c in scene.homes.hand] == ["4H", "4S", "9C", "KH"]
    key(app, pygame.K_1)  # already by rank: nothing to do, no notice
    assert chosen == [("sort_order", "rank")] and not scene.toasts.items
    click(app, scene.buttons["sort_suit"].rect.center)
    click(app, scene.buttons["sort_rank"].rect.center)
    assert chosen[-1] == ("sort_order", "rank")
    key(app, pygame.K_d)
    settle(app, scene)
    run_frames(app, 2)
    drawn = set(in_hand(state, 0, "9D 5C"))
    assert [label(c) for c in scene.homes.hand] == ["4H", "4S", "5C", "9C", "9D", "KH"]  # in place, not at the end
    assert scene.hand.new_cards == drawn
    for c in drawn:  # the gold bar over each drawn card
        x, y, w, h = scene.homes.hand_rects[c]
        bar_h = max(4, scene.homes.hand_card_w // 16)
        assert tuple(app.screen.get_at((x + 4, y - 2 - bar_h // 2)))[:3] == GOLD
    perform(app, scene, next(a for a in legal_actions(state) if type(a).__name__ == "Discard"))
    while not scene.controller.human_to_act:
        run_frames(app, 1, 0.05)
    assert not (scene.hand.new_cards & drawn)  # last turn's cards are not new any more


# ----- staging, notices, undo -------------------------------------------------------------------

def test_staged_cards_show_in_meld_order_and_notices_go_when_done(app):
    state = meld_phase("TH 8H 9H JH 4C 5C 7S")
    saved = []
    scene = open_table(app, state, on_change=lambda s: saved.append(s.to_json()))
    before = state.to_json()
    assert "min 50" in side_note(scene.view, 0, True)
    select(app, scene, in_hand(state, 0, "TH 8H 9H JH"))
    key(app, pygame.K_m)
    assert [[label(c) for c in g] for g in scene.staging.groups()] == [["8H", "9H", "TH", "JH"]]
    placed = sorted(scene.homes.spots[c].x for c in scene.staging.groups()[0])
    assert [label(c) for c in sorted(scene.staging.groups()[0], key=lambda c: scene.homes.spots[c].x)] == [
        "8H", "9H", "TH", "JH"] and placed == sorted(placed)
    key(app, pygame.K_l)
    reason = scene.toasts.items[-1].message if scene.toasts.items else ""
    assert "minimum" in reason or "50" in reason  # 40 points: not enough for the first meld
    assert state.to_json() == before
    key(app, pygame.K_c)
    assert not scene.staging
    # A meld that reaches the minimum, laid with the button: the minimum note goes from the score panel.
    state2 = meld_phase("TH 8H 9H JH QH KH 4C 5C 7S")
    scene = open_table(app, state2, on_change=lambda s: saved.append(s.to_json()))
    before = state2.to_json()
    select(app, scene, in_hand(state2, 0, "TH 8H 9H JH QH KH"))
    key(app, pygame.K_m)
    click(app, scene.buttons["lay"].rect.center)
    assert state2.melds[0] and not scene.staging
    assert "min" not in side_note(scene.view, 0, True) and "min" not in side_note(scene.view, 0, False)
    assert not any("Staged" in t.message for t in scene.toasts.items)
    # Undo: the meld comes back to the hand, and the autosave holds the undone game.
    click(app, scene.buttons["undo"].rect.center)
    assert state2.to_json() == before and saved[-1] == before
    assert "min 50" in side_note(scene.view, 0, True)
    key(app, pygame.K_z)  # nothing left to undo: the draw stays
    assert state2.to_json() == before
    assert "draw" in scene.toasts.items[-1].message


# ----- the discard warning ----------------------------------------------------------------------

def _warning_position() -> GameState:
    """North (next) was seen picking up two nines: a nine on the pile lets them take it."""
    s = meld_phase("9D 4C 5C JK 7S 3C", pile="8C 8D 8H 8S 9C 9S TC TD TH TS JC")
    nines = [c for c in s.stock if label(c) in ("9H", "9C")][:2]
    return changed(s, stock=[c for c in s.stock if c not in nines], hands=[s.hands[0], s.hands[1] + nines],
                   known=[s.known[0], [FACE[c] for c in nines]])


def test_a_discard_into_a_big_pile_asks_once_naming_the_risk(app):
    state = _warning_position()
    scene = open_table(app, state)
    nine = in_hand(state, 0, "9D")[0]
    select(app, scene, (nine,))
    click(app, centre(scene.layout.discard))
    assert scene.dialog is not None and "12 cards" in scene.dialog.message and "North" in scene.dialog.message
    assert "picked up a pair of nines" in scene.dialog.message and "is a safer discard" in scene.dialog.message
    key(app, pygame.K_n)  # keep it: the nine goes back among the others
    assert scene.dialog is None and nine in state.hands[0] and state.phase == Phase.MELD
    assert not scene.hand.selected
    select(app, scene, (nine,))
    click(app, centre(scene.layout.discard))
    assert scene.dialog is not None
    key(app, pygame.K_y)
    assert nine in state.pile and state.turn == 1
    # A wild card blocks the pile: no question asked.
    state = _warning_position()
    scene = open_table(app, state)
    select(app, scene, in_hand(state, 0, "JK"))
    click(app, centre(scene.layout.discard))
    assert scene.dialog is None and state.turn == 1


def test_when_every_card_is_a_risk_the_hint_s_card_goes_with_a_caution_and_no_question(app):
    # Both cards go onto North's run: the adviser's own discard is told about as it goes, the other asked.
    state = position(2, ["TH 5H", "QS QD 4D 5S"], pile="8C", melds=[[], ["6H 7H 8H 9H"]], phase=Phase.MELD)
    own = discard_choice(view_of(state, 0))
    other = next(c for c in state.hands[0] if FACE[c] != FACE[own])
    scene = open_table(app, state)
    select(app, scene, (other,))
    click(app, centre(scene.layout.discard))
    assert scene.dialog is not None and "North's run" in scene.dialog.message
    key(app, pygame.K_n)  # keep it: unselected
    settle(app, scene)
    assert not scene.hand.selected
    select(app, scene, (own,))
    click(app, centre(scene.layout.discard))
    assert scene.dialog is None and own in state.pile
    assert any("this one gives the least" in m.message for m in scene.toasts.items)


def test_the_warning_can_be_switched_off(app):
    state = _warning_position()
    scene = open_table(app, state, discard_warning=False)
    select(app, scene, in_hand(state, 0, "9D"))
    click(app, centre(scene.layout.discard))
    assert scene.dialog is None and state.turn == 1


# ----- the hint ---------------------------------------------------------------------------------

def test_the_hint_shows_a_move_with_a_reason_and_highlights_its_cards(app):
    state = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], pile="8C 9C 4H 5H 6H 7C 8D 9S TC TD JC QC JD KD")
    scene = open_table(app, state)
    click(app, scene.buttons["hint"].rect.center)
    for _ in range(50):
        if scene.hint is not None:
            break
        run_frames(app, 1)
    assert scene.hint is not None
    assert state.is_legal(scene.hint.action)
    assert scene.toasts.items[-1].message.startswith("Hint: ")
    if type(scene.hint.action).__name__ == "TakePile":
        assert "14 cards" in scene.hint.text and scene.hint.cards == set(in_hand(state, 0, "KH KS"))
    key(app, pygame.K_i)  # asked again: one hint showing, not two
    run_frames(app, 3)
    assert sum(t.message.startswith("Hint: ") for t in scene.toasts.items) == 1


# ----- a whole hand -----------------------------------------------------------------------------

def test_a_whole_hand_with_sorting_hints_undo_and_warnings(app):
    state = GameState(2, SEED, target=2500)
    saved = []
    controller = TurnController(state, {1: choose_greedy}, {0}, "fast", 11, threaded=False)
    scene = TableScene(controller, "fast", on_change=lambda s: saved.append(s.to_json()))
    app.scenes.request(scene)
    run_frames(app, 1)
    rng = random.Random(2)
    undone = hints = warnings = sorts = 0
    original = scene.dialogs.ask

    def counting(question, answer, yes, no, size):
        nonlocal warnings
        if question.endswith("Discard it anyway?"):  # the discard warning, with its risk before
            warnings += 1
            assert question != "Discard it anyway?"
        original(question, answer, yes, no, size)

    scene.dialogs.ask = counting
    hand_no = state.hand_no
    for _ in range(4000):
        if state.hand_no != hand_no or state.phase in (Phase.DEAL, Phase.GAME_OVER):
            break
        if not controller.human_to_act:
            run_frames(app, 1, 0.05)
            continue
        settle(app, scene)
        if state.phase == Phase.DRAW and sorts < 4:
            key(app, pygame.K_s if sorts % 2 == 0 else pygame.K_1)
            assert scene.hand.sort_mode == ("suit" if sorts % 2 == 0 else "rank")
            sorts += 1
        if hints < 5:
            key(app, pygame.K_i)
            for _ in range(20):
                if scene.hint is not None:
                    break
                run_frames(app, 1)
            assert scene.hint is not None and state.is_legal(scene.hint.action)
            hints += 1
        action = choose_greedy(view_of(state, 0), legal_actions(state), rng)
        before = state.to_json()
        expected = (discard_risk(view_of(state, 0), action.card, scene.names)
                    if isinstance(action, Discard) else None)
        asked = warnings
        perform(app, scene, action)
        assert state.to_json() != before, f"the table did not play {action!r}"
        # Asked exactly when the seat knows of a risk, unless the card is the adviser's own (a caution).
        assert (warnings > asked) == (expected is not None and expected.ask)
        if isinstance(action, LayMelds) and state.phase == Phase.MELD and undone < 3:
            key(app, pygame.K_z)
            assert state.to_json() == before and saved[-1] == before
            undone += 1
            perform(app, scene, action)  # and laid again
        assert state.check() == []
    assert state.phase in (Phase.DEAL, Phase.GAME_OVER), "the hand did not end"
    assert undone == 3 and hints == 5 and sorts == 4
    assert warnings >= 1  # asked, answered yes (the driver confirms the policy's discard), and played


# ----- one meld move (issue 9) ------------------------------------------------------------------

def test_two_additions_that_go_out_are_staged_judged_and_laid_as_one_move(app):
    # Each add alone is refused by keep-two; together they make an escalera and a canasta, and go out.
    state = position(2, ["TH KH", "4D 5D 6D 7D"], melds=[["4H 5H 6H 7H 8H 9H", "KC KD KS KC KD KS"]],
                     phase=Phase.MELD)
    scene = open_table(app, state)
    run, kings = state.melds[0][0].id, state.melds[0][1].id
    select(app, scene, in_hand(state, 0, "TH"))
    click(app, scene.homes.meld_rects[run][:2])
    select(app, scene, in_hand(state, 0, "KH"))
    click(app, (scene.homes.meld_rects[kings][0] + 4, scene.homes.meld_rects[kings][1] + 4))
    assert scene.staging.adds == {run: in_hand(state, 0, "TH"), kings: in_hand(state, 0, "KH")}
    assert scene.melds.judgement is not None and scene.melds.judgement.legal and scene.melds.judgement.goes_out
    assert "goes out!" in scene.melds.staging_lines(scene.view)[0][0]
    click(app, scene.buttons["lay"].rect.center)
    assert not state.hands[0] and state.phase in (Phase.DEAL, Phase.GAME_OVER)


def test_a_new_meld_and_an_addition_together_after_the_first_meld_and_taken_back(app):
    state = meld_phase("QH QS QD 9H 4C 5C 7S 8S", melds=[["9C 9D 9S"]])
    scene = open_table(app, state)
    before = state.to_json()
    nines = state.melds[0][0].id
    select(app, scene, in_hand(state, 0, "QH QS QD"))
    click(app, (scene.homes.new_meld_zone[0] + scene.homes.new_meld_zone[2] - 20,
                scene.homes.new_meld_zone[1] + scene.homes.new_meld_zone[3] - 10))  # the empty meld area
    select(app, scene, in_hand(state, 0, "9H"))
    click(app, (scene.homes.meld_rects[nines][0] + 4, scene.homes.meld_rects[nines][1] + 4))
    assert len(scene.staging.new) == 1 and scene.staging.adds
    assert scene.melds.judgement is not None and scene.melds.judgement.legal and scene.melds.judgement.points == 40
    assert state.to_json() == before  # staging changes nothing on the table
    key(app, pygame.K_c)  # take it all back
    assert not scene.staging and state.to_json() == before
    select(app, scene, in_hand(state, 0, "QH QS QD"))
    key(app, pygame.K_m)
    select(app, scene, in_hand(state, 0, "9H"))
    click(app, (scene.homes.meld_rects[nines][0] + 4, scene.homes.meld_rects[nines][1] + 4))
    key(app, pygame.K_l)
    assert len(state.melds[0]) == 2 and len(state.melds[0][0].cards) == 4
    key(app, pygame.K_z)  # one move: one undo takes both back
    assert state.to_json() == before


def test_a_staged_move_the_engine_refuses_says_why_before_it_is_laid(app):
    state = meld_phase("KH KS KD 4C 5C")  # 30 points: short of the first meld's 50
    scene = open_table(app, state)
    select(app, scene, in_hand(state, 0, "KH KS KD"))
    key(app, pygame.K_m)
    lines = scene.melds.staging_lines(scene.view)
    assert lines[0][0].startswith("First meld: 30 / 50 points") and len(lines) == 2 and lines[1][0]


def test_the_hint_is_worked_out_on_the_thinking_thread_and_shown_when_ready(app):
    state = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], pile="8C 9C KD")
    controller = TurnController(state, {1: choose_greedy}, {0}, "fast", 3, threaded=True)
    scene = TableScene(controller, "fast")
    app.scenes.request(scene)
    run_frames(app, 1)
    settle(app, scene)
    key(app, pygame.K_i)
    for _ in range(500):
        if scene.hint is not None:
            break
        run_frames(app, 1)
        pygame.time.wait(1)
    assert scene.hint is not None and state.is_legal(scene.hint.action)
    assert any(t.message.startswith("Hint: ") for t in scene.toasts.items)
    controller.close()


def test_every_intent_of_the_key_map_is_decided_by_a_part_or_the_scene(app):
    from game.ui.input_map import KEYS

    scene = open_table(app, meld_phase("4C 5D 9H QS KD KH KS"))
    for intent in set(KEYS.values()):
        decide, _on_turn = scene.router.intents[intent.kind]
        assert callable(decide), intent
    key(app, pygame.K_ESCAPE)
    assert scene.paused is not None
