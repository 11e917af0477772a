"""The figures of the court cards (jack, queen, king), drawn in code: a double-headed bust in a frame.

Each is drawn once per card size into its frame (the face cache keeps it). The figure is made of a few
shapes, large and plain, so it stays a king, a queen or a jack at a meld's smallest size: the rank and
suit that a player reads stay in the card's corner indices; the figure is what makes a court card look
like one. The robe takes the suit's ink (so four-colour cards dress their courts in green and blue), the
trim is gold, and each rank has its own sign: a king's pointed crown, beard and sceptre, a queen's round
crown, long hair and flower, a jack's feathered cap and halberd.
"""

from __future__ import annotations

import pygame

Color = tuple[int, int, int]

SKIN: Color = (244, 212, 176)
HAIR: Color = (104, 66, 30)
BEARD: Color = (150, 150, 160)
GOLD: Color = (224, 168, 20)
GOLD_DARK: Color = (150, 104, 10)
LINE: Color = (40, 34, 30)
PAPER: Color = (247, 238, 210)
ACCENT_ON_RED: Color = (36, 74, 168)  # the other colour of a red suit's robe
ACCENT_ON_DARK: Color = (190, 24, 40)  # the other colour of a black, green or blue suit's robe
LEAF: Color = (30, 120, 50)
SCALE = 4  # drawn this many times larger, then scaled down once: smooth edges at any size


def _is_red(ink: Color) -> bool:
    return ink[0] > 150 and ink[1] < 80 and ink[2] < 80


