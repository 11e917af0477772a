"""A scoring screen, line by line: a real hand played to its end on the engine (a prepared position, the
player going out), scored by the engine, and a page for each line of the player's side's score, in the
order and the words the scoring screen uses. Every number on the pages is the engine's: the result of
the hand (`GameState.results`) and each canasta's bonus; none is written here."""

from __future__ import annotations

from game.i18n import _, ngettext, number
from game.lessons.lesson import meld as meld_move
from game.lessons.pages import Page, Reading
from game.lessons.position import Setup, build, pick
from game.rules.actions import Discard
from game.rules.cards import BLACK_THREE
from game.rules.melds import RANK_MELD, RUN
from game.rules.names import SUIT_SYMBOLS, canasta_name, rank_plural
from game.rules.state import GameState

KEY = "scoring"
MINUS = "\u2212"

# The hand: your side has an escalera, a natural and a mixed canasta, three nines and a red three; you go
# out with three jacks and a discard while your partner still holds four cards, a black three among them.
HAND = Setup(phase="meld", hands=("JC JD JH 6C", 11, "5S 8H 3C AD"),
             melds=(("4D 5D 6D 7D 8D 9D 10D", "KC KD KH KS KC KD KH", "QH QD QS QC 2C QH QD", "9H 9D 9S"),),
             red_threes=("3H",))


def finished_hand() -> GameState:
    """The hand played out on the engine: the jacks melded, the six discarded, the hand scored."""
    s = build(HAND)
    s.apply(meld_move("JC JD JH")(s))
    s.apply(Discard(pick(s.hands[0], "6C")[0]))
    assert s.results, "the hand did not end"  # our position: a bug if it does not go out
    return s


def _signed(n: int) -> str:
    return MINUS + number(-n) if n < 0 else "+" + number(n) if n > 0 else number(n)


def _canasta_label(m, canasta: str) -> str:
    """As the scoring screen names a canasta: "Natural canasta of kings", "Escalera ♦"."""
    if m.kind == RANK_MELD:
        return _("{canasta} of {rank}").format(canasta=canasta_name(canasta), rank=rank_plural(m.key))
    if m.kind == RUN:
        return f"{canasta_name(canasta)} {SUIT_SYMBOLS[m.key]}"
    return canasta_name(canasta)


def _why_canasta(canasta: str) -> str:
    return {
        "escalera": _("An escalera, a run of seven cards, earns this bonus on top of its cards' points."),
        "natural": _("Seven or more cards of one rank with no wild card: a natural canasta, the bigger bonus."),
        "mixed": _("Seven or more cards of one rank with a wild card among them: a mixed canasta, the smaller "
                   "bonus."),
        "bolivia": _("Seven wild cards: a bolivia, the biggest bonus of the game."),
    }.get(canasta, "")


def score_walk() -> Reading:
    s = finished_hand()
    rules = s.rules
    sc = s.results[-1]["scores"][0]
    melds = s.melds[0]
    lines: list[tuple[str, str, str]] = []  # (label, points, what the page says of it)
    n = sum(len(m.cards) for m in melds)
    lines.append((ngettext("{n} card melded", "{n} cards melded", n).format(n=n), number(sc["melded"]),
                  ngettext("Every card on the table counts its points, the ones of the first page of the words: "
                           "your side's {n} card makes {points}.",
                           "Every card on the table counts its points, the ones of the first page of the words: "
                           "your side's {n} cards make {points}.", n).format(n=n, points=number(sc["melded"]))))
    canastas = sorted(((m, m.canasta(rules)) for m in melds if m.canasta(rules)), key=lambda mc: -mc[0].bonus(rules))
    for m, c in canastas:
        lines.append((_canasta_label(m, c), _signed(m.bonus(rules)), _why_canasta(c)))
    if sc["going_out"]:
        lines.append((_("Going out"), _signed(sc["going_out"]),
                      _("You went out: your side earns this bonus (more when it had melded nothing before).")))
    if sc["red_threes"]:
        lines.append((_("Red threes"), _signed(sc["red_threes"]),
                      _("Your red three counts plus, because your side had what going out needs; a side "
                        "without it loses its red threes instead.")))
    left = [c for seat in s.seats_of(0) for c in s.hands[seat]]
    black = sum(1 for c in left if BLACK_THREE[c])
    lines.append((ngettext("{n} card left in hand", "{n} cards left in hand", len(left)).format(n=len(left)),
                  _signed(sc["in_hand"]),
                  ngettext("Your partner still held {n} card: its points count against your side, and a black "
                           "three left in hand costs {cost}.",
                           "Your partner still held {n} cards: their points count against your side, and a black "
                           "three left in hand costs {cost}.", len(left)).format(n=len(left),
                                                                               cost=rules.black_three_in_hand)
                  if black else ngettext("Your partner still held {n} card: its points count against your side.",
                                         "Your partner still held {n} cards: their points count against your side.",
                                         len(left)).format(n=len(left))))
    lines.append((_("This hand"), number(sc["total"]),
                  _("The lines added up: your side's score for this hand, added to its total. The first side to "
                    "reach the target wins the game.")))
    table = tuple((label, points) for label, points, _why in lines)
    pages = [Page(_("The scoring screen"),
                  _("When a hand ends, the scoring screen shows each side's score, a line at a time. Here is "
                    "your side's, after a hand you went out of: the pages that follow take it line by line."),
                  lines=table)]
    pages += [Page(label, why, lines=table, marked=i) for i, (label, _points, why) in enumerate(lines)]
    return Reading(KEY, _("Reading the scoring screen"), tuple(pages), after="going-out",
                   well_done=_("That is every line of a hand's score."))
