"""One judgement per kind of move: draw, take the pile, take the top card, a meld move, discard, ask
and answer. Each works on a position, the whole game (GameState) or one seat's view of it (PlayerView):
both hold what a judgement reads (`Position`). The engine applies what a judgement allows
(GameState.apply), the move generator offers it (game/rules/legal.py) and the computer players check
the moves they build with it (`judge`), so each rule is written once, here and in
game/rules/refusals.py, game/rules/meld_move.py.

A judgement returns a Refusal, or what the move does: its plan, or None when there is nothing to work
out. No sentence is built unless a refusal is read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.i18n import _
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
    meld_move_of,
)
from game.rules.cards import NATURAL, RANK, RED_THREE, label
from game.rules.errors import IllegalAction
from game.rules.going_out import can_go_out
from game.rules.meld_move import MeldPlan, meld_plan
from game.rules.melds import (
    BLACK_THREES,
    RANK_MELD,
    RUN,
    Meld,
    MeldShape,
    classify,
    extends_run,
    meld_points,
    order_cards,
)
from game.rules.names import rank_plural
from game.rules.phase import Phase
from game.rules.refusals import (
    NOT_YOUR_MELD,
    Refusal,
    black_threes_refusal,
    cards_left_refusal,
    discard_refusal,
    find_meld,
    first_meld_refusal,
    hand_refusal,
    meld_of_rank,
    one_meld_per_rank_refusal,
    top_refusal,
)
from game.rules.ruleset import FROZEN_BEFORE_MELD, FROZEN_BY_WILD, RuleSet
from game.rules.work import Work


class Position(Protocol):
    """What a judgement reads of a position: GameState and PlayerView both hold it. The mover is
    `turn` (the partner to answer is `to_act`); a view holds only its own seat's hand."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def permission(self) -> bool | None: ...
    @property
    def asked(self) -> bool: ...
    @property
    def pile(self) -> Sequence[int]: ...
    @property
    def melds(self) -> Sequence[Sequence[Meld]]: ...

    def side_of(self, seat: int) -> int: ...
    def hand_of(self, seat: int) -> Sequence[int]: ...
    def meld_minimum(self, side: int) -> int: ...


# ----- the phase --------------------------------------------------------------------------------------

_WRONG_PHASE = {
    Phase.DEAL: Refusal(lambda: _("The hand has not been dealt yet.")),
    Phase.MELD: Refusal(lambda: _("You have drawn already: meld, or discard to end your turn.")),
    Phase.ANSWER: Refusal(lambda: _("Waiting for your partner's answer.")),
    Phase.GAME_OVER: Refusal(lambda: _("The game is over.")),
}


def phase_refusal(pos: Position, phase: Phase) -> Refusal | None:
    """A move made in the phase it belongs to; out of it, what the game waits for."""
    now = pos.phase
    if now == phase:
        return None
    if now == Phase.DRAW:
        rules, players = pos.rules, pos.players
        return Refusal(lambda: rules.draw_first(players))
    return _WRONG_PHASE[now]


# ----- drawing ----------------------------------------------------------------------------------------

NEVER_TOP_ALONE = Refusal(lambda: _("At this table the top card is never taken alone: draw from the stock or take "
                                    "the pile."))
NEVER_ONTO_ALONE = Refusal(lambda: _("At this table the top card never goes onto a meld alone: to take the pile "
                                     "you need two cards from your hand that meld with it."))
ONTO_WITHOUT_CARDS = Refusal(lambda: _("The top card goes onto your meld alone: take the pile that way with no "
                                       "cards from your hand, or with two that meld with it."))


def draw(pos: Position) -> Refusal | None:
    return phase_refusal(pos, Phase.DRAW)


@dataclass(frozen=True, slots=True)
class TopTake:
    """The top card taken onto a run: the run as it was, and the side's melds after."""

    top: int
    meld: Meld
    melds_after: list[Meld]


