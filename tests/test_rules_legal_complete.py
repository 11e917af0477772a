"""The move list is complete (game/rules/legal.py's docstring): every first meld and every going-out
move that `apply` accepts is offered, or reached by the moves offered, and "May I go out?" is offered
exactly when the player could go out this turn. Brute force on small random positions, and the four
cases of issue 9 as stories."""

from __future__ import annotations

import random

import pytest

from game.rules import (
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Deal,
    Discard,
    GameState,
    LayMelds,
    MeldMove,
    Phase,
    TakePile,
    legal_actions,
)
from game.rules.cards import RANK, label
from game.rules.errors import IllegalAction
from game.rules.going_out import can_go_out
from game.rules.meld_move import plan_meld_move
from game.rules.melds import Meld
from game.rules.position import changed
from game.rules.ruleset import BOLIVIA, RuleSet
from tests.brute_moves import _card_sig, _meld_sig, meld_moves, outcome, random_position
from tests.helpers import Pool, in_hand, meld_of, position

STEPS = (LayMelds, AddToMeld, Combine, MeldMove)


def _state(hand: list[int], melds: list[Meld], players: int = 2, scores: list[int] | None = None,
           rules: RuleSet = BOLIVIA) -> GameState:
    """The seat 0 to meld with this hand over these side melds; every other card in the stock."""
    s = GameState(players, 1, rules)
    s.apply(Deal())
    taken = set(hand) | {c for m in melds for c in m.cards}
    rest = [c for c in sorted(s.stock + s.pile + [c for h in s.hands for c in h] + [c for r in s.red_threes
                                                                                 for c in r]) if c not in taken]
    hands = [list(hand)] + [[] for _p in range(players - 1)]
    for seat in range(1, players):
        hands[seat] = [c for c in rest if RANK[c] != 3][:3]
        rest = [c for c in rest if c not in hands[seat]]
    return changed(s, start_turn=True, hands=hands, melds=[list(melds)] + [[] for _s in range(s.sides - 1)],
                   next_meld_id=len(melds) + 1, red_threes=[[] for _s in range(s.sides)], pile=[], stock=rest,
                   scores=s.scores if scores is None else scores, turn=0, phase=Phase.MELD)


def _signature(s: GameState, originals: list[Meld]) -> tuple:
    finals = []
    for m in s.melds[0]:
        group = tuple(sorted(o.id for o in originals if set(o.cards) <= set(m.cards)))
        finals.append((group, _meld_sig(list(m.cards))))
    return tuple(sorted(finals)), tuple(sorted(_card_sig(c) for c in s.hands[0]))


def reachable(s: GameState) -> set[tuple]:
    """Every table and hand the offered meld moves reach from this state within the turn."""
    originals = list(s.melds[0])
    seen: set[tuple] = set()

    def walk(state: GameState) -> None:
        key = _signature(state, originals)
        if key in seen:
            return
        seen.add(key)
        if state.phase != Phase.MELD:
            return
        for a in legal_actions(state):
            if isinstance(a, STEPS):
                child = state.copy()
                child.apply(a)
                walk(child)

    walk(s)
    return seen


def _left_out_combine(move: MeldMove, melds: list[Meld], rules) -> bool:
    """A combine the going-out list leaves out (out_solver.py): of a canasta, not ending one, or of a meld
    the others need not."""
    by_id = {m.id: m for m in melds}
    groups: dict[int, list[int]] = {}
    for src, into in move.combine:
        groups.setdefault(into, [into]).append(src)
    added = {mid: len(cards) for mid, cards in move.add}
    for ids in groups.values():
        sizes = [by_id[i].size for i in ids]
        total = sum(sizes)
        final = total + sum(added.get(i, 0) for i in ids)
        if any(x >= rules.canasta_size for x in sizes) or final < rules.canasta_size or any(
                total - x >= rules.canasta_size for x in sizes):
            return True
    return False


def _brute(s: GameState, need: int) -> tuple[dict, dict]:
    """Going-out moves and first melds apply accepts, by outcome."""
    hand, melds = s.hands[0], s.melds[0]
    outs, firsts = {}, {}
    for move, kept in meld_moves(hand, melds):
        if kept > 1 and melds:
            continue
        try:
            plan = plan_meld_move(move, hand, melds, s.rules, need, None)
        except IllegalAction:
            continue
        key = outcome(move, hand, melds)
        if len(plan.hand_after) <= 1:
            outs[key] = move
        elif not melds:
            firsts[key] = move
    return outs, firsts


