"""The computer players: Easy, Normal and Hard, each `choose(view, legal, rng) -> action`.

They share one turn planner and differ by a Style (what they count, keep and weigh); Expert searches
with it (game/ai/ismcts.py). Every action a level builds itself is checked against the rules from the
view before it is returned; a refused plan falls back to `legal`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import lru_cache

from game.ai.danger import OutThreat, out_threat
from game.ai.evaluate import DEFAULT, Evaluator, Weights
from game.ai.game_end import out_loses_game, out_wins_game
from game.ai.memory import CardMemory
from game.ai.partner import partner_answer
from game.ai.plan import (
    BOUND_OUT_STEPS,
    OutPlans,
    may_take_wild,
    naturals_by_rank,
    need_of,
    plan_go_out,
    run_extension,
    runs_in,
    why_illegal,
    wilds_of,
)
from game.ai.risk import BLOCK_PILE
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    TakePile,
    TakeTop,
)
from game.rules.cards import BLACK_THREE, FACE, NATURAL, RANK, VALUE, WILD
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, MeldShape, classify, extends_run, meld_points
from game.rules.refusals import qualifies, top_refusal
from game.rules.ruleset import RuleSet
from game.rules.state import Phase
from game.rules.view import PlayerView


@dataclass(frozen=True)
class FreezeTuning:
    """Standard Canasta's pile play, and what a level plays differently there (the arena is how these
    were chosen)."""

    freeze_pile: int = 8  # freeze a pile of this many cards with a wild card when the next side could take it
    block_pile: int = 3  # discard a black three on a pile of this many cards: the next player can't take it
    hand_floor: int = 5
    hand_floor_four: int | None = None  # at four players, where the partners' two hands share the melds
    pile_bonus: float = 60.0  # worth of each card of a pile taken, beyond what the evaluator counts
    hold_wilds: bool = False  # wild cards go into melds only to complete a canasta (else whenever they fit)


FREEZE = FreezeTuning()


@dataclass(frozen=True)
class Style:
    name: str
    memory: bool = True  # count cards (danger of discards, live ranks)
    keep_pairs: bool = True  # keep natural pairs in hand as keys to the pile
    plain_first_meld: bool = False  # first meld: the biggest the rules offer, not the cheapest
    wilds_for_bolivia: bool = True  # keep wild cards out of rank melds
    random_discard: float = 0.0  # chance of a careless discard
    watch_table: bool = True  # no discard the next opponent can plainly take (a level that counts no cards)
    ask_partner: bool = True
    judge_going_out: bool = True  # weigh going out against holding on
    judge_draw: bool = True  # value the pile against the stock
    hand_floor: int = 16  # new rank melds and plain adds only while this many cards stay in hand
    wild_meld_floor: int | None = None  # the hand floor instead where wild melds are played (Bolivia)
    complete_with_wilds: bool = False  # finish a rank canasta with wild cards
    endgame_turns: float = 4.0  # below this many turns left (or facing a side able to go out), meld down
    run_min: int = 3  # shortest new run laid
    wild_meld_min: int = 3  # fewest wild cards laid as a new wild meld
    take_margin: float = 0.0  # how much better than two stock cards a pile take must look
    danger_weight: float = 1.0
    out_margin: float = 350.0  # hold on instead of going out when our unfinished canastas lead by this
    first_meld_budget: float = 3.0  # how much flexibility (in first_meld weights) a first meld may cost
    out_search: int = 3000  # positions the exact going-out solver may work out to tell, and to list (plan.py)
    frozen_pile_danger: float = 1.0  # danger weight where the pile freezes (Standard: every pile is a prize)
    freeze: FreezeTuning = FREEZE  # where the pile freezes (Standard Canasta)
    held_black_three: float = 0.0  # a searching level's playouts: extra cost of a held black three (evaluate.py)
    game_aware: bool = False  # never go out (or ask to) when that ends the game lost (game_end.py)
    weights: Weights = field(default_factory=lambda: DEFAULT)


# Standard Canasta has no runs and no wild melds: run neighbours count for nothing, a black three
# costs 5 in hand and is the safest discard there is (it blocks the next player).
STANDARD_WEIGHTS = replace(DEFAULT, run_neighbour=0.0, run_gap=0.0, middle_rank=0.0, black_three=-30.0,
                           pile_black_three=-5.0, wild=120.0)


@lru_cache(maxsize=16)
def style_for(style: Style, rules: RuleSet) -> Style:
    """A level's style adapted to the game: Bolivia's as it is; where there are no runs (Standard
    Canasta), its weights and a lower hand floor (hands of 11 to 15 cards, not 15 growing to 40)."""
    if rules.runs:
        return _bolivia_family(style, rules)
    weights = STANDARD_WEIGHTS if style.memory else replace(STANDARD_WEIGHTS, black_three=-250.0)
    adapted = replace(style, weights=weights, hand_floor=min(style.hand_floor, style.freeze.hand_floor),
                      wilds_for_bolivia=False, complete_with_wilds=True, held_black_three=0.0)
    if not rules.pile_freezes:
        return adapted
    return replace(adapted, danger_weight=style.danger_weight * style.frozen_pile_danger,
                   wilds_for_bolivia=style.freeze.hold_wilds)


def _bolivia_family(style: Style, rules: RuleSet) -> Style:
    """Bolivia's style where the game (Samba) or the house changes what a wild card or a black three is
    for: with no wild melds nothing waits for the wild cards, so they go into rank melds and complete
    canastas; a black three that costs 5 in hand (Samba, or the house's 5) is a safe card to hold."""
    if not rules.wild_melds:
        style = replace(style, wilds_for_bolivia=False, complete_with_wilds=True)
    elif style.wild_meld_floor is not None:
        style = replace(style, hand_floor=style.wild_meld_floor)
    if rules.black_three_in_hand < 100:
        weights = replace(style.weights, black_three=STANDARD_WEIGHTS.black_three) if style.memory else style.weights
        style = replace(style, weights=weights, held_black_three=0.0)
    return style


# The planner's whole knowledge: it counts the cards, keeps pairs as keys to the pile, judges draws and
# going out. Expert's search plays it in its rollouts; the levels below it each give something up.
CLUB = Style("club")
# Easy plays by plain rules: no card counting, the biggest first meld, careless discards, and it takes
# the pile only when it is plainly better than two stock cards, blind to what a pile is worth in
# Standard Canasta.
EASY = Style("easy", memory=False, keep_pairs=False, plain_first_meld=True, wilds_for_bolivia=False,
             random_discard=0.2, watch_table=False, ask_partner=False, judge_going_out=False, hand_floor=2,
             complete_with_wilds=True, endgame_turns=0.0, take_margin=100.0,
             freeze=FreezeTuning(pile_bonus=0.0))
# Normal plans as the club player does but does not count cards, lays the biggest first meld it can,
# melds sooner (new melds while 10 cards stay in hand, not 16), and in Standard Canasta does not see what
# the pile's size is worth. Once it spent wild cards on first melds the naturals reached, which was most of
# the step to Hard in Bolivia; with that gone, the earlier melding is its handicap instead (seed 4242,
# 100 deals, Bolivia: Hard against a Normal that spares its wild cards -99 / -283 a deal at 2 / 4 players;
# Hard at 16 against Normal at 10: +462 / +399 at 3 / 4 players; Normal at 10 against Easy: +1200 at 4).
NORMAL = replace(CLUB, name="normal", memory=False, plain_first_meld=True, hand_floor=10,
                 freeze=FreezeTuning(pile_bonus=0.0))
# Hard is the planner melding a little sooner than Expert (new melds while 13 cards stay in hand, not 16:
# at 16 Expert's step over it at 2 players in Bolivia was +0 [-366, +367] on seed 7777, 100 deals, where
# it had been +1216 over the old Hard at 10; seed 4242: Hard at 13 against Normal +456 / +349 at 2 / 4
# players, Expert against it +346 [-239, +931], 60 deals), pricing each card of a Standard pile at 5
# where Expert prices it at 60. In
# Standard it once melded down to 2 cards and sat there unable to take a pile (1.07 turns a hand stuck at
# three cards or fewer, Normal 0.66); keeping 5 measured +14 a deal [-37, +65] against that (2 players,
# 150 deals, seed 4242).
# Seed 7777, 100 deals, after the partner's pile play and answers (every level from Normal answers as Hard
# does): Hard over Normal in Standard at four +80 [+4, +156]; in Samba -22 [-149, +104] at three players (as
# before), +58 [-132, +247] at four (was +26): no change tried on seed 4242 (hand floors 8 to 11, the plain
# first meld, Normal's answer, going out sooner, an earlier endgame) moved Samba's step past the noise.
HARD = replace(CLUB, name="hard", hand_floor=13, freeze=FreezeTuning(pile_bonus=5.0))
# What each step gives up was measured in the arena on seed 5150, one change at a time: in Bolivia the
# hand floor of 10 costs 219 / 595 / 770 a deal at 3 / 4 / 2 players (150 deals); in Standard at four
# players, a pile card priced at 5 rather than 20 costs 34 (300 deals), and at 0 rather than 60, 84.
# Expert starts from the planner with what was tuned for Standard Canasta: it weighs six times harder
# what a discard may give the next player, keeps its wild cards out of melds except to complete a
# canasta (which keeps them to freeze a big pile), and keeps eight cards in hand rather than five, ten
# at four players (pairs to take the pile with). Tuning seeds 101, 202 and 303 (150 deals). In Bolivia
# its playouts count a held black three 150 more than the evaluator does (only one can go a turn): at
# four players the searching level paid 0.67 black-three penalties a hand against 0.23 without it, 0.31
# against 0.24 with it (300 fresh deals).
# Expert builds on Hard's planner (Expert had kept the club's 16 cards of hand floor: over Hard at 2 players in
# Bolivia it was +0 [-366, +367] on seed 7777, 100 deals), and its playouts play every seat by that planner
# (PLAYOUT below). At Hard's 13 it measured -118 [-473, +237] there (seed 7777, 100 deals): in Bolivia it keeps
# 19 (the planner alone at 19 against 13, seed 4242, 300 deals: +180 [-5, +366] at 2 players, +37 at 3, -3
# at 4; in Samba -49, +50, -44, so Samba keeps 13). At 19, over Hard on seed 7777, 100 deals: +329 [-58, +716]
# at 2 players (it took 1.67 piles a hand to Hard's 1.99, and paid 0.17 black threes a hand to 0.03); 40 deals:
# +398 [+137, +659] at 3 players, +272 [-329, +872] at 4 (0.58 black threes a hand to Hard's 0.03), Samba at
# 2 players +121 [-234, +475].
# Those black threes, traced in arena games on seeds 31337 and 4711 (never tuned on): Expert sheds one every
# turn it holds one (not one other discard while holding a three, over 120 deals); every three it ends a hand
# with came in a pile it took, often all six of the game's at once, piled up by every seat's shedding. Its
# search picks a draw by the mean alone, and took such piles on a few worlds' mean; a search of 200 worlds
# played to the hand's end found most of them worth it (at 3 players every one, by +100 to +2,000: a late
# pile's melds outweigh five threes), but at 2 players 10 of 29 (seeds 31337 and 8642) were priced below the
# stock, by 37 to 297 (up to 3 standard errors), every one where an opponent's side could go out or was a
# meld short. A pile with more black threes than it can shed before the hand's
# likely end (Planner.black_threes_cost) must now win clearly, as a meld move must (ismcts.Search.run).
# Seed 24680, 300 deals, Expert over Hard before -> after: 2 players +484 [+257, +710] -> +457 [+229, +684],
# black threes a hand 0.20 -> 0.13 (Hard 0.08); 3 players +320 [+205, +436] -> +309 [+190, +427], 0.25 -> 0.22
# (Hard 0.03); seed 97531, 240 deals, 2 players: +766 [+503, +1028] -> +754 [+488, +1019], 0.16 -> 0.10 (Hard
# 0.06). partner-measure, 200 deals, Expert at every seat, per 100 seat-hands: 14.2 -> 9.0 at 2 players,
# 23.7 -> 21.5 at 3 (Normal 5.8 and 3.2, Hard 7.0 and 2.7). What is left at 3 players is the piles worth their
# threes.
EXPERT = replace(HARD, name="expert", wild_meld_floor=19, frozen_pile_danger=6.0, held_black_three=1.5,
                 freeze=FreezeTuning(hold_wilds=True, hand_floor=8, hand_floor_four=10), game_aware=True)
# What Expert's search plays the sampled worlds with, every seat (game/ai/ismcts.py): the planner with Hard's
# hand floor (Standard: its own floor of 5) and a smaller going-out budget, which keeps a playout cheap.
PLAYOUT = replace(CLUB, name="playout", hand_floor=HARD.hand_floor, out_search=250)
# Expert as it was before it looked at the game's score: the measure of what looking at it is worth.
EXPERT_HAND_ONLY = replace(EXPERT, name="expert-hand", game_aware=False)


# Options one decision weighs at most, first melds or pile takes: the move list of a long unmelded hand
# holds thousands of each (game/rules/legal.py); past this many, an even sample of them.
OPTIONS_WEIGHED = 2000


def weighed(options: list) -> list:
    """The options weighed: all of them, or every k-th of a longer list (its order kept), as few as fit."""
    if len(options) <= OPTIONS_WEIGHED:
        return list(options)
    return options[::-(-len(options) // OPTIONS_WEIGHED)]


# ----- entry points ------------------------------------------------------------------------------------


def choose_easy(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return choose_with(EASY, view, legal, rng)


def choose_normal(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return choose_with(NORMAL, view, legal, rng)


def choose_hard(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return choose_with(HARD, view, legal, rng)


# Plans the rules refused, replaced by a safe legal move: a bug to fix, which the arena reports among
# the illegal actions attempted.
REFUSED = {"plans": 0}


def choose_with(style: Style, view: PlayerView, legal: list[Action], rng: random.Random,
                count: bool = True, out_plans: OutPlans | None = None) -> Action:
    """`count`: a top-level decision (not a step of Hard's playouts), whose refused plans are counted.
    `out_plans`: the going-out plans of the decision this is part of (a fresh decision by default)."""
    planner = Planner(style, view, rng, out_plans)
    action = planner.decide(legal)
    if planner.checked:
        return action  # a step of a going-out plan, already checked move by move
    # The view-level check first: `legal` may be computed lazily (Hard's playouts) and is long.
    if why_illegal(view, action) is None or action in legal:
        return action
    if count:
        REFUSED["plans"] += 1
    return fallback(view, legal)


def fallback(view: PlayerView, legal: list[Action]) -> Action:
    """A safe legal move when a plan was refused (should not happen; the arena counts it)."""
    for kind in (DrawStock, Discard, Answer):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


def plainly_taken(view: PlayerView, card: int, runs_only: bool = False) -> bool:
    """Whether the next opponent's side can take this discard as the table shows it, counting nothing: it
    goes onto one of their runs, or (Standard) the pile is not frozen for them and they have a meld of
    its rank, which a natural and a wild card of theirs take it onto."""
    if not NATURAL[card]:
        return False
    nxt = view.next_seat()
    side = view.side_of(nxt)
    if side == view.side or view.hand_counts[nxt] == 0:
        return False
    rules = view.rules
    for m in view.melds[side]:
        if m.kind == RUN and extends_run(m, card, rules):
            return True
    return not runs_only and (rules.pile_freezes and view.hand_counts[nxt] >= 2 and len(view.pile) + 1 >= BLOCK_PILE
            and any(m.kind == RANK_MELD and m.key == RANK[card] for m in view.melds[side])
            and rules.pile_freeze(view.pile + (card,), True) is None)


def wilds_spent(a: LayMelds) -> tuple[int, int]:
    """Wild cards a first meld puts into rank melds (a meld of wild cards alone is a goal, not a cost):
    how many, and their points (a joker costs more than a two)."""
    spent = [c for m in a.melds if not all(WILD[x] for x in m) for c in m if WILD[c]]
    return len(spent), sum(VALUE[c] for c in spent)


def spare_wilds(firsts: list[LayMelds]) -> list[LayMelds]:
    """The first melds that spend the fewest and cheapest wild cards: a wild card is never spent on a
    first meld the naturals reach, nor a joker where a two does."""
    if not firsts:
        return firsts
    least = min(wilds_spent(a) for a in firsts)
    return [a for a in firsts if wilds_spent(a) == least]


# ----- the planner ------------------------------------------------------------------------------------


class Planner:
    """One decision: builds the evaluator and card memory once, then picks the move."""

    def __init__(self, style: Style, view: PlayerView, rng: random.Random,
                 out_plans: OutPlans | None = None) -> None:
        self.style = style_for(style, view.rules)
        four = style.freeze.hand_floor_four
        if four is not None and view.players == 4 and view.rules.pile_freezes:
            self.style = replace(self.style, hand_floor=four)
        self.view = view
        self.rng = rng
        self.out_plans = out_plans if out_plans is not None else OutPlans()
        self.rules = view.rules
        self.memory = CardMemory(view) if style.memory else None
        self.ev = Evaluator(view, self.memory, style.weights)
        self.checked = False  # the move comes from a plan whose every step was checked legal
        self._hand_keep: dict[int, float] | None = None
        self._shapes: dict[tuple[int, ...], MeldShape] = {}
        self._threat: OutThreat | None | bool = False  # out_threat(view), worked out once

    def hand_keep(self) -> dict[int, float]:
        """The keep value of each card of the hand, worked out once: a big hand weighs thousands of pile takes."""
        if self._hand_keep is None:
            self._hand_keep = self.ev.keep_values(self.view.hand)
        return self._hand_keep

    def shape(self, meld: tuple[int, ...]) -> MeldShape:
        """classify(meld), once per meld of this decision."""
        got = self._shapes.get(meld)
        if got is None:
            got = self._shapes[meld] = classify(meld, self.rules)
        return got

    def decide(self, legal: list[Action]) -> Action:
        view = self.view
        if view.phase not in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            return legal[0]  # dealing the next hand: nothing to decide
        if view.phase == Phase.ANSWER:
            return Answer(self.answer())
        if view.phase == Phase.DRAW:
            return self.draw(legal)
        return self.meld(legal)

    # ----- drawing ---------------------------------------------------------------------------------

    def draw(self, legal: list[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, (TakePile, TakeTop))]
        if not takes:
            return DrawStock()
        if not self.style.judge_draw:
            piles = [a for a in takes if isinstance(a, TakePile)]
            if piles:
                return max(piles, key=lambda a: len(a.cards) + sum(len(m) for m in a.melds))
            return takes[0]
        return self.draw_options(takes)[0][0]

    def draw_options(self, takes: list[Action]) -> list[tuple[Action, float]]:
        """Every way to draw worth comparing, best first, with its estimated value."""
        drawn = self.rules.draws(self.view.players)
        options: list[tuple[Action, float]] = [(DrawStock(), drawn * self.ev.w.stock_card + self.style.take_margin)]
        options += [(a, self.take_value(a)) for a in weighed(self.pile_options(takes))]
        options.sort(key=lambda av: -av[1])
        return options

    def pile_options(self, takes: list[Action]) -> list[Action]:
        """Pile takes worth comparing: the legal ones, plus (once melded) the take with every natural of the
        rank from hand, which the step-by-step legal list does not offer."""
        view = self.view
        out = list(takes)
        if view.melds[view.side] and top_refusal(view.pile) is None:
            top = view.pile[-1]
            nat = naturals_by_rank(view.hand).get(RANK[top], [])
            if len(nat) > 2:
                a = TakePile(tuple(nat))
                if why_illegal(view, a) is None:
                    out.append(a)
        return out

    def take_value(self, a: Action) -> float:
        view, ev = self.view, self.ev
        top = view.pile[-1]
        melds = view.melds[view.side]
        if isinstance(a, TakeTop):
            m = next(m for m in melds if m.id == a.meld)
            return ev.meld_gain(m, m.kind, m.key, m.cards + (top,))
        assert isinstance(a, TakePile)
        keep = self.hand_keep()
        used = list(a.cards) + [c for m in a.melds for c in m]
        onto = next((m for m in melds if m.kind == RANK_MELD and m.key == RANK[top]), None) \
            if self.rules.one_meld_per_rank else None
        value = ev.meld_gain(onto, RANK_MELD, RANK[top], (onto.cards if onto else ()) + tuple(a.cards) + (top,))
        for m in a.melds:
            shape = self.shape(m)
            value += ev.meld_gain(None, shape.kind, shape.key, m)
        value -= sum(max(0.0, keep[c]) for c in used) * 0.5
        gone = set(used)
        hand_after = [c for c in view.hand if c not in gone]
        value += ev.pile_fit_worth(view.pile[:-1], hand_after)
        value -= self.black_threes_cost(view.pile, hand_after)
        if not melds:
            value += ev.w.first_meld
        # Several melds of this rank can be combined later: more cards toward one canasta.
        for m in melds:
            if m.kind == RANK_MELD and m.key == RANK[top] and m.size < self.rules.canasta_size:
                value += 40
        if self.rules.pile_freezes:
            # Standard: every card of the pile is a card the others lose.
            value += self.style.freeze.pile_bonus * len(view.pile)
        return value

    def loads_black_threes(self, a: Action) -> bool:
        """Whether a pile take brings in more black threes than the seat can shed, one a turn, before the
        hand's likely end (black_threes_cost counts them)."""
        if not isinstance(a, TakePile):
            return False
        gone = set(a.cards) | {c for m in a.melds for c in m}
        return self.black_threes_cost(self.view.pile, [c for c in self.view.hand if c not in gone]) > 0

    def black_threes_cost(self, pile: tuple[int, ...], hand_after: list[int]) -> float:
        """What a pile's black threes will cost when the hand ends: one goes a turn at best, and the hand
        may end first (sooner when an opponent is about to go out). Where a black three costs 5 in hand it
        is the evaluator's small weight alone."""
        cost = self.rules.black_three_in_hand
        taken = sum(1 for c in pile if BLACK_THREE[c])
        if not taken or cost <= 5:
            return 0.0
        held = taken + sum(1 for c in hand_after if BLACK_THREE[c])
        turns = self.ev.t if self.threat() is None else min(self.ev.t, 1.0)
        return cost * max(0.0, held - max(0.0, turns - 1.0))

    # ----- melding ---------------------------------------------------------------------------------

    def meld(self, legal: list[Action]) -> Action:
        view = self.view
        if view.permission is True:
            # Bound to go out: the full search, since the engine's list of moves under a "yes" is slow
            # to build (every move is checked by a going-out search of its own).
            seq = plan_go_out(view, max(self.style.out_search, BOUND_OUT_STEPS), self.out_plans)
            if seq:
                self.checked = True
                return seq[0]
            return next((a for a in legal if not isinstance(a, AskPartner)), legal[0])
        if view.melds[view.side]:
            out = self.going_out()
            if out is not None:
                return out
            step = self.next_step()
            if step is not None:
                return step
        else:
            first = self.first_meld(legal)
            if first is not None:
                return first
        return self.discard()

    def going_out(self) -> Action | None:
        view = self.view
        if view.permission is False or len(view.hand) > 14:
            return None
        seq = plan_go_out(view, self.style.out_search, self.out_plans)
        if not seq:
            return None
        if self.style.game_aware and out_loses_game(view, seq) is not None:
            return None  # going out would end the game behind: play on while the stock lasts
        # Going out that wins the game is taken whatever the unfinished canastas promise (game_end.py).
        wins = self.style.game_aware and out_wins_game(view, seq)
        if self.style.judge_going_out and not wins and not self.want_out(seq):
            return None
        if view.permission is None and self.rules.out_needs_yes:
            # The house wants a yes before anyone goes out: every level asks.
            return AskPartner() if not view.asked and len(view.hand) >= 2 else None
        if (self.style.ask_partner and view.players == 4 and not view.asked and view.permission is None
                and len(view.hand) >= 2 and view.hand_counts[(view.seat + 2) % 4] > 2):
            return AskPartner()
        self.checked = True
        return seq[0]

    def want_out(self, seq: list[Action]) -> bool:
        """Go out unless holding on is worth clearly more: the opponents cannot end the hand, the stock
        has turns left, and our side's unfinished canastas outweigh theirs."""
        view, ev = self.view, self.ev
        if ev.t < 2.5:
            return True
        for side in range(view.sides):
            if side != view.side and qualifies(view.melds[side], self.rules):
                return True
        ours = sum(ev.meld_worth(m) - m.points() for m in view.melds[view.side]
                   if m.canasta(self.rules) is None)
        theirs = max((sum(ev.meld_worth(m) - m.points() for m in view.melds[s] if m.canasta(self.rules) is None)
                      for s in range(view.sides) if s != view.side), default=0.0)
        return ours - theirs < self.style.out_margin

    def answer(self) -> bool:
        """Partner asks "May I go out?": the club's answer (game/ai/partner.py) from Normal up, weighing the
        hand held against the time left and the table (a Normal that said yes holding 150 points or more,
        nobody else able to go out, handed them to the opponents: tests/partner_blunders.json)."""
        if not self.style.judge_going_out:
            return True
        return partner_answer(self.view, self.style.game_aware)

    def next_step(self) -> Action | None:
        """The next improving meld of the turn, or None when it is time to discard."""
        view, rules, style = self.view, self.rules, self.style
        hand = list(view.hand)
        melds = list(view.melds[view.side])
        room = len(hand) - 2  # cards that may leave the hand before the discard (keep-two rule)
        if room <= 0:
            return None
        # Runs first: escaleras are the heart of the game.
        for m in melds:
            if m.kind == RUN and m.size < rules.run_max:
                ext = run_extension(m, hand, rules)[:room]
                if ext:
                    return AddToMeld(m.id, tuple(ext))
        wild_melds = [m for m in melds if m.kind == WILD_MELD and m.size < rules.wild_meld_max]
        wilds = wilds_of(hand)
        if wild_melds and wilds:
            m = max(wild_melds, key=lambda m: m.size)
            cards = wilds[:min(room, rules.wild_meld_max - m.size)]
            if cards:
                return AddToMeld(m.id, tuple(cards))
        for run in runs_in(hand, rules.run_max) if rules.runs else ():
            if style.run_min <= len(run) <= room:
                return LayMelds((run,))
        if rules.wild_melds and len(wilds) >= style.wild_meld_min and not wild_melds and len(wilds) <= room:
            return LayMelds((tuple(wilds[:rules.wild_meld_max]),))
        by_rank = naturals_by_rank(hand)
        keep_keys = style.keep_pairs and len(view.pile) >= 2 and self.ev.t >= 3
        floor_room = len(hand) - (2 if self.endgame() else max(2, style.hand_floor))
        for m in melds:
            if m.kind != RANK_MELD:
                continue
            nat = by_rank.get(m.key, [])
            if not nat:
                continue
            completes = m.size < rules.canasta_size <= m.size + len(nat)
            if keep_keys and len(nat) == 2 and not completes:
                continue
            cards = nat[:room if completes else floor_room]
            if cards:
                return AddToMeld(m.id, tuple(cards))
        melded_ranks = {m.key for m in melds if m.kind == RANK_MELD} if rules.one_meld_per_rank else set()
        for r, nat in sorted(by_rank.items(), key=lambda kv: -len(kv[1])):
            # A canasta held whole is laid whatever the floor: its bonus counts only on the table.
            whole = rules.canasta_size <= len(nat) <= room
            if r not in melded_ranks and len(nat) >= 3 and (len(nat) <= floor_room or whole):
                return LayMelds((tuple(nat),))
        # Melds of one rank: put together when the result is valid (closer to a canasta).
        ranked = [m for m in melds if m.kind == RANK_MELD]
        for a in ranked:
            for b in ranked:
                if a.id != b.id and a.key == b.key and why_illegal(view, Combine(a.id, b.id)) is None:
                    return Combine(a.id, b.id)
        step = self.wild_step(room)
        if step is not None:
            return step
        return None

    def endgame(self) -> bool:
        """Close to the end of the hand: cards held will soon count against the side."""
        view = self.view
        if self.ev.t < self.style.endgame_turns:
            return True
        if self.style.endgame_turns <= 0:
            return False
        # An opponent with a card or two whose side can go out (or is one meld short) may end the
        # hand at its next turn: the cards kept back as keys to the pile would count against us.
        return any(qualifies(view.melds[s], self.rules) for s in range(view.sides) if s != view.side) \
            or self.threat() is not None

    def threat(self) -> OutThreat | None:
        if self._threat is False:
            self._threat = out_threat(self.view)
        return self._threat  # type: ignore[return-value]

    def wild_step(self, room: int) -> Action | None:
        """Wild cards into a rank meld: Easy whenever it can; Normal only to complete a canasta."""
        view, rules = self.view, self.rules
        wilds = wilds_of(view.hand)
        if wilds and self.freezes_next_pile():
            # One wild card stays for the discard that freezes the pile (pile_play_discard): melded first,
            # it left a 10-card pile open to the next side's pair (tests/test_ai_blunders_partner.py).
            spare = min(wilds, key=lambda c: (VALUE[c], c))
            wilds = [c for c in wilds if c != spare]
        if not wilds or room <= 0:
            return None
        melds = [m for m in view.melds[view.side] if m.kind == RANK_MELD]
        for m in sorted(melds, key=lambda m: -m.size):
            can = min(may_take_wild(m, rules), len(wilds), room)
            if can <= 0:
                continue
            if not self.style.wilds_for_bolivia:
                return AddToMeld(m.id, tuple(wilds[:can]))
            if self.style.complete_with_wilds and m.size < rules.canasta_size <= m.size + can:
                need = rules.canasta_size - m.size
                return AddToMeld(m.id, tuple(wilds[:need]))
        return None

    def first_meld(self, legal: list[Action]) -> Action | None:
        """The side's first meld: Normal lays the cheapest that reaches the minimum; Easy the biggest."""
        view, rules = self.view, self.rules
        need = need_of(view)
        hand = list(view.hand)
        firsts = spare_wilds([a for a in legal if isinstance(a, LayMelds)])
        if self.style.plain_first_meld:
            if firsts:
                return max(firsts, key=lambda a: sum(len(m) for m in a.melds))
            return None
        # Runs and a wild meld are laid as soon as the side has melded anyway: they cost nothing here.
        anyway: list[tuple[int, ...]] = list(runs_in(hand, rules.run_max)) if rules.runs else []
        wilds = wilds_of(hand)
        if rules.wild_melds and len(wilds) >= self.style.wild_meld_min:
            anyway.append(tuple(wilds[:rules.wild_meld_max]))
        options = weighed(firsts)
        if anyway and sum(meld_points(m) for m in anyway) >= need:
            options = spare_wilds(options + [LayMelds(tuple(anyway))])
        if not options:
            return None
        # Counted like the going-out solver's positions: a big unmelded hand has thousands of first melds,
        # and a search that did not count them ran past a second (playout.NODES_PER_MOVE).
        self.out_plans.work += len(options)
        keep = self.hand_keep()
        # A big hand has thousands of first melds built of the same few melds: each meld is priced once.
        priced: dict[tuple[int, ...], float] = {}

        def meld_cost(m: tuple[int, ...]) -> float:
            # A natural laid still grows toward a canasta; a wild card in a rank meld is lost to bolivias.
            c = priced.get(m)
            if c is None:
                if all(WILD[x] for x in m) or classify(m, rules).kind == RUN:
                    c = 0.0
                else:
                    c = sum(max(0.0, keep[x]) * (1.0 if WILD[x] else 0.4) for x in m)
                priced[m] = c
            return c

        def cost(a: LayMelds) -> float:
            return sum(meld_cost(m) for m in a.melds)

        points: dict[tuple[int, ...], int] = {}

        def meld_value(m: tuple[int, ...]) -> int:
            p = points.get(m)
            if p is None:
                p = points[m] = meld_points(m)
            return p

        # The cheapest in what it gives up, then the smallest that reaches the minimum.
        best = min(options, key=lambda a: (cost(a), sum(meld_value(m) for m in a.melds),
                                           sum(len(m) for m in a.melds)))
        if cost(best) <= self.style.first_meld_budget * self.ev.w.first_meld + 20 * max(0, 6 - self.ev.t):
            if why_illegal(view, best) is None:
                return best
        return None

    # ----- discarding ------------------------------------------------------------------------------

    def discard(self) -> Action:
        view = self.view
        hand = view.hand
        keep = self.hand_keep()
        if self.style.random_discard and self.rng.random() < self.style.random_discard:
            plain = sorted(c for c in hand if not WILD[c])
            if plain:
                return Discard(self.rng.choice(plain))
        if not self.style.memory:
            # Plain rules: the highest loose card (no pair, no run neighbour); black threes first.
            threes = sorted(c for c in hand if BLACK_THREE[c])
            if threes:
                return Discard(threes[0])
            if self.style.watch_table and self.rules.pile_freezes and len(hand) > 1:
                pile_play = self.pile_play_discard()  # a big pile frozen, not fed
                if pile_play is not None:
                    return pile_play
            loose = [c for c in hand if NATURAL[c] and keep[c] < self.ev.w.pair * 0.5]
            big = self.rules.pile_freezes and len(view.pile) + 1 >= self.style.freeze.freeze_pile
            if self.style.watch_table:
                # Not a loose card the next opponent can plainly take, as the table shows it (no
                # counting): onto its side's run, or onto its meld of a big unfrozen pile.
                safe = [c for c in loose if not plainly_taken(view, c)]
                if loose and not safe and (big or all(plainly_taken(view, c, runs_only=True) for c in loose)):
                    # Every loose card goes onto their runs (or, Standard, takes a big pile onto their
                    # meld): a natural kept otherwise goes instead.
                    kept = [c for c in hand if NATURAL[c] and not plainly_taken(view, c)]
                    if kept:
                        return Discard(min(sorted(kept), key=lambda c: keep[c]))
                loose = safe or loose
            if loose:
                return Discard(max(sorted(loose), key=lambda c: (VALUE[c], -keep[c])))
            if self.style.watch_table:
                hand = tuple(c for c in hand if not plainly_taken(view, c, runs_only=not big)) or hand
            return Discard(min(sorted(hand), key=lambda c: keep[c]))
        if len(hand) == 1:
            return Discard(hand[0])
        if self.rules.pile_freezes:
            pile_play = self.pile_play_discard()
            if pile_play is not None:
                return pile_play
        ranking = self.discard_ranking()
        if self.rules.pile_freezes and len(view.pile) + 1 >= self.style.freeze.freeze_pile:
            # A big pile the next side may take with this card onto its meld: counted odds of its holding
            # what the take needs are not worth the pile while a card they plainly cannot take is there
            # (at four players, a partner's 9 or 17 cards were handed to the next opponent).
            safe = [c for c in ranking if not plainly_taken(view, c)]
            if safe and safe[0] != ranking[0]:
                return Discard(safe[0])
        return Discard(ranking[0])

    def freezes_next_pile(self) -> bool:
        """Standard: this turn's discard should freeze the pile with a wild card (pile_play_discard): a big
        pile without one, open to the next side, which has melded."""
        view = self.view
        nxt = view.side_of(view.next_seat())
        return (self.style.watch_table and self.rules.pile_freezes and len(view.pile) >= self.style.freeze.freeze_pile
                and len(view.hand) > 2 and self.rules.pile_freeze(view.pile, bool(view.melds[nxt])) is None)

    def pile_play_discard(self) -> Action | None:
        """Standard Canasta: a black three on a pile worth blocking; a wild card to freeze a big pile the
        next side could take (it has melded and the pile holds no wild card yet)."""
        view, rules = self.view, self.rules
        hand = view.hand
        threes = sorted(c for c in hand if BLACK_THREE[c])
        if threes and len(view.pile) >= self.style.freeze.block_pile:
            return Discard(threes[0])
        nxt = view.side_of(view.next_seat())
        wilds = sorted((c for c in hand if WILD[c]), key=lambda c: (VALUE[c], c))
        if (wilds and len(view.pile) >= self.style.freeze.freeze_pile and len(hand) > 2
                and rules.pile_freeze(view.pile, bool(view.melds[nxt])) is None):
            return Discard(wilds[0])
        return None

    def discard_ranking(self) -> list[int]:
        """One card per face, the best discard first (least worth keeping plus least dangerous)."""
        hand = self.view.hand
        keep = self.hand_keep()
        firsts: dict[int, int] = {}
        for c in sorted(hand):
            firsts.setdefault(FACE[c], c)
        score = {c: keep[c] + self.style.danger_weight * self.ev.danger(c) for c in firsts.values()}
        if self.threat() is not None:
            # The hand may end at the next turn: what a card would cost left in hand counts too.
            for c in score:
                score[c] -= self.rules.card_penalty(c)
        return sorted(score, key=lambda c: (score[c], c))

