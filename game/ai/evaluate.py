"""One evaluator shared by every level: what a card, a meld, the pile and a side's position are worth.

Values are in hand points (the unit of the score sheet), as expectations: an incomplete escalera is
worth part of its 1,500 according to how many cards it still needs and how much of the hand is left.
Levels differ by what they feed in (Easy has no card memory) and how they use the numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.memory import CardMemory
from game.ai.risk import natural_and_wild
from game.rules.cards import ACE, BLACK_THREE, FACE, NATURAL, RANK, RED_THREE, SUIT, VALUE, WILD, face_of
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, Meld, side_may_go_out
from game.rules.ruleset import RuleSet
from game.rules.state import GameState, Phase
from game.rules.view import PlayerView, view_of


@dataclass(frozen=True)
class Weights:
    """Tunable numbers of the evaluator (the arena is how they were chosen)."""

    pair: float = 40.0  # a natural pair in hand: a key to the pile and half a meld
    single: float = 6.0
    triple: float = 55.0
    run_neighbour: float = 22.0  # same suit, next rank
    run_gap: float = 10.0  # same suit, two ranks away
    middle_rank: float = 4.0  # 8, 9 and 10 sit in every escalera
    wild: float = 160.0
    black_three: float = -250.0
    penalty_weight: float = 0.4  # share of a card's penalty counted while the hand goes on
    pile_card: float = 10.0  # a card taken with the pile that fits nothing yet
    pile_wild: float = 70.0
    pile_black_three: float = -45.0
    stock_card: float = 14.0  # expected worth of one card drawn from the stock
    first_meld: float = 70.0  # being able to take the pile with a pair, and top cards onto runs
    block_value: float = 0.0


DEFAULT = Weights()

# Chance to complete a meld that still needs d cards, given plenty of time (d = 1, 2, ...).
RUN_P = (1.0, 0.72, 0.52, 0.36, 0.24, 0.15)
RANK_P = (1.0, 0.62, 0.45, 0.31, 0.2, 0.12, 0.07)
WILD_P = (1.0, 0.6, 0.42, 0.28, 0.17, 0.1)


def _p(table: tuple[float, ...], need: int) -> float:
    return table[need] if need < len(table) else table[-1] * 0.5


def turns_left(view: PlayerView) -> float:
    """Expected turns of this seat before the hand ends, from the stock and the threat of going out."""
    per_round = view.rules.draws(view.players) * view.players
    t = view.stock_count / per_round
    for side in range(view.sides):
        if side != view.side and side_may_go_out([m.canasta(view.rules) for m in view.melds[side]], view.rules):
            t = min(t, 2.0)  # a side able to go out ends the hand soon
    return t


def time_factor(t: float, need: int) -> float:
    """How much of a meld's chance survives with t turns left when it needs `need` more cards."""
    if need <= 0:
        return 1.0
    return max(0.0, min(1.0, t / (need * 1.6 + 0.5)))


