"""One lesson on the real table: the table scene is driven by the lesson (scenes/lesson_turns.py) and this
scene adds the lesson's words over the opponents' meld area, which a lesson leaves empty.

What the lesson scene asks of the table, all in `LessonTable` below: the state to show (the table's
controller is the lesson's), the cards to outline, the lesson's instruction on the table's message line
(a refusal shows there too, with the engine's reason and the step's hint), and the player's moves
reported back through the controller. Esc goes back to the list of lessons; when the lesson is done,
Enter opens the next one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.i18n import _
from game.keep.settings import Settings
from game.lessons.lesson import Lesson
from game.lessons.runner import Attempt, LessonRun, Outlined
from game.ui.hint import Hint
from game.ui.sounds import SoundBoard
from game.ui.speech import MINE, Said
from scenes.lesson_turns import LessonTurns
from scenes.scene import Host, Scene
from scenes.spoken_screens import speak
from scenes.table import TableScene
from scenes.widgets import GOLD, INK, draw_panel, draw_text, font, ui_unit, wrap_text

LESSON = "lesson"  # the message line's subject for the lesson's instruction


class LessonTable:
    """The table as a lesson drives it: the one place that knows the table's insides."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def outline(self, outlined: Outlined) -> None:
        """Outline the cards to use (and the meld to play onto) as the table outlines a hint's."""
        t = self.table
        meld = next(iter(sorted(outlined.melds)), None)
        if not outlined.cards and meld is None:
            if t.hint is not None and t.hint.action is None:
                t.hint = None
            return
        wanted = Hint(None, "", frozenset(outlined.cards), meld)  # type: ignore[arg-type]  # an outline, no move
        if t.hint is None or t.hint.action is None and t.hint != wanted:
            t.hint = wanted
            t.dirty = True

    def aim(self, outlined: Outlined) -> None:
        """Point the table's target (framed; Enter plays onto it, Tab moves it) at the place the step uses:
        the pile, the stock, or the meld to play onto."""
        targets = self.table.aim.targets(self.table.view)  # ["stock", "pile", "new", meld ids...]
        meld = next(iter(sorted(outlined.melds)), None)
        wanted = meld if meld in targets else "pile" if outlined.pile else "stock" if outlined.stock else None
        if wanted is not None:
            self.table.target = targets.index(wanted)
            self.table.dirty = True

    def say(self, text: str) -> None:
        """The lesson's instruction, on the message line until the next one (a refusal shows over it)."""
        shown = next((m for m in self.table.messages.items if m.key == LESSON), None)
        if shown is None or shown.message != text:
            self.table.messages.show(text, None, key=LESSON)
            self.table.dirty = True

    def point_back(self, hint: str) -> None:
        """A refusal the table gave by itself (staging cards that are no meld): the lesson's hint joins it."""
        shown = self.table.messages.shown()
        if shown is not None and shown.key == "refusal" and not shown.message.endswith(hint):
            left = None if shown.duration is None else max(1.0, shown.duration - shown.age)
            self.table.messages.show(f"{shown.message} {hint}", left, key="refusal")
            self.table.dirty = True

    def meld_room(self) -> pygame.Rect:
        """The opponents' meld area: empty in every lesson, so the lesson's words go there."""
        layout = self.table.layout
        if layout is None:
            return pygame.Rect(0, 0, 0, 0)
        mine = self.table.state.side_of(self.table.seat)
        areas = [pygame.Rect(r) for side, r in layout.meld_areas.items() if side != mine]
        return areas[0].unionall(areas[1:]) if areas else pygame.Rect(0, 0, 0, 0)


