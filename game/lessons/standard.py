"""Learn to play Standard Canasta: eleven short lessons, each a prepared position at a table of four
(partners opposite, one card drawn a turn). Built in the language spoken when `course()` is called."""

from __future__ import annotations

from game.i18n import _
from game.lessons.lesson import (
    Course,
    Lesson,
    Outline,
    Step,
    answer,
    ask,
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
from game.rules.cards import BLACK_THREE

GAME = "standard"
KINGS = "KC KD KH KS KC KD KH"


def course() -> Course:
    return Course(GAME, _("Learn to play Standard Canasta"), (
        Lesson("draw", _("Draw one"),
               _("Every turn has three parts: draw, meld if you can, discard. At four players Standard "
                 "Canasta draws one card (two at two or three players)."),
               Setup(GAME, hands=("5C 9D JS QS KD 4H 6S AD 7C 2C 10H",), pile="6H 4S 9H", stock="KS"),
               (Step(_("Draw one card: click the stock (or press D)."),
                     _("The pile needs a natural pair of nines while your side has not melded. Click the stock."),
                     happened(ev.CardsDrawn), draw(), Outline(stock=True), wrong=take_pile("9D 2C")),
                discard_the_jack_of_spades()),
               _("That is a whole turn: draw one, meld if you can, discard one.")),
        Lesson("first-meld", _("Your first meld"),
               _("Your side has 1,600 points, so its first meld needs 90 (15 below 0, 50 from 0, 90 from 1,500, "
                 "120 from 3,000). Aces count 20, kings 10."),
               Setup(GAME, phase="meld", hands=("AH AC AS KD KH KC JS 7S 9D 5C",), scores=(1600, 1200)),
               (Step(_("Stage the three aces (select them, M), then the three kings (M), and lay both together "
                       "(L)."),
                     _("Three aces make 60: not enough alone. Stage the kings too, then lay all with L."),
                     first_meld(), meld("AH AC AS", "KD KH KC"), Outline("AH AC AS KD KH KC"),
                     wrong=meld("AH AC AS")),),
               _("90 points: your side has melded."), defines=("first-meld",)),
        Lesson("take-pile", _("Take the pile"),
               _("Until your side has melded, the pile is frozen for it: only a natural pair of the top card's "
                 "rank takes it, and the pair with the top card must reach your first-meld minimum."),
               Setup(GAME, hands=("AH AS 2C 8D 9S 10C JH",), pile="4C 7H 5S KH 6D 10D AD"),
               (Step(_("Select your two aces and click the pile (or press P): 60 points, enough to meld."),
                     _("Only a natural pair takes a frozen pile: the two aces, not an ace and a two."),
                     happened(ev.PileTaken), take_pile("AH AS"), Outline("AH AS", pile=True),
                     wrong=take_pile("AH 2C")),),
               _("The aces are melded and the pile is in your hand."), defines=("frozen",)),
        Lesson("frozen-pile", _("The frozen pile"),
               _("A wild card discarded freezes the pile for everyone (it lies crosswise) until someone takes "
                 "it. A frozen pile is taken only with a natural pair."),
               Setup(GAME, hands=("7C 7H JK 4S 10D QC",), melds=(("KH KD KS",),), pile="5C 2D 9H 7S 7D"),
               (Step(_("A two lies in the pile. Select your two natural sevens and click the pile."),
                     _("The pile is frozen: a seven and the joker can't take it. Use the two sevens."),
                     happened(ev.PileTaken), take_pile("7C 7H"), Outline("7C 7H", pile=True),
                     wrong=take_pile("7C JK")),),
               _("The pile is yours, and it is no longer frozen.")),
        Lesson("unfrozen-pile", _("A natural and a wild card"),
               _("Once your side has melded, and no wild card lies in the pile, a natural card and a wild "
                 "card from your hand can take it too."),
               Setup(GAME, hands=("10H 2C 6D 8C QS",), melds=(("KH KD KS",),), pile="5C 9H 4S 10S"),
               (Step(_("Select your ten and your two, then click the pile."),
                     _("The pile needs a ten of yours and another ten or a wild card."),
                     happened(ev.PileTaken), take_pile("10H 2C"), Outline("10H 2C", pile=True),
                     wrong=take_pile("2C 6D")),),
               _("The ten, the two and the top card make a new meld of tens.")),
        Lesson("black-three", _("The black three block"),
               _("A black three discarded blocks the pile for the next player only: while it is on top, the "
                 "pile can't be taken."),
               Setup(GAME, hands=("9C 9S 4D KH QD 6C 3C",), melds=(("AH AD AC",),), pile="8C 9D 9H 3S",
                     stock="5H"),
               (Step(_("Your left-hand opponent discarded the three of spades: even with your two nines you "
                       "can't take the pile. Draw from the stock."),
                     _("A black three on top blocks the pile: draw from the stock."),
                     happened(ev.CardsDrawn), draw(), Outline(stock=True), wrong=take_pile("9C 9S")),
                Step(_("Block the next player the same way: discard your three of clubs."),
                     _("Select the three of clubs and click the pile."),
                     happened(ev.Discarded, lambda e: BLACK_THREE[e.card]), discard("3C"),
                     Outline("3C", pile=True), wrong=discard("KH"))),
               _("Your left-hand opponent can't take the pile this turn."), defines=("black-three",)),
        Lesson("red-threes", _("Red threes"),
               _("A red three you draw is laid out at once and replaced from the stock. Each is worth 100, all "
                 "four 800: plus if your side has melded when the hand ends, minus if not."),
               Setup(GAME, hands=("5C 9D JS QS KD 4H 6S AD",), pile="7C 10S", stock="3D 8S"),
               (Step(_("Draw from the stock (click it, or press D)."),
                     _("Every turn begins with the draw: click the stock."),
                     happened(ev.RedThreeLaid), draw(), Outline(stock=True), wrong=take_pile("JS QS")),),
               _("The red three went beside your melds and another card came in its place."), defines=("red-three",)),
        Lesson("canasta", _("A canasta"),
               _("Seven cards of one rank or more make a canasta: natural (no wild card) 500, mixed 300. Going out"
                 " needs one. More queens go onto your one meld of queens."),
               Setup(GAME, phase="meld", hands=("QH 2S 9D 6C KS",), melds=(("QC QD QH QS QC QD",),)),
               (Step(_("Select your queen, click your six queens, then Lay all (L)."),
                     _("The queen goes onto the queens: nine, six and king are no meld."),
                     happened(ev.CanastaMade, lambda e: e.side == 0), meld(add=((0, "QH"),)),
                     Outline("QH", melds=(0,)), wrong=meld("9D 6C KS")),),
               _("A canasta: your side may go out from now on.")),
        Lesson("keep-two", _("Keep two cards"),
               _("Until your side has a canasta you must keep at least two cards in your hand after "
                 "melding: discarding your last card would be going out."),
               Setup(GAME, phase="meld", hands=("8S 8C 7D",), melds=(("8C 8D 8H",),)),
               (Step(_("Add one eight to your eights, keeping two cards in your hand."),
                     _("Two eights would leave one card, and your side can't go out yet: add one."),
                     happened(ev.AddedToMeld), meld(add=((0, "8S"),)), Outline("8S 8C", melds=(0,)),
                     wrong=meld(add=((0, "8S 8C"),))),
                Step(_("Now discard one card to end your turn."),
                     _("Select one card, then click the pile to discard it."),
                     happened(ev.Discarded), discard("7D"), Outline("7D", pile=True))),
               _("Four eights, and the rule kept.")),
        Lesson("ask-partner", _("Ask your partner"),
               _("With four players you may ask your partner “May I go out?” before you go out. The answer "
                 "binds: yes, you must go out this turn; no, you may not."),
               Setup(GAME, phase="meld", hands=("JC JD JH 6C",), melds=((KINGS, "9S 9C 9H"),)),
               (Step(_("Your side has a canasta of kings. Ask your partner: the Go out? button, or Q."),
                     _("Ask first: press Q."),
                     happened(ev.PartnerAsked), ask(), wrong=discard("6C")),
                Step(_("Your partner said yes: go out now. Meld the three jacks (M, L), then discard the six."),
                     _("After a yes you must go out: meld the jacks, then discard the last card."),
                     happened(ev.WentOut), then(meld("JC JD JH"), discard("6C")), Outline("JC JD JH 6C"),
                     keeps=still_able_to_go_out, wrong=discard("JC"))),
               _("Out, with your partner's yes: the hand is over."), script=((2, answer(True)),)),
        Lesson("going-out", _("Going out"),
               _("With a canasta your side may go out: meld your whole hand, with or without a last discard, for "
                 "100 (200 if you had melded nothing before). Black threes are melded only as you go out."),
               Setup(GAME, phase="meld", hands=("3C 3S 3C 10H 10S 10D AD",), melds=((KINGS,),)),
               (Step(_("Meld the three black threes and the three tens together, then discard the ace."),
                     _("Black threes go down only as you go out: with the tens, leaving one card to discard."),
                     happened(ev.WentOut), then(meld("3C 3S 3C", "10H 10S 10D"), discard("AD")),
                     Outline("3C 3S 3C 10H 10S 10D AD"), keeps=still_able_to_go_out, wrong=meld("3C 3S 3C")),),
               _("You went out: the hand is scored.")),
    ), readings=(primer(GAME),))