def take_top(pos: Position, action: TakeTop) -> TopTake | Refusal:
    why = phase_refusal(pos, Phase.DRAW)
    if why:
        return why
    rules = pos.rules
    if not rules.take_top:
        return NEVER_TOP_ALONE
    why = top_refusal(pos.pile)
    if why:
        return why
    top = pos.pile[-1]
    seat = pos.turn
    side_melds = pos.melds[pos.side_of(seat)]
    meld = find_meld(side_melds, action.meld)
    if meld is None:
        return NOT_YOUR_MELD
    if not extends_run(meld, top, rules):
        return Refusal(lambda: _("The top card, {card}, doesn't extend that run.").format(card=label(top)))
    grown = Meld(meld.id, meld.kind, meld.key, order_cards(RUN, meld.cards + (top,)))
    melds_after = [grown if m.id == meld.id else m for m in side_melds]
    hand = pos.hand_of(seat)
    why = cards_left_refusal(hand, melds_after, rules, pos.permission)
    return why or TopTake(top, meld, melds_after)


@dataclass(frozen=True, slots=True)
class PileTake:
    """The pile taken: the meld its top card makes or grows (`onto`, the side's meld it grows, or None:
    a new meld, id 0), the shapes of the further melds laid from hand, the side's melds and the hand after."""

    top: int
    onto: Meld | None
    pile_meld: Meld
    shapes: list[MeldShape]
    melds_after: list[Meld]
    hand_after: list[int]


def take_pile(pos: Position, action: TakePile) -> PileTake | Refusal:
    why = phase_refusal(pos, Phase.DRAW) or top_refusal(pos.pile)
    if why:
        return why
    rules = pos.rules
    pile = pos.pile
    top = pile[-1]
    seat = pos.turn
    side = pos.side_of(seat)
    side_melds = pos.melds[side]
    hand = pos.hand_of(seat)
    extra = [c for m in action.melds for c in m]
    why = hand_refusal(hand, tuple(action.cards) + tuple(extra))
    if why:
        return why
    onto: Meld | None
    if action.onto is not None:
        onto_or_why = _onto_meld(pos, side_melds, top, action)
        if isinstance(onto_or_why, Refusal):
            return onto_or_why
        onto = onto_or_why
    else:
        why = _pile_cards_refusal(rules, pile, bool(side_melds), top, action.cards)
        if why:
            return why
        # Standard Canasta: the cards go onto the side's meld of that rank if it has one.
        onto = meld_of_rank(side_melds, RANK[top]) if rules.one_meld_per_rank else None
    meld_cards = tuple(action.cards) + (top,)
    try:
        shape = classify(meld_cards + (onto.cards if onto else ()), rules)
        if shape.kind != RANK_MELD:
            rank = RANK[top]
            return Refusal(lambda: _("The cards taken with the pile must make a meld of {ranks}.").format(
                ranks=rank_plural(rank)))
        shapes = [classify(m, rules) for m in action.melds]
    except IllegalAction as shape_why:
        return Refusal.said(str(shape_why))
    why = first_meld_refusal(pos.meld_minimum(side),
                             meld_points(meld_cards) + sum(meld_points(m) for m in action.melds))
    if why:
        return why
    used = set(action.cards) | set(extra)
    hand_after = [c for c in hand if c not in used] + [c for c in pile[:-1] if not RED_THREE[c]]
    if onto:
        pile_meld = Meld(onto.id, RANK_MELD, onto.key, order_cards(RANK_MELD, onto.cards + meld_cards))
    else:
        pile_meld = Meld(0, RANK_MELD, RANK[top], order_cards(RANK_MELD, meld_cards))
    melds_after = [m for m in side_melds if m is not onto] + [pile_meld] + [
        Meld(0, s.kind, s.key, tuple(m)) for s, m in zip(shapes, action.melds, strict=True)]
    if rules.one_meld_per_rank:
        why = one_meld_per_rank_refusal(melds_after)
        if why:
            return why
    if any(s.kind == BLACK_THREES for s in shapes):
        why = black_threes_refusal(len(hand_after), melds_after, rules, pos.permission)
        if why:
            return why
    why = cards_left_refusal(hand_after, melds_after, rules, pos.permission)
    return why or PileTake(top, onto, pile_meld, shapes, melds_after, hand_after)


