"""Learn to play Bolivia: a primer, thirteen short lessons, each a prepared position at a table of four
(partners opposite), and a scoring screen read line by line. Built in the language spoken when `course()` is called."""

from __future__ import annotations

from game.i18n import _
from game.lessons.lesson import (
    Course,
    Lesson,
    Outline,
    Step,
    answer,
    ask,
    canasta,
    discard,
    discard_the_jack_of_spades,
    draw,
    first_meld,
    happened,
    meld,
    still_able_to_go_out,
    take_pile,
    take_top,
    then,
    wilds_can_reach,
)
from game.lessons.position import Setup
from game.lessons.primer import primer
from game.lessons.score_walk import score_walk
from game.rules import events as ev
from game.rules.cards import BLACK_THREE, WILD

ESCALERA = "4D 5D 6D 7D 8D 9D 10D"
KINGS = "KC KD KH KS KC KD KH"


def course() -> Course:
    return Course("bolivia", _("Learn to play Bolivia"), (
        Lesson("draw-two", _("Draw two"),
               _("Every turn has three parts: draw, meld if you can, discard. In Bolivia you draw two cards."),
               Setup(hands=("5C 8D 9H JS QS KD 4H 6S AD 7C 10C",), pile="6H 4S 10S", stock="KS 4D"),
               (Step(_("Draw two cards: click the stock (or press D)."),
                     _("The pile needs a pair of its top card's rank: you have one ten only. Click the stock."),
                     happened(ev.CardsDrawn), draw(), Outline(stock=True), wrong=take_pile("10C 5C")),
                discard_the_jack_of_spades()),
               _("That is a whole turn: draw two, meld if you can, discard one.")),
        Lesson("first-meld", _("Your first meld"),
               _("Your side has not melded yet. Its first meld must reach a minimum: 50 points from a score "
                 "of 0 (15 below 0, up to 150 from 7,000). Kings and eights count 10 each."),
               Setup(phase="meld", hands=("KH KS KD 8C 8D 8S 5H 6H 9C JD 4S",)),
               (Step(_("Stage the three kings (select them, M), then the three eights (M), and lay both "
                       "together (L)."),
                     _("Three kings make 30: not enough alone. Stage the eights too, then lay all with L."),
                     first_meld(), meld("KH KS KD", "8C 8D 8S"), Outline("KH KS KD 8C 8D 8S"),
                     wrong=meld("KH KS KD")),),
               _("60 points: your side has melded, and any meld counts from now on."), defines=("first-meld",)),
        Lesson("take-pile", _("Take the pile"),
               _("You may take the whole pile when you hold a natural pair of its top card's rank: no wild "
                 "card in the pair. The pair and the top card start a new meld; the rest goes to your hand."),
               Setup(hands=("JC JS 2D 5H 9C KS 6D",), melds=(("QH QD QS",),),
                     pile="4C 7H 2C 5S KH AS 6H 10D JH"),
               (Step(_("Select your two jacks and click the pile (or press P)."),
                     _("Only a natural pair takes the pile: the two jacks, not a jack and a two."),
                     happened(ev.PileTaken), take_pile("JC JS"), Outline("JC JS", pile=True),
                     wrong=take_pile("JC 2D")),),
               _("Nine cards in one draw: a big pile is often worth more than the stock.")),
        Lesson("mixed-meld", _("Wild cards in a meld"),
               _("A meld of one rank may hold wild cards: it is then mixed. In Bolivia it holds two wild cards at "
                 "most, and at least twice as many natural cards as wild ones: two nines carry one wild card, "
                 "four nines two."),
               Setup(phase="meld", hands=("9H 9D 9S 9C JK 2C 5H KD",), melds=(("AH AD AC",),), pile="5C 4S"),
               (Step(_("Meld the nines of hearts and diamonds with the joker (select the three, M, then L)."),
                     _("Two natural nines carry one wild card: the two nines and the joker, without the two."),
                     happened(ev.Melded, lambda e: sum(WILD[c] for c in e.cards) == 1), meld("9H 9D JK"),
                     Outline("9H 9D JK"), wrong=meld("9H 9D JK 2C")),
                Step(_("Now add the two of clubs with your two other nines: four natural nines carry two wild "
                       "cards, the most a meld may hold."),
                     _("The two alone would give two wild cards to two nines: add it with the nines of spades and "
                       "clubs."),
                     happened(ev.AddedToMeld, lambda e: len(e.cards) == 3), meld(add=((1, "9S 9C 2C"),)),
                     Outline("9S 9C 2C", melds=(1,)), wrong=meld(add=((1, "2C"),)))),
               _("A mixed meld of six cards: one more card makes it a canasta.")),
        Lesson("top-card", _("The top card onto a run"),
               _("When the top card continues one of your side's runs (same suit, next rank), you may take "
                 "that card alone onto the run and leave the rest of the pile."),
               Setup(hands=("9S 4C QD KS 6C JD 10S",), melds=(("5H 6H 7H 8H", "KH KD KC"),), pile="KC 4D 9H"),
               (Step(_("Click your run of hearts (or press T) to take the nine of hearts onto it."),
                     _("The nine of hearts continues the run 5 6 7 8 of hearts, not the kings."),
                     happened(ev.TopTaken), take_top(0), Outline(pile=True, melds=(0,)), wrong=take_top(1)),),
               _("The run grows to five cards, and you still meld and discard this turn.")),
        Lesson("canastas", _("Natural and mixed canastas"),
               _("A canasta with no wild card is natural: 500 points on top of its cards. One with a wild card is "
                 "mixed: 300. A wild card added to a meld of seven or more makes it mixed."),
               Setup(phase="meld", hands=("7C JK QD 5H 9S KD",),
                     melds=(("7H 7D 7S 7C 7H 7D", "QH QD QS QC 2C QH"),)),
               (Step(_("Finish your six sevens with the seven of clubs: a natural canasta, 500."),
                     _("The joker would make the sevens a mixed canasta, 300 instead of 500: add the seven."),
                     canasta("natural"), meld(add=((0, "7C"),)), Outline("7C", melds=(0,)),
                     wrong=meld(add=((0, "JK"),))),
                Step(_("Your queens already hold a two: add the queen of diamonds to finish a mixed canasta, 300."),
                     _("Select the queen of diamonds, click your queens, then Lay all (L)."),
                     canasta("mixed"), meld(add=((1, "QD"),)), Outline("QD", melds=(1,)))),
               _("Two canastas: 500 for the natural one, 300 for the mixed one.")),
        Lesson("escalera", _("An escalera"),
               _("A run of seven cards is an escalera: 1,500 points. Your side needs one to go out. A run "
                 "never holds more than seven cards."),
               Setup(phase="meld", hands=("6S KS 4D 4H 9C QC AD",), melds=(("7S 8S 9S 10S JS QS",),)),
               (Step(_("Your run of spades has six cards. Select the six or the king of spades, click the "
                       "run, then Lay all (L)."),
                     _("One card only: the six below the run, or the king above it."),
                     canasta("escalera"), meld(add=((0, "KS"),)), Outline("6S KS", melds=(0,)),
                     wrong=meld(add=((0, "6S KS"),))),),
               _("An escalera: 1,500 points, and the first half of what going out needs."), defines=("escalera",)),
        Lesson("bolivia", _("A bolivia"),
               _("Twos and jokers may be melded on their own, three to seven of them. Seven make a bolivia: "
                 "2,500 points."),
               Setup(phase="meld", hands=("JK 2C 8D 8H 10S QC KD",), melds=(("2C 2D JK 2S 2H",),)),
               (Step(_("Your wild meld has five cards. Select the joker and the two, click the wild meld, then "
                       "Lay all (L)."),
                     _("Both wild cards go onto the wild meld: seven make the bolivia."),
                     canasta("bolivia"), meld(add=((0, "JK 2C"),)), Outline("JK 2C", melds=(0,)),
                     keeps=wilds_can_reach(7), wrong=meld("8D 8H JK")),),
               _("A bolivia: 2,500 points, the biggest bonus of the game."), defines=("bolivia",)),
        Lesson("red-threes", _("Red threes"),
               _("A red three you draw is laid out at once beside your melds and replaced from the stock. Each is "
                 "worth 100: plus if your side can go out when the hand ends, minus if not."),
               Setup(hands=("5C 9D JS QS KD 4H 6S AD",), pile="7C 10S", stock="3H 9C QD"),
               (Step(_("Draw two from the stock (click it, or press D)."),
                     _("Every turn begins with the draw: click the stock."),
                     happened(ev.RedThreeLaid), draw(), Outline(stock=True), wrong=discard("JS")),),
               _("The red three went beside your melds and another card came in its place."), defines=("red-three",)),
        Lesson("black-threes", _("Black threes"),
               _("A three on top of the pile blocks it: nobody may take the pile or its top card. Black threes are "
                 "melded only as you go out; one left in hand at the end costs 100."),
               Setup(phase="meld", hands=("3S 9D 9H KC 7S 6D",), melds=(("AH AD AC",),),
                     pile="8C 5D QH 8S JD 9C 4H KH 10C QC"),
               (Step(_("The pile holds ten cards and the next player may hold a pair of queens. Discard your "
                       "three of spades to block it."),
                     _("Select the three of spades and click the pile."),
                     happened(ev.Discarded, lambda e: BLACK_THREE[e.card]), discard("3S"),
                     Outline("3S", pile=True), wrong=discard("KC")),),
               _("The pile is blocked for your left-hand opponent."), defines=("black-three",)),
        Lesson("keep-two", _("Keep two cards"),
               _("Until your side has an escalera and another canasta, you must keep at least two cards in "
                 "your hand after melding."),
               Setup(phase="meld", hands=("5H 5S KD",), melds=(("5C 5D 5H 5S 5C 5D",),)),
               (Step(_("Add one five to your six fives: a canasta of seven, and two cards left in your hand."),
                     _("Two fives would leave one card, and your side can't go out yet: add one five."),
                     canasta("natural"), meld(add=((0, "5H"),)), Outline("5H 5S", melds=(0,)),
                     wrong=meld(add=((0, "5H 5S"),))),
                Step(_("Now discard one card to end your turn."),
                     _("Select one card, then click the pile to discard it."),
                     happened(ev.Discarded), discard("KD"), Outline("KD", pile=True))),
               _("A natural canasta, 500 points, and the rule kept.")),
        Lesson("ask-partner", _("Ask your partner"),
               _("With four players you may ask your partner “May I go out?” before you go out. The answer "
                 "binds: yes, you must go out this turn; no, you may not."),
               Setup(phase="meld", hands=("JC JD JH 6C",), melds=((ESCALERA, KINGS, "9S 9C 9H"),)),
               (Step(_("Your side has an escalera and a canasta of kings. Ask your partner: the Go out? "
                       "button, or Q."),
                     _("Ask first: press Q."),
                     happened(ev.PartnerAsked), ask(), wrong=discard("6C")),
                Step(_("Your partner said yes: go out now. Meld the three jacks (M, L), then discard the six."),
                     _("After a yes you must go out: meld the jacks, then discard the last card."),
                     happened(ev.WentOut), then(meld("JC JD JH"), discard("6C")), Outline("JC JD JH 6C"),
                     keeps=still_able_to_go_out, wrong=discard("JC"))),
               _("Out, with your partner's yes: the hand is over."), script=((2, answer(True)),)),
        Lesson("going-out", _("Going out"),
               _("A side with an escalera and another canasta may go out: meld your whole hand, with or "
                 "without a last discard. Going out earns 100 (200 if your side melded nothing before that "
                 "turn)."),
               Setup(phase="meld", hands=("3C 3S 3C 8H 8S 8D AD",), melds=((ESCALERA, KINGS),)),
               (Step(_("Meld the three black threes and the three eights together, then discard the ace."),
                     _("Black threes go down only as you go out: with the eights, leaving one card to discard."),
                     happened(ev.WentOut), then(meld("3C 3S 3C", "8H 8S 8D"), discard("AD")),
                     Outline("3C 3S 3C 8H 8S 8D AD"), keeps=still_able_to_go_out, wrong=meld("3C 3S 3C")),),
               _("You went out: the hand is scored.")),
    ), readings=(primer("bolivia"), score_walk()))
