"""The one adviser: the hint and the discard warnings agree, the warnings catch what the seat can know,
the reasons name the opponent, the pile and the meld, and near the target it plays for the game.
Each failure seen at the table (issue "one coach the player can trust") is a position here."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from game.ai.adviser import advise, discard_choice, discard_note, discard_warnings, playable_cards
from game.ai.game_end import out_loses_game
from game.ai.levels import EXPERT, Planner
from game.ai.plan import plan_go_out
from game.ai.risk import ESCALERA_RUN, KNOWN_PAIR, RUN_END, TOOK_BEFORE, UNFROZEN, discard_risk, hand_risks
from game.i18n import set_language
from game.rules.actions import AskPartner, Discard
from game.rules.cards import FACE, WILD
from game.rules.position import changed
from game.rules.ruleset import STANDARD
from game.rules.state import Phase
from game.rules.view import view_of
from tests.ai_positions import spot
from tests.helpers import in_hand, position

NAMES = ["You", "North", "East", "West"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def _known(s, seat: int, faces: str):
    """The position with cards of these faces moved from the stock into the seat's hand, seen by everyone."""
    stock, hand, known = list(s.stock), list(s.hands[seat]), list(s.known[seat])
    for f in faces.split():
        c = next(c for c in stock if FACE[c] == in_hand_face(f))
        stock.remove(c)
        hand.append(c)
        known.append(FACE[c])
    return changed(s, stock=stock, hands=[hand if p == seat else h for p, h in enumerate(s.hands)],
                   known=[known if p == seat else k for p, k in enumerate(s.known)])


def in_hand_face(text: str) -> int:
    from game.rules.cards import parse_face

    return parse_face(text)


def _card(s, seat: int, text: str) -> int:
    return in_hand(s, seat, text)[0]


# ----- the warnings catch what the seat can know ---------------------------------------------------

def test_a_ten_onto_their_six_to_nine_run_is_warned():
    s = position(2, ["TH 4C 5C 7S KD QC", "QS QD 4D 5S"], pile="8C", melds=[[], ["6H 7H 8H 9H"]], phase=Phase.MELD)
    risk = discard_risk(view_of(s, 0), _card(s, 0, "TH"))
    assert risk is not None and risk.kind == RUN_END
    text = discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "TH")]
    assert "North's run 6♥ 7♥ 8♥ 9♥" in text


def test_an_ace_onto_their_jack_to_king_run_with_a_big_pile_is_warned():
    s = position(2, ["AH 4C 5C 7S KD QC", "QS QD 4D 5S"], pile="8C 9C TC 4D 5D 6D 7D 8D 9D TD JD QD KS 4S 5S",
                 melds=[[], ["JH QH KH"]], phase=Phase.MELD)
    assert discard_risk(view_of(s, 0), _card(s, 0, "AH")).kind == RUN_END
    assert discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "AH")] is not None


def test_the_card_that_completes_their_escalera_is_named_with_its_bonus():
    s = position(2, ["TH 4C 5C 7S", "QS QD 4D 5S"], pile="8C", melds=[[], ["4H 5H 6H 7H 8H 9H"]], phase=Phase.MELD)
    assert discard_risk(view_of(s, 0), _card(s, 0, "TH")).kind == ESCALERA_RUN
    assert "escalera (1,500)" in discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "TH")]


def test_a_pair_seen_going_into_their_hand_is_warned_with_the_pile_size():
    s = position(2, ["KH 4C 5C 7S 9D", "4D 5S"], pile="8C 9C 6D 7D 8D 9S TC TD", phase=Phase.MELD)
    s = _known(s, 1, "KD KS")
    assert discard_risk(view_of(s, 0), _card(s, 0, "KH")).kind == KNOWN_PAIR
    text = discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "KH")]
    assert "North picked up a pair of kings" in text and "(9 cards)" in text


def test_a_pair_held_but_never_seen_is_no_warning():
    s = position(2, ["KH 4C 5C 7S", "KD KS 4D 5S"], pile="8C 9C", phase=Phase.MELD)
    assert discard_risk(view_of(s, 0), _card(s, 0, "KH")) is None


