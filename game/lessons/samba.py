"""Learn to play Samba: the primer, then short lessons on what Samba plays its own way (runs and the samba,
no wild melds, its first-meld table, two canastas of any kind to go out, 200 for going out), each a prepared
position at a table of four (partners opposite). Built in the language spoken when `course()` is called."""

from __future__ import annotations

from game.i18n import _
from game.lessons.lesson import (
    Course,
    Lesson,
    Outline,
    Step,
    canasta,
    discard,
    discard_the_jack_of_spades,
    draw,
    first_meld,
    happened,
    meld,
    still_able_to_go_out,
    take_pile,
    then,
)
from game.lessons.position import Setup
from game.lessons.primer import primer
from game.rules import events as ev
from game.rules.melds import RUN

GAME = "samba"
KINGS = "KC KD KH KS KC KD KH"
MIXED_QUEENS = "QH QD QS QC 2C QH QD"


def course() -> Course:
    return Course(GAME, _("Learn to play Samba"), (
        Lesson("draw-two", _("Draw two"),
               _("Every turn has three parts: draw, meld if you can, discard. In Samba you draw two cards, as in "
                 "Bolivia, and discard one."),
               Setup(GAME, hands=("5C 8D 9H JS QS KD 4H 6S AD 7C 10C",), pile="6H 4S 10S", stock="KS 4D"),
               (Step(_("Draw two cards: click the stock (or press D)."),
                     _("The pile needs a pair of its top card's rank: you have one ten only. Click the stock."),
                     happened(ev.CardsDrawn), draw(), Outline(stock=True), wrong=take_pile("10C 5C")),
                discard_the_jack_of_spades()),
               _("That is a whole turn: draw two, meld if you can, discard one.")),
        Lesson("first-meld", _("Your first meld"),
               _("Your side's first meld must reach a minimum set by its score: 15 below 0, 50 from 0, 90 from "
                 "1,500, 120 from 3,000, 150 from 7,000. Your side has 1,600: it needs 90. Aces count 20, kings "
                 "10."),
               Setup(GAME, phase="meld", hands=("AH AC AS KD KH KC JS 7S 9D 5C",), scores=(1600, 1200)),
               (Step(_("Stage the three aces (select them, M), then the three kings (M), and lay both together "
                       "(L)."),
                     _("Three aces make 60: not enough alone. Stage the kings too, then lay all with L."),
                     first_meld(), meld("AH AC AS", "KD KH KC"), Outline("AH AC AS KD KH KC"),
                     wrong=meld("AH AC AS")),),
               _("90 points: your side has melded."), defines=("first-meld",)),
        Lesson("run", _("A run"),
               _("Samba melds runs as well as melds of one rank: three or more natural cards of one suit in "
                 "order. A wild card never goes into a run."),
               Setup(GAME, phase="meld", hands=("5H 6H 7H 2C KD 9S QC",), melds=(("AH AD AC",),)),
               (Step(_("Meld the five, six and seven of hearts (select them, M, then L)."),
                     _("A run holds natural cards only: the five, six and seven of hearts, without the two."),
                     happened(ev.Melded, lambda e: e.kind == RUN), meld("5H 6H 7H"), Outline("5H 6H 7H"),
                     wrong=meld("5H 6H 2C")),),
               _("A run of three: it may grow to seven cards.")),
        Lesson("samba", _("A samba"),
               _("A run of seven cards is a samba: 1,500 points on top of its cards. It is a canasta, and a run "
                 "never holds more than seven cards."),
               Setup(GAME, phase="meld", hands=("6S KS 4D 4H 9C QC AD",), melds=(("7S 8S 9S 10S JS QS",),)),
               (Step(_("Your run of spades has six cards. Select the six or the king of spades, click the run, "
                       "then Lay all (L)."),
                     _("One card only: the six below the run, or the king above it."),
                     canasta("samba"), meld(add=((0, "KS"),)), Outline("6S KS", melds=(0,)),
                     wrong=meld(add=((0, "6S KS"),))),),
               _("A samba: 1,500 points, the biggest bonus in Samba."), defines=("samba",)),
        Lesson("no-wild-meld", _("Wild cards go with naturals"),
               _("Samba has no meld of wild cards alone: twos and jokers go into melds of one rank, at most two "
                 "of them and at least twice as many natural cards."),
               Setup(GAME, phase="meld", hands=("2C 2D JK 8H 8D KD QC",), melds=(("AH AD AC",),), pile="5C 4S"),
               (Step(_("Meld your two eights with one wild card (select three cards, M, then L)."),
                     _("Three wild cards alone are no meld in Samba: put one with the two eights."),
                     happened(ev.Melded, lambda e: len(e.cards) == 3), meld("8H 8D JK"), Outline("8H 8D JK"),
                     wrong=meld("2C 2D JK")),),
               _("A mixed meld of eights: the other wild cards wait for more naturals.")),
        Lesson("red-threes", _("Red threes"),
               _("A red three you draw is laid out at once beside your melds and replaced from the stock. Each is "
                 "worth 100: plus if your side has two canastas when the hand ends, minus if not."),
               Setup(GAME, hands=("5C 9D JS QS KD 4H 6S AD",), pile="7C 10S", stock="3H 9C QD"),
               (Step(_("Draw two from the stock (click it, or press D)."),
                     _("Every turn begins with the draw: click the stock."),
                     happened(ev.RedThreeLaid), draw(), Outline(stock=True), wrong=discard("JS")),),
               _("The red three went beside your melds and another card came in its place."),
               defines=("red-three",)),
        Lesson("keep-two", _("Keep two cards"),
               _("Until your side has two canastas, you must keep at least two cards in your hand after "
                 "melding."),
               Setup(GAME, phase="meld", hands=("5H 5S KD",), melds=(("5C 5D 5H 5S 5C 5D",),)),
               (Step(_("Add one five to your six fives: a canasta of seven, and two cards left in your hand."),
                     _("Two fives would leave one card, and your side can't go out yet: add one five."),
                     canasta("natural"), meld(add=((0, "5H"),)), Outline("5H 5S", melds=(0,)),
                     wrong=meld(add=((0, "5H 5S"),))),
                Step(_("Now discard one card to end your turn."),
                     _("Select one card, then click the pile to discard it."),
                     happened(ev.Discarded), discard("KD"), Outline("KD", pile=True))),
               _("A natural canasta, 500 points, and the rule kept.")),
        Lesson("going-out", _("Going out"),
               _("A side with two canastas of any kind, natural, mixed or sambas, may go out: meld your whole "
                 "hand, with or without a last discard. Going out earns 200 in Samba, and a black three (a three "
                 "of clubs or spades) left in a hand costs only 5."),
               Setup(GAME, phase="meld", hands=("JC JD JH 6C",), melds=((KINGS, MIXED_QUEENS),)),
               (Step(_("Your side has a natural and a mixed canasta: enough. Meld the three jacks, then discard "
                       "the six."),
                     _("Two canastas of any kind let your side go out: meld the jacks, then discard the last card."),
                     happened(ev.WentOut), then(meld("JC JD JH"), discard("6C")), Outline("JC JD JH 6C"),
                     keeps=still_able_to_go_out, wrong=discard("JC")),),
               _("You went out: 200 for going out, and the hand is scored."), defines=("black-three",)),
    ), readings=(primer(GAME),))
