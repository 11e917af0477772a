"""The scoring screen after each hand: every side's score, line by line, counted up.

For each side: the melded cards, each canasta bonus on its own line, going out, the red threes
(plus or minus, and why), the cards left in hand, and under that line every seat's cards themselves
with what they cost (the engine's count, game/rules/scoring.py), the hand's total; then the running
total and the side's first-meld minimum for the next hand. The numbers count up with pytweening easings;
any key or click shows them all at once; then Enter, Space or the button continues. As at the table,
Esc opens the pause menu and G the game's score sheet.

`score_lines` and `left_hands` are pure (no drawing) so the tests can hold every line against the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.anim import Tweener
from game.assets import font
from game.i18n import _, ngettext, number
from game.rules.cards import BLACK_THREE, RANK, SUIT, WILD
from game.rules.melds import RANK_MELD, RUN, Meld
from game.rules.names import SUIT_SYMBOLS, canasta_name, card_name, rank_plural
from game.rules.scoring import hand_cost
from game.rules.state import GameState, Phase
from game.ui.looks import steady_text
from game.ui.narrate import seat_names, side_names
from game.ui.sounds import SILENT, SoundBoard
from scenes.scene import Host, Scene
from scenes.spoken_screens import score_column_lines, speak
from scenes.table_parts.dialogs import Dialogs
from scenes.table_parts.overlays import draw_score_sheet
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    PANEL_EDGE,
    READABLE_PX,
    Button,
    draw_panel,
    draw_text,
    felt_background,
    fit_size,
    frame_unit,
    ui_unit,
    veil,
    wrap_text,
)

MINUS = "\u2212"  # a real minus sign: wider and clearer than a hyphen
LOSS: tuple[int, int, int] = (255, 160, 150)
CHIP = {"natural": (190, 30, 40), "mixed": (40, 40, 48), "escalera": (30, 80, 190), "samba": (30, 80, 190),
        "bolivia": (130, 50, 160)}

CARD_FACE = (246, 242, 230)  # a card label's ground, and its red and black inks
CARD_RED = (190, 30, 40)
CARD_BLACK = (24, 24, 30)
RED_SUITS = (1, 2)  # diamonds and hearts (game/rules/cards.py's suit order: clubs, diamonds, hearts, spades)

LINE_STEP = 0.32  # seconds between two lines appearing, at normal speed
COUNT = 0.55  # seconds for a number to count up


def signed(n: int, plus: bool = False) -> str:
    """1,500 / −100 (and +200 with `plus`)."""
    if n < 0:
        return MINUS + number(-n)
    return "+" + number(n) if plus and n > 0 else number(n)


def canasta_label(meld: Meld, canasta: str) -> str:
    """"Natural canasta of kings", "Escalera ♥", "Bolivia"."""
    if meld.kind == RANK_MELD:
        return _("{canasta} of {rank}").format(canasta=canasta_name(canasta), rank=rank_plural(meld.key))
    if meld.kind == RUN:
        return f"{canasta_name(canasta)} {SUIT_SYMBOLS[meld.key]}"
    return canasta_name(canasta)


@dataclass(frozen=True)
class ScoreLine:
    """One line of a side's score. `kind`: melded, canasta, going_out, red_threes, in_hand, bonuses, total."""

    kind: str
    label: str
    points: int
    note: str = ""
    canasta: str | None = None