@pytest.mark.parametrize("chunk", range(4))
def test_every_going_out_move_is_offered_or_reached_and_asking_is_exact(chunk):
    checked = 0
    for seed, size in [(seed, size) for seed in range(chunk * 20, chunk * 20 + 20) for size in range(2, 9)]:
        rng = random.Random(seed * 10 + size)
        try:
            hand, melds = random_position(rng, size)
        except LookupError:
            continue
        s = _state(hand, melds, players=4)
        outs, _firsts = _brute(s, 0)
        able = bool(outs) or (len(hand) == 1 and s.may_go_out(0))
        assert s.able_to_go_out(0) == able, (seed, size, [label(c) for c in hand])
        assert (AskPartner() in legal_actions(s)) == (able and size >= 2)
        if not outs:
            continue
        checked += 1
        got = reachable(s)
        for key, move in outs.items():
            assert key in got or _left_out_combine(move, melds, s.rules), (
                f"not reached: {move!r} from {[label(c) for c in hand]}")
    assert checked >= 5  # the positions are drawn so that many go out


@pytest.mark.parametrize("seed", range(12))
def test_every_first_meld_reaching_the_minimum_is_offered_or_reached(seed):
    rng = random.Random(1000 + seed)
    need, scores = rng.choice([(15, [-100, 0]), (50, [0, 0]), (90, [1500, 0])])
    hand, _melds = random_position(rng, rng.randrange(5, 9))
    s = _state(hand, [], scores=scores)
    assert s.min_meld(0) == need
    outs, firsts = _brute(s, need)
    got = reachable(s)
    for key, move in list(firsts.items()) + list(outs.items()):
        assert key in got, f"not reached: {move!r} from {[label(c) for c in hand]}"


def test_exact_going_out_at_any_hand_size():
    """Hands built from melds that go out, 12 to 30 cards: every one is found able (the old search's
    budget refused a quarter of such hands)."""
    rng = random.Random(9)
    for trial in range(40):
        pool = Pool()
        suit = "CDHS"[trial % 4]
        low = rng.randrange(4, 9)
        ranks = "23456789TJQKA"
        cards = [ranks[r - 2] + suit for r in range(low, low + 7)]  # an escalera
        r = rng.choice("456789TJQKA")
        cards += [r + rng.choice("CDHS") for _i in range(rng.randrange(7, 9))] + ["JK"] * rng.randrange(0, 3)
        size = rng.randrange(12, 31)
        while len(cards) < size:
            r2 = rng.choice("456789TJQKA")
            cards += [r2 + rng.choice("CDHS") for _i in range(3)]
        try:
            hand = pool.take(cards)
        except ValueError:
            continue
        rng.shuffle(hand)
        assert can_go_out(hand, [], GameState(2).rules, 50), [label(c) for c in hand]
        s = _state(hand, [], players=4)
        assert s.able_to_go_out(0), [label(c) for c in hand]
        assert AskPartner() in legal_actions(s)


# ----- the four cases of issue 9 --------------------------------------------------------------------


def test_story_two_last_cards_each_completing_a_canasta_go_out_together():
    s = position(2, ["TH KH", "4D 5D 6D"], melds=[["4H 5H 6H 7H 8H 9H", "KS KD KC KH KS KD"]], pile="9C",
                 phase=Phase.MELD)
    run, kings = meld_of(s, 0, "4H 5H 6H 7H 8H 9H"), meld_of(s, 0, "KS KD KC KH KS KD")
    th, kh = in_hand(s, 0, "TH KH")
    move = MeldMove(add=((run.id, (th,)), (kings.id, (kh,))))
    assert move in legal_actions(s)
    assert any(type(e).__name__ == "WentOut" for e in s.apply(move))


def test_story_two_melds_each_with_its_own_wild_card_as_a_first_meld():
    s = position(2, ["KH KS 2C QH QS 2D 5C 9D", "4D 5D 6D"], phase=Phase.MELD)
    firsts = [a for a in legal_actions(s) if isinstance(a, LayMelds)]
    shapes = {tuple(sorted(tuple(sorted(("2" if RANK[c] == 2 else label(c)) for c in m)) for m in a.melds))
              for a in firsts}
    assert (("2", "KH", "KS"), ("2", "QH", "QS")) in shapes
    for a in firsts:  # distinct physical wild cards in every offer
        cards = [c for m in a.melds for c in m]
        assert len(cards) == len(set(cards))
        s.copy().apply(a)