def test_the_engine_records_the_pile_takes_every_seat_saw():
    from game.rules.actions import TakePile
    s = position(2, ["6H 4C 5C 7S QD", "KC KD 4D 5S 9C 8S"], pile="6C KS", phase=Phase.DRAW, turn=1, scores=[0, -100])
    s.apply(TakePile(in_hand(s, 1, "KC KD")))
    assert s.pile_takes == [(1, 13)] and view_of(s, 0).pile_takes == ((1, 13),)


def test_a_pile_take_seen_this_hand_makes_its_rank_a_warning():
    s = position(2, ["6H 4C 5C 7S QD 9S", "QS 4D 5S 9C 9D 8S 4H 5H"], pile="8C 9H TC", phase=Phase.MELD,
                 melds=[[], ["6C 6D 6S"]])
    s = changed(s, pile_takes=[(1, 6)])
    assert discard_risk(view_of(s, 0), _card(s, 0, "6H")).kind == TOOK_BEFORE
    text = discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "6H")]
    assert "North took the pile on sixes" in text


def test_standard_an_unfrozen_pile_onto_their_meld_is_warned():
    s = position(2, ["QH 4C 5C 7S 9D KD", "4D 5S 8S 9S TS JS AD 4H 5H 6H 7H 8H 9H TH"], pile="8C 6C 7D",
                 melds=[["KS KC KH"], ["QS QD QC"]], phase=Phase.MELD, rules=STANDARD)
    risk = discard_risk(view_of(s, 0), _card(s, 0, "QH"))
    assert risk is not None and risk.kind == UNFROZEN
    assert "not frozen" in discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "QH")]


def test_standard_a_frozen_pile_is_no_such_risk():
    s = position(2, ["QH 4C 5C 7S 9D KD", "4D 5S 8S 9S TS JS AD"], pile="8C 2C 7D", melds=[["KS KC KH"], ["QS QD QC"]],
                 phase=Phase.MELD, rules=STANDARD)
    assert discard_risk(view_of(s, 0), _card(s, 0, "QH")) is None


def test_wild_cards_and_threes_carry_no_risk():
    s = position(2, ["JK 3C 4C 5C 7S", "QS QD 4D 5S"], pile="8C", phase=Phase.MELD)
    risks = hand_risks(view_of(s, 0))
    assert risks[_card(s, 0, "JK")] is None and risks[_card(s, 0, "3C")] is None


# ----- the hint and the warnings agree ---------------------------------------------------------------

def test_the_hinted_discard_is_never_warned_and_the_safer_card_is_the_adviser_s():
    s = position(2, ["TH 4C 6D 8S KD QC", "QS QD 4D 5S"], pile="8C", melds=[[], ["6H 7H 8H 9H"]], phase=Phase.MELD)
    view = view_of(s, 0)
    advice = advise(view, NAMES, random.Random(0))
    if isinstance(advice.hint.move, Discard):
        assert advice.warning(advice.hint.move.card) is None
        assert FACE[advice.hint.move.card] != FACE[_card(s, 0, "TH")]
    choice = discard_choice(view)
    text = advice.discard_risks[_card(s, 0, "TH")]
    assert text.endswith(f"{__import__('game.rules.names', fromlist=['x']).card_name(choice)} is a safer discard.")


def test_the_queen_and_the_six_no_longer_contradict():
    # North took the pile on sixes and holds a seen pair of queens: neither is the adviser's discard,
    # and the warning for one never names the other as safer.
    s = position(2, ["6H QH 4C 8S 9D KD", "4D 5S 8C 9C"], pile="TC TD JC JD 5C 5D 7C 7D 4S 5H", phase=Phase.MELD,
                 melds=[[], ["6C 6D 6S"]])
    s = changed(s, pile_takes=[(1, 6)])
    s = _known(s, 1, "QS QD")
    view = view_of(s, 0)
    choice = discard_choice(view)
    assert FACE[choice] not in (FACE[_card(s, 0, "6H")], FACE[_card(s, 0, "QH")])
    warnings = discard_warnings(view, NAMES)
    assert "Q♥ is a safer" not in warnings[_card(s, 0, "6H")] and "6♥ is a safer" not in warnings[_card(s, 0, "QH")]


