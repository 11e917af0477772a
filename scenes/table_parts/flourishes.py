"""The table's moments on screen: a canasta, an escalera, a bolivia, a going out (game/ui/celebrations.py
says which, how big and for how long; this part draws them).

The player's own side gets a banner across the table in the player's language and a burst of gold on
the meld as its cards close up into a canasta; the other side the quieter words over its meld. A key or
a click skips whatever shows (the event still does what it does), and nothing here holds up the game.
With the Celebrations setting off (`enabled`), no moment is shown.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame
import pytweening

from game.assets import FONT_BOLD, asset_path
from game.i18n import _
from game.rules import events as ev
from game.rules.names import canasta_name
from game.ui import draw_list
from game.ui.celebrations import Celebrations, Moment
from game.ui.draw_list import DrawList
from game.ui.layout import Rect
from scenes.widgets import GOLD, INK

SHADE = 0.22  # the ribbon darkens the table under it to this share of its light: see-through, the felt's own tone
SKIPS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)


@lru_cache(maxsize=4)  # the words of the moments on show, at one size each: a few hundred kB at a large window
def _words(text: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A moment's words, rendered once at their full size (each frame sets its own alpha on it, and the
    words springing up are this image scaled: no font and no image kept for each size they pass)."""
    # A font of its own at this size, let go once the words are drawn: the shared cache would keep a large
    # size's glyphs (the largest text of the game) for the rest of the session.
    image = pygame.font.Font(asset_path("fonts", FONT_BOLD), max(1, size)).render(text, True, color)
    return image.convert_alpha() if pygame.display.get_surface() else image


def _scaled(image: pygame.Surface, share: float) -> pygame.Surface:
    """`image` at `share` of its size, for the few frames the words spring up (made and let go at once)."""
    if share >= 0.999:
        return image
    w, h = image.get_size()
    return pygame.transform.smoothscale(image, (max(1, round(w * share)), max(1, round(h * share))))


def let_go() -> None:
    """The last moment ended: its words and sparks go (some megabytes at a large window), until the next."""
    for cache in (_words, _star):
        cache.cache_clear()


