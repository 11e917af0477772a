"""The one adviser: the table's hint, its discard warnings and the reasons, from the seat's own view.

`advise(view, names) -> Advice`: the move (Expert's search on a fixed, small budget), a reason a club player
can check (game/ai/coach.py), and for each distinct card of the hand the warning the table gives
before that discard (or None). They cannot contradict each other: the adviser's discard is chosen
among the cards it does not warn against (game/ai/risk.py), a warning that names a safer card names
that discard, and the warnings are a function of the view alone (`discard_warnings`), so asking again
after "Keep it" gives the answer the hint gives.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.coach import COACH_BUDGET, caution_text, held_back_reason, reason_for, risk_text, winning_reason
from game.ai.determinize import sample_world
from game.ai.expert import choose_expert
from game.ai.game_end import answer_loses_game, out_loses_game, out_wins_game
from game.ai.ismcts import Budget
from game.ai.levels import EXPERT, Planner
from game.ai.plan import OutPlans, plan_go_out
from game.ai.playout import LazyLegal, goes_out
from game.ai.risk import Risk, block_matters, hand_risks
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Deal,
    Discard,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.cards import FACE, WILD
from game.rules.legal import playable_cards as engine_playable
from game.rules.state import Phase
from game.rules.view import PlayerView


@dataclass(frozen=True)
class Hint:
    move: Action
    reason: str
    cards: frozenset[int] = frozenset()  # hand cards the move uses: the table outlines them
    meld: int | None = None  # the side's meld the move goes onto

    @property
    def action(self) -> Action:  # the table's older names for the move and its reason
        return self.move

    @property
    def text(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Advice:
    hint: Hint
    discard_risks: dict[int, str | None]  # the first card of each face in hand -> the warning, or None

    discard: int | None = None  # the adviser's own discard in this view (its card is never questioned)

    def warning(self, card: int) -> str | None:
        """What the table says before discarding this card (any card of its face)."""
        return next((w for c, w in self.discard_risks.items() if FACE[c] == FACE[card]), None)

    def asks(self, card: int) -> bool:
        """Whether the table asks before discarding this card: a warning, not the adviser's own caution."""
        return self.warning(card) is not None and (self.discard is None or FACE[self.discard] != FACE[card])


def seat_names(view: PlayerView) -> list[str]:
    """Names for the seats when the caller has none (the headless tool): "seat 1", ..."""
    from game.i18n import _

    return [_("seat {n}").format(n=s) for s in range(view.players)]


# ----- the discard --------------------------------------------------------------------------------


def discard_choice(view: PlayerView, risks: dict[int, Risk | None] | None = None,
                   out_plans: OutPlans | None = None) -> int | None:
    """The card the adviser would discard now: the planner's (Expert's) choice, unless it hands the next
    opponent something the seat can know they take, or it is a wild card whose block stops nothing;
    then the planner's best card that does neither. None when the hand is empty."""
    if not view.hand:
        return None
    risks = risks if risks is not None else hand_risks(view)
    planner = Planner(EXPERT, view, random.Random(0), out_plans)
    first = planner.discard()
    card = first.card if isinstance(first, Discard) else planner.discard_ranking()[0]
    ranking = planner.discard_ranking()
    by_face = {FACE[c]: c for c in risks}
    card = by_face.get(FACE[card], card)
    useful_block = block_matters(view, risks)

    def acceptable(c: int) -> bool:
        if risks.get(c) is not None:
            return False
        return not WILD[c] or useful_block

    if acceptable(card):
        return card
    for c in ranking:
        if acceptable(c):
            return c
    # Every card hands them something: the least sure of the takes, in the planner's order.
    naturals = [c for c in ranking if risks.get(c) is not None]
    return min(naturals, key=lambda c: (risks[c].severity, ranking.index(c))) if naturals else card


def discard_warnings(view: PlayerView, names: list[str] | None = None,
                     out_plans: OutPlans | None = None) -> dict[int, str | None]:
    """Each distinct card of the hand (its first card) and what the table says before discarding it,
    or None: nothing for a card the next opponent cannot be known to take. The adviser's own discard
    is never questioned: when every card hands the next opponent something, its text is a caution
    (what they can take, and that this is the least of it), told as the card goes, never asked."""
    return discard_advice(view, names, out_plans)[0]


@dataclass(frozen=True)
class DiscardNote:
    """What the table says before a discard: `ask`, a warning (the table asks first); or the adviser's
    own discard when every card is a risk, a caution told as it goes (questioning it would contradict
    the hint)."""

    text: str
    ask: bool


def discard_note(view: PlayerView, card: int, names: list[str] | None = None) -> DiscardNote | None:
    """The table's word before discarding `card` (any card of its face) now, or None."""
    warnings, choice = discard_advice(view, names, None)
    text = next((w for c, w in warnings.items() if FACE[c] == FACE[card]), None)
    if text is None:
        return None
    return DiscardNote(text, choice is None or FACE[choice] != FACE[card])


