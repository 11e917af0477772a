"""The blunder suite's end-of-hand positions (issue "a computer partner a club player would sit with"):
an opponent about to go out, a hand melded down to nothing to play on, black threes held, wild cards
spent on a first meld the naturals reach, discards that finish an opponent's canasta. Every level from
Normal up, and the table's hint, must play each one right.

Seat 0 acts; seat 1 plays after it, so it is the opponent a discard of seat 0 feeds. At four players
seats 0 and 2 are partners.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai.adviser import choose_coach
from game.ai.expert import choose_expert
from game.ai.levels import choose_hard, choose_normal, plainly_taken
from game.i18n import set_language
from game.rules import Phase
from game.rules.actions import Answer, AskPartner, Discard, DrawStock, LayMelds, TakePile
from game.rules.cards import NATURAL, RANK, WILD, label
from game.rules.legal import legal_actions
from game.rules.melds import RANK_MELD, RUN, extends_run
from game.rules.ruleset import BOLIVIA, STANDARD
from game.rules.view import view_of
from game.tools.position import build_position, to_action
from tests.ai_positions import advice_of, decide, play_turn, spot

LEVELS = {"normal": choose_normal, "hard": choose_hard, "expert": choose_expert, "hint": choose_coach}
TWO = ["You", "North"]


@pytest.fixture(params=sorted(LEVELS))
def ai(request):
    return LEVELS[request.param]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def held(state, seat: int = 0) -> list[str]:
    return sorted(label(c) for c in state.hands[seat])


# ----- an opponent about to go out ------------------------------------------------------------------


def caught_with_the_nines():
    """The issue's hand: one canasta made, a six-card meld of sixes one short of the second, five natural
    nines in hand; North holds one card, has a canasta and six jacks, and goes out by finishing them."""
    return spot(2, {0: "3C 6C 8H 8S 9C 9D 9H 9S 9S"}, counts={1: 1}, pile="5H 7D 4C",
                melds=[["KC KD KH KS KC KD KH", "6H 6D 6S 6H 6D 6S"],
                       ["QC QD QH QS QC QD QH", "JC JD JH JS JC JD", "TC TD TH"]],
                stock_size=40, rules=STANDARD)


def test_caught_with_the_cards_lays_the_nines_when_the_opponent_can_go_out(ai):
    s = caught_with_the_nines()
    play_turn(s, ai)
    assert not [c for c in held(s) if c.startswith("9")], held(s)


def test_the_hint_names_the_opponent_about_to_go_out():
    s = caught_with_the_nines()
    s.apply(decide(s, choose_coach))  # the sixes' canasta first
    advice = advice_of(s, TWO)
    assert isinstance(advice.hint.move, LayMelds), advice.hint
    assert advice.hint.reason == "North has 1 card and could go out next turn: lay your nines now.", advice.hint


# ----- black threes -----------------------------------------------------------------------------------


def test_no_pile_loaded_with_black_threes_late_in_the_hand(ai):
    # Four black threes in a 13-card pile with five turns of stock left, one more in hand: at one a
    # turn, at least one would still be held when the hand ends, at 100 each.
    s = spot(2, {0: "KC KD 3C 9H 6D 4S 7C"}, counts={1: 5}, pile="3S 5D 3C JH 3S 9D 3C 7S 4H 5C 6S TD KH",
             melds=[["5H 6H 7H 8H", "QC QD QH"], ["9C TC JC QC KC", "AS AD AH"]], stock_size=10, cut_to="hands",
             phase=Phase.DRAW)
    assert isinstance(decide(s, ai), DrawStock)


# Expert's draws from arena games (tests/black_three_blunders.json): a pile whose black threes it could not
# shed, one a turn, before an opponent able to go out ends the hand. Its search took each on a few sampled
# worlds' mean, 1 to 4 times in 8 searches; a search of 300 worlds played to the hand's end priced each take
# 175 to 333 below the stock. Such a pile must now win clearly; the search may still misjudge one in eight.
# Since the planner goes out with the best scoring of the engine's going-out moves (issue 35), an opponent
# going out scores more, and the same search prices the takes of d22 (both) above the stock (+255 and +315,
# 2.7 and 3.3 standard errors): those are no longer blunders, and only the takes still priced below are held.
LOADED_PILES = [f for f in json.loads((Path(__file__).parent / "black_three_blunders.json").read_text())
                if f["take_minus_stock"] < 0]
SEARCHES = 40
MISJUDGED = 7  # one in eight of SEARCHES (5), with a binomial's standard deviation (2.1) to spare


@pytest.mark.parametrize("found", LOADED_PILES, ids=[f["name"] for f in LOADED_PILES])
def test_expert_leaves_a_pile_of_black_threes_when_the_opponents_can_go_out(found):
    takes = 0
    for seed in range(SEARCHES):
        state, _moves = build_position(found["position"])
        takes += isinstance(decide(state, choose_expert, seed), TakePile)
    assert takes <= MISJUDGED, (found["what"], takes)


# ----- wild cards on a first meld ---------------------------------------------------------------------


def first_meld_of(hand: str, ai, rules=STANDARD) -> list[str]:
    s = spot(2, {0: hand}, counts={1: 13}, pile="5H 8C", rules=rules)
    a = decide(s, ai)
    assert isinstance(a, LayMelds), a
    return sorted(label(c) for m in a.melds for c in m)


@pytest.mark.parametrize("rules", [STANDARD, BOLIVIA], ids=["standard", "bolivia"])
def test_no_wild_card_on_a_first_meld_the_naturals_reach(ai, rules):
    # Three aces reach the 50 alone: neither the joker nor the two goes down with them.
    laid = first_meld_of("4D 4S JK AH AS 2H 7C 7D 7H AD 9S KD QC 6H TS", ai, rules)
    assert not any(c in ("JK", "2H") for c in laid), laid


def test_a_two_rather_than_the_joker_when_a_wild_card_is_needed(ai):
    # Two aces and a wild card are the only way to the 50: the two goes, the joker stays.
    laid = first_meld_of("4D 4S JK AH AS 2H 7C 7D 9S KD QC 6H TS 8D 5C", ai)
    assert "JK" not in laid, laid


# ----- stuck with nothing ------------------------------------------------------------------------------


def test_no_meld_down_to_a_hand_that_cannot_take_the_pile(ai):
    # Standard, early in the hand, nobody near going out: laying the fives and the eights too would
    # leave a pair of jacks and nothing else, with the pile out of reach for turns. Cards kept back
    # (two pairs at least) keep it within reach.
    s = spot(2, {0: "5C 5D 5H 8C 8D 8S JH JS 4D KC"}, counts={1: 13}, pile="6H 9C 4C TD QS",
             melds=[["AC AD AH", "KD KH KS"], ["QC QD QH"]], rules=STANDARD)
    play_turn(s, ai)
    assert len(s.hands[0]) >= 4, held(s)


# ----- discards that finish an opponent's canasta or feed a big pile -----------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_no_card_onto_the_opponents_six_card_run_holding_a_safe_one(ai, players):
    # The issue's East: two cards, the queen of hearts onto the opponents' run 6-J of hearts would hand
    # them an escalera and the right to go out. The king is safe.
    s = spot(players, {0: "QH KS"}, counts={1: 4, 2: 6, 3: 5}, pile="5D 8C 4H",
             melds=[["4S 5S 6S 7S 8S 9S TS", "KC KD KH"], ["6H 7H 8H 9H TH JH", "AC AD AS AH"]])
    assert label(play_turn(s, ai)[-1].card) == "KS"


def test_standard_no_king_into_a_big_unfrozen_pile_onto_the_opponents_kings(ai):
    # The Normal partner fed a king into a 14-card pile: the next opponent's side has a meld of
    # kings and the pile is not frozen, so a king and a wild card of theirs take all of it.
    s = spot(4, {0: "KH 2C 5S 7C 4D 6S"}, counts={1: 9, 2: 8, 3: 10},
             pile="4C 5D 6H 7S 8C 9H TD JS QC 4H 5C 6D 7H 8S",
             melds=[["AC AD AH", "QH QS QD"], ["KC KD KS", "TC TH TS"]], rules=STANDARD)
    assert label(play_turn(s, ai)[-1].card) != "KH"


@pytest.mark.parametrize(("language", "words"), [("fr", "pourrait sortir au prochain tour"),
                                                 ("sv", "kan gå ut nästa tur")])
def test_the_danger_reason_in_french_and_swedish(language, words):
    s = caught_with_the_nines()
    s.apply(decide(s, choose_coach))
    set_language(language)
    reason = advice_of(s, TWO).hint.reason
    assert words in reason and "North" in reason, reason


# ----- the partner at four ------------------------------------------------------------------------------
# Seats 0 and 2 are partners. What the seat decides is judged from its view: its partner's and the
# opponents' hands show only as counts.


def may_go_out_at_four(partner_cards: int, **kw):
    """Standard at four: seat 0 can lay its sevens, add a queen and discard to go out (the kings are the
    side's canasta); its partner holds `partner_cards` cards."""
    return spot(4, {0: "QC 5D 7H 7S 7D"}, counts={1: 8, 2: partner_cards, 3: 8}, pile="4H 6C",
                melds=[["KC KD KH KS KC KD KH", "QD QH QS"], ["9C 9D 9H", "8C 8D 8S"]], rules=STANDARD, **kw)


def test_asks_first_rather_than_going_out_on_a_partner_holding_eleven_cards(ai):
    # Nobody else near going out, 40 cards of stock: going out unasked would leave the partner's eleven
    # cards counting against the side; a club player asks "May I go out?" first.
    s = may_go_out_at_four(11, stock_size=40)
    actions = play_turn(s, ai)
    assert s.hands[0] or any(isinstance(a, AskPartner) for a in actions), actions


def asked_by_the_partner(partner_hand: str, opponent_cards: int, opponents: list[str], stock: int):
    """Seat 2 has just asked "May I go out?"; seat 0 answers, holding `partner_hand`."""
    s = spot(4, {0: partner_hand, 2: "QC 5D 7H 7S 7D"}, counts={1: opponent_cards, 3: 9}, pile="4H 6C",
             melds=[["KC KD KH KS KC KD KH", "QD QH QS"], opponents], turn=2, stock_size=stock, rules=STANDARD)
    s.apply(AskPartner())
    assert s.phase == Phase.ANSWER and s.to_act == 0
    return s


BIG = "AC AD AH KS QS JH 2C 9S 8D TC 2D"  # 160 points in hand


def test_answers_no_holding_a_big_hand_with_time_to_meld_it(ai):
    # 160 points in hand, 40 cards of stock, the opponents far from going out: a yes throws them away.
    s = asked_by_the_partner(BIG, 9, ["9C 9D 9H", "8C 8D 8S"], 40)
    assert decide(s, ai) == Answer(False)


def test_answers_yes_when_an_opponent_is_about_to_go_out(ai):
    # The same hand, but East holds one card and its side has its canasta: a no lets East end the hand
    # with the whole side's cards against it. Yes, whatever the hand holds.
    s = asked_by_the_partner(BIG, 1, ["9C 9D 9H 9S 9C 9D 9H", "8C 8D 8S"], 40)
    assert decide(s, ai) == Answer(True)


def test_freezes_a_big_pile_the_next_side_could_take(ai):
    # Standard at four, a 10-card pile not frozen, East's side has melded kings and tens: any king or ten
    # and a wild card of East's take all of it. The two freezes the pile for the side.
    s = spot(4, {0: "KH TD 2C 5S 9H"}, counts={1: 7, 2: 8, 3: 9}, pile="4C 5D 6H 7S 8C 9D JD JS QC 4H",
             melds=[["AC AD AH", "QH QS QD"], ["KC KD KS", "TC TH TS"]], rules=STANDARD)
    play_turn(s, ai)
    assert s.turn == 1 and s.phase == Phase.DRAW
    assert not any(isinstance(a, TakePile) for a in legal_actions(s)), label(s.pile[-1])


# ----- positions found in arena games (tests/find_partner_blunders.py) ----------------------------------

FOUND = json.loads((Path(__file__).parent / "partner_blunders.json").read_text())


def _feeds(state, seat: int, card: int, pile_before: list[int]) -> str | None:
    """What the seat's discard handed the next opponent's side, as the finder judged it, or None."""
    nxt = (seat + 1) % state.players
    side = state.side_of(nxt)
    if side == state.side_of(seat) or not NATURAL[card]:
        return None
    if any(m.kind == RUN and extends_run(m, card, state.rules) for m in state.melds[side]):
        return "run"
    if (state.rules.pile_freezes and len(pile_before) >= 8
            and any(m.kind == RANK_MELD and m.key == RANK[card] for m in state.melds[side])
            and state.rules.pile_freeze(tuple(pile_before) + (card,), True) is None):
        return "unfrozen"
    return None


@pytest.mark.parametrize("found", FOUND, ids=[f"{f['category']}-{f['level']}-{f['variant']}-{f['seed']}-{f['deal']}"
                                               for f in FOUND])
def test_found_in_arena_games(found):
    state, moves = build_position(found["position"])
    for move in moves:  # the partner's answers: the seat's question
        state.apply(to_action(state, move))
    seat = state.turn
    ai = LEVELS[found["level"]]
    category = found["category"]
    if category == "threes":
        assert not isinstance(decide(state, ai), TakePile)
        return
    if category in ("yes", "no"):
        # "yes": a big hand held while nobody else could end the hand; "no": an opponent was about to go out.
        assert decide(state, ai) == Answer(category == "no")
        return
    pile_before = list(state.pile)
    if category == "fed":
        actions = []
        while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) and state.turn == seat and len(actions) < 40:
            view = view_of(state, state.to_act)
            action = ai(view, legal_actions(state), random.Random(0))
            if isinstance(action, Discard):
                assert not plainly_taken(view, action.card) or not any(
                    NATURAL[c] and not plainly_taken(view, c) for c in view.hand), actions + [action]
            state.apply(action)
            actions.append(action)
        return
    actions = play_turn(state, ai)
    last = actions[-1]
    if category == "alone":
        assert state.hands[seat] or any(isinstance(a, AskPartner) for a in actions), actions
        return
    if category == "freeze":
        nxt = (seat + 1) % state.players
        assert state.phase != Phase.DRAW or state.turn != nxt or not any(
            isinstance(a, TakePile) for a in legal_actions(state)), actions
        return
    if category == "danger":
        assert sum(state.rules.card_penalty(c) for c in state.hands[seat]) < found["left"], actions
    elif category == "wild":
        firsts = [a for a in actions if isinstance(a, LayMelds)]
        assert not firsts or not any(WILD[c] for m in firsts[0].melds if not all(WILD[x] for x in m) for c in m)
    elif category in ("run", "unfrozen"):
        if isinstance(last, Discard):
            pile_before = state.pile[:-1] if state.pile else pile_before
            assert _feeds(state, seat, last.card, pile_before) != category, actions
    elif category == "stuck":
        assert not state.hands[seat] or len(state.hands[seat]) >= 4 or state.phase != Phase.DRAW, actions
    else:
        raise AssertionError(category)
