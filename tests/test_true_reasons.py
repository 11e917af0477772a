"""The hint's reasons are true of the position: a discard said to "fit nothing" fits nothing of the hand or
the side's melds, and a take of the pile said to start a run (an escalera, a samba) lays one. Seen at the
table: "Discard 7♦: it fits nothing of yours" over a hand of 7♦ 7♦ 7♥ 7♥ 7♠, and "Take the pile: 11 cards,
and it starts your escalera" for a take that started a meld of tens."""

from __future__ import annotations

import random

import pytest

from game.ai import get_player
from game.ai.coach import reason_for
from game.ai.plan import runs_in
from game.ai.risk import hand_risks
from game.i18n import set_language
from game.rules import GameState, Phase, legal_actions, view_of
from game.rules.actions import Discard, DrawStock, TakePile
from game.rules.cards import NATURAL, RANK
from game.rules.melds import RANK_MELD, RUN, classify, extends_run
from game.rules.ruleset import BOLIVIA, SAMBA, STANDARD
from game.rules.view import PlayerView
from tests.ai_positions import spot
from tests.helpers import in_hand


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def fits_something(view: PlayerView, card: int) -> bool:
    """Whether the card fits the hand or the side's melds: another natural of its rank in hand, a meld of its
    rank, a run of the side it extends, a run of three or more in hand it belongs to."""
    if not NATURAL[card]:
        return True
    others = [c for c in view.hand if c != card]
    if any(NATURAL[c] and RANK[c] == RANK[card] for c in others):
        return True
    for m in view.melds[view.side]:
        if m.kind == RANK_MELD and m.key == RANK[card]:
            return True
        if m.kind == RUN and extends_run(m, card, view.rules):
            return True
    return view.rules.runs and any(card in run for run in runs_in(list(view.hand), view.rules.run_max))


def lays_a_run(view: PlayerView, take: TakePile) -> bool:
    melds = [tuple(take.cards) + (view.pile[-1],), *take.melds]
    return any(classify(m, view.rules).kind == RUN for m in melds)


def test_five_sevens_in_hand_are_not_a_card_that_fits_nothing():
    s = spot(4, {0: "7D 7D 7H 7H 7S KC 9S"}, pile="5C 8H", phase=Phase.MELD, rules=STANDARD,
             melds=[["QH QD QS"], ["JD JS JH"]])
    view = view_of(s, 0)
    seven = in_hand(s, 0, "7D")[0]
    why = reason_for(view, Discard(seven))
    assert "fits nothing" not in why, why
    assert why.startswith("Discard 7♦")


def test_a_lone_card_still_fits_nothing():
    s = spot(4, {0: "7D KC KS 9S 9H"}, pile="5C 8H", phase=Phase.MELD, rules=STANDARD,
             melds=[["QH QD QS"], ["JD JS JH"]], known={2: "7C 7H 7S"})
    view = view_of(s, 0)
    why = reason_for(view, Discard(in_hand(s, 0, "7D")[0]))
    assert "fits nothing of yours" in why, why


def test_a_pile_taken_onto_tens_does_not_start_an_escalera():
    # The pile's 8♥ and 9♥ make a run with the hand's 7♥, but the take lays tens, not a run.
    s = spot(4, {0: "TC TD 7H 4S KC QS"}, pile="8H 9H 5D 6C TS", phase=Phase.DRAW,
             melds=[["5S 6S 7S"], ["KD KS KH"]])
    view = view_of(s, 0)
    why = reason_for(view, TakePile(in_hand(s, 0, "TC TD")))
    assert why == "Take the pile: 5 cards, and its cards make a run with your hand, toward an escalera.", why


def test_standard_never_speaks_of_an_escalera():
    s = spot(4, {0: "TC TD 7H 4S KC QS"}, pile="8H 9H 5D 6C TS", phase=Phase.DRAW, rules=STANDARD,
             melds=[["QH QD QS"], ["KD KS KH"]])
    why = reason_for(view_of(s, 0), TakePile(in_hand(s, 0, "TC TD")))
    assert "escalera" not in why, why


@pytest.mark.parametrize("rules", [BOLIVIA, STANDARD, SAMBA], ids=lambda r: r.name)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_discard_and_take_reason_is_true_over_seeded_games(rules, seed):
    """Every distinct card of every hand at a discard, and every take of the pile, told as the hint tells it."""
    s = GameState(2 + seed, seed, rules, target=2500)
    choose = get_player("greedy")
    rng = random.Random(seed)
    checked = takes = 0
    for _step in range(900):
        if s.phase == Phase.GAME_OVER:
            break
        legal = legal_actions(s)
        view = view_of(s, s.to_act)
        if s.phase == Phase.MELD and len(view.hand) > 1:
            risks = hand_risks(view)
            for card in {c: None for c in view.hand}:
                why = reason_for(view, Discard(card))
                if "fits nothing" in why:
                    assert not fits_something(view, card), (why, view.hand)
                if "every card you hold gives" in why:
                    assert all(r is not None for r in risks.values()), why
                checked += 1
        for take in (a for a in legal if isinstance(a, TakePile)):
            why = reason_for(view, take)
            if "starts your" in why:
                assert lays_a_run(view, take), why
            if "makes a canasta of" in why:
                started = tuple(take.cards) + (view.pile[-1],)
                assert len(started) >= rules.canasta_size and classify(started, rules).kind == RANK_MELD, why
            if "makes your first meld" in why:
                assert not view.melds[view.side], why
            if "feeds your" in why:
                rest = [c for c in view.pile[:-1] if NATURAL[c]]
                assert any(m.kind == RUN and extends_run(m, c, rules) for m in view.melds[view.side]
                           for c in rest), why
            takes += 1
        if s.phase == Phase.DRAW:
            why = reason_for(view, DrawStock())
            if "no natural pair of the top card" in why:
                top = view.pile[-1]
                assert sum(1 for c in view.hand if NATURAL[c] and RANK[c] == RANK[top]) < 2, why
        s.apply(choose(view, legal, rng))
    assert checked > 100 and takes > 0
