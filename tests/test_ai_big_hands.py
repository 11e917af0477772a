"""Bounded, whatever the position: on hands of 60 to 100 cards (game/tools/big_hands.py) the move list and
every decision count their work within fixed budgets, and still offer and choose legal moves. Work is
counted, never timed (the bench times them: `python -m game bench`, `big_hands`)."""

from __future__ import annotations

import random

import pytest

import game.rules.legal as legal_module
from game.ai import PLAYERS
from game.ai.adviser import advise
from game.ai.plan import DECISION_FIRST_MELD_STEPS, why_illegal
from game.ai.playout import MELD_STEPS_FLOOR
from game.rules import BOLIVIA, Phase, view_of
from game.rules.actions import LayMelds, TakePile
from game.rules.first_meld import FIRST_MELD_WORK, first_melds, most_cards_of_a_minimal_first_meld
from game.rules.going_out import SOLVER_STEP_UNITS
from game.rules.house import with_house
from game.rules.legal import ASK_PARTNER_WORK, legal_actions
from game.rules.out_solver import OutSolver
from game.rules.position import changed
from game.rules.ruleset import RULESETS, SAMBA, STANDARD
from game.rules.work import Work
from game.tools.big_hands import BigHand, big_hand
from tests.test_first_meld_search import hand_of

POSITIONS = [
    BigHand(BOLIVIA, 2, 100, False, Phase.DRAW),
    BigHand(BOLIVIA, 2, 100, False, Phase.MELD),
    BigHand(BOLIVIA, 4, 80, False, Phase.DRAW),
    BigHand(SAMBA, 2, 100, True, Phase.MELD),
    BigHand(STANDARD, 2, 60, False, Phase.MELD),
]


def _state(spec: BigHand):
    s = big_hand(spec)
    assert s is not None and not s.check()
    return s


@pytest.mark.parametrize("spec", POSITIONS, ids=lambda spec: spec.name)
def test_the_move_list_of_a_big_hand_is_counted_and_every_move_it_offers_is_legal(spec: BigHand) -> None:
    s = _state(spec)
    work, ask = Work(FIRST_MELD_WORK), Work(ASK_PARTNER_WORK)
    listed = legal_actions(s, work, ask)
    assert work.spent <= FIRST_MELD_WORK and ask.spent <= ASK_PARTNER_WORK
    firsts = [a for a in listed if isinstance(a, LayMelds if spec.phase == Phase.MELD else TakePile)]
    if not spec.melded:
        assert work.cut  # a representative set: the hand has far more first melds than were listed
        assert firsts  # the minimum is reachable, and reached by a move offered
    # Every move offered is the engine's to accept (a sample of the long list of first melds).
    chosen = set(firsts)
    sample = firsts[::max(1, len(firsts) // 40)] + [a for a in listed if a not in chosen]
    for a in sample:
        assert s.is_legal(a), a


def test_a_big_unmelded_hand_leaves_going_out_to_steps(monkeypatch) -> None:
    """Listing every first meld that goes out took minutes from 60 cards: from a hand too big for a minimal
    first meld to go out, going out is a minimal first meld and then steps (legal.py's docstring)."""
    called: list[int] = []

    def listed(hand, *args, **kwargs):
        called.append(len(hand))
        return []

    monkeypatch.setattr(legal_module, "go_out_moves", listed)
    big = _state(BigHand(BOLIVIA, 2, 60, False, Phase.MELD))
    legal_actions(big)
    assert called == []
    small = _state(BigHand(BOLIVIA, 2, 60, False, Phase.MELD))
    small = changed(small, hands=[h[:15] if p == small.turn else h for p, h in enumerate(small.hands)],
                    stock=small.stock + big.hands[big.turn][15:])
    legal_actions(small)
    assert called == [15]  # a hand a minimal first meld could empty still lists them whole


@pytest.mark.parametrize(("game", "house"), [("bolivia", {}), ("standard", {}), ("samba", {"wild_limit": "three"})])
def test_no_minimal_first_meld_holds_more_cards_than_the_bound(game: str, house: dict[str, str]) -> None:
    rules = with_house(RULESETS[game], house)
    rng = random.Random(f"first meld bound {game}")
    needs = sorted({need for _low, need in rules.min_meld_table})
    biggest = 0
    for _case in range(30):
        hand = hand_of(rules, rng, rng.randrange(10, 26))
        need = rng.choice(needs)
        for combo in first_melds(hand, rules, need):
            cards = sum(len(m) for m in combo)
            biggest = max(biggest, cards)
            assert cards <= most_cards_of_a_minimal_first_meld(need), (hand, need, combo)
    assert biggest >= 9  # big first melds were among them


DECIDERS = ("easy", "normal", "hard", "expert", "hint")


@pytest.mark.parametrize("spec", POSITIONS, ids=lambda spec: spec.name)
def test_every_decision_on_a_big_hand_is_legal_and_its_work_counted(spec: BigHand, monkeypatch) -> None:
    s = _state(spec)
    listed = legal_actions(s)
    view = view_of(s, s.turn)
    spent = {"meld": 0, "solver": 0, "lists": 0}
    real_spend, real_step, real_legal = Work.spend, OutSolver._step, legal_module.legal_actions

    def spend(self, floor: int = 0, steps: int = 1) -> bool:
        done = real_spend(self, floor, steps)
        spent["meld"] += steps if done else 0
        return done

    def step(self) -> None:
        spent["solver"] += 1
        real_step(self)

    def counted_list(*args, **kwargs):
        spent["lists"] += 1
        return real_legal(*args, **kwargs)

    monkeypatch.setattr(Work, "spend", spend)
    monkeypatch.setattr(OutSolver, "_step", step)
    monkeypatch.setattr("game.ai.playout.legal_actions", counted_list)
    for name in DECIDERS:
        spent.update(meld=0, solver=0, lists=0)
        action = advise(view).hint.move if name == "hint" else PLAYERS[name](view, listed, random.Random(1))
        assert why_illegal(view, action) is None or action in listed, (name, action)
        assert s.copy().is_legal(action), (name, action)
        # The root's list and the playouts' lists, each within its work; the solver's positions alike (the
        # going-out plans tell whether the hand goes out, then list its moves, each within the level's out_search).
        allowed = FIRST_MELD_WORK + ASK_PARTNER_WORK + DECISION_FIRST_MELD_STEPS + 2 * MELD_STEPS_FLOOR * spent["lists"]
        assert spent["meld"] + spent["solver"] * SOLVER_STEP_UNITS <= 2 * allowed, (name, spent)
