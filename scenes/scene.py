"""A screen of the game: the hooks every scene has, and what a scene may ask of the app that runs it."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.keep.window_state import DEFAULT_SIZE


class Host(Protocol):
    """What a scene may ask of the app (game/shell/app.py) that runs it."""

    size: tuple[int, int]

    def quit(self) -> None: ...


class Scene:
    """A screen of the game. Subclasses override the hooks they need.

    Set `dirty = True` whenever the picture changes (an animation running, a hover
    changing); the app then calls `draw` once and clears the flag. A `draw` that
    leaves the window's picture as it was except in some rectangles lists them in
    `updated` (None: the whole window is shown again).
    """

    def __init__(self) -> None:
        self.app: Host | None = None
        self.size: tuple[int, int] = DEFAULT_SIZE
        self.dirty = True
        self.updated: list[pygame.Rect] | None = None

    def enter(self, app: Host) -> None:
        """Called when the scene becomes current, with the window already open."""
        self.app = app
        self.dirty = True

    def exit(self) -> None:
        """Called when another scene replaces this one, or the app closes."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (also called once after `enter`): recompute the layout."""
        self.size = size
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def announce(self) -> None:
        """Say what this screen is, once it shows (for a screen reader): overridden by the scenes that speak."""
