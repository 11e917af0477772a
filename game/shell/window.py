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

from game.keep.window_state import DEFAULT_SIZE, MIN_SIZE, WindowState

# Room left for what the desktop puts around a window: taskbar or top bar, title bar, borders.
DESKTOP_MARGIN = (16, 100)
ON_SCREEN = 120  # pixels of the title bar that must stay on screen to grab it again
TITLE_ROOM = 40  # over the window's top: its title bar (and a top panel), kept on screen


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
    # Left maximised, or (saved by an earlier version, which kept no flag) larger than a window can be on
    # this screen: maximised again, so the window manager fills the screen exactly; the size shrunk to fit
    # is what "restore" comes back to.
    maximize = saved.maximized or saved.size[0] > room[0] or saved.size[1] > room[1]
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
    return Placement((w, h), pos, maximize, saved.fullscreen)


def windowed_place(size: tuple[int, int], pos: tuple[int, int] | None,
                   desktop: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """Back from full screen: the windowed size, no larger than the desktop's usable room, and its place
    moved so that the whole window, its title bar included, is on the screen."""
    room = usable(desktop)
    w, h = min(size[0], room[0]), min(size[1], room[1])
    if pos is None:
        return (w, h), None
    x = min(max(pos[0], 0), max(0, desktop[0] - w))
    y = min(max(pos[1], TITLE_ROOM), max(TITLE_ROOM, desktop[1] - h))
    return (w, h), (x, y)
