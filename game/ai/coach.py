"""The coach: `suggest(view) -> (action, reason)`, the strongest level's move and why, in a short
sentence a player can read ("Take the pile: 14 cards, and it starts your escalera.").

It thinks as Expert does, on a short clock (well within 300 ms), so the table's hint comes at once.
The reason is read off the move and the view, not off the search: it names what the move does for
the player's side, which is what a player weighs.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.determinize import sample_world
from game.ai.expert import EXPERT_BUDGET, choose_expert
from game.ai.memory import CardMemory
from game.ai.plan import hand_penalty, qualifies, runs_in
from game.i18n import _, ngettext, number
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Deal,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.cards import BLACK_THREE, NATURAL, RANK, RED_THREE, WILD
from game.rules.legal import legal_actions
from game.rules.meld_move import judge_meld_move
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, classify, extends_run
from game.rules.names import a_canasta, card_name, rank_plural
from game.rules.state import Phase
from game.rules.view import PlayerView

COACH_BUDGET = replace(EXPERT_BUDGET, moves=500, seconds=0.18, min_iterations=4)


def suggest(view: PlayerView, rng: random.Random | None = None) -> tuple[Action, str]:
    """The move Expert would make for this seat now, and a short reason for it."""
    rng = rng if rng is not None else random.Random(0)
    if view.phase in (Phase.DRAW, Phase.MELD):
        # The seat's legal moves do not depend on the hidden cards: any sampled world gives them.
        legal = legal_actions(sample_world(view, random.Random(0)))
    elif view.phase == Phase.ANSWER:
        legal = [Answer(True), Answer(False)]
    else:
        legal = [Deal()]
    action = choose_expert(view, legal, rng, COACH_BUDGET)
    return action, reason_for(view, action)


def as_meld_move(action: Action) -> MeldMove | None:
    if isinstance(action, MeldMove):
        return action
    if isinstance(action, LayMelds):
        return MeldMove(new=action.melds)
    if isinstance(action, AddToMeld):
        return MeldMove(add=((action.meld, action.cards),))
    if isinstance(action, Combine):
        return MeldMove(combine=((action.meld, action.into),))
    return None


def canasta_words(canasta: str) -> str:
    return a_canasta(canasta)


def reason_for(view: PlayerView, action: Action) -> str:
    """Why this move, in one short sentence."""
    if isinstance(action, Deal):
        return _("Deal the next hand.")
    if isinstance(action, Answer):
        if action.yes:
            return _("Say yes: going out now pays more than your cards would cost.")
        return _("Say no: your hand still holds {points} points your side would lose.").format(
            points=number(hand_penalty(view.hand, view.rules)))
    if isinstance(action, AskPartner):
        return _("Ask your partner: you are able to go out.")
    if isinstance(action, DrawStock):
        return _draw_reason(view)
    if isinstance(action, TakeTop):
        return _top_reason(view, action)
    if isinstance(action, TakePile):
        return _pile_reason(view, action)
    if isinstance(action, Discard):
        return _discard_reason(view, action.card)
    move = as_meld_move(action)
    if move is not None:
        return _meld_reason(view, move)
    return _("The strongest move here.")


def _draw_reason(view: PlayerView) -> str:
    top = view.top
    if top is None or not NATURAL[top]:
        return _("Draw from the stock: the pile cannot be taken now.")
    pairs = sum(1 for c in view.hand if NATURAL[c] and RANK[c] == RANK[top])
    runs = any(extends_run(m, top, view.rules) for m in view.melds[view.side])
    if pairs < 2 and not runs:
        return _("Draw from the stock: you hold no natural pair of the top card.")
    return _("Draw from the stock: the pile is not worth what it costs you now.")


def _top_reason(view: PlayerView, action: TakeTop) -> str:
    meld = next((m for m in view.melds[view.side] if m.id == action.meld), None)
    if meld is not None and meld.size + 1 >= view.rules.run_max:
        return _("Take the top card: it completes your escalera.")
    return _("Take the top card: it extends your run toward an escalera.")


def _pile_reason(view: PlayerView, action: TakePile) -> str:
    rules = view.rules
    n = len(view.pile)
    top = view.pile[-1]
    used = set(action.cards) | {c for m in action.melds for c in m}
    rest = [c for c in view.pile[:-1] if not RED_THREE[c]]
    hand_after = [c for c in view.hand if c not in used] + rest
    count = ngettext("{n} card", "{n} cards", n).format(n=number(n))
    if len(action.cards) + 1 >= rules.canasta_size:
        return _("Take the pile: {count}, and it makes a canasta of {ranks}.").format(
            count=count, ranks=rank_plural(RANK[top]))
    if not view.melds[view.side]:
        return _("Take the pile: {count}, and it makes your first meld.").format(count=count)
    side_runs = [m for m in view.melds[view.side] if m.kind == RUN and m.size < rules.run_max]
    if any(extends_run(m, c, rules) for m in side_runs for c in rest if NATURAL[c]):
        return _("Take the pile: {count}, and it feeds your escalera.").format(count=count)
    rest_ids = set(rest)
    if any(rest_ids.intersection(run) for run in runs_in(hand_after, rules.run_max)):
        return _("Take the pile: {count}, and it starts your escalera.").format(count=count)
    wilds = sum(1 for c in rest if WILD[c])
    if wilds:
        return ngettext("Take the pile: {count}, with a wild card among them.",
                        "Take the pile: {count}, with {wilds} wild cards among them.", wilds).format(
            count=count, wilds=wilds)
    return _("Take the pile: {count} for your melds.").format(count=count)


def _discard_reason(view: PlayerView, card: int) -> str:
    name = card_name(card)
    if BLACK_THREE[card]:
        return _("Discard {card}: a black three blocks the pile for the next player and costs 100 if kept.").format(
            card=name)
    if WILD[card]:
        return _("Discard {card}: a wild card blocks the pile for the next player.").format(card=name)
    if len(view.hand) == 1:
        return _("Discard {card} and go out.").format(card=name)
    memory = CardMemory(view)
    nxt = view.next_seat()
    if NATURAL[card] and memory.unseen_naturals(RANK[card]) < 2:
        return _("Discard {card}: nobody can hold a pair of it, so the pile is safe.").format(card=name)
    if NATURAL[card] and memory.p_holds_naturals(nxt, RANK[card]) < 0.15:
        return _("Discard {card}: it fits nothing of yours and the next player is unlikely to want it.").format(
            card=name)
    return _("Discard {card}: the card you need least.").format(card=name)


def _meld_reason(view: PlayerView, move: MeldMove) -> str:
    rules = view.rules
    side_melds = view.melds[view.side]
    minimum = 0 if side_melds else view.min_meld[view.side]
    j = judge_meld_move(move, view.hand, side_melds, rules, minimum, view.permission)
    if j.goes_out or (j.discard_goes_out and qualifies(side_melds, rules)):
        return _("Go out: your side has an escalera and another canasta.")
    if j.canastas:
        return _("Meld now: it completes {what}.").format(what=canasta_words(j.canastas[-1]))
    if not side_melds:
        return _("Lay your first meld: it reaches the {need} points you need.").format(need=number(minimum))
    kinds: set[str] = set()
    for cards in move.new:
        kinds.add(classify(cards, rules).kind)
    by_id = {m.id: m for m in side_melds}
    for mid, _cards in move.add:
        if mid in by_id:
            kinds.add(by_id[mid].kind)
    if RUN in kinds:
        return _("Build your run: seven cards make an escalera, worth {bonus}.").format(
            bonus=number(rules.escalera))
    if WILD_MELD in kinds:
        return _("Build your wild meld: seven wild cards make a bolivia, worth {bonus}.").format(
            bonus=number(rules.bolivia))
    per_round = rules.draws(view.players) * view.players
    if view.stock_count <= 2 * per_round:
        return _("Meld down: the stock is nearly out and cards left in hand count against you.")
    if RANK_MELD in kinds or move.combine:
        return _("Build your melds toward a canasta.")
    return _("Meld these cards: they count for your side.")

