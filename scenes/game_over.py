"""The end of a game: who won (or a draw, and why), the final totals, Play again or Menu; under them, when
the game has a record, the hands played back (R) and the review of the last hand (V)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.anim import Tweener
from game.assets import font
from game.i18n import _, ngettext, number
from game.keep.stats import Statistics
from game.rules.game_story import GameStory
from game.rules.state import GameState
from game.ui.narrate import side_names
from scenes.game_over_party import Party, comfort, summary_text
from scenes.scene import Host, Scene
from scenes.spoken_screens import speak
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    Button,
    FocusGroup,
    Toasts,
    draw_panel,
    draw_text,
    felt_background,
    ui_unit,
)

MINUS = "\u2212"
REASON_AT = 0.25  # the reason's line, under the title: a share of the window's height


def outcome_title(state: GameState, human: bool = True, names: list[str] | None = None) -> str:
    """The headline; with `human` false (the demo) no side is "you". `names`: each seat's, the player's
    first (a table with friends: "You and Marie win!")."""
    if state.winner is None:
        return _("A draw")
    if human and state.winner == state.side_of(0):
        if state.players != 4:
            return _("You win!")
        if names is not None and len(names) == 4:
            return _("You and {partner} win!").format(partner=names[2])
        return _("You and North win!")
    name = side_names(state.players, names)[state.winner]
    if state.winner == state.side_of(0):  # the demo: nobody sits in the south seat
        name = _("South & North") if state.players == 4 else _("South")
    return (_("{side} win.") if state.players == 4 else _("{side} wins.")).format(side=name)


def outcome_reason(state: GameState) -> str:
    best = max(state.scores)
    if state.end_reason == "hand_limit":
        return ngettext("The game stopped after {n} hand without reaching the target.",
                        "The game stopped after {n} hands without reaching the target.", state.hand_no).format(
            n=state.hand_no)
    if state.winner is None:
        return ngettext("A tie for the lead at {n} point.", "A tie for the lead at {n} points.", abs(best)).format(
            n=number(best))
    return ngettext("{n} points reached after {hands} hand (target {target}).",
                    "{n} points reached after {hands} hands (target {target}).", state.hand_no).format(
        n=number(best), hands=state.hand_no, target=number(state.target))


def total_text(n: int) -> str:
    return MINUS + number(-n) if n < 0 else number(n)


class GameOverScene(Scene):
    """`on_play_again()` starts the same setup again; `on_menu()` goes back to the menu; `on_replay()` plays
    the game's hands back and `on_review()` reviews the last one, each a button when given.
    `auto_continue` (seconds) plays again by itself (the demo)."""

    def __init__(
        self,
        state: GameState,
        on_play_again: Callable[[], None] | None = None,
        on_menu: Callable[[], None] | None = None,
        stats: Statistics | None = None,
        auto_continue: float | None = None,
        human: bool = True,
        on_replay: Callable[[], None] | None = None,
        on_review: Callable[[], None] | None = None,
        names: list[str] | None = None,
    ) -> None:
        """`names`: each seat's name, the player's first, at a table with friends (the sides are named by
        their people); None: the seats' places."""
        super().__init__()
        self.state = state
        self.names = names
        self.human = human
        self.on_play_again = on_play_again
        self.on_menu = on_menu
        self.stats = stats
        self.auto_continue = auto_continue
        self.waited = 0.0
        self.done = False
        self.main_buttons = [Button(_("Play again"), self.play_again), Button(_("Main menu"), self.menu)]
        self.replay_button = Button(_("Replay the hands (R)"), lambda: self._open(self._on_replay))
        self.review_button = Button(_("Review the last hand (V)"), lambda: self._open(self._on_review))
        self._on_replay = on_replay  # the game's hands played back (scenes/replay.py)
        self._on_review = on_review  # where the player's moves of the last hand cost most (scenes/review.py)
        self.buttons = FocusGroup(self.main_buttons, vertical=False, wrap=False)
        self.tweener = Tweener(1.0)
        self.title_scale = 0.0
        self.rows_in = 0.0
        self._unit = ui_unit(self.size)
        self._panel = pygame.Rect(0, 0, 0, 0)
        names = side_names(state.players, names)
        order = sorted(range(state.sides), key=lambda s: -state.scores[s])
        self.rows = [(s, names[s], state.scores[s]) for s in order]
        self.toasts = Toasts()  # a write that failed (a full disk), said over the screen
        self.story: GameStory | None = None  # the player's side's game in numbers, under the title
        self.party = Party(False)  # confetti for a win (scenes/game_over_party.py)
        self._arrange()

    def celebrate(self, story: GameStory | None, speed: str = "normal", confetti: bool = True) -> None:
        """The winners cheered (confetti, at the animation speed, unless the Celebrations setting is off:
        `confetti`) or consoled, with the game's summary."""
        self.story = story
        won = self.human and self.state.winner is not None and self.state.winner == self.state.side_of(0)
        self.party = Party(won and confetti, speed, self.state.seed)
        self.resize(self.size)  # the summary's two lines push the totals down
        self.dirty = True

    def warn(self, message: str) -> None:
        """Say something the player must know (their statistics or this game not yet written)."""
        self.toasts.show(message, 15.0, key="warning")
        self.dirty = True

    # ----- the buttons: Play again and Main menu, and under them Replay and Review when they can open ---------

    @property
    def on_replay(self) -> Callable[[], None] | None:
        return self._on_replay

    @on_replay.setter
    def on_replay(self, action: Callable[[], None] | None) -> None:
        self._on_replay = action
        self._arrange()

    @property
    def on_review(self) -> Callable[[], None] | None:
        return self._on_review

    @on_review.setter
    def on_review(self, action: Callable[[], None] | None) -> None:
        self._on_review = action
        self._arrange()

    @property
    def extra_buttons(self) -> list[Button]:
        return [b for b, action in ((self.replay_button, self._on_replay), (self.review_button, self._on_review))
                if action is not None]

    def _arrange(self) -> None:
        """The focus order: the row of Play again and Main menu, then the row under it; the focus stays put."""
        focus = self.buttons.focus
        self.buttons = FocusGroup(self.main_buttons + self.extra_buttons, vertical=False, wrap=False,
                                  focus=min(focus, len(self.main_buttons) + len(self.extra_buttons) - 1))
        self.resize(self.size)
        self.dirty = True

    def _open(self, action: Callable[[], None] | None) -> None:
        if action is not None and not self.done:
            action()

    def play_again(self) -> None:
        if not self.done:
            self.done = True
            if self.on_play_again is not None:
                self.on_play_again()

    def menu(self) -> None:
        if not self.done:
            self.done = True
            if self.on_menu is not None:
                self.on_menu()

    # ----- scene hooks -------------------------------------------------------------------------------

    def announce(self) -> None:
        s = self.state
        names = side_names(s.players, self.names)
        totals = [_("{side}: {score}").format(side=names[i], score=total_text(s.scores[i])) for i in range(s.sides)]
        focused = self.buttons.focused
        summary = self.summary_line()
        speak([outcome_title(s, self.human, self.names), outcome_reason(s), *totals] + ([summary] if summary else [])
              + ([focused.label] if focused else []))

    def summary_line(self) -> str | None:
        """The player's side cheered or consoled, and its game in numbers after its name (None: the demo,
        or no story)."""
        if self.story is None or not self.human:
            return None
        return "  ".join(self._summary_lines())

    @staticmethod
    def _summary_rows(h: int, u: int) -> tuple[int, int]:
        """Where the summary's two lines are centred: under the reason, spaced by their sizes (at the largest
        text they touched the reason's line when placed by the window's height alone)."""
        reason, line = max(16, round(u * 0.85)), max(14, round(u * 0.75))
        first = round(h * REASON_AT) + round(0.65 * (reason + line))
        return first, first + round(line * 1.3)

    def _summary_lines(self) -> list[str]:
        s = self.state
        won = None if s.winner is None else s.winner == s.side_of(0)
        mine = next((name for side, name, _total in self.rows if side == s.side_of(0)), None)
        return [comfort(won), summary_text(self.story, mine)] if self.story is not None else []

    def enter(self, app: Host) -> None:
        super().enter(app)
        self.tweener.tween(self, "title_scale", 1.0, 0.7, "easeOutBack", start=0.3)
        self.tweener.tween(self, "rows_in", 1.0, 0.8, "easeOutCubic", delay=0.3, start=0.0)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        row_h = round(u * 1.7)
        panel_h = len(self.rows) * row_h + round(u * 1.6)
        self._panel = pygame.Rect(0, 0, min(w - 2 * u, u * 22), panel_h)
        top = round(h * 0.33)
        if self.summary_line() is not None:  # the totals under the summary's two lines, whatever the text size
            top = max(top, self._summary_rows(h, u)[-1] + round(u * 0.75 * 0.65) + u // 3)
        self._panel.midtop = (w // 2, top)
        bw, bh = min(u * 9, (w - 3 * u) // 2), round(u * 2.2)
        extra = self.extra_buttons
        bh2, gap = round(u * 1.8), u // 3  # the second row: smaller, it is not what most players want next
        rows_h = bh + (gap + bh2 if extra else 0)
        y = min(self._panel.bottom + round(u * 1.8), h - rows_h - round(u * 1.6))  # above the statistics line
        a, b = self.main_buttons
        a.rect = pygame.Rect(w // 2 - u // 4 - bw, y, bw, bh)
        b.rect = pygame.Rect(w // 2 + u // 4, y, bw, bh)
        bw2 = min(u * 12, (w - 3 * u) // 2)  # wider than the row above: their labels are longer
        if len(extra) == 2:
            extra[0].rect = pygame.Rect(w // 2 - u // 4 - bw2, y + bh + gap, bw2, bh2)
            extra[1].rect = pygame.Rect(w // 2 + u // 4, y + bh + gap, bw2, bh2)
        elif extra:
            extra[0].rect = pygame.Rect(w // 2 - bw2 // 2, y + bh + gap, bw2, bh2)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.party.skip(event)  # a key or a click ends the confetti, and does what it does
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
            return
        if event.type == pygame.KEYDOWN:
            action = {pygame.K_r: self._on_replay, pygame.K_v: self._on_review}.get(event.key)
            if action is not None:
                self._open(action)
                return
            rows, extra = len(self.main_buttons), len(self.extra_buttons)
            if event.key in (pygame.K_UP, pygame.K_DOWN) and extra:
                # Between the rows: to the button under (or over) the focused one, or to the one alone.
                at = self.buttons.focus
                if event.key == pygame.K_DOWN and at < rows:
                    self.buttons.focus = rows + (at if extra == rows else 0)
                elif event.key == pygame.K_UP and at >= rows:
                    self.buttons.focus = at - rows if extra == rows else 0
                self.buttons.move(0)
                self.dirty = True
                return
        if self.buttons.handle_event(event):
            self.dirty = True

    def update(self, dt: float) -> None:
        if not self.tweener.idle:
            self.tweener.update(dt)
            self.dirty = True
        if self.toasts.update(dt) or self.party.update(dt):
            self.dirty = True
        if self.auto_continue is not None:
            self.waited += dt
            if self.waited >= self.auto_continue:
                self.play_again()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, h = surface.get_size()
        u = self._unit
        s = self.state
        title = outcome_title(s, self.human, self.names)
        size = max(24, round(min(h * 0.12, w * 0.09) * max(0.01, self.title_scale)))
        while size > 20 and font(size, True).size(title)[0] > w - 2 * u:
            size -= 2
        won = self.human and s.winner is not None and s.winner == s.side_of(0)
        draw_text(surface, title, size, GOLD if won or s.winner is None else INK, (w // 2, round(h * 0.15)),
                  "center", bold=True, shadow=True)
        draw_text(surface, outcome_reason(s), max(16, round(u * 0.85)), INK, (w // 2, round(h * REASON_AT)), "center",
                  shadow=True)
        if self.summary_line() is not None:  # the cheer or the comfort, and under it the side's numbers
            for line, y in zip(self._summary_lines(), self._summary_rows(h, u), strict=True):
                size = max(14, round(u * 0.75))
                while size > 14 and font(size).size(line)[0] > w - 2 * u:
                    size -= 1
                draw_text(surface, line, size, INK_DIM, (w // 2, y), "center", shadow=True)
        panel = self._panel
        draw_panel(surface, panel, max(8, u // 2))
        draw_text(surface, _("Final totals"), max(14, round(u * 0.8)), INK_DIM, (panel.centerx, panel.top + u // 3),
                  "midtop", bold=True)
        row_h = round(u * 1.7)
        y = panel.top + round(u * 1.4)
        text = round(u * 1.1)
        for i, (side, name, total) in enumerate(self.rows):
            appear = max(0.0, min(1.0, self.rows_in * len(self.rows) - i))
            if appear <= 0:
                continue
            lead = s.winner == side or (s.winner is None and total == max(s.scores))
            color = GOLD if lead else INK
            x_off = round((1 - appear) * u * 2)
            img = font(text, True).render(("★ " if s.winner == side else "") + name, True, color)
            num = font(text, True).render(total_text(total), True, color)
            img.set_alpha(round(255 * appear))
            num.set_alpha(round(255 * appear))
            surface.blit(img, img.get_rect(midleft=(panel.left + u + x_off, y + row_h // 2)))
            surface.blit(num, num.get_rect(midright=(panel.right - u + x_off, y + row_h // 2)))
            y += row_h
        self.buttons.draw(surface)
        if self.stats is not None and self.stats.played:
            line = _("Your games: {played} played, {won} won, {drawn} drawn.").format(
                played=self.stats.played, won=self.stats.won, drawn=self.stats.drawn)
            draw_text(surface, line, max(14, u * 3 // 4), INK_DIM, (w // 2, h - u // 2), "midbottom")
        self.party.draw(surface, u)
        self.toasts.draw(surface, (w // 2, h - u // 4), max(14, u * 3 // 4))
