"""Before the first lesson: the words of the game, a short page each, defined in order (a page uses only
the terms defined on it or before it), and the cards with their points, drawn. The same for each course,
with its own numbers taken from its rule set."""

from __future__ import annotations

from game.i18n import _
from game.lessons.pages import Card, Page, Reading, card_id
from game.rules.cards import value
from game.rules.ruleset import RULESETS

KEY = "words"  # the primer's key in the player's progress
VALUED = "JK 2C AH KS 10D 8C 7H 4S"  # one card of each value


def primer(game: str) -> Reading:
    rules = RULESETS[game]
    runs = (_("A run is a meld too: three or more natural cards of one suit in order, such as the 5, 6 and 7 of "
              "hearts. A run never holds a wild card.") if rules.runs else
            _("Some card games also meld runs (cards of one suit in order); this one does not: each meld is of "
              "one rank."))
    wilds = (_("Your side may also meld wild cards on their own.") if rules.wild_melds else "")
    pages = (
        Page(_("The cards and their points"),
             _("The game is played with several packs of cards and their jokers. Each card is worth points: "
               "the number under each card below. Cards you lay on the table count for you; cards left in your "
               "hand when the hand ends count against you."),
             tuple(Card(f, str(value(card_id(f)))) for f in VALUED.split())),
        Page(_("Meld"),
             _("A meld is three or more cards of the same rank laid face up on the table, such as three kings. "
               "To meld is to lay them down. The points of melded cards count for you."),
             (Card("KC"), Card("KD"), Card("KH")), defines=("meld",)),
        Page(_("Side and partner"),
             _("At four players your partner sits opposite you: the two of you are a side, and you share your "
               "melds. With two or three players, each player is a side alone."),
             defines=("side", "partner")),
        Page(_("Natural and wild cards"),
             " ".join(t for t in (
                 _("Jokers and twos are wild cards: in a meld they stand in for a card of its rank. The other "
                   "cards, from the fours to the aces, are natural cards. A meld of one rank may hold only a few "
                   "wild cards, with enough natural cards beside them."), wilds) if t),
             (Card("JK"), Card("2S"), Card("9H"), Card("9D")), defines=("natural", "wild")),
        Page(_("Run"), runs, (Card("5H"), Card("6H"), Card("7H")) if rules.runs else (), defines=("run",)),
        Page(_("Canasta"),
             _("A meld of seven cards is a canasta, worth a bonus on top of its cards' points. A natural canasta "
               "(no wild card) earns {natural}; a mixed one (with wild cards) {mixed}.").format(
                 natural=rules.natural_canasta, mixed=rules.mixed_canasta),
             tuple(Card(f) for f in "QC QD QH QS QC QD 2H".split()), defines=("canasta", "mixed")),
        Page(_("A turn: stock, pile and discard"),
             _("At your turn you draw from the stock, the face-down cards, or you take the pile, the face-up "
               "cards beside it. Then you meld if you can, and you end your turn with a discard: one card from "
               "your hand laid face up on the pile."),
             defines=("stock", "pile", "discard")),
        Page(_("Going out"),
             _("When your side has the canastas the game asks for, you may go out: you meld all your cards "
               "(and may discard the last one). The hand ends, and each side scores its melds, less the cards "
               "left in its hands."),
             defines=("go-out",)),
    )
    return Reading(KEY, _("The words of the game"), pages, after=None,
                   well_done=_("These are all the words the lessons use. Enter: the first lesson."))
