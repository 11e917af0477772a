"""Find and load bundled assets (fonts, sounds, translations).

Paths are resolved from the package itself, never from the working folder, so the
game runs from any folder, from the tests and from a PyInstaller build (where the
bundle is unpacked under `sys._MEIPASS`). Fonts are loaded lazily, only once the
display exists, never at import time.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame is imported lazily: importing this module must stay cheap
    import pygame

FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"


def assets_root() -> Path:
    """The folder that holds fonts/, sounds/, locale/."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # PyInstaller: the build spec copies assets/ into the bundle root
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """Absolute path of a bundled file, e.g. asset_path("fonts", "DejaVuSans.ttf")."""
    return assets_root().joinpath(*parts)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at a pixel size, cached: opening a TTF costs about a millisecond. The cache is
    bounded: each size keeps its own glyph cache (some 100 kB), and card faces, animated titles and
    labels that shrink to fit ask for many sizes over a game."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    name = FONT_BOLD if bold else FONT_REGULAR
    return pygame.font.Font(asset_path("fonts", name), max(1, int(size)))


def clear_font_cache() -> None:
    """Forget cached fonts (after pygame.quit(), whose fonts are no longer valid)."""
    font.cache_clear()
