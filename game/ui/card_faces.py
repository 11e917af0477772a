"""Card faces drawn by the game, cached per size.

No image files: every face is drawn once per card size from DejaVu glyphs, so the
cards stay crisp at any window size and the indices can be large for older eyes.
The index (rank over suit) sits in the top-left strip that stays visible when cards
overlap (`layout.INDEX_W`, `layout.INDEX_H`), and again upside down bottom-right.
The shape (rounded corners, border, back pattern) is drawn at twice the size and
scaled down once, for smooth edges; text is drawn at the final size, for sharpness.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from functools import cache, lru_cache

import pygame

from game.assets import font
from game.i18n import _
from game.rules.cards import FACE, JOKER, RANK, SUIT
from game.ui import themes
from game.ui.court_figures import GOLD, draw_court
from game.ui.layout import INDEX_H, INDEX_W, card_height

Color = tuple[int, int, int]

RED: Color = (196, 18, 36)
BLACK: Color = (22, 22, 26)
GREEN: Color = (16, 122, 48)  # four-colour clubs
BLUE: Color = (20, 70, 190)  # four-colour diamonds
JOKER_INK: Color = (106, 27, 154)  # purple: a joker must never pass for a red or black card
PAPER: Color = (252, 250, 243)
EDGE: Color = (95, 95, 100)
BACK_BASE: Color = (28, 58, 128)
BACK_LINE: Color = (70, 110, 190)
BACK_TRIM: Color = (236, 224, 180)

SUIT_SYMBOLS = "♣♦♥♠"  # index = suit number (C D H S)
STAR = "★"
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
OVERLAYS = ("selected", "highlight", "dimmed")

_SUPERSAMPLE = 2


FOUR_COLOURS: tuple[Color, ...] = (GREEN, BLUE, RED, BLACK)  # by suit number (C D H S)
TWO_COLOURS: tuple[Color, ...] = (BLACK, RED, RED, BLACK)


def ink_color(card_id: int, four_colour: bool = False) -> Color:
    """The colour a card's indices are printed in; `four_colour`: clubs green, diamonds blue."""
    if RANK[card_id] == JOKER:
        return JOKER_INK
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[SUIT[card_id]]


def _convert(surf: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; without one (a bare unit test) keep the surface as is.
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=512)
def _ink(text: str, size: int, color: Color, bold: bool = True) -> pygame.Surface:
    """Rendered text cropped to its visible pixels; cached, as many faces share a glyph (never draw on it)."""
    surf = font(size, bold).render(text, True, color)
    box = surf.get_bounding_rect()
    if box.w == 0 or box.h == 0:
        return surf
    return surf.subsurface(box).copy()


@cache
def _ink_height_100(text: str, bold: bool) -> int:
    """The visible height of `text` at 100 px, which scales a glyph to a box (same in any colour)."""
    return _ink(text, 100, BLACK, bold).get_height()


