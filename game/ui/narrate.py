"""Words for the table: seat names, card names, and one line for what each event did."""

from __future__ import annotations

from game.i18n import _, ngettext
from game.rules import events as ev
from game.rules.names import canasta_name, card_name, cards_text


def seat_names(players: int) -> list[str]:
    """The player is "You"; the others by compass point, clockwise from the south."""
    if players == 2:
        return [_("You"), _("North")]
    if players == 3:
        return [_("You"), _("West"), _("North")]
    return [_("You"), _("West"), _("North"), _("East")]


def side_names(players: int, names: list[str] | None = None) -> list[str]:
    """Each side's name; with `names` (each seat's, the player's first), a partnership of people by theirs:
    at a table with friends "You & Marie", not "You & North"."""
    if names is None or len(names) != players:
        if players == 4:
            return [_("You & North"), _("West & East")]
        return seat_names(players)
    if players == 4:
        return [_("{a} & {b}").format(a=names[0], b=names[2]), _("{a} & {b}").format(a=names[1], b=names[3])]
    return list(names)


def hand_count(name: str, n: int) -> str:
    """The label by another seat's fanned backs: how many cards it holds, said as cards (a bare "West: 10"
    reads as a score)."""
    return ngettext("{name} · {n} card", "{name} · {n} cards", n).format(name=name, n=n)


def took_back(cards: list[int]) -> str:
    """What the log says of an undo: the cards themselves (after two undos "your last meld" no longer
    says which)."""
    return _("You took back {cards}.").format(cards=cards_text(cards)) if cards else _("You took back your last meld.")


def describe(event: ev.Event, names: list[str]) -> str | None:
    """One line saying what happened, or None for events that need no words."""
    match event:
        case ev.HandDealt(hand_no=n, dealer=d):
            return _("Hand {n}: {who} dealt.").format(n=n, who=names[d])
        case ev.CardsDrawn(seat=s, cards=()):  # a red three, the stock's last card: nothing kept
            return _("{who} drew the last card of the stock.").format(who=names[s])
        case ev.CardsDrawn(seat=s, cards=cards):
            return ngettext("{who} drew a card.", "{who} drew {n} cards.", len(cards)).format(
                who=names[s], n=len(cards))
        case ev.RedThreeLaid(seat=s, replacement=new):
            if new is not None:
                return _("{who} laid out a red three and drew a card in its place.").format(who=names[s])
            return _("{who} laid out a red three.").format(who=names[s])
        case ev.PileTaken(seat=s, top=top, meld_cards=with_cards, to_hand=rest):
            n = len(rest) + 1  # the whole pile: its top card and the rest
            if not with_cards:  # the house's take onto a meld: the top card alone went onto it
                return ngettext("{who} took the pile: {n} card, {card} onto a meld.",
                                "{who} took the pile: {n} cards, {card} onto a meld.", n).format(
                    who=names[s], card=card_name(top), n=n)
            # The cards from hand named too: "took the pile with A♣" was read as the cards it was taken with.
            return ngettext("{who} took the pile: {n} card, {card} melded with {cards}.",
                            "{who} took the pile: {n} cards, {card} melded with {cards}.", n).format(
                who=names[s], card=card_name(top), n=n, cards=cards_text(with_cards))
        case ev.TopTaken(seat=s, card=c):
            return _("{who} took {card} onto a run.").format(who=names[s], card=card_name(c))
        case ev.Melded(seat=s, cards=cards):
            return _("{who} melded {cards}.").format(who=names[s], cards=cards_text(cards))
        case ev.AddedToMeld(seat=s, cards=cards):
            return _("{who} added {cards}.").format(who=names[s], cards=cards_text(cards))
        case ev.MeldsCombined(seat=s):
            return _("{who} combined two melds.").format(who=names[s])
        case ev.Discarded(seat=s, card=c):
            return _("{who} discarded {card}.").format(who=names[s], card=card_name(c))
        case ev.PartnerAsked(seat=s):
            if names[s] == _("You"):  # "You asks" would not do
                return _("You ask: “May I go out?”")
            return _("{who} asks: “May I go out?”").format(who=names[s])
        case ev.PartnerAnswered(seat=s, yes=yes):
            if names[s] == _("You"):
                return (_("You answer yes: going out this turn is a must.") if yes
                        else _("You answer no: no going out this turn."))
            return (_("{who} answers yes: going out this turn is a must.") if yes
                    else _("{who} answers no: no going out this turn.")).format(who=names[s])
        case ev.WentOut(seat=s, concealed=concealed):
            return (_("{who} went out concealed!") if concealed else _("{who} went out!")).format(who=names[s])
        case ev.StockExhausted():
            return _("The stock is empty: the hand ends.")
        case ev.CanastaMade(canasta=c):
            return canasta_name(c) + "!"
    return None