def discard_advice(view: PlayerView, names: list[str] | None = None,
                   out_plans: OutPlans | None = None) -> tuple[dict[int, str | None], int | None]:
    """`discard_warnings` and the adviser's own discard (None when the seat is not to discard)."""
    if view.phase != Phase.MELD or view.to_act != view.seat or not view.hand:
        return {}, None
    if len(view.hand) == 1:  # the last card: its discard goes out, the hand ends and nobody takes the pile
        return {view.hand[0]: None}, view.hand[0]
    names = names or seat_names(view)
    risks = hand_risks(view)
    choice = discard_choice(view, risks, out_plans)
    safer = choice if choice is not None and risks.get(choice) is None else None
    out: dict[int, str | None] = {}
    for c, risk in risks.items():
        if risk is None:
            out[c] = None
        elif c == choice:  # every card is a risk and this the least: said, not questioned
            out[c] = caution_text(risk, names, view.rules)
        else:
            out[c] = risk_text(risk, names, safer, view.rules)
    return out, choice


# ----- the hint -----------------------------------------------------------------------------------


def _legal(view: PlayerView) -> Sequence[Action]:
    if view.phase in (Phase.DRAW, Phase.MELD):
        # The seat's legal moves do not depend on the hidden cards: any sampled world gives them. Listed
        # only if asked (the search lists its own): a big unmelded hand has thousands of first melds.
        return LazyLegal(sample_world(view, random.Random(0)))
    if view.phase == Phase.ANSWER:
        return [Answer(True), Answer(False)]
    return [Deal()]


def view_seed(view: PlayerView) -> int:
    """The search's seed for a position as the seat sees it: the table's hint, the review's better move, the
    arena's `coach` and `advise` ask the same search the same question and get the same answer (a close
    call between taking the pile and drawing once went one way at the table and the other in the review)."""
    key = (view.seat, view.hand_no, view.phase.name, view.turn, view.hand, view.pile, view.stock_count,
           tuple(tuple(m.cards for m in side) for side in view.melds), view.permission, view.asked)
    return zlib.crc32(repr(key).encode())


def advise(view: PlayerView, names: list[str] | None = None, rng: random.Random | None = None, *,
           budget: Budget = COACH_BUDGET) -> Advice:
    """The hint and the discard warnings for the seat to act in this view. The table and the arena's
    `coach` both leave `budget` at COACH_BUDGET: a fixed amount of search, no clock, so they play the
    same move (a review may weigh on another budget). `rng`: None (every caller in the game) seeds the
    search from the view itself (`view_seed`)."""
    names = names or seat_names(view)
    rng = rng if rng is not None else random.Random(view_seed(view))
    plans = OutPlans()  # one decision: the search, the discard and the going-out check share their plans
    action = choose_expert(view, _legal(view), rng, budget, plans)
    warnings, choice = discard_advice(view, names, plans)
    held = None
    if isinstance(action, Discard) and len(view.hand) > 1 and choice is not None:
        action = Discard(choice)
    if view.phase == Phase.MELD and view.permission is None and view.melds[view.side] and not (
            isinstance(action, AskPartner) or goes_out(view, action)):
        seq = plan_go_out(view, budget.style.out_search, plans)
        held = out_loses_game(view, seq) if seq else None
    elif view.phase == Phase.ANSWER and isinstance(action, Answer) and not action.yes:
        held = answer_loses_game(view)
    won = None
    going = isinstance(action, AskPartner) or goes_out(view, action)
    if view.phase == Phase.MELD and view.melds[view.side] and going:
        seq = plan_go_out(view, budget.style.out_search, plans)
        won = out_wins_game(view, seq) if seq else None
    if held is not None:
        reason = held_back_reason(view, action, held, names)
    elif won is not None:
        reason = winning_reason(action, won)
    else:
        reason = reason_for(view, action, names)
    return Advice(_hint(action, reason), warnings, choice)


def advice_for(view: PlayerView, action: Action, names: list[str] | None = None) -> Advice:
    """A move someone else chose (a lesson's step), told as the adviser tells its own: its reason and cards."""
    names = names or seat_names(view)
    return Advice(_hint(action, reason_for(view, action, names)), {})


def _hint(action: Action, reason: str) -> Hint:
    cards: set[int] = set()
    meld = None
    if isinstance(action, TakePile):
        cards = set(action.cards) | {c for m in action.melds for c in m}
        meld = action.onto  # the top card onto this meld (a house rule)
    elif isinstance(action, LayMelds):
        cards = {c for m in action.melds for c in m}
    elif isinstance(action, AddToMeld):
        cards, meld = set(action.cards), action.meld
    elif isinstance(action, MeldMove):
        cards = {c for m in action.new for c in m} | {c for _m, cs in action.add for c in cs}
        meld = action.add[0][0] if action.add and not action.new else None
    elif isinstance(action, TakeTop):
        meld = action.meld
    elif isinstance(action, Discard):
        cards = {action.card}
    return Hint(action, reason, frozenset(cards), meld)


def choose_coach(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    """The arena's `coach`: exactly the table's hint (the same function, budget and seed; the arena's `rng`
    is not used)."""
    return advise(view).hint.move


# ----- for the table ------------------------------------------------------------------------------


def playable_cards(view: PlayerView) -> frozenset[int]:
    """Cards in the seat's hand that can be melded or added to the side's melds now: the engine's own
    judgement (game/rules/legal.py `playable_cards`) on a world sampled from the view, as the seat's legal
    moves do not depend on the hidden cards."""
    if view.phase != Phase.MELD or view.to_act != view.seat:
        return frozenset()
    return engine_playable(sample_world(view, random.Random(0)), view.seat)