def test_when_every_card_is_risky_the_hint_card_is_cautioned_not_questioned():
    s = position(2, ["TH 5H", "QS QD 4D 5S"], pile="8C", melds=[[], ["6H 7H 8H 9H"]], phase=Phase.MELD)
    s = changed(s, hands=[in_hand(s, 0, "TH 5H"), s.hands[1]])
    view = view_of(s, 0)
    choice = discard_choice(view)
    other = next(c for c in view.hand if FACE[c] != FACE[choice])
    caution = discard_note(view, choice, NAMES)
    # The hint's card: what North can take with it, and that it is the least of it; the table does not ask.
    assert caution is not None and not caution.ask
    assert "North's run 6♥ 7♥ 8♥ 9♥" in caution.text and "this one gives the least" in caution.text
    # The other card is a warning the table asks with, naming no safer card (there is none).
    warning = discard_note(view, other, NAMES)
    assert warning is not None and warning.ask and "safer" not in warning.text
    advice = advise(view, NAMES, random.Random(0))
    assert advice.hint.move == Discard(choice) and not advice.asks(choice) and advice.asks(other)
    assert "this one gives the least" in advice.hint.reason and "North's run 6♥ 7♥ 8♥ 9♥" in advice.hint.reason


def test_standard_no_joker_to_block_when_the_next_player_cannot_take_the_pile():
    s = position(2, ["JK 4C 7S 9D KD", "5S"], pile="8C 6C", melds=[["KS KC KH"], ["QS QD QC"]],
                 phase=Phase.MELD, rules=STANDARD)
    view = view_of(s, 0)
    assert not WILD[discard_choice(view)]
    advice = advise(view, NAMES, random.Random(0))
    assert "block" not in advice.hint.reason and "freezes" not in advice.hint.reason


def test_a_wild_card_that_blocks_nothing_is_not_called_a_block():
    from game.ai.coach import reason_for
    s = position(2, ["2C 4C 7S 9D KD", "5S"], pile="8C", phase=Phase.MELD, melds=[["KS KC KH"], []])
    reason = reason_for(view_of(s, 0), Discard(_card(s, 0, "2C")), NAMES)
    assert "cannot take" not in reason and "block" not in reason


def test_warnings_only_when_the_seat_is_to_discard():
    s = position(2, ["TH 4C 5C 7S", "QS QD 4D 5S"], pile="8C", melds=[[], ["6H 7H 8H 9H"]], phase=Phase.DRAW)
    assert discard_warnings(view_of(s, 0), NAMES) == {}


# ----- the game, not only the hand ---------------------------------------------------------------------

def _going_out_behind(scores):
    return spot(2, {0: "KC KD KH 5D"}, counts={1: 12}, pile="6C", phase=Phase.MELD, scores=scores,
                melds=[["4S 5S 6S 7S 8S 9S TS", "9C 9C 9D 9D 9H 9H 9S"], ["AC AD AH AS 2C 2D AH"]],
                stock_size=40)


def test_it_does_not_go_out_to_lose_the_game():
    s = changed(_going_out_behind([1000, 4900]), target=5000)
    view = view_of(s, 0)
    seq = plan_go_out(view, 3000)
    assert seq, "the seat can go out here"
    assert out_loses_game(view, seq) is not None
    advice = advise(view, NAMES, random.Random(0))
    assert not isinstance(advice.hint.move, AskPartner)
    assert advice.hint.reason.startswith("Do not go out yet: it would end the game with North ahead")
    planner = Planner(EXPERT, view, random.Random(0))
    assert planner.going_out() is None


def test_it_goes_out_when_that_wins_or_the_game_goes_on():
    s = changed(_going_out_behind([4600, 3000]), target=5000)
    view = view_of(s, 0)
    seq = plan_go_out(view, 3000)
    assert seq and out_loses_game(view, seq) is None
    far = _going_out_behind([0, 0])
    assert out_loses_game(view_of(far, 0), plan_go_out(view_of(far, 0), 3000)) is None


# ----- one budget: the table's hint is the arena's coach --------------------------------------------------

def test_the_coach_budget_is_work_not_time():
    from game.ai.coach import COACH_BUDGET
    assert COACH_BUDGET.seconds is None and COACH_BUDGET.moves > 0