def score_lines(state: GameState, side: int, result: dict | None = None) -> list[ScoreLine]:
    """The lines of one side's score for the hand in `result` (by default the last one played).

    Read from the engine's result and from the table as the hand left it (melds, red threes and
    hands stay until the next deal). The item lines add up to the total line, always.
    """
    result = result if result is not None else state.results[-1]
    sc = result["scores"][side]
    rules = state.rules
    melds = state.melds[side]
    lines: list[ScoreLine] = []
    n_melded = sum(len(m.cards) for m in melds)
    lines.append(ScoreLine("melded", ngettext("{n} card melded", "{n} cards melded", n_melded).format(n=n_melded),
                           sc["melded"]))
    canastas = [(m, rules.canasta_key(m.canasta(rules))) for m in melds]  # Samba's run: a samba
    canastas = sorted(((m, c) for m, c in canastas if c), key=lambda mc: -mc[0].bonus(rules))
    if sum(m.bonus(rules) for m, _c in canastas) == sc["bonuses"]:
        for m, c in canastas:
            lines.append(ScoreLine("canasta", canasta_label(m, c), m.bonus(rules), canasta=c))
    elif sc["bonuses"]:  # the table no longer matches the result (never expected): one honest line
        lines.append(ScoreLine("bonuses", _("Canasta bonuses"), sc["bonuses"]))
    if sc["going_out"]:
        concealed = sc["going_out"] == rules.go_out_concealed and result.get("concealed")
        lines.append(ScoreLine("going_out", _("Going out concealed") if concealed else _("Going out"),
                               sc["going_out"]))
    n_red = len(state.red_threes[side])
    if sc["red_threes"] or n_red:
        amount = sc["red_threes"]
        count = (rules.all_red_threes_text() if n_red == rules.packs * 2
                 else ngettext("{n} red three", "{n} red threes", n_red).format(n=n_red))
        why = rules.red_threes_reason(amount >= 0)
        note = _("{points}: {count}, {why}").format(points=signed(amount, plus=True), count=count, why=why)
        lines.append(ScoreLine("red_threes", _("Red threes"), amount, note))
    left = [c for seat in state.seats_of(side) for c in state.hands[seat]]
    if left or sc["in_hand"]:
        label = ngettext("{n} card left in hand", "{n} cards left in hand", len(left)).format(n=len(left))
        black = sum(1 for c in left if BLACK_THREE[c])
        if rules.black_three_in_hand == 100:
            note = ngettext("including {n} black three: 100 each", "including {n} black threes: 100 each",
                            black).format(n=black) if black else ""
        else:
            note = ngettext("including {n} black three: 5 each", "including {n} black threes: 5 each",
                            black).format(n=black) if black else ""
        lines.append(ScoreLine("in_hand", label, sc["in_hand"], note))
    else:
        lines.append(ScoreLine("in_hand", _("No cards left in hand"), 0))
    lines.append(ScoreLine("total", _("This hand"), sc["total"]))
    return lines


@dataclass(frozen=True)
class LeftHand:
    """One seat's cards left in hand when the hand ended, and what they cost (zero or less)."""

    seat: int
    name: str
    cards: tuple[int, ...]
    cost: int


def left_hands(state: GameState, side: int, names: list[str] | None = None) -> list[LeftHand]:
    """Every seat of the side with the cards its hand held at the end (the table keeps them until the next
    deal), wild cards last, and their cost as the engine counts it: together they make the in-hand line."""
    names = names or seat_names(state.players)
    return [LeftHand(seat, names[seat], tuple(sorted(state.hands[seat], key=lambda c: (WILD[c], -RANK[c], SUIT[c]))),
                     hand_cost(state.hands[seat], state.rules)) for seat in state.seats_of(side)]


def hand_summary(state: GameState, result: dict | None = None, names: list[str] | None = None) -> str:
    """Who went out, or why the hand ended."""
    result = result if result is not None else state.results[-1]
    names = names or seat_names(state.players)
    out = result.get("out")
    if out is None:
        return _("The stock ran out: nobody went out.")
    if result.get("concealed"):
        return _("{who} went out concealed.").format(who=names[out])
    return _("{who} went out.").format(who=names[out])


class _Shown:
    """What the screen shows of one number: how far it has appeared, and the value counted so far."""

    def __init__(self, start: float = 0.0) -> None:
        self.alpha = 0.0
        self.value = start


@dataclass
class _Column:
    side: int
    name: str
    lines: list[ScoreLine]
    hands: list[LeftHand]  # drawn under the in-hand line
    shown: list[_Shown]
    total: _Shown
    before: int
    after: int
    next_min: int
    rect: pygame.Rect