class Evaluator:
    """Valuations for one decision of one seat. `memory` is None for a player who does not count cards."""

    def __init__(self, view: PlayerView, memory: CardMemory | None, weights: Weights = DEFAULT) -> None:
        self.view = view
        self.rules: RuleSet = view.rules
        self.memory = memory
        self.w = weights
        self.t = turns_left(view)
        self.side = view.side
        self.my_melds: tuple[Meld, ...] = view.melds[view.side]
        self.next_seat = (view.seat + 1) % view.players
        self.next_side = view.side_of(self.next_seat)

    # ----- melds ------------------------------------------------------------------------------------

    def meld_worth(self, m: Meld | tuple[str, int, tuple[int, ...]]) -> float:
        """Points on the table plus the expected bonus still to come."""
        kind, key, cards = (m.kind, m.key, m.cards) if isinstance(m, Meld) else m
        rules = self.rules
        points = sum(VALUE[c] for c in cards)
        n = len(cards)
        if kind == RUN:
            if n >= rules.run_max:
                return points + rules.escalera
            need = rules.run_max - n
            ranks = [RANK[c] for c in cards]
            low, high = min(ranks), max(ranks)
            room = (low - 4) + (ACE - high)  # ranks still free on either side
            if room < need:
                return points  # can never reach seven
            p = _p(RUN_P, need) * self._run_supply(key, low, high)
            return points + rules.escalera * p * time_factor(self.t, need)
        if kind == WILD_MELD:
            if n >= rules.wild_meld_max:
                return points + rules.bolivia
            need = rules.wild_meld_max - n
            p = _p(WILD_P, need) * self._wild_supply(need)
            return points + rules.bolivia * p * time_factor(self.t, need)
        if kind == RANK_MELD:
            wilds = sum(1 for c in cards if WILD[c])
            if n >= rules.canasta_size:
                return points + (rules.mixed_canasta if wilds else rules.natural_canasta)
            need = rules.canasta_size - n
            bonus = rules.mixed_canasta if wilds else 0.75 * rules.natural_canasta + 0.25 * rules.mixed_canasta
            p = _p(RANK_P, need) * self._rank_supply(key, need)
            return points + bonus * p * time_factor(self.t, need)
        return points

    def _run_supply(self, suit: int, low: int, high: int) -> float:
        if self.memory is None:
            return 1.0
        live = 0
        for r in (low - 2, low - 1, high + 1, high + 2):
            if 4 <= r <= ACE:
                live += self.memory.unseen_face(face_of(suit, r))
        return min(1.0, 0.35 + live / 8)

    def _wild_supply(self, need: int) -> float:
        if self.memory is None:
            return 1.0
        return min(1.0, self.memory.unseen_wilds() / (need * 2.5 + 0.01))

    def _rank_supply(self, rank: int, need: int) -> float:
        if self.memory is None:
            return 1.0
        return min(1.0, (self.memory.unseen_naturals(rank) + 1) / (need * 1.8 + 0.01))

    def meld_gain(self, before: Meld | None, kind: str, key: int, cards: tuple[int, ...]) -> float:
        """What growing a meld (or laying a new one, `before` None) adds to the side's worth."""
        after = self.meld_worth((kind, key, cards))
        return after - (self.meld_worth(before) if before is not None else 0.0)

    # ----- cards in hand ----------------------------------------------------------------------------

    def keep_values(self, hand: tuple[int, ...] | list[int]) -> dict[int, float]:
        """How much each card in hand is worth keeping (higher = discard later)."""
        w = self.w
        by_rank: dict[int, int] = {}
        faces: dict[int, int] = {}
        for c in hand:
            if NATURAL[c]:
                by_rank[RANK[c]] = by_rank.get(RANK[c], 0) + 1
                faces[FACE[c]] = faces.get(FACE[c], 0) + 1
        rank_melds = {m.key for m in self.my_melds if m.kind == RANK_MELD}
        runs = [m for m in self.my_melds if m.kind == RUN and m.size < self.rules.run_max]
        pen = w.penalty_weight * min(1.0, 4.0 / (self.t + 1.0))
        out: dict[int, float] = {}
        seen_face: dict[int, int] = {}
        for c in sorted(hand):
            if WILD[c]:
                out[c] = w.wild + VALUE[c] * 0.2
                continue
            if BLACK_THREE[c]:
                out[c] = w.black_three
                continue
            if not NATURAL[c]:
                out[c] = 0.0
                continue
            r, f = RANK[c], FACE[c]
            n = by_rank[r]
            if r in rank_melds:
                v = 120.0
            elif n >= 3:
                v = w.triple
            elif n == 2:
                v = w.pair * self._rank_live(r)
            else:
                v = w.single * self._rank_live(r)
            # Run value: only one copy of a face can sit in a run.
            copy = seen_face.get(f, 0)
            seen_face[f] = copy + 1
            if copy == 0:
                s = SUIT[c]
                near = sum(1 for d in (-1, 1) if faces.get(face_of(s, r + d)) and 4 <= r + d <= ACE)
                gap = sum(1 for d in (-2, 2) if faces.get(face_of(s, r + d)) and 4 <= r + d <= ACE)
                v += near * w.run_neighbour + gap * w.run_gap
                if near or gap:
                    v += w.middle_rank if 8 <= r <= 10 else 0.0
                for m in runs:
                    if m.key == s:
                        ranks = [RANK[x] for x in m.cards]
                        if r == min(ranks) - 1 or r == max(ranks) + 1:
                            v += 200.0
                        elif r == min(ranks) - 2 or r == max(ranks) + 2:
                            v += 25.0
            v -= pen * VALUE[c]
            out[c] = v
        return out

    def _rank_live(self, rank: int) -> float:
        """Pairs of a rank that is nearly all seen are worth less: the pile will rarely show it."""
        if self.memory is None:
            return 1.0
        live = self.memory.unseen_naturals(rank)
        return 0.45 + 0.55 * min(1.0, live / 4)

    # ----- the pile and discards --------------------------------------------------------------------

    def pile_worth(self, for_seat: int, cards: tuple[int, ...] | list[int]) -> float:
        """Rough worth of pile cards going into a hand (ours or an opponent's)."""
        w = self.w
        total = 0.0
        t_short = self.t < 3
        for c in cards:
            if RED_THREE[c]:
                total += 100
            elif WILD[c]:
                total += w.pile_wild
            elif BLACK_THREE[c]:
                total += w.pile_black_three * (2.0 if t_short else 1.0)
            else:
                total += w.pile_card - (VALUE[c] * 0.5 if t_short else 0.0)
        return total

    def pile_fit_worth(self, cards: tuple[int, ...] | list[int], hand_after: list[int]) -> float:
        """Worth to this seat of pile cards joining its hand: cards that extend the side's runs, join its
        rank melds or pair with the hand count for more than loose ones; black threes count against."""
        w = self.w
        t_short = self.t < 3
        rank_melds = {m.key for m in self.my_melds if m.kind == RANK_MELD}
        ends = open_run_ends(self.my_melds, self.rules)
        in_hand: dict[int, int] = {}
        for c in hand_after:
            if NATURAL[c]:
                in_hand[RANK[c]] = in_hand.get(RANK[c], 0) + 1
        wild_meld = any(m.kind == WILD_MELD and m.size < self.rules.wild_meld_max for m in self.my_melds)
        total = 0.0
        for c in cards:
            if RED_THREE[c]:
                total += 100
            elif WILD[c]:
                total += w.pile_wild + (30 if wild_meld else 0)
            elif BLACK_THREE[c]:
                total += w.pile_black_three * (2.0 if t_short else 1.0)
            elif FACE[c] in ends:
                total += 90 + VALUE[c]
                ends.discard(FACE[c])
            elif RANK[c] in rank_melds:
                total += 20 + VALUE[c]
            elif in_hand.get(RANK[c], 0) >= 1:
                total += 18
            else:
                total += w.pile_card - (VALUE[c] * 0.5 if t_short else 0.0)
        return total

    def danger(self, card: int) -> float:
        """Expected gift to the next opponent if this card is discarded now."""
        if not NATURAL[card]:
            return -self.w.block_value * len(self.view.pile)  # a three or wild card blocks the pile
        view = self.view
        nxt = self.next_seat
        gift = 0.0
        for m in view.melds[self.next_side]:
            if m.kind == RUN and m.size < self.rules.run_max and SUIT[card] == m.key:
                ranks = [RANK[x] for x in m.cards]
                if RANK[card] in (min(ranks) - 1, max(ranks) + 1):
                    gift = max(gift, 180.0 + 60 * (m.size - 3))
        if self.memory is not None:
            p = self.memory.p_holds_naturals(nxt, RANK[card], 2)
        else:
            p = 0.25
        if not view.melds[self.next_side]:
            p *= 0.6  # a side yet to meld needs the minimum from the pile take itself
        if self.takes_onto_meld(card):
            p = 1.0  # the house's take onto a meld: the card alone takes the pile, no pair needed
        elif (self.rules.pile_freezes and view.hand_counts[nxt] >= 2
              and any(m.kind == RANK_MELD and m.key == RANK[card] for m in view.melds[self.next_side])
              and self.rules.pile_freeze(view.pile + (card,), True) is None):
            # Standard, the pile not frozen for them: a natural of the rank and a wild card take it onto
            # their meld, no pair needed.
            both = natural_and_wild(self.memory, nxt, RANK[card]) if self.memory is not None else 0.5
            p = max(p, both)
        if p > 0:
            worth = self.pile_worth(nxt, view.pile) + 60 + 3 * VALUE[card]
            gift = max(gift, p * max(worth, 20.0) + (1 - p) * 0)
        return gift

    def takes_onto_meld(self, card: int) -> bool:
        """Whether this discard lets the next opponent take the pile by laying it onto their side's meld
        of its rank (Standard's house rule take_onto_meld), the pile not being frozen for them."""
        melds = self.view.melds[self.next_side]
        freeze = self.rules.pile_freeze(tuple(self.view.pile) + (card,), bool(melds))
        return self.rules.top_onto_meld(freeze) and any(m.kind == RANK_MELD and m.key == RANK[card] for m in melds)

    # ----- a side's position ------------------------------------------------------------------------

    def red_threes_worth(self, side: int) -> float:
        reds = len(self.view.red_threes[side])
        if not reds:
            return 0.0
        amount = self.rules.all_red_threes if reds == 2 * self.rules.packs else self.rules.red_three * reds
        melds = self.view.melds[side]
        plus = self.rules.red_threes_count_for(bool(melds), [m.canasta(self.rules) for m in melds])
        return amount if plus else -amount * 0.5


