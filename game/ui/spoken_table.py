"""The table in words for the ear: cards named in full ("queen of hearts", not "Q♥"), the card, meld or
pile the keyboard is on, and the summaries a key asks for (the hand by rank, the melds, the piles, the
scores, whose turn). No pygame: the table's voice (scenes/table_voice.py) says what this words.
"""

from __future__ import annotations

import re
from collections import Counter

from game.i18n import _, ngettext, number, pgettext
from game.rules.cards import JOKER, RANK, SUIT, WILD
from game.rules.melds import BLACK_THREES, RUN, WILD_MELD, Meld
from game.rules.names import SUIT_SYMBOLS, canasta_name, rank_plural
from game.rules.state import GameState


def rank_word(rank: int) -> str:
    return {2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six"), 7: _("seven"), 8: _("eight"),
            9: _("nine"), 10: _("ten"), 11: _("jack"), 12: _("queen"), 13: _("king"), 14: _("ace")}[rank]


def suit_word(suit: int) -> str:
    return (_("clubs"), _("diamonds"), _("hearts"), _("spades"))[suit]


def spoken_card(c: int) -> str:
    """A card as said aloud: "queen of hearts", "joker"."""
    if RANK[c] == JOKER:
        return _("joker")
    return _("{rank} of {suit}").format(rank=rank_word(RANK[c]), suit=suit_word(SUIT[c]))


_RANK_OF = {"10": 10, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(2, 10)}}
_ONE = r"(?:10|[2-9JQKA])[" + SUIT_SYMBOLS + "]"


def for_the_ear(text: str) -> str:
    """A line of the table (the log's, a hint's, a refusal's) with its cards named in full: a screen reader
    says "Q♥" as "Q black heart suit". Cards in a row are parted by commas, as a voice says a list."""
    one = "(?:" + _ONE + "|" + re.escape(_("Joker")) + ")"
    cards = re.compile(r"(?<!\w)" + one + r"(?: " + one + r")*")

    def name(card: str) -> str:
        if card[-1] not in SUIT_SYMBOLS:
            return _("joker")
        return _("{rank} of {suit}").format(rank=rank_word(_RANK_OF[card[:-1]]),
                                            suit=suit_word(SUIT_SYMBOLS.index(card[-1])))

    # The screens part things with a middle dot ("West · 15 cards"): a voice makes it a pause, not a "dot".
    text = re.sub(r"\s*·\s*", ", ", text)
    return cards.sub(lambda m: ", ".join(name(c) for c in re.findall(one, m.group(0))), text)


def rank_plural_of(rank: int) -> str:
    """A rank, many of it: "kings"; the wild and the threes too."""
    if rank == JOKER:
        return _("jokers")
    if rank == 2:
        return _("twos")
    if rank == 3:
        return _("threes")
    return said_alone(rank)


def said_alone(rank: int) -> str:
    """A rank's plural said on its own ("kings 3", "your kings"): not the rules' plural, which in French
    reads inside a phrase ("une paire de rois") and gave "vos de rois", "de dames 4"."""
    return {
        4: pgettext("ranks said alone", "fours"), 5: pgettext("ranks said alone", "fives"),
        6: pgettext("ranks said alone", "sixes"), 7: pgettext("ranks said alone", "sevens"),
        8: pgettext("ranks said alone", "eights"), 9: pgettext("ranks said alone", "nines"),
        10: pgettext("ranks said alone", "tens"), 11: pgettext("ranks said alone", "jacks"),
        12: pgettext("ranks said alone", "queens"), 13: pgettext("ranks said alone", "kings"),
        14: pgettext("ranks said alone", "aces"),
    }.get(rank) or rank_plural(rank)


def hand_summary(cards: list[int]) -> str:
    """The hand by rank, the most first: "Your hand, 11 cards: kings 3, sevens 2, jokers 1."."""
    if not cards:
        return _("Your hand is empty.")
    counts = Counter(RANK[c] for c in cards)
    order = sorted(counts, key=lambda r: (-counts[r], WILD[next(c for c in cards if RANK[c] == r)], -r))
    parts = ", ".join(_("{ranks} {n}").format(ranks=rank_plural_of(r), n=counts[r]) for r in order)
    return ngettext("Your hand, {n} card: {parts}.", "Your hand, {n} cards: {parts}.", len(cards)).format(
        n=len(cards), parts=parts)


