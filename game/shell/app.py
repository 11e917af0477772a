"""The window, the frame loop and the scene manager. No game rules are decided here.

Scenes (menu, table, scoring, ...) receive events, advance their animations with
`update(dt)` and draw only when marked `dirty`, so an idle screen costs nothing
but the clock's sleep. A scene that redraws only what changed says where in
`updated`, and only those rectangles go to the screen. A scene asks for the next one with `app.scenes.request()`;
the switch happens between frames, never in the middle of an event loop.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Protocol

import pygame

from game.assets import clear_font_cache
from game.i18n import _
from game.keep.logs import first_frame_drawn
from game.shell.frame_gate import frame_begins, frame_ends
from game.shell.window import DEFAULT_SIZE, Placement, WindowState, windowed_place
from game.ui.native_memory import give_back_free_memory, keep_big_images_apart
from game.ui.speech import speaker
from game.ui.surface_cache import let_go_of_large_images
from scenes.scene import Scene

FPS = 60
MAX_DT = 0.1  # a frame stalled by a window drag must not make animations jump
SWITCH_INTERVAL = 0.001  # seconds between the threads' turns at the interpreter (see App)
REDRAW_EVENTS = {  # the window system may have thrown our picture away
    pygame.WINDOWEXPOSED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWRESTORED,
    pygame.WINDOWMAXIMIZED,
    pygame.WINDOWFOCUSGAINED,
}


def desktop_sizes() -> list[tuple[int, int]]:
    """The sizes of the screens, read before the window opens."""
    pygame.display.init()
    try:
        return [tuple(d) for d in pygame.display.get_desktop_sizes()]
    except pygame.error:
        return []


def _window() -> pygame.Window | None:
    """The window `display.set_mode` opened, for what the display module cannot do (a minimum
    size, its position, full screen at the desktop's size)."""
    try:
        with warnings.catch_warnings():
            # pygame-ce warns that drawing through this object is deprecated; we only move and size it.
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


class ClockLike(Protocol):
    def tick(self, framerate: float = 0, /) -> int: ...


class SceneManager:
    """Holds the current scene; `request` takes effect between frames."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.current: Scene | None = None
        self._pending: Scene | None = None

    def request(self, scene: Scene) -> None:
        """Switch to `scene` after the current frame (the last request wins)."""
        self._pending = scene

    @property
    def pending(self) -> Scene | None:
        return self._pending

    def apply_pending(self) -> bool:
        """Make the requested scene current; True if a switch happened."""
        scene, self._pending = self._pending, None
        if scene is None:
            return False
        left = self.current
        if left is not None:
            left.exit()
        self.current = scene
        if left is not None:
            del left
            let_go_of_large_images()  # its big panels (a scoring column: 2 MB at 1920x1080) are its own
            give_back_free_memory()  # the scene just left holds its images in cycles: free them now
        scene.enter(self.app)
        scene.resize(self.app.size)
        scene.dirty = True
        getattr(scene, "announce", lambda: None)()  # a screen opened: its name and focus said aloud
        return True

    def close(self) -> None:
        if self.current is not None:
            self.current.exit()
            self.current = None
        self._pending = None


class App:
    """Opens the window at construction (assets may be loaded from then on)."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        title: str | None = None,
        clock: ClockLike | None = None,
        fps: int = FPS,
        placement: Placement | None = None,
        minimum: tuple[int, int] | None = None,
    ) -> None:
        keep_big_images_apart()
        # The computer player thinks on a thread: with Python's 5 ms between hand-overs of the interpreter,
        # a frame drawn while it thinks waited up to that long for it (a tenth of a frame's 16 ms: it
        # showed in the slowest frames). A hand-over each millisecond costs the thinking next to nothing.
        sys.setswitchinterval(SWITCH_INTERVAL)
        pygame.init()
        pygame.display.set_caption(title if title is not None else _("Bolivia"))
        self.flags = pygame.RESIZABLE
        if placement is not None:
            size = placement.size
        self.screen = pygame.display.set_mode(size, self.flags)
        self.size: tuple[int, int] = self.screen.get_size()
        self.clock: ClockLike = clock if clock is not None else pygame.time.Clock()
        self.fps = fps
        self.scenes = SceneManager(self)
        self.running = False
        self.frame = 0  # frames run so far
        self.draws = 0  # frames actually redrawn (idle frames are not)
        self.show_all = True  # the next frame shows the whole window (the system may have lost our picture)
        pygame.key.set_repeat(400, 45)  # held arrow keys move through menus
        self.window = _window()
        # The windowed size and place, kept while full screen or maximised, so the next run (and F11 out,
        # and the window manager's "restore") comes back to them.
        self.windowed_size: tuple[int, int] = self.screen.get_size()
        self.windowed_pos: tuple[int, int] | None = None
        self.fullscreen = False
        self.maximized = False  # as the window manager says (its events), full screen aside
        self._asked_pos: tuple[int, int] | None = None  # a place asked for, until the window manager answers
        self._maximized_before = False  # maximised when F11 went full screen: maximised again after
        if self.window is not None:
            if minimum is not None:
                self.window.minimum_size = minimum
            if placement is not None and placement.pos is not None:
                self._move_to(placement.pos)
            self.windowed_pos = tuple(self.window.position)
            if placement is not None and placement.maximize:
                self.window.maximize()
                self.maximized = True
                self._asked_pos = None  # the window manager places a maximised window itself
        if placement is not None and placement.fullscreen:
            self.set_fullscreen(True)
        self.screen = pygame.display.get_surface() or self.screen
        self.size = self.screen.get_size()

    def quit(self) -> None:
        """Stop after the current frame."""
        self.running = False

    def set_fullscreen(self, on: bool) -> None:
        """Full screen at the desktop's own size (no change of video mode), or back to the window."""
        if on == self.fullscreen or self.window is None:
            return
        if on:
            self._maximized_before = self.maximized
            if not self.maximized:  # a maximised window's own size and place are kept from before
                self.windowed_size, self.windowed_pos = self.size, tuple(self.window.position)
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            if self._maximized_before:
                self.window.maximize()  # as it was: filling the screen, title bar and all on it
            else:
                size, pos = windowed_place(self.windowed_size, self.windowed_pos, self._desktop())
                self.window.size = size
                if pos is not None:
                    self._move_to(pos)
            self.maximized = self._maximized_before
        self.fullscreen = on
        self._resized(tuple(self.window.size))

    def _move_to(self, pos: tuple[int, int]) -> None:
        """Put the window's content at `pos`. Some window managers take the place asked for as their frame's
        and put the content a title bar lower: the first move they report is then corrected once, or the
        window would creep down the screen at every F11 and every start."""
        assert self.window is not None
        self.window.position = pos
        self._asked_pos = pos

    def _placed(self, at: tuple[int, int]) -> None:
        """The window manager's answer to a place asked for: off by a frame's width at most, corrected."""
        asked, self._asked_pos = self._asked_pos, None
        if asked is None or self.window is None or at == asked:
            return
        dx, dy = at[0] - asked[0], at[1] - asked[1]
        if 0 <= dx <= 16 and 0 < dy <= 64:  # a frame's border and title bar, nothing else
            self.window.position = (asked[0] - dx, asked[1] - dy)

    def _desktop(self) -> tuple[int, int]:
        """The size of the screen the window is on (the first one: SDL reads the window's own)."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            sizes = []
        return tuple(sizes[0]) if sizes else self.size

    def window_state(self) -> WindowState:
        """What to reopen next time: the windowed size and place, and whether it was full screen or
        maximised (then the size is the one its "restore" comes back to)."""
        if not self.fullscreen and not self.maximized:
            self.windowed_size = self.size
            if self.window is not None:
                self.windowed_pos = tuple(self.window.position)
        maximized = self._maximized_before if self.fullscreen else self.maximized
        return WindowState(self.windowed_size, self.windowed_pos, self.fullscreen, maximized)

    def _resized(self, size: tuple[int, int]) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        if self.screen.get_size() != size:
            # Real windows resize their surface themselves; drivers that do not (the dummy
            # one in tests) need set_mode again.
            self.screen = pygame.display.set_mode(size, self.flags)
        size = self.screen.get_size()
        self.show_all = True
        if size == self.size:
            return
        self.size = size
        if self.scenes.current is not None:
            self.scenes.current.resize(size)

    def process_event(self, event: pygame.event.Event) -> None:
        """Window-level handling first (close, resize, expose), then the scene."""
        scene = self.scenes.current
        if event.type == pygame.QUIT:
            self.running = False  # closing the window works at once, whatever the scene does
            return
        if event.type == pygame.VIDEORESIZE:
            self._resized((event.w, event.h))
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self._resized((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)  # every scene, so it is never a scene's key
            return
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED) and not self.fullscreen:
            self.maximized = event.type == pygame.WINDOWMAXIMIZED
            self._asked_pos = None
        if event.type == pygame.WINDOWMOVED and not self.fullscreen and not self.maximized:
            self.windowed_pos = (event.x, event.y)
            self._placed((event.x, event.y))
        if event.type in REDRAW_EVENTS and scene is not None:
            scene.dirty = True
            self.show_all = True
        if scene is not None:
            scene.handle_event(event)

    def step(self, dt: float) -> None:
        """One frame: events, update, draw if dirty, then any scene switch. The thinking thread starts
        no decision meanwhile (game/shell/frame_gate.py)."""
        frame_begins()
        try:
            self._step(dt)
        finally:
            frame_ends()

    def _step(self, dt: float) -> None:
        if self.scenes.apply_pending():
            self.show_all = True
        for event in pygame.event.get():
            self.process_event(event)
            if not self.running:
                return
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != self.size:
            self._resized(surface.get_size())  # the window manager sized it (maximised) without a word
        scene = self.scenes.current
        if scene is None:
            self.running = False
            return
        scene.update(dt)
        if scene.dirty:
            scene.dirty = False  # cleared first: draw() may ask for the next frame at once
            scene.updated = None
            scene.draw(self.screen)
            self.present(scene.updated)
            self.draws += 1
            if self.draws == 1:
                first_frame_drawn()
        speaker().flush()  # what the frame had to say, handed to the screen reader
        self.frame += 1

    def present(self, rects: list[pygame.Rect] | None) -> None:
        """Show the frame: the rectangles that changed, or the whole window."""
        if rects is None or self.show_all:
            self.show_all = False
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def run(self, frames: int | None = None, screenshot: Path | None = None) -> int:
        """Run until the window closes, `quit()` is called, or after `frames` more frames.

        With `screenshot`, the last frame is saved there as an image (demos, visual checks).
        Returns the number of frames this call ran. `close()` shuts pygame down afterwards.
        """
        self.running = True
        dt = 0.0
        first = self.frame
        try:
            while self.running and (frames is None or self.frame - first < frames):
                self.step(dt)
                if not self.running:
                    break
                dt = min(MAX_DT, self.clock.tick(self.fps) / 1000.0)
            if screenshot is not None:
                self.save_screenshot(screenshot)
        finally:
            self.running = False
        return self.frame - first

    def save_screenshot(self, path: Path) -> None:
        scene = self.scenes.current
        if self.draws == 0 and scene is not None:  # nothing drawn yet: draw once for the picture
            scene.draw(self.screen)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def close(self) -> None:
        """Leave the current scene and shut pygame down (fonts die with it)."""
        self.scenes.close()
        clear_font_cache()
        pygame.quit()