# ----- a whole sampled world (Expert's playouts) --------------------------------------------------------


def open_run_ends(melds: Sequence[Meld], rules: RuleSet) -> set[int]:
    """The faces that would extend one of these melds' runs (those not yet full)."""
    ends: set[int] = set()
    for m in melds:
        if m.kind == RUN and m.size < rules.run_max:
            ranks = [RANK[x] for x in m.cards]
            ends.update(face_of(m.key, r) for r in (min(ranks) - 1, max(ranks) + 1) if 4 <= r <= ACE)
    return ends


def hand_worth(hand: list[int] | tuple[int, ...], melds: tuple[Meld, ...], t: float, rules: RuleSet) -> float:
    """Expected worth of one player's hand to its side at the end of the hand: what will be melded
    counts for, what stays counts against (black threes can be shed one a turn)."""
    ranks: dict[int, int] = {}
    faces: set[int] = set()
    for c in hand:
        if NATURAL[c]:
            ranks[RANK[c]] = ranks.get(RANK[c], 0) + 1
            faces.add(FACE[c])
    rank_melds = {m.key for m in melds if m.kind == RANK_MELD}
    run_ends = open_run_ends(melds, rules)
    wild_room = sum(rules.wild_meld_max - m.size for m in melds if m.kind == WILD_MELD)
    stuck = min(1.0, 2.5 / (t + 1.0))  # chance a loose card is still held when the hand ends
    threes = sum(1 for c in hand if BLACK_THREE[c])
    total = 0.0
    for c in hand:
        if BLACK_THREE[c]:
            # Shed one a turn at best, and each one shed costs a discard that could have been useful
            # (where a black three costs little in hand, shedding it blocks the next player instead).
            total -= rules.black_three_in_hand * min(1.0, threes / (t + 0.5)) + (35 if rules.runs else 0)
        elif WILD[c]:
            total += VALUE[c] * (1.0 if wild_room else 0.3) + (45 if wild_room else 25)
            wild_room = max(0, wild_room - 1)
        elif NATURAL[c]:
            n = ranks[RANK[c]]
            f = FACE[c]
            if f in run_ends:
                total += VALUE[c] + 60
            elif RANK[c] in rank_melds or n >= 3:
                total += VALUE[c] * 0.8 + 8 * min(n, 4)
            elif n == 2:
                total += 12 - VALUE[c] * stuck * 0.6
            elif rules.runs and (f + 1 in faces or f - 1 in faces) and 4 <= RANK[c] <= ACE:
                total += 10 - VALUE[c] * stuck * 0.5  # a run piece: half of a future run
            elif rules.runs and (f + 2 in faces or f - 2 in faces):
                total += 4 - VALUE[c] * stuck * 0.7
            else:
                total -= VALUE[c] * stuck
    return total