class ScoringScene(Scene):
    """`on_continue()` is called when the player moves on. `auto_continue` (seconds) moves on by
    itself once the counting is done (the demo)."""

    def __init__(
        self,
        state: GameState,
        on_continue: Callable[[], None] | None = None,
        speed: str = "normal",
        auto_continue: float | None = None,
        deal_code: str | None = None,
        on_replay: Callable[[], None] | None = None,
        on_review: Callable[[], None] | None = None,
        names: list[str] | None = None,
    ) -> None:
        """`names`: each seat's name, the player's first (with friends, the people's own); else the seats'."""
        super().__init__()
        self.state = state
        self.seat_names = names if names is not None and len(names) == state.players else seat_names(state.players)
        self.side_names = side_names(state.players, self.seat_names if names is not None else None)
        self.deal_code = deal_code  # shown, to play this deal again (game/rules/deal_code.py)
        self.on_replay = on_replay  # R: this hand played back (scenes/replay.py)
        self.on_review = on_review  # V: where the player's moves cost most (scenes/review.py)
        self.replay_button = Button(_("Replay (R)"), lambda: self.on_replay() if self.on_replay else None)
        self.review_button = Button(_("Review (V)"), lambda: self.on_review() if self.on_review else None)
        self.result = state.results[-1]
        self.on_continue = on_continue
        self.auto_continue = auto_continue
        self.tweener = Tweener(speed)
        self.sounds: SoundBoard = SILENT  # the flow's: each line ticks as it comes, the total with a snap
        self.ticks: list[str] = []  # the sounds the counting asked for, in order
        self._skipping = speed == "instant"  # no counting to hear: every number is there at once
        self.final = state.phase == Phase.GAME_OVER
        self.button = Button(_("See the result") if self.final else _("Next hand"), self.proceed)
        self.button.focused = True
        self.waited = 0.0
        self.continued = False
        names = self.side_names
        totals = self.result["totals"]
        self.columns: list[_Column] = []
        for side in range(state.sides):
            lines = score_lines(state, side, self.result)
            after = totals[side]
            before = after - self.result["scores"][side]["total"]
            self.columns.append(_Column(side, names[side], lines, left_hands(state, side, self.seat_names),
                                        [_Shown() for _ in lines], _Shown(before),
                                        before, after, state.rules.min_meld(after), pygame.Rect(0, 0, 0, 0)))
        self._unit = ui_unit(self.size)
        self._t = self._unit
        self._texts: dict[tuple, pygame.Surface] = {}
        # Esc and G, as at the table: the pause menu (its rooms come back here) and the score sheet.
        self.dialogs = Dialogs()
        self.sheet = False
        self.on_settings: Callable[[], None] | None = None
        self.on_rules: Callable[[], None] | None = None
        self.on_menu: Callable[[], None] | None = None
        self._ticked: set[float] = set()
        self._start_counting()

    # ----- the counting ------------------------------------------------------------------------------

    def _start_counting(self) -> None:
        rows = max(len(c.lines) for c in self.columns)
        for col in self.columns:
            for i, (line, shown) in enumerate(zip(col.lines, col.shown, strict=True)):
                # The hand's total comes after every side's lines, all sides together.
                delay = 0.3 + (i if line.kind != "total" else rows - 1) * LINE_STEP
                self.tweener.tween(shown, "alpha", 1.0, 0.25, "easeOutQuad", delay=delay, start=0.0,
                                   on_done=lambda d=delay, k=line.kind: self._tick(d, k))
                self.tweener.tween(shown, "value", float(line.points), COUNT, "easeOutCubic", delay=delay, start=0.0)
            delay = 0.3 + rows * LINE_STEP + 0.2
            self.tweener.tween(col.total, "alpha", 1.0, 0.3, "easeOutQuad", delay=delay, start=0.0)
            self.tweener.tween(col.total, "value", float(col.after), COUNT * 1.6, "easeInOutCubic", delay=delay,
                               start=float(col.before))

    def _tick(self, delay: float, kind: str) -> None:
        """A line has come: one tick for every side's lines that come together (none once skipped)."""
        if self._skipping or delay in self._ticked:
            return
        self._ticked.add(delay)
        name = "meld" if kind == "total" else "tick"
        self.ticks.append(name)
        self.sounds.play(name)

    @property
    def counting(self) -> bool:
        return not self.tweener.idle

    def skip(self) -> None:
        """Show every number at once (without a burst of ticks)."""
        self._skipping = True
        self.tweener.finish_all()
        self.dirty = True

    def proceed(self) -> None:
        if self.continued:
            return
        self.continued = True
        if self.on_continue is not None:
            self.on_continue()

    # ----- scene hooks -------------------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        super().enter(app)

    def announce(self) -> None:
        """The hand's scoring said line by line, each side's, then the button (as the counting shows it)."""
        lines = [hand_summary(self.state, self.result, self.seat_names)]
        for col in self.columns:
            lines += score_column_lines(col.name, [(ln.label, ln.points, ln.note) for ln in col.lines],
                                        col.before, col.after)
        speak(lines + [_("{button}: Enter").format(button=self.button.label)])

    def update(self, dt: float) -> None:
        if self.counting:
            self.tweener.update(dt)
            self.dirty = True
            return
        if self.auto_continue is not None and not (self.dialogs.open or self.sheet):  # paused: it waits
            self.waited += dt
            if self.waited >= self.auto_continue:
                self.proceed()

    def pause(self) -> None:
        """Esc: the table's pause menu (Resume, Settings, Rules, Main menu, Quit, which asks first)."""
        self.dialogs.pause_menu(self.on_settings, self.on_rules, self.on_menu,
                                lambda: self.app.quit() if self.app is not None else None, self.size)
        self.dirty = True

    def _sheet_event(self, event: pygame.event.Event) -> None:
        """While the score sheet shows: a key (G, Esc...) or a click goes back to the scores."""
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            self.sheet = False
            self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialogs.handle_event(event):
            self.dirty = True
            return
        if self.sheet:
            self._sheet_event(event)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_g):
            if event.key == pygame.K_ESCAPE:
                self.pause()
            else:
                self.sheet = True
                self.dirty = True
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r and self.on_replay is not None:
                self.on_replay()
            elif event.key == pygame.K_v and self.on_review is not None:
                self.on_review()
            elif self.counting:
                self.skip()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.proceed()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.counting:
                self.skip()
                return
            for b in self._buttons():
                if b.rect.collidepoint(event.pos):
                    b.pressed = True
                    self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self._buttons():
                if b.pressed:
                    b.pressed = False
                    self.dirty = True
                    if b.rect.collidepoint(event.pos):
                        b.activate()

    def _buttons(self) -> list[Button]:
        """Next hand, and beside it Replay and Review when the hand has a record to play them from."""
        return [b for b, there in ((self.replay_button, self.on_replay), (self.button, True),
                                   (self.review_button, self.on_review)) if there is not None]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        f = frame_unit(size)  # the title, the summary and the buttons grow less than the lines read
        self._texts.clear()
        self.dialogs.place(size)
        margin = max(10, u // 2)

        def frame(scale: float | None) -> tuple[int, int, int]:
            us, fs = ui_unit(size, scale), frame_unit(size, scale)
            code_h = max(14, fs * 3 // 4) + fs // 3 if self.deal_code else 0  # the deal code's strip
            n = len(self.columns)
            return round(fs * 3.6), h - round(fs * 2.1) - fs - code_h, min(us * 17, (w - 2 * margin - (n - 1) *
                                                                                      margin) // n)

        def fitted(scale: float | None) -> int:
            """The largest text with which every column fits its height, at that text size."""
            top, bottom, col_w = frame(scale)
            for col in self.columns:
                col.rect = pygame.Rect(0, top, col_w, bottom - top)
            t = ui_unit(size, scale)
            while t > READABLE_PX and max(self._column_height(c, t) for c in self.columns) > bottom - top:
                t -= 1
            return t

        # Never smaller than at a smaller text size (the larger one's frame leaves the columns less room).
        t = self._t = steady_text(fitted)
        top, bottom, col_w = frame(None)
        button_h = round(f * 2.1)
        code_h = max(14, f * 3 // 4) + f // 3 if self.deal_code else 0
        n = len(self.columns)
        gap = margin
        left = (w - n * col_w - (n - 1) * gap) // 2
        for i, col in enumerate(self.columns):
            col.rect = pygame.Rect(left + i * (col_w + gap), top, col_w, bottom - top)
        used = max(self._column_height(c, t) for c in self.columns)
        for col in self.columns:
            col.rect.h = used
        self.button.rect = pygame.Rect(0, 0, min(f * 10, w - 2 * margin), button_h)
        self.button.rect.midtop = (w // 2, min(top + used + f // 2, h - button_h - f // 3 - code_h))
        side_w = min(f * 8, (w - 2 * margin - self.button.rect.w) // 2 - margin)
        for b, sign in ((self.replay_button, -1), (self.review_button, 1)):
            b.rect = pygame.Rect(0, 0, side_w, round(button_h * 0.8))
            b.rect.centery = self.button.rect.centery
            if sign < 0:
                b.rect.right = self.button.rect.left - margin
            else:
                b.rect.left = self.button.rect.right + margin

    # ----- layout maths ------------------------------------------------------------------------------

    def _pad(self, t: int) -> int:
        return max(8, t * 2 // 3)

    def _note_size(self, t: int) -> int:
        return max(READABLE_PX, round(t * 0.78))  # the notes were 12 px at 1024x600

    def _label_width(self, col: _Column, t: int) -> int:
        widest = max(font(t, True).size(signed(ln.points))[0] for ln in col.lines)
        return col.rect.w - 2 * self._pad(t) - widest - t

    def _wrapped(self, col: _Column, line: ScoreLine, t: int) -> tuple[list[str], list[str]]:
        width = self._label_width(col, t)
        chip = round(t * 0.9) if line.canasta else 0
        label = wrap_text(line.label, font(t, line.kind == "total"), max(40, width - chip))
        note = wrap_text(line.note, font(self._note_size(t)), col.rect.w - 2 * self._pad(t)) if line.note else []
        return label, note

    def _line_height(self, col: _Column, line: ScoreLine, t: int) -> int:
        label, note = self._wrapped(col, line, t)
        return len(label) * round(t * 1.25) + len(note) * round(self._note_size(t) * 1.2) + round(t * 0.25)

    def _footer_height(self, t: int) -> int:
        """This hand's total, the running total and the next minimum, at the foot of the column."""
        pad = self._pad(t)
        return pad + round(t * 1.5) + pad // 2 + round(t * 1.6) + round(t * 1.3) + pad

    def _column_height(self, col: _Column, t: int) -> int:
        pad = self._pad(t)
        h = pad + round(t * 1.25) + pad // 2  # header
        h += sum(self._line_height(col, line, t) for line in col.lines if line.kind != "total")
        return h + self._hands_height(col, t) + self._footer_height(t)

    def _chip_size(self, t: int) -> int:
        return self._note_size(t)

    def _hand_place(self, col: _Column, t: int) -> tuple[int, int, int]:
        """Where the card labels go in the column: their left edge from the text's, the room they have, and
        the width of the cost at the right. A side of one seat has its cost on the in-hand line, so its cards
        take the whole width; the seats of a side of two are each named at the left, their cost at the right."""
        cs = self._chip_size(t)
        gap = max(4, cs // 2)
        width = col.rect.w - 2 * self._pad(t) - self._pad(t) // 2
        if len(col.hands) == 1:
            return 0, width, 0
        names = max(font(cs, True).size(h.name)[0] for h in col.hands) + gap
        costs = max(font(cs, True).size(signed(h.cost))[0] for h in col.hands) + gap
        return names, width - names - costs, costs

    def _chip_rows(self, col: _Column, hand: LeftHand, t: int) -> list[list[tuple[int, int]]]:
        """The seat's cards as labels in rows that fit the room beside its name: each (card, width)."""
        cs = self._chip_size(t)
        room = self._hand_place(col, t)[1]
        gap = self._chip_gap(t)
        rows: list[list[tuple[int, int]]] = [[]]
        used = 0
        for c in hand.cards:
            w = font(cs, True).size(card_name(c))[0] + cs // 2
            if rows[-1] and used + gap + w > room:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + w
            rows[-1].append((c, w))
        return [r for r in rows if r]  # none for a seat that went out

    def _chip_gap(self, t: int) -> int:
        return max(2, self._chip_size(t) // 5)

    def _row_height(self, t: int) -> int:
        return round(self._chip_size(t) * 1.45)

    def _hands_height(self, col: _Column, t: int) -> int:
        """Each seat takes its rows of cards (one at least when it is named: a seat that went out has none)."""
        rows = sum(max(len(self._chip_rows(col, h, t)), 0 if len(col.hands) == 1 else 1) for h in col.hands)
        return rows * self._row_height(t) + (round(t * 0.25) if rows else 0)

    # ----- drawing -----------------------------------------------------------------------------------

    def _text(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        key = (text, size, color, bold)
        img = self._texts.get(key)
        if img is None:
            if len(self._texts) > 400:
                self._texts.clear()
            img = self._texts[key] = font(size, bold).render(text, True, color)
        return img

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, h = surface.get_size()
        u = self._unit
        f = frame_unit((w, h))  # the frame as resize laid it out: its words grow less than the columns'
        title = (_("Hand {n}: the final scores") if self.final else _("Hand {n} scores")).format(
            n=self.result["hand"])
        draw_text(surface, title, round(f * 1.4), GOLD, (w // 2, round(f * 0.35)), "midtop", True, True)
        sub = (hand_summary(self.state, self.result, self.seat_names) + "  "
               + _("Target: {n}").format(n=number(self.state.target)))
        draw_text(surface, sub, max(14, round(f * 0.8)), INK, (w // 2, round(f * 2.1)), "midtop", shadow=True)
        for col in self.columns:
            self._draw_column(surface, col)
        if self.counting:
            hint = _("Press any key or click to see every number at once.")
            draw_text(surface, hint, max(14, f * 3 // 4), INK_DIM, (w // 2, self.button.rect.centery), "center")
        else:
            for b in self._buttons():
                b.draw(surface)
        if self.deal_code:  # below the columns, clear of the button: read aloud, typed in the setup
            text = _("Deal code: {code}").format(code=self.deal_code)
            draw_text(surface, text, max(14, f * 3 // 4), INK_DIM, (w - f // 2, h - f // 3), "bottomright")
        if self.sheet:
            veil(surface, 110)
            draw_score_sheet(surface, self.state, self.side_names, self.seat_names, u,
                             max(14, u * 3 // 4), self.state.side_of(0), back=_("G or Esc: back to the scores"))
        self.dialogs.draw(surface, (w, h), u)

    def _draw_column(self, surface: pygame.Surface, col: _Column) -> None:
        t = self._t
        pad = self._pad(t)
        r = col.rect
        draw_panel(surface, r, max(8, t // 2))
        mine = col.side == self.state.side_of(0)
        y = r.top + pad
        head = self._text(col.name, round(t * 1.1), GOLD if mine else INK, True)
        surface.blit(head, head.get_rect(midtop=(r.centerx, y)))
        y += round(t * 1.25) + pad // 2
        x0, x1 = r.left + pad, r.right - pad
        for line, shown in zip(col.lines, col.shown, strict=True):
            if line.kind == "total":
                continue
            alpha = round(255 * max(0.0, min(1.0, shown.alpha)))
            if alpha:
                self._draw_line(surface, col, line, shown, y, alpha)
            y += self._line_height(col, line, t)
            if line.kind == "in_hand":
                if alpha:
                    self._draw_hands(surface, col, self._hands_top(col, t), alpha)
                y += self._hands_height(col, t)
        # At the foot: this hand's total, the running total, the next hand's first-meld minimum.
        y = r.bottom - self._footer_height(t) + pad // 2
        pygame.draw.line(surface, PANEL_EDGE, (x0, y), (x1, y), max(1, t // 12))
        y += pad // 2
        for line, shown in zip(col.lines, col.shown, strict=True):
            alpha = round(255 * max(0.0, min(1.0, shown.alpha)))
            if line.kind == "total" and alpha:
                self._draw_line(surface, col, line, shown, y, alpha)
        y += round(t * 1.5)
        alpha = round(255 * max(0.0, min(1.0, col.total.alpha)))
        if alpha:
            big = round(t * 1.3)
            label = self._text(_("Total"), big, GOLD, True)
            label.set_alpha(alpha)
            surface.blit(label, (x0, y))
            num = font(big, True).render(signed(round(col.total.value)), True, LOSS if col.after < 0 else GOLD)
            num.set_alpha(alpha)
            surface.blit(num, num.get_rect(topright=(x1, y)))
            y += round(t * 1.6)
            if not self.final:
                text = _("Next first meld: {n} points").format(n=col.next_min)
                img = self._text(text, fit_size(text, t, x1 - x0, READABLE_PX, bold=False), INK)
                img.set_alpha(alpha)
                surface.blit(img, (x0, y))

    def _hands_top(self, col: _Column, t: int) -> int:
        """Where the seats' cards start: under the in-hand line (and its note)."""
        pad = self._pad(t)
        y = col.rect.top + pad + round(t * 1.25) + pad // 2  # under the header
        for line in col.lines:
            if line.kind != "total":
                y += self._line_height(col, line, t)
            if line.kind == "in_hand":
                break
        return y

    def _hand_spots(self, col: _Column, y: int) -> list[tuple[str, int | None, pygame.Rect, tuple[int, int, int]]]:
        """Where each seat's words and cards go under the in-hand line from `y`: (text, card or None, rect,
        ink). A seat is named at the left with what its cards cost at the right (a side of one seat: the cards
        alone, under the in-hand line that says their cost); its cards are small labels in rows."""
        t = self._t
        pad = self._pad(t)
        cs = self._chip_size(t)
        x0, x1 = col.rect.left + pad + pad // 2, col.rect.right - pad
        offset = self._hand_place(col, t)[0]
        row_h = self._row_height(t)
        chip_h = round(cs * 1.3)
        gap = self._chip_gap(t)
        spots: list[tuple[str, int | None, pygame.Rect, tuple[int, int, int]]] = []

        def words(text: str, ink: tuple[int, int, int], anchor: str, at: tuple[int, int]) -> None:
            rect = pygame.Rect((0, 0), font(cs, True).size(text))
            setattr(rect, anchor, at)
            spots.append((text, None, rect, ink))

        for hand in col.hands:
            rows = self._chip_rows(col, hand, t)
            middle = y + row_h // 2
            if len(col.hands) > 1:
                words(hand.name, INK, "midleft", (x0, middle))
                words(signed(hand.cost), LOSS if hand.cost < 0 else INK, "midright", (x1, middle))
                if not rows:
                    words(_("no cards left"), INK_DIM, "midleft", (x0 + offset, middle))
                    y += row_h
            for row in rows:
                x = x0 + offset
                for c, w in row:
                    ink = CARD_RED if SUIT[c] in RED_SUITS else CARD_BLACK
                    spots.append((card_name(c), c, pygame.Rect(x, y + (row_h - chip_h) // 2, w, chip_h), ink))
                    x += w + gap
                y += row_h
        return spots

    def _draw_hands(self, surface: pygame.Surface, col: _Column, y: int, alpha: int) -> None:
        """Each seat's cards left in hand, as `_hand_spots` places them: the cards on a card's ground."""
        cs = self._chip_size(self._t)
        for text, card, rect, ink in self._hand_spots(col, y):
            if card is not None:
                ground = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(ground, (*CARD_FACE, alpha), ground.get_rect(), border_radius=max(2, cs // 5))
                surface.blit(ground, rect)
            img = self._text(text, cs, ink, ink != INK_DIM)
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=rect.center))

    def _draw_line(self, surface: pygame.Surface, col: _Column, line: ScoreLine, shown: _Shown, y: int,
                   alpha: int) -> None:
        t = self._t
        pad = self._pad(t)
        ns = self._note_size(t)
        x0, x1 = col.rect.left + pad, col.rect.right - pad
        label, note = self._wrapped(col, line, t)
        total = line.kind == "total"
        x = x0
        if line.canasta:
            chip = pygame.Rect(x, y + round(t * 0.2), round(t * 0.7), round(t * 0.9))
            pygame.draw.rect(surface, CHIP[line.canasta], chip, border_radius=max(2, t // 8))
            pygame.draw.rect(surface, GOLD, chip, width=max(1, t // 12), border_radius=max(2, t // 8))
            x += round(t * 0.9)
        color = LOSS if line.points < 0 else (GOLD if total else INK)
        num = font(t, True).render(signed(round(shown.value)), True, color)
        num.set_alpha(alpha)
        surface.blit(num, num.get_rect(topright=(x1, y)))
        for part in label:
            img = self._text(part, t, GOLD if total else INK, total)
            img.set_alpha(alpha)
            surface.blit(img, (x, y))
            y += round(t * 1.25)
        for part in note:
            img = self._text(part, ns, LOSS if line.points < 0 else INK_DIM)
            img.set_alpha(alpha)
            surface.blit(img, (x0 + pad // 2, y))
            y += round(ns * 1.2)