def test_the_table_s_hint_is_the_arena_s_coach_move(monkeypatch):
    import time

    from game.ai import get_player
    from game.rules.legal import legal_actions
    from game.ui.hint import suggest
    # A draw with choices (the pile on a pair of nines, the stock): the search compares them.
    s = position(2, ["TH 4C 6D 8S KD QC 9C 9D 5C 5D", "QS QD 4D 5S"], pile="8C JS 9S",
                 melds=[["JC JD JH"], ["6H 7H 8H 9H"]], phase=Phase.DRAW)
    view = view_of(s, 0)
    table = suggest(s, 0).hint.move
    # The arena's coach, whatever dice the arena holds, and the review's better move ask the same search
    # with the same seed (played: the hint said take a 13-card pile, the review then called drawing better).
    from game.ai.adviser import advise
    from game.ai.coach import COACH_BUDGET
    from game.ai.review import REVIEW_BUDGET
    for dice in (5, 77):
        assert get_player("coach")(view, legal_actions(s), random.Random(dice)) == table
    assert REVIEW_BUDGET == COACH_BUDGET and advise(view_of(s, 0), budget=REVIEW_BUDGET).hint.move == table
    # A slow machine changes nothing: the search counts its work, never the clock.
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    assert suggest(s, 0).hint.move == table


# ----- for the table, and the tool ---------------------------------------------------------------------

def test_playable_cards_are_the_engine_s():
    s = position(2, ["9H 9D 9S 4C KD 5C 7S", "QS 4D 5S 6H"], melds=[["JC JD JS"]], phase=Phase.MELD)
    got = playable_cards(view_of(s, 0))
    assert set(in_hand(s, 0, "9H 9D 9S")) <= got
    assert not got & set(in_hand(s, 0, "4C KD 5C 7S"))
    assert playable_cards(view_of(s, 1)) == set()


def test_reasons_in_french_and_swedish():
    s = position(2, ["TH 4C 5C 7S KD QC", "QS QD 4D 5S"], pile="8C", melds=[[], ["6H 7H 8H 9H"]], phase=Phase.MELD)
    english = discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "TH")]
    for lang in ("fr", "sv"):
        set_language(lang)
        assert discard_warnings(view_of(s, 0), NAMES)[_card(s, 0, "TH")] != english


def _advise_tool(data: object, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "advise", *args, "-"], input=json.dumps(data),
                          capture_output=True, text=True, timeout=60)


def test_the_advise_tool_prints_the_contract():
    data = {"players": 2, "turn": 0, "phase": "draw", "hands": [["TH", "4C", "5C", "7S", "KD", "3C"],
            ["QS", "QD", "4D", "5S"]], "melds": [[], [["6H", "7H", "8H", "9H"]]], "pile": ["8C", "JD"],
            "moves": [{"draw": "stock"}]}
    out = _advise_tool(data)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert set(got) == {"seat", "hint", "discard_risks"} and got["seat"] == 0
    assert set(got["hint"]) == {"move", "reason"} and got["hint"]["reason"]
    assert "TH" in got["discard_risks"] and got["discard_risks"]["TH"] is not None
    move = got["hint"]["move"]
    if "discard" in move:
        assert got["discard_risks"][move["discard"]] is None
    bad = _advise_tool({"players": 9})
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_the_last_card_discarded_to_go_out_is_never_warned_about():
    """Going out by discarding the last card ends the hand: nobody takes the pile after it, so the table
    said nothing true when it told 'T♥ goes onto North's run …: they can take it from the pile' as the
    player went out."""
    s = position(2, ["TH", "QS QD 4D 5S"], pile="8C", phase=Phase.MELD,
                 melds=[["4S 5S 6S 7S 8S 9S TS", "QC QD QH QC QD QH QS"], ["6H 7H 8H 9H"]])
    view = view_of(s, 0)
    card = view.hand[0]
    assert discard_note(view, card, NAMES) is None
    advice = advise(view, NAMES, random.Random(0))
    assert advice.hint.move == Discard(card) and not advice.asks(card)
    assert "take it" not in advice.hint.reason and "gives the least" not in advice.hint.reason