def _pile_cards_refusal(rules: RuleSet, pile: Sequence[int], melded: bool, top: int,
                        cards: tuple[int, ...]) -> Refusal | None:
    """The two cards (at least) from hand that take the pile: a natural pair, or, where the pile
    is not frozen for the side (Standard Canasta), a natural of the top card's rank and a wild card."""
    rank = RANK[top]
    naturals = sum(1 for c in cards if NATURAL[c] and RANK[c] == rank)
    freeze = rules.pile_freeze(pile, melded)
    if rules.pair_must_be_natural(freeze):
        if naturals >= 2:
            return None
        if freeze == FROZEN_BY_WILD:
            return Refusal(lambda: _("The pile is frozen (a wild card lies in it): to take it you need a pair of "
                                     "natural {ranks} from your hand.").format(ranks=rank_plural(rank)))
        if freeze == FROZEN_BEFORE_MELD:
            return Refusal(lambda: _("The pile is frozen until your side has melded: to take it you need a pair "
                                     "of natural {ranks} from your hand.").format(ranks=rank_plural(rank)))
        return Refusal(lambda: _("To take the pile you need a pair of natural {ranks} from your hand.").format(
            ranks=rank_plural(rank)))
    if naturals < 1 or len(cards) < 2:
        return Refusal(lambda: _("To take the pile you need two cards from your hand that meld with the top card: "
                                 "two natural {ranks}, or a natural one and a wild card.").format(
            ranks=rank_plural(rank)))
    return None


def _onto_meld(pos: Position, side_melds: Sequence[Meld], top: int, action: TakePile) -> Meld | Refusal:
    """The side's meld the top card alone goes onto, taking the pile (Standard's house rule): only
    at a table that plays it, with no cards from hand, onto the side's meld of the top card's rank,
    while the pile is not frozen for the side (a side that has not melded has no meld for it)."""
    rules = pos.rules
    if not rules.take_onto_meld:
        return NEVER_ONTO_ALONE
    if action.cards:
        return ONTO_WITHOUT_CARDS
    rank = RANK[top]
    own = meld_of_rank(side_melds, rank)
    if own is None:
        return Refusal(lambda: _("Your side has no meld of {ranks} for the top card to go onto.").format(
            ranks=rank_plural(rank)))
    meld = find_meld(side_melds, action.onto) if action.onto is not None else None
    if meld is None:
        return NOT_YOUR_MELD
    if meld.id != own.id:
        return Refusal(lambda: _("The top card, {card}, goes only onto your meld of {ranks}.").format(
            card=label(top), ranks=rank_plural(rank)))
    freeze = rules.pile_freeze(pos.pile, bool(side_melds))
    if not rules.top_onto_meld(freeze):
        if freeze == FROZEN_BY_WILD:
            return Refusal(lambda: _("The pile is frozen (a wild card lies in it): its top card can't go onto your "
                                     "meld; to take it you need a pair of natural {ranks} from your hand.").format(
                ranks=rank_plural(rank)))
        return Refusal(lambda: _("The pile is frozen until your side has melded: to take it you need a pair of "
                                 "natural {ranks} from your hand.").format(ranks=rank_plural(rank)))
    return meld


# ----- melding, discarding, asking ---------------------------------------------------------------------


def meld_move(pos: Position, move: MeldMove, ordered: bool = True) -> MeldPlan | Refusal:
    """A meld move of the player to act (LayMelds, AddToMeld and Combine are its shorthands:
    actions.meld_move_of), judged whole on the table and hand it leaves (game/rules/meld_move.py);
    `ordered` as meld_move.meld_plan."""
    why = phase_refusal(pos, Phase.MELD)
    if why:
        return why
    seat = pos.turn
    side = pos.side_of(seat)
    return meld_plan(move, pos.hand_of(seat), pos.melds[side], pos.rules, pos.meld_minimum(side), pos.permission,
                     ordered)