def _fit_ink(text: str, box_w: int, box_h: int, color: Color, bold: bool = True) -> pygame.Surface:
    """Text whose visible pixels fill `box_h`, squeezed sideways if wider than `box_w`."""
    box_w, box_h = max(1, box_w), max(1, box_h)
    size = max(6, round(100 * box_h / max(1, _ink_height_100(text, bold))))
    surf = _ink(text, size, color, bold)
    if surf.get_height() > box_h:  # rounding of the font size can overshoot by a pixel
        surf = pygame.transform.smoothscale(surf, (max(1, surf.get_width() * box_h // surf.get_height()), box_h))
    if surf.get_width() > box_w:
        surf = pygame.transform.smoothscale(surf, (box_w, surf.get_height()))
    return surf


def _rank_glyph(text: str, cap_h: int, max_w: int, color: Color) -> tuple[pygame.Surface, int]:
    """A rank sized by cap height, so J and Q (which dip below the line) match the others.

    Returns the surface and where the cap line lies inside it (pixels from its top).
    """
    probe = font(100, True)
    cap100 = probe.metrics("A")[0][3]
    size = max(6, round(100 * cap_h / cap100))
    f = font(size, True)
    surf = f.render(text, True, color)
    box = surf.get_bounding_rect()
    cap_top = f.get_ascent() - f.metrics("A")[0][3]
    surf = surf.subsurface(pygame.Rect(box.x, 0, box.w, surf.get_height())).copy()
    if surf.get_width() > max_w:  # "10" gets a condensed look instead of a smaller size
        surf = pygame.transform.smoothscale(surf, (max_w, surf.get_height()))
    return surf, cap_top


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


class CardFaces:
    """Every card surface for one card width: faces, back, overlays, shadow (all cached)."""

    def __init__(self, width: int, four_colour: bool = False) -> None:
        if width < 12:
            raise ValueError(f"card width {width} is too small to draw")
        self.four_colour = four_colour
        self.width = int(width)
        self.height = card_height(self.width)
        self.size = (self.width, self.height)
        self.radius = max(3, round(self.width * 0.08))
        self.border = 1 if self.width < 110 else 2
        self.shadow_offset = max(2, round(self.width / 28))
        self.index_w = round(self.width * INDEX_W)
        self.index_h = round(self.height * INDEX_H)
        self._faces: dict[int, pygame.Surface] = {}  # by rules face code: copies share a surface
        self._composed: dict[tuple[int | None, str | None], pygame.Surface] = {}
        self._shadowed: dict[tuple[int | None, str | None], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._back_name = themes.back_name()  # the design `_back` was drawn in
        self._blank: pygame.Surface | None = None
        self._overlays: dict[str, pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None
        self._shadow_premul: pygame.Surface | None = None  # the shadow as `shadowed` blends it
        self.bytes = 0  # pixels held by the faces, composed cards and shadowed cards

    # --- public surfaces -------------------------------------------------------------

    def face(self, card_id: int) -> pygame.Surface:
        """The face of a card (the same surface for every copy of that rank and suit)."""
        code = FACE[card_id]
        surf = self._faces.get(code)
        if surf is None:
            surf = self._faces[code] = _convert(self._draw_face(card_id))
            self.bytes += _bytes(surf)
        return surf

    def back(self) -> pygame.Surface:
        if self._back is None or self._back_name != themes.back_name():
            self.forget_back()
            self._back_name = themes.back_name()
            self._back = _convert(self._draw_back())
        return self._back

    def forget_back(self) -> None:
        """Drop the back and the cards made from it: another back was chosen in Settings."""
        self._back = None
        self._composed = {k: v for k, v in self._composed.items() if k[0] is not None}
        self._shadowed = {k: v for k, v in self._shadowed.items() if k[0] is not None}
        self.bytes = sum(_bytes(v) for d in (self._faces, self._composed, self._shadowed) for v in d.values())

    def overlay(self, kind: str) -> pygame.Surface:
        """A see-through layer for a card: "selected", "highlight" or "dimmed"."""
        if kind not in OVERLAYS:
            raise ValueError(f"unknown card overlay {kind!r}: one of {', '.join(OVERLAYS)}")
        surf = self._overlays.get(kind)
        if surf is None:
            surf = self._overlays[kind] = _convert(self._draw_overlay(kind))
        return surf

    def shadow(self) -> pygame.Surface:
        """A soft dark card shape, blitted `shadow_offset` down-right of the card."""
        if self._shadow is None:
            self._shadow = _convert(self._draw_shadow())
        return self._shadow

    def _draw_shadow(self) -> pygame.Surface:
        w, h = self.size
        s = _SUPERSAMPLE
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        pygame.draw.rect(big, (0, 0, 0, 80), big.get_rect(), border_radius=self.radius * s)
        return pygame.transform.smoothscale(big, self.size)

    def card(self, card_id: int | None, state: str | None = None) -> pygame.Surface:
        """A face (or the back when `card_id` is None) with an overlay baked in, cached."""
        key = (None if card_id is None else FACE[card_id], state)
        surf = self._composed.get(key)
        if surf is None:
            base = self.back() if card_id is None else self.face(card_id)
            if state is None:
                return base
            surf = base.copy()
            surf.blit(self.overlay(state), (0, 0))
            surf = self._composed[key] = _convert(surf)
            self.bytes += _bytes(surf)
        return surf

    def blit(
        self,
        dest: pygame.Surface,
        card_id: int | None,
        topleft: tuple[float, float],
        state: str | None = None,
        shadow: bool = True,
    ) -> pygame.Rect:
        """Draw a card (with its shadow) at `topleft`; returns the card's rect."""
        x, y = round(topleft[0]), round(topleft[1])
        if shadow:
            dest.blit(self.shadowed(card_id, state), (x, y), special_flags=pygame.BLEND_PREMULTIPLIED)
            return pygame.Rect(x, y, self.width, self.height).clip(dest.get_rect())
        return dest.blit(self.card(card_id, state), (x, y))

    def ready(self, card_id: int | None, state: str | None = None) -> pygame.Surface | None:
        """The card as `shadowed` gives it if it is drawn already, else None (nothing is drawn)."""
        return self._shadowed.get((None if card_id is None else FACE[card_id], state))

    def has(self, card_id: int | None, state: str | None = None) -> bool:
        """Whether `shadowed` has this card ready (drawing it would cost nothing)."""
        return (None if card_id is None else FACE[card_id], state) in self._shadowed

    def shadowed(self, card_id: int | None, state: str | None = None) -> pygame.Surface:
        """The card over its shadow in one surface with premultiplied alpha, cached: one blit a card
        a frame instead of two (blit it with `special_flags=pygame.BLEND_PREMULTIPLIED`)."""
        key = (None if card_id is None else FACE[card_id], state)
        surf = self._shadowed.get(key)
        if surf is None:
            off = self.shadow_offset
            surf = pygame.Surface((self.width + off, self.height + off), pygame.SRCALPHA)
            if self._shadow_premul is None:  # the plain shadow is not kept: the table blits these only
                self._shadow_premul = (self._shadow or _convert(self._draw_shadow())).premul_alpha()
            surf.blit(self._shadow_premul, (off, off), special_flags=pygame.BLEND_PREMULTIPLIED)
            surf.blit(self._card_image(card_id, state).premul_alpha(), (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)
            surf = self._shadowed[key] = _convert(surf)
            self.bytes += _bytes(surf)
        return surf

    def _card_image(self, card_id: int | None, state: str | None) -> pygame.Surface:
        """What `card` returns, from its caches when there, else drawn and not kept: the table only
        blits the shadowed surfaces, and keeping both would double the memory a card size takes."""
        cached = self._composed.get((None if card_id is None else FACE[card_id], state)) if state else None
        if cached is not None:
            return cached
        if card_id is None:
            base = self.back()  # one surface a size: kept
        else:
            base = self._faces.get(FACE[card_id]) or self._draw_face(card_id)
        if state is None:
            return base
        surf = base.copy()
        surf.blit(self.overlay(state), (0, 0))
        return surf

    def keep_only(self, codes: set[int | None]) -> None:
        """Forget the faces of every card but `codes` (rules face codes; None: the back)."""
        self._faces = {k: v for k, v in self._faces.items() if k in codes}
        self._composed = {k: v for k, v in self._composed.items() if k[0] in codes}
        self._shadowed = {k: v for k, v in self._shadowed.items() if k[0] in codes}
        self.bytes = sum(_bytes(v) for d in (self._faces, self._composed, self._shadowed) for v in d.values())

    def __len__(self) -> int:
        """How many card images are kept for this width."""
        return len(self._faces) + len(self._composed) + len(self._shadowed)

    # --- drawing -----------------------------------------------------------------------

    def _blank_face(self) -> pygame.Surface:
        """Rounded card with a thin border, drawn large and scaled down for smooth corners."""
        if self._blank is None:
            w, h = self.size
            s = _SUPERSAMPLE
            big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
            r = self.radius * s
            pygame.draw.rect(big, EDGE, big.get_rect(), border_radius=r)
            inner = big.get_rect().inflate(-2 * self.border * s, -2 * self.border * s)
            pygame.draw.rect(big, PAPER, inner, border_radius=max(1, r - self.border * s))
            self._blank = pygame.transform.smoothscale(big, self.size)
        return self._blank.copy()

    def _index(self, card_id: int) -> pygame.Surface:
        """The corner index: rank over suit (or a joker's star over JOKER), in the index strip."""
        w, h = self.size
        color = ink_color(card_id, self.four_colour)
        strip = pygame.Surface((self.index_w, self.index_h), pygame.SRCALPHA)
        pad = max(2, round(w * 0.035))
        box_w = self.index_w - pad - max(1, round(w * 0.02))
        rank_h = round(h * 0.165)
        top = round(h * 0.045)
        if RANK[card_id] == JOKER:
            # A big star where the rank goes, "JK" where the suit goes: both readable in a fan.
            star = _fit_ink(STAR, box_w, round(rank_h * 1.15), color)
            strip.blit(star, (pad + (box_w - star.get_width()) // 2, top))
            jk_top = top + star.get_height() + round(h * 0.03)
            jk = _fit_ink(_("JK"), box_w, self.index_h - jk_top - max(1, round(h * 0.03)), color)
            strip.blit(jk, (pad + (box_w - jk.get_width()) // 2, jk_top))
            return strip
        rank_surf, cap_top = _rank_glyph(RANK_TEXT[RANK[card_id]], rank_h, box_w, color)
        strip.blit(rank_surf, (pad + (box_w - rank_surf.get_width()) // 2, top - cap_top))
        suit_top = top + rank_h + round(h * 0.03)
        suit_h = self.index_h - suit_top - max(1, round(h * 0.02))
        suit = _fit_ink(SUIT_SYMBOLS[SUIT[card_id]], box_w, suit_h, color)
        strip.blit(suit, (pad + (box_w - suit.get_width()) // 2, suit_top))
        return strip

    def _draw_face(self, card_id: int) -> pygame.Surface:
        w, h = self.size
        r = RANK[card_id]
        color = ink_color(card_id, self.four_colour)
        court = r in (11, 12, 13)
        surf = self._blank_face()
        index = self._index(card_id)
        surf.blit(index, (0, 0))
        surf.blit(pygame.transform.rotate(index, 180), (w - self.index_w, h - self.index_h))
        cx, cy = w // 2, h // 2
        if r == JOKER:
            star = _fit_ink(STAR, round(w * 0.46), round(w * 0.46), GOLD)
            outline = _fit_ink(STAR, round(w * 0.52), round(w * 0.52), color)
            surf.blit(outline, outline.get_rect(center=(cx, cy - round(h * 0.03))))
            surf.blit(star, star.get_rect(center=(cx, cy - round(h * 0.03))))
            word = _fit_ink(_("JOKER"), round(w * 0.44), round(h * 0.075), color)
            surf.blit(word, word.get_rect(midtop=(cx, cy + round(w * 0.24))))
        elif court:
            # A tall frame between the two corner indices, which stay clear of it: the figure is drawn
            # double-headed (game/ui/court_figures.py), the rank and suit are read from the indices.
            frame = pygame.Rect(0, 0, w - 2 * round(w * 0.32), h - 2 * round(h * 0.06))
            frame.center = (cx, cy)
            glyph_h = max(4, round(frame.w * 0.24))
            glyph = _fit_ink(SUIT_SYMBOLS[SUIT[card_id]], glyph_h, glyph_h, color) if frame.w >= 20 else None
            surf.blit(draw_court(r, glyph, color, frame.size), frame.topleft)
        else:
            big = round(w * (0.5 if r == 14 else 0.4))
            pip = _fit_ink(SUIT_SYMBOLS[SUIT[card_id]], big, big, color)
            surf.blit(pip, pip.get_rect(center=(cx, cy)))
        return surf

    def _draw_back(self) -> pygame.Surface:
        w, h = self.size
        s = _SUPERSAMPLE
        W, H = w * s, h * s
        design = themes.back_design(self._back_name)
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        big.fill(design.trim)
        inset = max(3 * s, round(W * 0.07))
        panel = pygame.Rect(inset, inset, W - 2 * inset, H - 2 * inset)
        pattern = pygame.Surface(panel.size, pygame.SRCALPHA)
        pattern.fill(design.base)
        step = max(6 * s, round(W * 0.14))
        line = max(1, s * (1 if w < 110 else 2))
        pc = pattern.get_rect().center
        if design.pattern == "rings":  # circles round the middle
            for radius in range(step // 2, max(panel.w, panel.h), step // 2 + 1):
                pygame.draw.circle(pattern, design.line, pc, radius, line)
        elif design.pattern == "stripes":  # thin diagonal lines one way
            for k in range(-panel.h, panel.w + panel.h, max(3 * s, step // 2)):
                pygame.draw.line(pattern, design.line, (k, 0), (k + panel.h, panel.h), line)
        else:  # a diagonal lattice
            for k in range(-panel.h, panel.w + panel.h, step):
                pygame.draw.line(pattern, design.line, (k, 0), (k + panel.h, panel.h), line)
                pygame.draw.line(pattern, design.line, (k, panel.h), (k + panel.h, 0), line)
        # An emblem in the middle, so a back is recognisable even when small.
        rw, rh = panel.w * 0.28, panel.h * 0.22
        diamond = [(pc[0], pc[1] - rh), (pc[0] + rw, pc[1]), (pc[0], pc[1] + rh), (pc[0] - rw, pc[1])]
        pygame.draw.polygon(pattern, design.centre, diamond)
        pygame.draw.polygon(pattern, design.trim, diamond, max(1, s))
        pattern.blit(_rounded_mask(panel.size, self.radius * s // 2), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(pattern, panel.topleft)
        pygame.draw.rect(big, EDGE, big.get_rect(), width=self.border * s, border_radius=self.radius * s)
        big.blit(_rounded_mask((W, H), self.radius * s), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return pygame.transform.smoothscale(big, self.size)

    def _draw_overlay(self, kind: str) -> pygame.Surface:
        w, h = self.size
        s = _SUPERSAMPLE
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        rect = big.get_rect()
        r = self.radius * s
        if kind == "dimmed":
            pygame.draw.rect(big, (30, 30, 30, 120), rect, border_radius=r)
        else:
            if kind == "selected":
                edge, tint = (255, 190, 0), (255, 225, 110, 45)
            else:
                edge, tint = (40, 150, 255), (120, 190, 255, 35)
            pygame.draw.rect(big, tint, rect, border_radius=r)
            pygame.draw.rect(big, (*edge, 255), rect, width=max(3, round(w / 16)) * s, border_radius=r)
        return pygame.transform.smoothscale(big, self.size)


class FaceCache:
    """CardFaces per width, keeping only the few sizes in use: a resize drops the old ones.

    With a `budget` (seconds a frame), `blit` draws new faces while their estimated cost fits what the
    frame has left of it (one at least), then stands in for the rest with a face of another width scaled
    to size, and sets `behind`:
    the scene draws again and catches up over the next frames. When the melds shrink to make room,
    some thirty faces are needed at a new width at once; drawn in one frame, they would stall it.
    """

    def __init__(self, keep: int = 4, budget: float | None = None, four_colour: bool = False,
                 max_bytes: int | None = None) -> None:
        self._four_colour = four_colour
        self.max_bytes = max_bytes  # what drawing ahead (`prewarm`) may fill the cache to
        self.keep = keep
        self.budget = budget
        self.behind = False  # a stand-in was drawn this frame
        self._spent = 0.0
        self._donors: dict[int, list[CardFaces]] = {}  # stand-ins' donor widths by nearness, this frame
        self._stand_ins: dict[tuple[int, int | None, str | None], pygame.Surface] = {}
        self._sizes: OrderedDict[int, CardFaces] = OrderedDict()
        self._back_seen = themes.back_name()
        # Seconds per square pixel of width that drawing a face costs, learnt as faces are drawn: the
        # first at a width (which also draws its blank card and shadow) or a back, and any other.
        self._rates = {True: 1.1e-7, False: 2.5e-8}

    def estimate(self, width: int, card_id: int | None) -> float:
        """About how many seconds drawing this face (not drawn yet) will take."""
        faces = self._sizes.get(width)
        first = faces is None or not faces._shadowed or card_id is None
        return self._rates[first] * width * width

    def _draw_new(self, faces: CardFaces, card_id: int | None, state: str | None,
                  dest: pygame.Surface | None = None, topleft: tuple[float, float] = (0, 0)) -> float:
        """Draw a face not drawn yet (onto `dest` if given); learn from its cost, and return it."""
        first = not faces._shadowed or card_id is None
        start = time.perf_counter()
        if dest is not None:
            faces.blit(dest, card_id, topleft, state)
        else:
            faces.shadowed(card_id, state)
        took = time.perf_counter() - start
        self._rates[first] = 0.7 * self._rates[first] + 0.3 * took / (faces.width * faces.width)
        return took

    def new_frame(self) -> None:
        """Start a frame: a new budget for drawing faces (and the back chosen now, if another)."""
        if themes.back_name() != self._back_seen:
            self._back_seen = themes.back_name()
            for faces in self._sizes.values():
                faces.forget_back()
            self._stand_ins = {k: v for k, v in self._stand_ins.items() if k[1] is not None}
        if not self.behind:
            self._stand_ins.clear()  # every face in use is ready
        elif self._stand_ins:  # those whose face is drawn now go: a size's worth of copies, else
            self._stand_ins = {k: v for k, v in self._stand_ins.items()
                               if not (k[0] in self._sizes and (k[1], k[2]) in self._sizes[k[0]]._shadowed)}
        self._spent = 0.0
        self._donors = {}
        self.behind = False

    def blit(self, dest: pygame.Surface, width: int, card_id: int | None, topleft: tuple[float, float],
             state: str | None = None) -> None:
        """Draw a card with its shadow at `width` (a stand-in when over the frame's budget)."""
        faces = self.get(width)
        ready = faces._shadowed.get((None if card_id is None else FACE[card_id], state))
        if ready is not None:  # the usual case, kept short: many cards a frame
            dest.blit(ready, (round(topleft[0]), round(topleft[1])), special_flags=pygame.BLEND_PREMULTIPLIED)
            return
        # At least one new face a frame, so that stand-ins always give way to the real faces.
        if self.budget is None or self._spent == 0 or self._spent + self.estimate(width, card_id) <= self.budget:
            self._spent += self._draw_new(faces, card_id, state, dest, topleft)
            return
        stand_in = self._stand_in(faces, card_id, state)
        if stand_in is None:  # never drawn at any width: draw it now
            faces.blit(dest, card_id, topleft, state)
            return
        dest.blit(stand_in, (round(topleft[0]), round(topleft[1])), special_flags=pygame.BLEND_PREMULTIPLIED)
        self.behind = True

    @property
    def bytes(self) -> int:
        """Pixels held at every size."""
        return sum(faces.bytes for faces in self._sizes.values())

    def prewarm(self, wishes: list[tuple[int, int | None]], budget: float,
                at_least_one: bool = False) -> list[tuple[int, int | None]]:
        """Draw faces that will likely be needed soon, (width, card) pairs, for about `budget` seconds;
        returns the wishes left. A frame with nothing to draw does this, so that cards arriving at a new
        size later find their faces ready instead of being drawn in the frame that moves them.
        `at_least_one` draws one new face whatever its estimate: an idle frame has nothing better to do, and
        on a busy machine the estimate may never fit the budget, which would keep the table from resting.
        Once the cache holds `max_bytes`, the wishes left are dropped: the likeliest come first, and the
        rest would be megabytes at a large window for faces most of which are never shown."""
        start = time.perf_counter()
        drawn = 0
        if self.max_bytes is not None and self.bytes >= self.max_bytes:
            return []
        for i, (width, card_id) in enumerate(wishes):
            faces = self._sizes.get(width)
            if faces is not None and faces.has(card_id):
                continue
            if (time.perf_counter() - start + self.estimate(width, card_id) > budget
                    and not (at_least_one and drawn == 0)):
                return wishes[i:]  # it would not fit: a later frame with more time to spare
            drawn += 1
            faces = faces if faces is not None else self.get(width)
            self._draw_new(faces, card_id, None)
            if self.max_bytes is not None and self.bytes >= self.max_bytes:
                return []
        return []

    def prepare_stand_in(self, width: int, card_id: int | None, state: str | None = None) -> None:
        """Make the stand-in a card not drawn at `width` will need, before the frame that shows it (kept
        until its face is drawn)."""
        faces = self.get(width)
        if not faces.has(card_id, state) and self._stand_in(faces, card_id, state) is not None:
            self.behind = True  # so that the next frame keeps it

    def _stand_in(self, faces: CardFaces, card_id: int | None, state: str | None) -> pygame.Surface | None:
        """The card scaled from the nearest width that has it (kept until every face is ready)."""
        key = (faces.width, None if card_id is None else FACE[card_id], state)
        surf = self._stand_ins.get(key)
        if surf is None:
            # The nearest width that has the card: the widths by nearness, worked out once a frame per width
            # (forty cards may need a stand-in in one frame, and two dozen widths may be kept).
            order = self._donors.get(faces.width)
            if order is None:
                order = self._donors[faces.width] = sorted(
                    (other for other in self._sizes.values() if other is not faces),
                    key=lambda other: abs(other.width - faces.width))
            donor = next((other for other in order if other.has(card_id, state)), None)
            if donor is None:
                return None
            off = faces.shadow_offset
            size = (faces.width + off, faces.height + off)
            # Smoothly scaled while the frame's budget lasts; past it, by the nearest pixel (a tenth of the
            # cost: a pile of forty cards taken needs forty stand-ins at once, shown a few frames in flight).
            start = time.perf_counter()
            smooth = self.budget is None or self._spent < self.budget
            scale = pygame.transform.smoothscale if smooth else pygame.transform.scale
            surf = self._stand_ins[key] = scale(donor.shadowed(card_id, state), size)
            self._spent += time.perf_counter() - start
        return surf

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        """Another colour mode: every face is drawn again in it."""
        if value != self._four_colour:
            self._four_colour = value
            self.clear()

    def get(self, width: int) -> CardFaces:
        faces = self._sizes.get(width)
        if faces is None:
            faces = self._sizes[width] = CardFaces(width, self._four_colour)
            self._donors = {}
            while len(self._sizes) > self.keep:
                self._sizes.popitem(last=False)
        else:
            self._sizes.move_to_end(width)
        return faces

    def keep_only(self, needed: dict[int, set[int | None]]) -> None:
        """Forget every face but those `needed` (width -> rules face codes, None for the back): the ones
        on screen and about to be. A hand's melds and fans pass through many widths, and a width's faces
        through many cards: each face is up to 160 kB at a large window."""
        for width in list(self._sizes):
            codes = needed.get(width)
            if codes is None:
                del self._sizes[width]
            else:
                self._sizes[width].keep_only(codes)
        self._stand_ins = {k: v for k, v in self._stand_ins.items() if k[1] in needed.get(k[0], ())}
        self._donors = {}

    @property
    def widths(self) -> list[int]:
        """The sizes held, least recently used first."""
        return list(self._sizes)

    def clear(self) -> None:
        """Call on a window resize: every size is recomputed from the new layout."""
        self._sizes.clear()
        self._stand_ins.clear()
        self._donors = {}

    def __len__(self) -> int:
        return len(self._sizes)