def draw_court(rank: int, suit_glyph: pygame.Surface | None, ink: Color, size: tuple[int, int]) -> pygame.Surface:
    """The framed figure of a court card (`rank` 11, 12 or 13) at `size`, with `suit_glyph` (the suit
    in its ink, small) in each half's corner."""
    w, h = max(4, size[0]), max(4, size[1])
    W, H = w * SCALE, h * SCALE
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(2, W // 12)
    pygame.draw.rect(big, PAPER, big.get_rect(), border_radius=radius)
    half = pygame.Surface((W, H // 2), pygame.SRCALPHA)
    _draw_half(half, rank, ink)
    big.blit(half, (0, 0))
    big.blit(pygame.transform.rotate(half, 180), (0, H - H // 2))
    # The line between the two heads, and the frame.
    edge = max(1, W // 40)
    pygame.draw.line(big, ink, (edge, H // 2), (W - edge, H // 2), max(1, SCALE // 2))
    pygame.draw.rect(big, ink, big.get_rect(), width=max(SCALE, W // 30), border_radius=radius)
    small = pygame.transform.smoothscale(big, (w, h))
    if suit_glyph is not None:  # at the final size, for a crisp symbol
        pad = max(1, round(w * 0.08))
        small.blit(suit_glyph, (pad, pad))
        small.blit(pygame.transform.rotate(suit_glyph, 180),
                   (w - pad - suit_glyph.get_width(), h - pad - suit_glyph.get_height()))
    return small


def _draw_half(surf: pygame.Surface, rank: int, ink: Color) -> None:
    """One head and shoulders, filling `surf`, the card's centre line at its bottom."""
    W, H = surf.get_size()

    def p(u: float, v: float) -> tuple[float, float]:
        return (u * W, v * H)

    def poly(color: Color, points: list[tuple[float, float]], outline: bool = True) -> None:
        pts = [p(u, v) for u, v in points]
        pygame.draw.polygon(surf, color, pts)
        if outline:
            pygame.draw.polygon(surf, LINE, pts, max(1, SCALE // 2))

    accent = ACCENT_ON_RED if _is_red(ink) else ACCENT_ON_DARK
    line = max(1, SCALE // 2)
    # The robe: shoulders in the suit's ink, a gold collar, the other colour beneath.
    poly(ink, [(0.02, 1.0), (0.98, 1.0), (0.92, 0.80), (0.64, 0.68), (0.36, 0.68), (0.08, 0.80)])
    poly(accent, [(0.30, 1.0), (0.70, 1.0), (0.62, 0.70), (0.38, 0.70)])
    poly(GOLD, [(0.36, 0.68), (0.50, 0.88), (0.64, 0.68), (0.58, 0.68), (0.50, 0.80), (0.42, 0.68)])
    # The head: an oval face on a neck.
    head_w, head_h = 0.34 * W, 0.30 * H
    face = pygame.Rect(0, 0, round(head_w), round(head_h))
    face.center = (round(0.5 * W), round(0.50 * H))
    pygame.draw.rect(surf, SKIN, pygame.Rect(round(0.45 * W), face.bottom - line, round(0.10 * W), round(0.06 * H)))
    if rank == 12:  # long hair framing the face, falling to the shoulders at the sides
        hair = face.inflate(round(0.16 * W), round(0.06 * H)).move(0, -round(0.02 * H))
        pygame.draw.ellipse(surf, HAIR, hair)
        for u in (0.30, 0.60):
            pygame.draw.rect(surf, HAIR, pygame.Rect(round(u * W), face.centery, round(0.10 * W), round(0.20 * H)),
                             border_radius=max(1, round(0.04 * W)))
    pygame.draw.ellipse(surf, SKIN, face)
    pygame.draw.ellipse(surf, LINE, face, line)
    eye_r = max(1, round(0.025 * W))
    for u in (0.44, 0.56):
        pygame.draw.circle(surf, LINE, p(u, 0.49), eye_r)
    pygame.draw.line(surf, LINE, p(0.46, 0.58), p(0.54, 0.58), line)
    top = face.top / H
    if rank == 13:
        # A beard round the chin, a pointed crown, a sceptre.
        poly(BEARD, [(0.35, 0.54), (0.40, 0.64), (0.50, 0.70), (0.60, 0.64), (0.65, 0.54), (0.58, 0.61),
                     (0.42, 0.61)])
        poly(GOLD, [(0.32, top + 0.08), (0.68, top + 0.08), (0.70, top - 0.14), (0.59, top - 0.02), (0.50, top - 0.18),
                    (0.41, top - 0.02), (0.30, top - 0.14)])
        pygame.draw.circle(surf, accent, p(0.50, top - 0.01), max(1, round(0.03 * W)))
        pygame.draw.line(surf, GOLD_DARK, p(0.14, 1.0), p(0.20, 0.50), max(SCALE, round(0.035 * W)))
        pygame.draw.circle(surf, GOLD, p(0.20, 0.48), max(2, round(0.05 * W)))
        pygame.draw.circle(surf, LINE, p(0.20, 0.48), max(2, round(0.05 * W)), line)
    elif rank == 12:
        # A low crown with round points, a flower held up.
        poly(GOLD, [(0.34, top + 0.07), (0.66, top + 0.07), (0.66, top - 0.06), (0.34, top - 0.06)])
        for u in (0.36, 0.50, 0.64):
            pygame.draw.circle(surf, GOLD, p(u, top - 0.08), max(2, round(0.04 * W)))
            pygame.draw.circle(surf, LINE, p(u, top - 0.08), max(2, round(0.04 * W)), line)
        pygame.draw.line(surf, LEAF, p(0.80, 1.0), p(0.82, 0.62), max(SCALE, round(0.025 * W)))
        pygame.draw.circle(surf, accent, p(0.82, 0.60), max(2, round(0.06 * W)))
        pygame.draw.circle(surf, GOLD, p(0.82, 0.60), max(1, round(0.025 * W)))
    else:
        # A cap in the suit's ink with a gold feather, a halberd.
        poly(ink, [(0.30, top + 0.09), (0.70, top + 0.09), (0.74, top - 0.02), (0.50, top - 0.10), (0.28, top - 0.02)])
        pygame.draw.line(surf, GOLD, p(0.64, top - 0.02), p(0.86, top - 0.16), max(SCALE, round(0.04 * W)))
        pygame.draw.line(surf, GOLD_DARK, p(0.86, 1.0), p(0.86, 0.32), max(SCALE, round(0.03 * W)))
        poly(GOLD, [(0.86, 0.30), (0.96, 0.40), (0.86, 0.44), (0.78, 0.36)])
