"""The card faces the table keeps: those on screen, those the next moves will likely show (drawn ahead
in the spare time of frames), and the rotated backs of the side seats' hands. Every other face goes,
and when megabytes of them went at once the heap gives their pages back."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import pygame

from game.rules.cards import FACE
from game.ui import themes
from game.ui.card_faces import FaceCache
from game.ui.native_memory import trim_heap

TRIM_BYTES = 2 << 20  # faces let go at once from which the heap is trimmed

Wish = tuple[int, int | None]  # (width, card; None for the back)


class FaceKeeper:
    """`wishes()` says which faces the next moves will likely need (see game/ui/face_wishes.py); it is
    asked again once per `version` (the table's relayouts)."""

    def __init__(self, faces: FaceCache, wishes: Callable[[], list[Wish]]) -> None:
        self.faces = faces
        self.wishes_of = wishes
        self.wishes: list[Wish] = []
        self.wishes_at = -1  # the version they were worked out for
        self.kept: dict[int, set[int | None]] = {}  # what the last trim kept
        self._needed_before: dict[int, set[int | None]] = {}
        self._rotated: dict[tuple[int, str], pygame.Surface] = {}  # by width and the back's design

    def pending(self, version: int) -> bool:
        """Whether faces are still to be drawn ahead (work an idle table does before it rests)."""
        return self.wishes_at != version or bool(self.wishes)

    def draw_ahead(self, version: int, shown: Iterable, work: float, frame_start: float, idle: bool = False) -> None:
        """Spend what is left of `work` seconds of this frame (begun at `frame_start`) drawing the faces the
        next moves will likely show, so that the frames moving those cards need not draw them. An `idle`
        frame (nothing to redraw) draws one face at least, so the job ends and the table comes to rest
        even on a loaded machine. `shown`: the sprites on screen now."""
        if not idle and work - (time.perf_counter() - frame_start) <= 0.0003:
            return
        if self.wishes_at != version:
            self.wishes, self.wishes_at = self.wishes_of(), version
            self.keep_needed(shown)
        if self.wishes:
            self.wishes = self.faces.prewarm(self.wishes, work - (time.perf_counter() - frame_start), idle)

    def needed(self, shown: Iterable) -> dict[int, set[int | None]]:
        """The faces (width -> rules face codes, None for the back) of the cards on screen now and of
        those the next moves will likely show."""
        needed: dict[int, set[int | None]] = {}
        for sp in shown:
            needed.setdefault(max(12, sp.w), set()).add(FACE[sp.card] if sp.face_up else None)
        for w, c in self.wishes:
            needed.setdefault(w, set()).add(None if c is None else FACE[c])
        return needed

    def keep_needed(self, shown: Iterable) -> None:
        """Keep the faces needed now, and those needed before the last change: they stand in for faces
        not drawn yet at a new size (see FaceCache). Every other face goes."""
        needed = self.needed(shown)
        keep = {w: set(codes) for w, codes in self._needed_before.items()}
        for w, codes in needed.items():
            keep.setdefault(w, set()).update(codes)
        self.let_go(keep)
        self._needed_before, self.kept = needed, keep
        for key in [key for key in self._rotated if max(12, key[0]) not in needed]:
            del self._rotated[key]

    def let_go(self, keep: dict[int, set[int | None]]) -> None:
        """Keep only these faces; when megabytes of them went, the heap gives their pages back (faces are
        small blocks, kept in the heap between live ones, where the freed ones would stay resident)."""
        before = self.faces.bytes
        self.faces.keep_only(keep)
        if before - self.faces.bytes >= TRIM_BYTES:
            trim_heap()

    def rotated_back(self, w: int) -> pygame.Surface:
        """A card's back turned a quarter, for the hands of the seats at the sides."""
        key = (w, themes.back_name())  # another back chosen in Settings: the side hands turn it too
        img = self._rotated.get(key)
        if img is None:
            self._rotated = {k: v for k, v in self._rotated.items() if k[1] == key[1]}
            img = self._rotated[key] = pygame.transform.rotate(self.faces.get(max(12, w)).back(), 90)
        return img
