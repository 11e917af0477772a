"""Review: after a hand, every move where the adviser (game/ai/review.py) would have played otherwise,
the costliest first: what was played, the better move with its cards, the reason for that move, and about
how many points it gave away (or that it made little difference). The list scrolls when it is longer than
the screen (↑ ↓, PgUp PgDn, Home End, the wheel); choosing one (a click, Enter, or its number) opens the
replay at that move.

The review is worked out a decision at a time in the frames (a few hundredths of a second each), the
screen saying how far it is; nothing said here is kept, so the words follow a change of language.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.ai.review import Moment, Review, Reviewer
from game.assets import font
from game.i18n import _, language, ngettext, number
from game.rules.record import GameRecord
from game.ui.hand_story import move_story, wrap
from game.ui.move_words import move_words
from game.ui.narrate import seat_names
from scenes.scene import Host, Scene
from scenes.spoken_screens import speak
from scenes.widgets import GOLD, INK, INK_DIM, Button, draw_panel, draw_text, felt_background, ui_unit

FRAME_WORK = 0.03  # seconds of a frame spent weighing decisions while the review is worked out


class ReviewScene(Scene):
    """`on_back()` leaves; `on_replay(moment)` opens the replay at the moment's move."""

    def __init__(self, record: GameRecord, hand: int, seat: int = 0, on_back: Callable[[], None] | None = None,
                 on_replay: Callable[[Moment], None] | None = None, names: list[str] | None = None) -> None:
        """`names`: each seat's (the people's at a table with friends); else the game's own."""
        super().__init__()
        self.names = names if names is not None and len(names) == record.players else None
        self.record = record
        found = record.hand(hand)
        self.hand = found if found is not None else record.hands[-1]
        self.seat = seat
        self.on_back = on_back
        self.on_replay = on_replay
        self.reviewer = Reviewer(record, self.hand, seat)
        self.review: Review | None = None
        self.chosen = 0
        self.first = 0  # the first moment shown: the list scrolls
        self.shown = 1  # how many moments the screen has room for
        self.cards: list[pygame.Rect] = []  # each moment shown's panel, as laid out (the first is `first`)
        self._said: dict[tuple, list[str]] = {}  # each moment's words and reason, by language (asked once)
        self.back_button = Button(_("Back (Esc)"), self.leave)
        self._unit = ui_unit(self.size)

    def _names(self) -> list[str]:
        return self.names or seat_names(self.record.players)  # the game's own: in the language of the moment

    # ----- what the player does ----------------------------------------------------------------------

    @property
    def moments(self) -> list[Moment]:
        """Every move the adviser would have played otherwise, the costliest first."""
        if self.review is None:
            return []
        return sorted(self.review.deviations, key=lambda m: (-m.cost, m.move))

    def choose(self, index: int) -> None:
        """Frame this moment, the list scrolled so that it shows."""
        n = len(self.moments)
        if not n:
            return
        self.chosen = min(max(0, index), n - 1)
        speak(self.note(self.moments[self.chosen]))
        if self.chosen < self.first:
            self.first = self.chosen
        elif self.chosen >= self.first + self.shown:
            self.first = self.chosen - self.shown + 1
        self.dirty = True

    def scroll(self, by: int) -> None:
        self.first = min(max(0, self.first + by), max(0, len(self.moments) - self.shown))
        self.dirty = True

    def leave(self) -> None:
        if self.on_back is not None:
            self.on_back()

    def open(self, index: int) -> None:
        if 0 <= index < len(self.moments):
            self.chosen = index
            self.dirty = True
            if self.on_replay is not None:
                self.on_replay(self.moments[index])

    def note(self, moment: Moment) -> list[str]:
        """What the replay shows over its story at the moment's move: what the move risked, the better move,
        and what it gave away."""
        names = self._names()
        risk = moment.risk(names)
        n = max(0, round(moment.cost))
        cost = (ngettext("By the adviser's judgement, the move gave away about {n} point.",
                         "By the adviser's judgement, the move gave away about {n} points.", n).format(n=number(n))
                if moment.counts else _("By the adviser's judgement, it made little difference."))
        return ([risk] if risk else []) + [better_text(moment), self._reason(moment, names), cost]

    def _reason(self, moment: Moment, names: list[str]) -> str:
        """The moment's reason in the language of the moment, asked of the adviser once (it may search: a
        close draw is weighed again, a quarter of a second) and kept for the replay's note drawn each frame."""
        key = (language(), moment.move, "reason")
        if key not in self._said:
            self._said[key] = [moment.reason(names)]
        return self._said[key][0]

    # ----- scene hooks -------------------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        super().enter(app)
        self.back_button.label = _("Back (Esc)")  # the language may have changed meanwhile

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        bh = round(u * 1.8)
        self.back_button.rect = pygame.Rect(0, 0, min(u * 10, w - u), bh)
        self.back_button.rect.midbottom = (w // 2, h - u // 2)

    def update(self, dt: float) -> None:
        if self.review is not None:
            # The reasons worked out ahead, one a frame, so that scrolling never waits for the adviser.
            names = self._names()
            waiting = next((m for m in self.moments if (language(), m.move, "reason") not in self._said), None)
            if waiting is not None:
                self._reason(waiting, names)
            return
        start = time.perf_counter()
        while not self.reviewer.step() and time.perf_counter() - start < FRAME_WORK:
            pass
        if self.reviewer.finished:
            self.review = self.reviewer.result()
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            n = len(self.moments)
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and n:
                self.choose(self.chosen + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and n:
                self.choose(self.chosen + (self.shown if event.key == pygame.K_PAGEDOWN else -self.shown))
            elif event.key in (pygame.K_HOME, pygame.K_END) and n:
                self.choose(0 if event.key == pygame.K_HOME else n - 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.chosen)
            elif pygame.K_1 <= event.key <= pygame.K_9:
                self.open(event.key - pygame.K_1)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back_button.rect.collidepoint(event.pos):
                self.back_button.pressed = True
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back_button.pressed:
                self.back_button.pressed = False
                self.dirty = True
                if self.back_button.rect.collidepoint(event.pos):
                    self.leave()
                return
            hit = next((self.first + i for i, r in enumerate(self.cards) if r.collidepoint(event.pos)), None)
            if hit is not None:
                self.open(hit)
        elif event.type == pygame.MOUSEMOTION:
            hit = next((self.first + i for i, r in enumerate(self.cards) if r.collidepoint(event.pos)), None)
            if hit is not None and hit != self.chosen:
                self.chosen = hit
                self.dirty = True

    # ----- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, h = surface.get_size()
        u = self._unit
        title = _("Review · hand {n}").format(n=self.hand.hand)
        draw_text(surface, title, round(u * 1.3), GOLD, (w // 2, u // 3), "midtop", True, True)
        text = max(16, round(u * 0.8))
        n = len(self.moments)
        sub = (ngettext("The adviser would have played otherwise {n} time: the costliest first.",
                        "The adviser would have played otherwise {n} times: the costliest first.", n).format(
            n=number(n)) if self.review is not None and n
               else _("Weighing your moves: {done} of {total}…").format(
                   done=self.reviewer.done, total=len(self.reviewer.todo)) if self.review is None
               else "")
        draw_text(surface, sub, text, INK, (w // 2, round(u * 2.0)), "midtop", shadow=True)
        top = round(u * 2.0) + text + u
        bottom = self.back_button.rect.top - u // 2
        self.cards = []
        if self.review is None:
            self._draw_progress(surface, pygame.Rect(w // 4, top + u, w // 2, u // 2))
        elif not self.moments:
            box = pygame.Rect(u * 2, top, w - u * 4, u * 5)
            draw_panel(surface, box, u // 3)
            lines = [_("Every move of yours this hand was the adviser's own.")]
            self._draw_lines(surface, box, [(line, INK, False) for line in lines], text)
        else:
            self._draw_moments(surface, pygame.Rect(u * 2, top, w - u * 4, bottom - top), text)
            hint = _("↑ ↓ choose · PgUp PgDn, the wheel: scroll · Enter, 1–9 or a click: see it in the replay · "
                     "Esc: back")
            draw_text(surface, hint, max(14, u * 3 // 4), INK_DIM, (w // 2, bottom), "midbottom")
        self.back_button.draw(surface)

    def _draw_progress(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        total = max(1, len(self.reviewer.todo))
        pygame.draw.rect(surface, INK_DIM, bar, 2, border_radius=bar.h // 2)
        filled = bar.copy()
        filled.w = max(bar.h, round(bar.w * self.reviewer.done / total))
        pygame.draw.rect(surface, GOLD, filled, border_radius=bar.h // 2)

    def _draw_moments(self, surface: pygame.Surface, area: pygame.Rect, text: int) -> None:
        u = self._unit
        names = self._names()
        moments = self.moments
        gap = u // 3
        room = area.h - u  # a line kept for the keys below
        size = max(14, text * 3 // 4)
        least = (size + 4) * 5 + u // 2  # five lines a moment
        self.shown = max(1, (room + gap) // (least + gap))
        self.first = min(self.first, max(0, len(moments) - self.shown))
        each = min(least * 3 // 2, (room + gap) // max(1, min(self.shown, len(moments))) - gap)  # the room shared
        y = area.y
        for i in range(self.first, min(len(moments), self.first + self.shown)):
            m = moments[i]
            played, better, reason = self._words(i, names)
            cost = cost_text(m.cost) if m.counts else _("little difference")
            lines = [(_("{n}. Move {move} · {cost}").format(n=i + 1, move=m.move + 1, cost=cost),
                      GOLD, True), (played, INK, False), (better, INK, True), (reason, INK, False)]
            box = pygame.Rect(area.x, y, area.w, each)
            draw_panel(surface, box, u // 3)
            if i == self.chosen:
                pygame.draw.rect(surface, GOLD, box, 3, border_radius=u // 3)
            self._draw_lines(surface, box, lines, size)
            self.cards.append(box)
            y += each + gap
        if len(moments) > self.shown:  # where the list is: a thin bar by its right edge
            bar = pygame.Rect(area.right + u // 2, area.y, max(4, u // 4), room)
            pygame.draw.rect(surface, INK_DIM, bar, 1, border_radius=bar.w // 2)
            thumb = bar.copy()
            thumb.h = max(bar.w * 2, bar.h * self.shown // len(moments))
            thumb.y = bar.y + (bar.h - thumb.h) * self.first // max(1, len(moments) - self.shown)
            pygame.draw.rect(surface, GOLD, thumb, border_radius=bar.w // 2)

    def _words(self, index: int, names: list[str]) -> list[str]:
        """What was played (as the table's log said it, and the warning the discard had), the better move
        with its cards, and the reason for it, in the language of the moment (worked out once per language)."""
        m = self.moments[index]
        key = (language(), m.move)
        if key not in self._said:
            played = " ".join(move_story(self.record, self.hand, m.move, names)) or "…"
            risk = m.risk(names)
            self._said[key] = [played + (" " + risk if risk else ""), better_text(m), self._reason(m, names)]
        return self._said[key]

    def _draw_lines(self, surface: pygame.Surface, box: pygame.Rect,
                    lines: list[tuple[str, tuple[int, int, int], bool]], text: int) -> None:
        """The lines wrapped to the box, at the largest size down to 14 px with which they fit it."""
        pad = self._unit // 2
        size = text
        while True:
            wrapped = [(part, color, bold) for line, color, bold in lines
                       for part in wrap([line], box.w - 2 * pad, _measure(size, bold))]
            if len(wrapped) * (size + 4) <= box.h - pad or size <= 14:
                break
            size -= 1
        y = box.y + pad // 2 + max(0, (box.h - pad - len(wrapped) * (size + 4)) // 2)
        for part, color, bold in wrapped:
            if y + size > box.bottom:
                break
            draw_text(surface, part, size, color, (box.x + pad, y), bold=bold)
            y += size + 4


def _measure(size: int, bold: bool) -> Callable[[str], int]:
    f = font(size, bold)
    return lambda text: f.size(text)[0]


def better_text(moment: Moment) -> str:
    """The better move with its cards: "Better: Meld 7♥ 8♥ 9♥"."""
    return _("Better: {move}").format(move=move_words(moment.view, moment.better))


def cost_text(points: float) -> str:
    n = max(0, round(points))
    return ngettext("about {n} point given away", "about {n} points given away", n).format(n=number(n))
