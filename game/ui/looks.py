"""For tired eyes: the words' size, apart from the cards' size, and the high-contrast colours (text at
least 7:1 against what it is drawn on, the WCAG AAA level), both as the settings choose them. No pygame:
the drawing (scenes/widgets.py, game/ui/layout.py) asks `text_scale()` and `contrast_colour()`.
"""

from __future__ import annotations

from collections.abc import Callable

Color = tuple[int, int, int]

TEXT_SCALES = {"normal": 1.0, "large": 1.2, "largest": 1.4}
MOST_OF_HEIGHT = 0.062  # a line of text at most this share of the window's height: the screens must still fit
AAA = 7.0  # WCAG's contrast for text at its enhanced level

# The high-contrast table: flat near-black, panels black with a white edge, text white or bright yellow.
HC_BACKGROUND: Color = (0, 0, 0)
HC_PANEL: Color = (0, 0, 0)
HC_EDGE: Color = (255, 255, 255)
HC_TEXT: Color = (255, 255, 255)
HC_ACCENT: Color = (255, 225, 0)  # what the usual table says in gold or yellow
HC_DARK_TEXT: Color = (0, 0, 0)  # words on a light face (buttons)

_looks = {"scale": 1.0, "contrast": False}


def set_looks(text_size: str, high_contrast: bool) -> bool:
    """Apply the settings' choices; True when something changed (the screens lay themselves out again)."""
    scale = TEXT_SCALES.get(text_size, 1.0)
    changed = (scale, high_contrast) != (_looks["scale"], _looks["contrast"])
    _looks["scale"], _looks["contrast"] = scale, high_contrast
    return changed


def text_scale() -> float:
    return float(_looks["scale"])


def high_contrast() -> bool:
    return bool(_looks["contrast"])


def scaled_text(px: int, window_height: int, scale: float | None = None) -> int:
    """A text size the layout worked out, at the player's text size (or at `scale`; never past a share of
    the window)."""
    scale = text_scale() if scale is None else scale
    if scale == 1.0:
        return px
    return max(px, min(round(px * scale), round(window_height * MOST_OF_HEIGHT)))


def steady_text(measure: Callable[[float], int]) -> int:
    """The text size a layout that shrinks its words to fit works out at the text size chosen, never below
    what it works out at a smaller one: `measure(scale)` is the layout's size at that scale. (A larger text
    size leaves less room, and a fit alone then drew the words smaller than at the normal size.)"""
    return max(measure(s) for s in TEXT_SCALES.values() if s <= text_scale())


def luminance(c: Color) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast_colour(color: Color) -> Color:
    """A text colour as the high-contrast theme draws it: dark words (on a light button) go black; warm
    accents (gold, the hint's yellow, a refusal's pink) go bright yellow; every other light word goes white.
    Without the theme, the colour as it is."""
    if not high_contrast():
        return color
    r, g, b = color[:3]
    if luminance(color) < 0.18:
        return HC_DARK_TEXT if luminance(color) < 0.05 or max(r, g, b) < 120 else HC_TEXT
    if r > 200 and b < 200 and r - b > 60:
        return HC_ACCENT
    return HC_TEXT
