"""Where the window opens and how big: the pure part (no pygame), so it is tested without a screen.

A laptop's screen is often 1366x768 with a taskbar or a top bar and the window's own title bar on
it: a window as tall as the screen has its top and bottom cut off. The first time, the game opens
as large as the screen minus room for those (and maximised when that is smaller than the game's
usual size, so the window manager fits it exactly); later it opens as the player left it, shrunk
to the screen it finds and moved back onto it if the screens changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MIN_SIZE = (1024, 600)  # below this the table's text and cards get too small to read
DEFAULT_SIZE = (1280, 800)  # the first size on a screen with room for it
# Room left for what the desktop puts around a window: taskbar or top bar, title bar, borders.
DESKTOP_MARGIN = (16, 100)
ON_SCREEN = 120  # pixels of the title bar that must stay on screen to grab it again


@dataclass(frozen=True)
class WindowState:
    """The window as the player left it: its size (the windowed size, also when it was left full
    screen), where it was, and whether it was full screen."""

    size: tuple[int, int] = DEFAULT_SIZE
    pos: tuple[int, int] | None = None
    fullscreen: bool = False

    def to_json(self) -> dict:
        return {"size": list(self.size), "pos": list(self.pos) if self.pos is not None else None,
                "fullscreen": self.fullscreen}

    @staticmethod
    def from_json(data: object) -> WindowState | None:
        """Lenient: None when there is no usable size; a bad position or flag takes its default."""
        if not isinstance(data, dict):
            return None
        size = _pair(data.get("size"))
        if size is None or size[0] <= 0 or size[1] <= 0:
            return None
        return WindowState(size, _pair(data.get("pos")), data.get("fullscreen") is True)


def _pair(value: object) -> tuple[int, int] | None:
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 100_000 for v in value)):
        return int(value[0]), int(value[1])
    return None


def usable(desktop: tuple[int, int]) -> tuple[int, int]:
    """The largest window that fits on a desktop of this size with its bars and title bar."""
    return (max(MIN_SIZE[0], desktop[0] - DESKTOP_MARGIN[0]), max(MIN_SIZE[1], desktop[1] - DESKTOP_MARGIN[1]))


@dataclass(frozen=True)
class Placement:
    size: tuple[int, int]
    pos: tuple[int, int] | None  # None: where the window manager puts it
    maximize: bool
    fullscreen: bool


def place_window(saved: WindowState | None, desktops: Sequence[tuple[int, int]]) -> Placement:
    """Where and how big to open the window, from what was saved and the desktops found now."""
    desktop = desktops[0] if desktops else DEFAULT_SIZE
    room = usable(desktop)
    if saved is None:
        size = (min(DEFAULT_SIZE[0], room[0]), min(DEFAULT_SIZE[1], room[1]))
        return Placement(size, None, size != DEFAULT_SIZE, False)
    w = min(max(saved.size[0], MIN_SIZE[0]), room[0])
    h = min(max(saved.size[1], MIN_SIZE[1]), room[1])
    pos = saved.pos
    if pos is not None:
        # Displays side by side: the window may be on any of them, but not beyond them all.
        total_w = sum(d[0] for d in desktops) if desktops else desktop[0]
        tallest = max((d[1] for d in desktops), default=desktop[1])
        x = min(max(pos[0], 0), max(0, total_w - ON_SCREEN))
        y = min(max(pos[1], 0), max(0, tallest - ON_SCREEN))
        if x + w > total_w or y + h > tallest:  # would hang off the screens: back onto the first
            x, y = min(x, max(0, desktop[0] - w)), min(y, max(0, desktop[1] - h))
        pos = (x, y)
    return Placement((w, h), pos, False, saved.fullscreen)