def meld_name(meld: Meld) -> str:
    """What a meld is of: "kings", "run of hearts", "wild cards"."""
    if meld.kind == RUN:
        return _("run of {suit}").format(suit=suit_word(meld.key))
    if meld.kind == WILD_MELD:
        return _("wild cards")
    if meld.kind == BLACK_THREES:
        return _("black threes")
    return rank_plural_of(meld.key)


def my_meld(meld: Meld) -> str:
    """ "your kings", "your run of hearts" (inside a sentence)."""
    if meld.kind == RUN:
        return _("your run of {suit}").format(suit=suit_word(meld.key))
    return _("your {what}").format(what=meld_name(meld))


def meld_words(meld: Meld, state: GameState, mine: bool) -> str:
    """ "Your kings: 5 cards, 2 short of a canasta" / "A run of hearts: 7 cards, Escalera"."""
    size = len(meld.cards)
    made = meld.canasta(state.rules)
    short = state.rules.canasta_size - size
    wilds = meld.wilds()
    count = ngettext("{n} card", "{n} cards", size).format(n=size)
    if wilds and meld.kind not in (WILD_MELD,):
        count += ", " + ngettext("{n} wild", "{n} wild", wilds).format(n=wilds)
    if made:
        state_words = canasta_name(made)
    elif short > 0:
        state_words = ngettext("{n} short of a canasta", "{n} short of a canasta", short).format(n=short)
    else:
        state_words = ""
    what = my_meld(meld) if mine else meld_name(meld)
    return _("{what}: {count}").format(what=what[:1].upper() + what[1:], count=count) + (
        f", {state_words}" if state_words else "")


def melds_summary(state: GameState, side: int, mine: bool, title: str) -> str:
    """Every meld of a side, its red threes and canastas: "{title}: none." when it has none."""
    melds = state.melds[side]
    reds = len(state.red_threes[side])
    parts = [meld_words(m, state, mine) for m in melds]
    if reds:
        parts.append(ngettext("{n} red three", "{n} red threes", reds).format(n=reds))
    if not parts:
        return _("{title}: none yet.").format(title=title)
    return _("{title}: {parts}.").format(title=title, parts=_("; ").join(parts))


def piles_summary(state: GameState, side: int) -> str:
    stock = ngettext("The stock: {n} card.", "The stock: {n} cards.", len(state.stock)).format(n=len(state.stock))
    return stock + " " + pile_words(state, side)


def pile_words(state: GameState, side: int) -> str:
    """ "The pile: 12 cards, seven of clubs on top, frozen for your side." """
    if not state.pile:
        return _("The pile is empty.")
    n = len(state.pile)
    words = ngettext("The pile: {n} card, {top} on top", "The pile: {n} cards, {top} on top", n).format(
        n=n, top=spoken_card(state.pile[-1]))
    if state.pile_blocked():
        words += ", " + _("nobody may take it this turn")
    elif state.pile_freeze(side) is not None:
        words += ", " + _("frozen for your side")
    return words + "."


def stock_words(state: GameState) -> str:
    return ngettext("The stock: {n} card.", "The stock: {n} cards.", len(state.stock)).format(n=len(state.stock))


def scores_summary(state: GameState, side_names: list[str], notes: list[str]) -> str:
    """Each side's score and what it needs (`notes`, as the score panel words them), and the target."""
    sides = _("; ").join(_("{side} {score}, {note}").format(side=side_names[i], score=number(state.scores[i]),
                                                          note=notes[i]) for i in range(state.sides))
    return _("Scores: {sides}. The game is to {target}. Going out needs {need}.").format(
        sides=sides, target=number(state.target), need=state.rules.go_out_need())


def card_focus(card: int, index: int, total: int, new: bool, selected: bool, staged: bool = False) -> str:
    """The card the keyboard is on: "queen of hearts, 4 of 17, drawn this turn, selected"."""
    words = [spoken_card(card), _("{i} of {n}").format(i=index + 1, n=total)]
    if new:
        words.append(_("drawn this turn"))
    if selected:
        words.append(_("selected"))
    if staged:
        words.append(_("staged"))
    return ", ".join(words)


# The summary keys: the digits above the letters, the same on every keyboard layout (1 and 2 sort).
TELLS = ("hand", "ours", "theirs", "piles", "scores", "turn")
FIRST_TELL_DIGIT = 3


def tell_keys_line() -> str:
    """The summary keys, for the keys screen (H)."""
    return _("3  your hand by rank      4  your melds      5  their melds      6  the pile and the stock      "
             "7  the scores and what going out needs      8  whose turn and what you can do")
