"""A suggested move for the player, with a short reason a player can read.

The move is the coach's (Expert's) choice on the player's own seat view (what the seat may know,
nothing more); the reason is written here from the move and the position. No pygame: the table
shows the words and highlights the cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai import suggest as coach_suggest
from game.ai.memory import CardMemory
from game.i18n import _, ngettext
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
from game.rules.cards import BLACK_THREE, NATURAL, RANK, WILD
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, Meld, canasta_of, classify, meld_points, order_cards
from game.rules.names import a_canasta, card_name, cards_text, rank_plural
from game.rules.state import GameState
from game.rules.view import PlayerView, view_of


@dataclass(frozen=True)
class Hint:
    action: Action
    text: str
    cards: frozenset[int]  # hand cards the move uses: the table highlights them
    meld: int | None = None  # a meld of the side the move goes onto


def suggest(state: GameState, seat: int, seed: int = 0) -> Action:
    """The move the coach (Expert, game/ai/coach.py) would make in the seat's place, from the seat's
    view of a copy (safe on a thread)."""
    return coach_suggest(view_of(state.copy(), seat), random.Random(seed))[0]


def explain(action: Action, view: PlayerView, names: list[str]) -> Hint:
    """The suggestion in words, from the move and the position the seat sees."""
    side = view.side
    melds = {m.id: m for m in view.melds[side]}
    first = not view.melds[side]
    need = view.min_meld[side]
    draws = view.rules.draws(view.players)  # one at four in Standard Canasta
    match action:
        case DrawStock():
            if view.stock_count == 0:
                text = _("Draw: the stock is empty, so the hand ends.")
            elif not view.pile or not NATURAL[view.pile[-1]]:
                text = ngettext("Draw a card from the stock: the pile is blocked.",
                                "Draw {n} cards from the stock: the pile is blocked.", draws).format(n=draws)
            else:
                pile = ngettext("the pile ({n} card)", "the pile ({n} cards)", len(view.pile)).format(n=len(view.pile))
                text = ngettext("Draw a card from the stock: {pile} does not help you enough.",
                                "Draw {n} cards from the stock: {pile} does not help you enough.", draws).format(
                    n=draws, pile=pile)
            return Hint(action, text, frozenset())
        case TakePile(cards=cards, melds=extra):
            top = view.pile[-1]
            text = ngettext("Take the pile: {n} card, it gives you a meld of {ranks}.",
                            "Take the pile: {n} cards, it gives you a meld of {ranks}.", len(view.pile)).format(
                n=len(view.pile), ranks=rank_plural(RANK[top]))
            if first:
                points = meld_points(cards + (top,)) + sum(meld_points(m) for m in extra)
                text += " " + _("With {points} points it makes your first meld (minimum {need}).").format(
                    points=points, need=need)
            return Hint(action, text, frozenset(cards) | {c for m in extra for c in m})
        case TakeTop(meld=meld_id):
            top = view.pile[-1]
            text = _("Take only the top card, {card}, onto your run.").format(card=card_name(top))
            run = melds.get(meld_id)
            if run is not None and canasta_of(run.kind, run.cards + (top,), view.rules):
                text += " " + _("It makes an escalera.")
            return Hint(action, text, frozenset(), meld_id)
        case LayMelds(melds=new):
            shown = [cards_text(order_cards(classify(m, view.rules).kind, m)) for m in new]
            points = sum(meld_points(m) for m in new)
            text = _("Meld {cards}: {points} points.").format(cards=" · ".join(shown), points=points)
            if first:
                text += " " + _("Enough for your first meld (minimum {need}).").format(need=need)
            return Hint(action, text, frozenset(c for m in new for c in m))
        case AddToMeld(meld=meld_id, cards=cards):
            m = melds.get(meld_id)
            text = _add_text(cards, m)
            if m is not None:
                made = canasta_of(m.kind, m.cards + tuple(cards), view.rules)
                if made and not m.canasta(view.rules):
                    text += " " + _("It makes {a_canasta}.").format(a_canasta=a_canasta(made))
            return Hint(action, text, frozenset(cards), meld_id)
        case Combine(into=b):
            return Hint(action, _("Combine your two melds of one rank into one: it brings a canasta closer."),
                        frozenset(), b)
        case Discard(card=card):
            return Hint(action, _discard_reason(card, view, names), frozenset({card}))
        case AskPartner():
            return Hint(action, _("Ask your partner “May I go out?”: you can go out this turn."), frozenset())
        case Answer(yes=yes):
            text = _("Answer yes: your side is ready to end the hand.") if yes else _(
                "Answer no: your side is not ready to end the hand.")
            return Hint(action, text, frozenset())
    return Hint(action, _("Play on."), frozenset())


def _add_text(cards: tuple[int, ...], meld: Meld | None) -> str:
    shown = cards_text(cards)
    if meld is not None and meld.kind == RANK_MELD:
        return _("Add {cards} to your meld of {ranks}.").format(cards=shown, ranks=rank_plural(meld.key))
    if meld is not None and meld.kind == RUN:
        return _("Add {cards} to your run.").format(cards=shown)
    if meld is not None and meld.kind == WILD_MELD:
        return _("Add {cards} to your wild cards.").format(cards=shown)
    return _("Add {cards} to your meld.").format(cards=shown)


def _discard_reason(card: int, view: PlayerView, names: list[str]) -> str:
    name = card_name(card)
    nxt = names[view.next_seat()]
    if BLACK_THREE[card]:
        return _("Discard {card}: a black three blocks the pile for {who}.").format(card=name, who=nxt)
    if WILD[card]:
        return _("Discard {card}: a wild card blocks the pile for {who}.").format(card=name, who=nxt)
    memory = CardMemory(view)
    if NATURAL[card] and memory.p_holds_naturals(view.next_seat(), RANK[card], 2) == 0:
        return _("Discard {card}: {who} can't hold a pair of {ranks}, so the pile is safe.").format(
            card=name, who=nxt, ranks=rank_plural(RANK[card]))
    return _("Discard {card}: it is the card your hand needs least.").format(card=name)