def world_side_values(state: GameState) -> list[float]:
    """Estimated end-of-hand score of every side of a full state (a sampled world); exact once the hand
    is over."""
    if state.phase in (Phase.DEAL, Phase.GAME_OVER) and state.results and state.results[-1]["hand"] == state.hand_no:
        return [float(s["total"]) for s in state.results[-1]["scores"]]
    out = []
    for side in range(state.sides):
        seats = state.seats_of(side)
        ev = Evaluator(view_of(state, seats[0]), None)
        melds = ev.view.melds[side]
        v = sum(ev.meld_worth(m) for m in melds) + ev.red_threes_worth(side)
        for seat in seats:
            v += hand_worth(state.hands[seat], melds, ev.t, state.rules)
        out.append(v)
    return out


BLACK_THREE_HELD = 1.5  # Expert's weight of a held black three beyond hand_worth's count, by its penalty


def black_threes_held(state: GameState, side: int, weight: float = BLACK_THREE_HELD) -> float:
    """What the black threes a side still holds cost beyond `hand_worth`'s count, which undercounts them:
    only one goes a turn, each one shed costs a discard, and a hand can end at any turn (at four players
    Expert held 1.2 a hand against the planner's none before this was counted). `weight` times each one's
    end-of-hand penalty: in Bolivia 150 a card at 1.5; in Standard Canasta, where one costs 5, nearly
    nothing."""
    return weight * sum(state.rules.card_penalty(c) for seat in state.seats_of(side)
                        for c in state.hands[seat] if BLACK_THREE[c])