def test_story_pile_taken_with_a_wild_card_and_another_meld_and_two_copies_of_a_card():
    s = position(2, ["8H 8S 2C QH QH QS 2D 5C", "4D 5D 6D"], pile="9C 8D", scores=[1500, 0])
    assert s.min_meld(0) == 90
    takes = [a for a in legal_actions(s) if isinstance(a, TakePile)]

    def faces(a):
        return (tuple(sorted(("2" if RANK[c] == 2 else label(c)) for c in a.cards)),
                tuple(sorted(tuple(sorted(("2" if RANK[c] == 2 else label(c)) for c in m)) for m in a.melds)))

    offered = {faces(a) for a in takes}
    assert (("2", "8H", "8S"), (("2", "QH", "QH"),)) in offered  # 8 8 8 2 (50) + Q Q 2 (40), two copies of QH
    for a in takes:
        s.copy().apply(a)


def _offered(s: GameState, kind: type, text: str):
    """The offered move of this kind laying exactly these cards (by rank and suit)."""
    want = sorted(text.split())
    for a in legal_actions(s):
        if isinstance(a, kind):
            cards = [c for m in a.melds for c in m] if isinstance(a, LayMelds) else list(a.cards)
            if sorted(label(c) for c in cards) == want:
                return a
    raise AssertionError(f"no {kind.__name__} of {text} offered")


def test_story_seven_kings_go_out_through_the_offered_moves():
    s = position(2, ["KH KS KD KC KH KS KD 5C", "4D 5D 6D"], melds=[["4H 5H 6H 7H 8H 9H TH"]], phase=Phase.MELD)
    s.apply(_offered(s, LayMelds, "KH KS KD"))
    s.apply(_offered(s, AddToMeld, "KC"))
    s.apply(_offered(s, AddToMeld, "KH KS KD"))  # the last three kings together: a canasta, going out
    assert len(s.hands[0]) == 1
    events = s.apply(Discard(s.hands[0][0]))
    assert "WentOut" in [type(e).__name__ for e in events]


def test_story_seven_kings_laid_at_once_as_the_last_cards():
    s = position(2, ["KH KS KD KC KH KS KD", "4D 5D 6D"], melds=[["4H 5H 6H 7H 8H 9H TH"]], phase=Phase.MELD)
    s.apply(_offered(s, LayMelds, "KH KS KD"))
    events = s.apply(_offered(s, AddToMeld, "KC KH KS KD"))
    assert "WentOut" in [type(e).__name__ for e in events]


def test_story_asking_with_a_big_hand_and_a_combine():
    # 14 cards: an escalera of spades, seven queens, and a king that with a combine finishes a canasta.
    s = position(4, ["4S 5S 6S 7S 8S 9S TS QH QH QS QS QD QD QC", "6D 6D", "5C 5C", "6C 6C"],
                 melds=[["KH KS KD", "KC KH KS"], []], phase=Phase.MELD)
    assert len(s.hands[0]) == 14 and s.able_to_go_out(0)
    assert AskPartner() in legal_actions(s)
    # Going out needs the combine: two king melds of three make a canasta only together.
    t = position(4, ["KD 5C", "6D 6D", "5S 5S", "6C 6C"],
                 melds=[["4H 5H 6H 7H 8H 9H TH", "KH KS KD", "KC KH KS"], []], phase=Phase.MELD)
    assert t.able_to_go_out(0) and AskPartner() in legal_actions(t)
    t.apply(AskPartner())
    t.apply(Answer(True))
    a, b = meld_of(t, 0, "KH KS KD"), meld_of(t, 0, "KC KH KS")
    t.apply(Combine(a.id, b.id))
    t.apply(_offered(t, AddToMeld, "KD"))
    assert "WentOut" in [type(e).__name__ for e in t.apply(Discard(in_hand(t, 0, "5C")[0]))]


def test_first_melds_are_minimal_and_take_distinct_cards():
    s = position(2, ["KH KH KS AH AH AS 9C 9D 4C", "4D 5D 6D"], phase=Phase.MELD, scores=[1500, 0])
    firsts = [a for a in legal_actions(s) if isinstance(a, LayMelds)]
    labels_of = {tuple(sorted(tuple(sorted(label(c) for c in m)) for m in a.melds)) for a in firsts}
    assert (("AH", "AH", "AS"), ("KH", "KH", "KS")) in labels_of  # two copies of a card, 60 + 30 = 90
    for a in firsts:
        j = s.judge_meld(MeldMove(new=a.melds))
        assert j.legal and j.reaches_minimum
        for i in range(len(a.melds)):  # no meld to spare
            rest = a.melds[:i] + a.melds[i + 1:]
            assert not rest or not s.judge_meld(MeldMove(new=rest)).reaches_minimum
