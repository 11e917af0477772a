"""The names of cards, ranks, canastas and melds in the player's language: the words the rules' own
messages, the computer players' reasons and the table's lines share."""

from __future__ import annotations

from game.i18n import _
from game.rules.cards import JOKER, RANK, SUIT
from game.rules.melds import BLACK_THREES, RUN, WILD_MELD

SUIT_SYMBOLS = "♣♦♥♠"


def card_name(c: int) -> str:
    if RANK[c] == JOKER:
        return _("Joker")
    rank = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(RANK[c], str(RANK[c]))
    return rank + SUIT_SYMBOLS[SUIT[c]]


def rank_plural(rank: int) -> str:
    """"kings", for "a pair of kings", "a meld of kings" (the French reads "de rois": "une paire de rois")."""
    return {
        4: _("fours"), 5: _("fives"), 6: _("sixes"), 7: _("sevens"), 8: _("eights"), 9: _("nines"),
        10: _("tens"), 11: _("jacks"), 12: _("queens"), 13: _("kings"), 14: _("aces"),
    }.get(rank, str(rank))


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(card_name(c) for c in cards)


def canasta_name(canasta: str) -> str:
    return {
        "natural": _("Natural canasta"),
        "mixed": _("Mixed canasta"),
        "escalera": _("Escalera"),
        "samba": _("Samba"),
        "bolivia": _("Bolivia"),
    }[canasta]


def a_canasta(canasta: str) -> str:
    """A canasta's name with its article, for "It makes {a_canasta}." (each language has its own)."""
    return {
        "natural": _("a natural canasta"),
        "mixed": _("a mixed canasta"),
        "escalera": _("an escalera"),
        "samba": _("a samba"),
        "bolivia": _("a bolivia"),
    }.get(canasta, _("a canasta"))


def canasta_word(canasta: str) -> str:
    """A run canasta's name inside a sentence, after "your" (Bolivia's escalera, Samba's samba)."""
    return {"escalera": _("escalera"), "samba": _("samba")}.get(canasta, _("canasta"))


def meld_kind_name(kind: str) -> str:
    return {RUN: _("a run"), WILD_MELD: _("wild cards"), BLACK_THREES: _("black threes")}.get(kind, _("a meld"))
