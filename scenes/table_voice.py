"""The table told aloud (game/ui/speech.py): every event in the log's own words, the player's turn and
what it asks, the card, pile or meld the keyboard moves onto, the panels opened, and the summaries the
keys 3 to 8 ask for. It reads the parts it is handed, changes none of them, and only says.
"""

from __future__ import annotations

from game.i18n import _
from game.rules import events as ev
from game.rules.cards import RED_THREE
from game.rules.names import cards_text
from game.rules.state import Phase
from game.ui.speech import ASKED, MINE, OTHERS, say
from game.ui.spoken_table import (
    TELLS,
    card_focus,
    for_the_ear,
    hand_summary,
    meld_words,
    melds_summary,
    my_meld,
    pile_words,
    scores_summary,
    stock_words,
)
from game.ui.staging import Staging
from scenes.table_parts.aim import Aim
from scenes.table_parts.hand import Hand
from scenes.table_parts.log_panel import LogPanel
from scenes.table_parts.message_line import status_text
from scenes.table_parts.panels import Panels, help_lines
from scenes.table_parts.score_panel import side_note
from scenes.table_parts.view import TableView


def turn_keys(view: TableView) -> str:
    """The keys for what the turn asks, said after its instruction (the instruction speaks of clicks)."""
    s = view.state
    if s.phase == Phase.DRAW:
        return _("D draws, P takes the pile.")
    if s.phase == Phase.MELD:
        return _("M stages a meld, L lays it, X discards.")
    return ""


class Voice:
    def __init__(self) -> None:
        self.card: tuple[int | None, bool, int] | None = None  # the focused card as last said, selected, hand size
        self.target: object = None  # the keyboard's target as last said
        self.turn: tuple | None = None  # (hand, phase, seat to act) when the turn was last said
        self.help = False
        self.overlay: str | None = None
        self.staging: tuple = ((), ())  # the staging as last said

    # ----- what happened -----------------------------------------------------------------------------

    def events(self, events: list[ev.Event], lines: list[str | None], view: TableView) -> None:
        """Each event's line, as the log words it; the player's own draw names the cards drawn."""
        s = view.state
        for e, line in zip(events, lines, strict=True):
            if not line:
                continue
            seat = getattr(e, "seat", None)
            mine = seat is None or s.side_of(seat) == view.side
            if seat == view.seat and isinstance(e, ev.CardsDrawn) and e.cards and not RED_THREE[e.cards[0]]:
                line = _("{line}: {cards}.").format(line=line.rstrip("."), cards=cards_text(list(e.cards)))
            say(for_the_ear(line), MINE if mine else OTHERS, repeat=True)  # each event its line, as in the log
        self.turn_said(view)

    def turn_said(self, view: TableView) -> None:
        """The player's turn, said once as it comes and again as its step changes (draw, then meld)."""
        s = view.state
        now = (s.hand_no, s.phase, s.to_act)
        if now == self.turn:
            return
        self.turn = now
        if view.human_to_act:
            say(for_the_ear(status_text(view)) + " " + turn_keys(view), MINE)

    def at_table(self, view: TableView) -> None:
        """The table shows (again): what is happening now, whoever's turn it is."""
        s = view.state
        self.turn = (s.hand_no, s.phase, s.to_act)
        keys = " " + turn_keys(view) if view.human_to_act else ""
        say(for_the_ear(status_text(view)) + keys, ASKED)  # the same words as the turn's: said once a frame

    def message(self, text: str) -> None:
        """The message line's words: a hint, a refusal, a warning about the staged move, a notice."""
        say(for_the_ear(text), MINE)

    # ----- the keyboard's focus --------------------------------------------------------------------

    def after_input(self, view: TableView, hand: Hand, aim: Aim, panels: Panels, log: LogPanel,
                    staging: Staging | None = None, quiet: bool = False) -> None:
        """After a key or a click: what the focus moved onto, said (a move on cuts off the last one).
        `quiet`: only noted (the game moved, not the player's keys)."""
        card = hand.focused()
        now = (card, card in hand.selected if card is not None else False, len(hand.order))
        if now != self.card:
            # The first look, or the first card after an empty hand (the deal): noted, not said.
            first = self.card is None or self.card[0] is None
            moved = not first and (now[0] != self.card[0] or now[1] != self.card[1])
            self.card = now
            if card is not None and moved and not quiet:
                say(card_focus(card, hand.focus, len(hand.order), card in hand.new_cards, card in hand.selected),
                    ASKED, interrupt=True)
        target = (aim.index, aim.current(view))
        if target != self.target:
            first = self.target is None
            self.target = target
            if not first and not quiet:
                say(self.target_words(view, aim), ASKED, interrupt=True)
        if staging is not None:
            self.staged(view, staging, quiet)
        if not quiet:
            self.panels(view, panels, log)

    def staged(self, view: TableView, staging: Staging, quiet: bool) -> None:
        """What is staged, said as it changes: the new melds and the cards set out for a meld, then the keys
        that lay it or take it back (the hint's E stages a meld: the player hears what)."""
        now = (tuple(staging.new), tuple(sorted(staging.adds.items())))
        if now == self.staging:
            return
        self.staging = now
        if quiet or not staging:
            return
        melds = {m.id: m for m in view.state.melds[view.side]}
        parts = [_("{cards} as a new meld").format(cards=cards_text(list(cards))) for cards in staging.new]
        parts += [_("{cards} onto {meld}").format(cards=cards_text(list(cards)),
                                                  meld=my_meld(melds[i]))
                  for i, cards in staging.adds.items() if i in melds]
        say(for_the_ear(_("Staged: {what}. L lays it, Z takes it back.").format(what=_("; ").join(parts))), ASKED,
            interrupt=True)

    def target_words(self, view: TableView, aim: Aim) -> str:
        s = view.state
        t = aim.current(view)
        if t == "stock":
            return stock_words(s)
        if t == "pile":
            return pile_words(s, view.side)
        if t == "new":
            return _("A new meld: Enter stages the selected cards as a new meld, or lays what is staged.")
        meld = next((m for m in s.melds[view.side] if m.id == t), None)
        return meld_words(meld, s, mine=True) if meld is not None else ""

    def panels(self, view: TableView, panels: Panels, log: LogPanel) -> None:
        """The keys screen read line by line as it opens; what happened this hand, the same."""
        if panels.help and not self.help:
            for line in help_lines(view):
                say(line, ASKED)
        if panels.overlay == "log" and self.overlay != "log":
            for line in log.lines:
                say(for_the_ear(line), ASKED)
        self.help, self.overlay = panels.help, panels.overlay

    # ----- the summaries on keys ---------------------------------------------------------------------

    def tell(self, what: int | str, view: TableView) -> None:
        """A summary the player asked for (its name, or its place in TELLS), said at once (it cuts off
        whatever was being said)."""
        what = TELLS[what] if isinstance(what, int) else what
        s, side = view.state, view.side
        if what == "hand":
            text = hand_summary(list(s.hands[view.seat]))
        elif what == "ours":
            text = melds_summary(s, side, True, _("Your side's melds"))
        elif what == "theirs":
            others = [x for x in range(s.sides) if x != side]
            text = " ".join(melds_summary(s, o, False, _("Melds of {side}").format(side=view.side_names[o]))
                            for o in others)
        elif what == "piles":
            text = stock_words(s) + " " + pile_words(s, side)
        elif what == "scores":
            text = scores_summary(s, view.side_names, [side_note(view, x, True) for x in range(s.sides)])
        else:
            text = status_text(view)
        say(for_the_ear(text), ASKED, interrupt=True)
