"""A move in a player's words, naming its cards: "Meld 7♥ 8♥ 9♥", "Add 5♣ to your fives", "Discard K♦".
What the review calls the better move and what the hint says it would do, before the reason why."""

from __future__ import annotations

from game.i18n import _
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
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, Meld
from game.rules.names import card_name, cards_text, rank_plural
from game.rules.view import PlayerView


def meld_words(meld: Meld | None) -> str:
    """One of the side's melds as the move names it: "your kings", "your run 5♥ 6♥ 7♥"."""
    if meld is None:
        return _("your meld")
    if meld.kind == RANK_MELD:
        return _("your {ranks}").format(ranks=rank_plural(meld.key))
    if meld.kind == RUN:
        return _("your run {cards}").format(cards=cards_text(meld.cards))
    if meld.kind == WILD_MELD:
        return _("your wild meld")
    return _("your meld {cards}").format(cards=cards_text(meld.cards))


def move_words(view: PlayerView, action: Action) -> str:
    """The move, with its cards, as a short imperative (no reason: that is the coach's)."""
    by_id = {m.id: m for m in view.melds[view.side]}
    match action:
        case DrawStock():
            return _("Draw from the stock")
        case TakePile(cards=cards, melds=melds):
            top = card_name(view.top) if view.top is not None else ""
            words = _("Take the pile: {top} with {cards}").format(top=top, cards=cards_text(cards))
            for m in melds:
                words += _(", and meld {cards}").format(cards=cards_text(m))
            return words
        case TakeTop(meld=meld):
            top = card_name(view.top) if view.top is not None else ""
            return _("Take {card} from the pile onto {meld}").format(card=top, meld=meld_words(by_id.get(meld)))
        case Discard(card=card):
            return _("Discard {card}").format(card=card_name(card))
        case AskPartner():
            return _("Ask your partner whether you may go out")
        case Answer(yes=yes):
            return _("Answer yes") if yes else _("Answer no")
        case Deal():
            return _("Deal")
        case Combine(meld=meld, into=into):
            return _("Put {meld} onto {other}").format(meld=meld_words(by_id.get(meld)),
                                                       other=meld_words(by_id.get(into)))
        case LayMelds(melds=melds):
            return _move_parts(view, MeldMove(new=melds))
        case AddToMeld(meld=meld, cards=cards):
            return _move_parts(view, MeldMove(add=((meld, cards),)))
        case MeldMove():
            return _move_parts(view, action)
    return str(action)


def _move_parts(view: PlayerView, move: MeldMove) -> str:
    by_id = {m.id: m for m in view.melds[view.side]}
    parts = [_("Meld {cards}").format(cards=cards_text(m)) for m in move.new]
    parts += [_("Add {cards} to {meld}").format(cards=cards_text(cs), meld=meld_words(by_id.get(mid)))
              for mid, cs in move.add]
    parts += [_("Put {meld} onto {other}").format(meld=meld_words(by_id.get(a)), other=meld_words(by_id.get(b)))
              for a, b in move.combine]
    return _("; ").join(parts)