@lru_cache(maxsize=32)
def _star(size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A four-pointed spark, `size` pixels across."""
    star = pygame.Surface((size, size), pygame.SRCALPHA)
    c, a, b = size / 2, size / 2, size / 8
    pygame.draw.polygon(star, color, [(c, c - a), (c + b, c - b), (c + a, c), (c + b, c + b), (c, c + a),
                                      (c - b, c + b), (c - a, c), (c - b, c - b)])
    return star


def _fade(t: float, rise: float = 0.15, fall: float = 0.25) -> float:
    """0 to 1 over the first `rise` of a moment, 1 to 0 over its last `fall`."""
    if t < rise:
        return t / rise
    return 1.0 if t < 1 - fall else max(0.0, (1 - t) / fall)


class Flourishes:
    def __init__(self, speed: Callable[[], str] = lambda: "normal", own_side: int = 0,
                 side_of: Callable[[int], int] = lambda seat: seat % 2, seat: int = 0) -> None:
        self.speed = speed
        self.side_of = side_of
        self.seat = seat
        self.moments = Celebrations(speed(), own_side)
        self.enabled = True  # the Celebrations setting: off, no moment is shown at all


    @property
    def items(self) -> list[Moment]:
        """The moments on show or waiting (the bench counts them as a reason the table is busy)."""
        return self.moments.moments

    def set_enabled(self, on: bool) -> None:
        """The Celebrations setting changed: turned off mid-moment, the moment goes at once."""
        self.enabled = on
        if not on:
            self.moments.skip()

    def on_event(self, e: ev.Event) -> None:
        if self.enabled and isinstance(e, ev.CanastaMade | ev.WentOut):
            self.moments.speed = self.speed()
            self.moments.add([e], {s: self.side_of(s) for s in range(4)})

    def seen(self, event: pygame.event.Event) -> pygame.event.Event:
        """A key or a click skips what shows; the event goes on to do what it does."""
        if event.type in SKIPS and self.moments.skip():
            let_go()
        return event

    def update(self, dt: float) -> bool:
        """True while any shows (each frame draws it again)."""
        showing = self.moments.update(dt)
        if showing and not self.moments.moments:  # the last one just ended
            let_go()
        return showing

    def words(self, m: Moment, names: list[str] | None) -> str:
        if m.kind == "out":
            if m.seat == self.seat:
                return _("You go out!")
            name = names[m.seat] if names and m.seat is not None and m.seat < len(names) else ""
            return _("{name} goes out!").format(name=name)
        return _("{canasta}!").format(canasta=canasta_name(m.canasta or m.kind))

    def draw(self, surface: pygame.Surface | DrawList, meld_rects: dict[int, Rect], size: tuple[int, int], u: int,
             names: list[str] | None = None) -> None:
        quiet = 0
        for m in self.moments.showing:
            where = meld_rects.get(m.meld) if m.meld is not None else None
            if where is not None:
                self._burst(surface, m, pygame.Rect(where), u)
            if m.big:
                self._banner(surface, m, self.words(m, names), size, u)
            else:
                self._quiet(surface, m, self.words(m, names), where, size, u, quiet)
                quiet += 1

    def _burst(self, surface: pygame.Surface | DrawList, m: Moment, rect: pygame.Rect, u: int) -> None:
        """Gold round the meld while its cards close up: a glowing edge and sparks flying out."""
        t = m.t
        glow = _fade(t, 0.1, 0.4)
        width = max(2, round(u * (0.25 if m.big else 0.15)))
        pad = round(u * 0.3 * (1 + 0.3 * math.sin(t * math.pi * 4)))
        draw_list.rect(surface, tuple(round(c * glow + 40 * (1 - glow)) for c in GOLD), rect.inflate(pad, pad),
                       width, border_radius=max(3, u // 3))
        sparks = (18 if m.big else 8) + (10 if m.kind in ("escalera", "bolivia") else 0)
        reach = pytweening.easeOutCubic(t) * u * (4.0 if m.big else 2.2)
        cx, cy = rect.center
        px = max(3, round(u * 0.9 * (1 - t) * (1.4 if m.big else 1.0)))
        for k in range(sparks):
            angle = (k / sparks) * math.tau + (m.meld or 0) * 0.7
            r = reach * (0.7 + 0.3 * ((k * 37) % 10) / 10)
            x, y = cx + math.cos(angle) * (rect.w / 2 + r), cy + math.sin(angle) * (rect.h / 2 + r)
            star = _star(px, GOLD if k % 3 else INK)
            surface.blit(star, (round(x - px / 2), round(y - px / 2)))

    def _banner(self, surface: pygame.Surface | DrawList, m: Moment, text: str, size: tuple[int, int], u: int) -> None:
        """Across the middle of the table: the ribbon unrolls, the words spring up, both fade."""
        t = m.t
        w, h = size
        band_h = round(u * (4.2 if m.kind in ("escalera", "bolivia") else 3.4))
        full = max(8, round(band_h * 0.55))
        # The ribbon spans the words and a margin, not the whole window: less to draw and to keep.
        room = min(w, _words(text, full, GOLD).get_width() + 8 * u)
        unroll = pytweening.easeOutCubic(min(1.0, t / 0.15))
        band_w = max(1, round(room * unroll))
        shown = _fade(t, 0.08, 0.25)
        alpha = round(255 * shown)
        top = h // 2 - band_h // 2 - round(u * 2)
        # The ribbon darkens the table under it (no image of its own: up to a megabyte at a large window),
        # between two gold edges, all fading in and out with the words.
        ribbon = pygame.Rect((w - band_w) // 2, top, band_w, band_h)
        light = round(255 * (1 - (1 - SHADE) * shown))
        surface.fill((light, light, light), ribbon, special_flags=pygame.BLEND_RGB_MULT)
        edge = max(2, band_h // 24)
        gold = tuple(round(c * shown + 40 * (1 - shown)) for c in GOLD)
        draw_list.rect(surface, gold, (ribbon.x, ribbon.y, ribbon.w, edge))
        draw_list.rect(surface, gold, (ribbon.x, ribbon.bottom - edge, ribbon.w, edge))
        pop = pytweening.easeOutBack(min(1.0, t / 0.2))
        words = _words(text, full, GOLD)
        fit = min(1.0, (w - 2 * u) / words.get_width())  # a long name in a narrow window: smaller
        words = _scaled(words, fit * min(1.0, 0.5 + 0.5 * pop))  # springs up from half its size
        words.set_alpha(alpha)
        surface.blit(words, words.get_rect(center=(w // 2, top + band_h // 2)))

    def _quiet(self, surface: pygame.Surface | DrawList, m: Moment, text: str, where: Rect | None,
               size: tuple[int, int], u: int, i: int) -> None:
        """The other side's moment: its words spring from its meld (or the table's top) and fade."""
        t = m.t
        scale = 0.6 + 0.6 * pytweening.easeOutElastic(min(1.0, t * 2.5))  # 0.6 to past 1.2, and back to 1.2
        img = _scaled(_words(text, max(8, round(u * 1.4 * 1.2)), GOLD), min(1.0, scale / 1.2))
        img.set_alpha(255 if t < 0.7 else round(255 * (1 - (t - 0.7) / 0.3)))
        rect = pygame.Rect(where) if where else pygame.Rect(0, 0, size[0], size[1] // 2)
        spot = img.get_rect(center=(rect.centerx, rect.centery + i * round(u * 1.6)))
        # Over a meld at the window's edge the words come inwards rather than run off it.
        surface.blit(img, spot.clamp(pygame.Rect((0, 0), size)))