def discard(pos: Position, action: Discard) -> Refusal | None:
    why = phase_refusal(pos, Phase.MELD)
    if why:
        return why
    seat = pos.turn
    hand = pos.hand_of(seat)
    why = hand_refusal(hand, (action.card,))
    if why:
        return why
    return discard_refusal(len(hand) - 1, pos.melds[pos.side_of(seat)], pos.rules, pos.permission)


ONLY_WITH_PARTNER = Refusal(lambda: _("Only a player with a partner can ask to go out."))
ASKED_ALREADY = Refusal(lambda: _("You have asked your partner already this turn."))
NOTHING_TO_ASK = Refusal(lambda: _("With one card left you can only go out by discarding it: there is nothing to "
                                   "ask."))
NOT_ABLE_TO_ASK = Refusal(lambda: _("Ask only when you are able to go out this turn."))


def able_to_go_out(pos: Position, seat: int, work: Work | None = None) -> bool | None:
    """Whether the seat can meld its whole hand this turn (with or without a final discard); with
    `work`, None when the exact solver did not tell within it (going_out.can_go_out)."""
    side = pos.side_of(seat)
    return can_go_out(list(pos.hand_of(seat)), [(m.kind, m.key, m.cards) for m in pos.melds[side]], pos.rules,
                      pos.meld_minimum(side), work)


def ask(pos: Position, work: Work | None = None) -> Refusal | None:
    """Four players: "May I go out?", once a turn, by a player able to go out who holds two cards or more
    (after a "no" a player with one card could neither go out nor discard it). `work`: what the exact
    solver may spend telling whether the player is able (the move generator's bound)."""
    if pos.players != 4:
        return ONLY_WITH_PARTNER
    why = phase_refusal(pos, Phase.MELD)
    if why:
        return why
    if pos.asked:
        return ASKED_ALREADY
    if len(pos.hand_of(pos.turn)) < 2:
        return NOTHING_TO_ASK
    if not able_to_go_out(pos, pos.turn, work):  # not able, or not told within `work`
        return NOT_ABLE_TO_ASK
    return None


def answer(pos: Position) -> Refusal | None:
    return phase_refusal(pos, Phase.ANSWER)


# ----- any move ---------------------------------------------------------------------------------------

NOT_YOUR_TURN = Refusal(lambda: _("It is not your turn."))
NOT_A_MOVE = Refusal(lambda: _("That is not a move of this game."))


def _meld_judged(pos: Position, action: LayMelds | AddToMeld | Combine | MeldMove) -> MeldPlan | Refusal:
    return meld_move(pos, meld_move_of(action), ordered=False)  # legal or not is all `judge` tells


# Each kind of move a player makes, and its judgement (the deal is the engine's alone).
_JUDGEMENTS: dict[type, Callable[[Any, Any], object]] = {
    DrawStock: lambda pos, _a: draw(pos),
    TakePile: take_pile,
    TakeTop: take_top,
    MeldMove: _meld_judged,
    LayMelds: _meld_judged,
    AddToMeld: _meld_judged,
    Combine: _meld_judged,
    Discard: discard,
    AskPartner: lambda pos, _a: ask(pos),
    Answer: lambda pos, _a: answer(pos),
}


def judge(pos: Position, action: Action, seat: int | None = None) -> Refusal | None:
    """Why `seat` (by default the one the game waits for) may not make this move now, or None: the
    computer players' check of the moves they build."""
    if seat is not None and seat != pos.to_act:
        return NOT_YOUR_TURN
    judgement = _JUDGEMENTS.get(type(action))
    if judgement is None:
        return NOT_A_MOVE
    answer_ = judgement(pos, action)
    return answer_ if type(answer_) is Refusal else None