class LessonScene(Scene):
    """`on_back()` goes back to the list of lessons; `on_done(key)` says the lesson is complete;
    `on_next()` opens the next lesson (None: this is the last), or what `next_label` names (after a course's
    last lesson: the guided first game)."""

    def __init__(self, lesson: Lesson, number: int, count: int, on_back: Callable[[], None] | None = None,
                 on_done: Callable[[str], None] | None = None, on_next: Callable[[], None] | None = None,
                 sounds: SoundBoard | None = None, speed: str = "normal", sort_order: str = "rank",
                 next_label: str | None = None, settings: Settings | None = None) -> None:
        """`settings`: the player's, applied to the lesson's table as to a game's (card size, four-colour
        suits, the playable cards' outline, sort order and speed); the discard warning stays off."""
        super().__init__()
        self.lesson = lesson
        self.next_label = next_label
        self.number = number  # 1-based, as the list shows it
        self.count = count
        self.on_back = on_back
        self.on_done = on_done
        self.on_next = on_next
        self.run = LessonRun(lesson)
        self.turns = LessonTurns(self.run, self._moved, speed)
        # The discard warning is off: a lesson's discard is chosen for it.
        self.table = TableScene(self.turns, speed, on_menu=self.back, sounds=sounds, sort_order=sort_order,
                                discard_warning=False)
        if settings is not None:  # the same cards as at the table: Large cards, four colours...
            self.table.apply_settings(replace(settings, discard_warning=False,
                                              setup=replace(settings.setup, speed=speed)))
        self.view = LessonTable(self.table)
        self._panel: pygame.Surface | None = None
        self._panel_key: tuple | None = None
        self._panel_rect = pygame.Rect(0, 0, 0, 0)
        self.reported = False
        self._aimed: int | None = None  # the step the table's target was pointed for
        self._step_said = Said()  # the step to do, said aloud as each comes

    # ----- the lesson -------------------------------------------------------------------------------

    def announce(self) -> None:
        """The lesson's title, its text and the step to do, as its panel shows them."""
        title = _("Lesson {n} of {count}: {title}").format(n=self.number, count=self.count, title=self.lesson.title)
        speak([title, self.lesson.text, self.lesson.well_done if self.run.done else self.run.text()])

    def _moved(self, attempt: Attempt) -> None:
        self.dirty = True
        self._step_said.about((self.run.step, self.run.done), lambda: [
            self.lesson.well_done if self.run.done else self.run.text()], MINE)
        if attempt.lesson_done and not self.reported:
            self.reported = True
            if self.on_done is not None:
                self.on_done(self.lesson.key)

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()

    def _follow(self) -> None:
        """The table shows what the lesson asks now: the instruction and the cards to use."""
        if self.run.done:
            if self.on_next is None:
                keys = _("Esc: the lessons.")
            elif self.next_label:
                keys = _("Enter: {next}. Esc: the lessons.").format(next=self.next_label)
            else:
                keys = _("Enter: next lesson. Esc: the lessons.")
            self.view.say(self.lesson.well_done + "  " + keys)
        else:
            self.view.say(self.run.text())
            step = self.run.current
            assert step is not None
            self.view.point_back(step.hint)
        outlined = self.run.outlined()
        self.view.outline(outlined)
        if self._aimed != self.run.step and self.turns.human_to_act:
            self._aimed = self.run.step  # once a step: the player's Tab still moves the target
            self.view.aim(outlined)

    # ----- scene hooks: the table's, with the lesson's words over it --------------------------------

    def enter(self, app: Host) -> None:
        super().enter(app)
        self.table.enter(app)
        self._follow()

    def exit(self) -> None:
        self.table.exit()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.table.resize(size)
        self._panel_key = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.table.dialog is None and self.table.paused is None:
            if event.key == pygame.K_ESCAPE and not self.table.help and self.table.overlay is None:
                self.back()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.run.done:
                (self.on_next or self.back)()
                return
        self.table.handle_event(event)
        self.dirty = self.dirty or self.table.dirty

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self._follow()
        if self.table.dirty:
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        self.table.dirty = False
        self.table.updated = None
        self.table.draw(surface)
        rect = self._draw_panel(surface)
        self.updated = None if self.table.updated is None else self.table.updated + [rect]
        if self.table.dirty:
            self.dirty = True  # the table asked for the next frame (a hold, faces catching up)

    def _draw_panel(self, surface: pygame.Surface) -> pygame.Rect:
        room = self.view.meld_room()
        key = (room.size, self.run.step, self.run.done, self.number)
        if self._panel is None or key != self._panel_key:
            self._panel_key = key
            self._panel, self._panel_rect = self._make_panel(room)
        surface.blit(self._panel, self._panel_rect.topleft)
        return self._panel_rect

    def _make_panel(self, room: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
        """The lesson's title, its text and the step to do, in a panel filling the room given."""
        u = ui_unit(self.size)
        rect = room.inflate(0, -max(2, u // 6))  # over the area's label strip too: no opponent melds here
        image = pygame.Surface((max(1, rect.w + u // 2), max(1, rect.h + u // 2)), pygame.SRCALPHA)
        draw_panel(image, pygame.Rect((0, 0), rect.size), u // 2)
        pad = u
        width = rect.w - 2 * pad
        title = _("Lesson {n} of {count}: {title}").format(n=self.number, count=self.count, title=self.lesson.title)
        step = self.lesson.well_done if self.run.done else self.run.text()
        for size in range(max(14, u), 11, -1):  # the largest text that fits the room
            lines = [(t, GOLD, True) for t in wrap_text(title, font(size + 2, True), width)]
            lines += [(t, INK, False) for t in wrap_text(self.lesson.text, font(size), width)]
            lines += [(t, GOLD if self.run.done else (255, 235, 120), True) for t in wrap_text(step, font(size, True),
                                                                                                width)]
            height = sum(round(size * 1.3) for _line in lines) + round(size * 0.6)
            if height <= rect.h - pad:
                break
        y = pad // 2
        for i, (text, colour, bold) in enumerate(lines):
            if i and lines[i - 1][1] != colour:
                y += round(size * 0.3)  # a little air between the title, the text and the step
            draw_text(image, text, size + (2 if i == 0 else 0), colour, (pad, y), "topleft", bold=bold)
            y += round(size * 1.3)
        return image, rect
