"""Find and load bundled assets (fonts, translations).

The files of the top-level folder assets/ are package resources, found through importlib.resources,
never by a path built from a module's file or the working folder. Installed (pip, pipx, a wheel), that
folder is the package `bolivia_assets` (pyproject.toml maps it with package-dir); in a checkout and in the
one-folder build (build.spec) it is the package `assets`, beside `game`. The checkout's own copy comes
first, so the game and the tests run from a checkout read its files even where a copy is installed.
Fonts are loaded lazily, only once the display exists, never at import time.
"""

from __future__ import annotations

import contextlib
import importlib.resources
from functools import cache, lru_cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame is imported lazily: importing this module must stay cheap
    import pygame

PACKAGES = ("assets", "bolivia_assets")  # in a checkout or a build; installed
FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"
FONT_LICENCE = "LICENSE-DejaVu.txt"

_unpacked = contextlib.ExitStack()  # files unpacked from an archive, kept while the game runs


class AssetsMissing(RuntimeError):
    """The game's own files are not where they were installed: the message says what to do."""


@cache
def assets_root() -> Traversable:
    """The package that holds fonts/ and locale/."""
    for name in PACKAGES:
        try:
            root = importlib.resources.files(name)
        except Exception:  # not there, or another package of that name that fails to import
            continue
        if root.joinpath("fonts", FONT_REGULAR).is_file():  # a folder called assets that is not ours is skipped
            return root
    # In English: without its files the game has no catalogue to say it in another language.
    raise AssetsMissing("Bolivia cannot find its fonts and translations (the package bolivia_assets is missing "
                        "or incomplete): install the game again, as its README says.")


@cache
def asset_path(*parts: str) -> Path:
    """A real file or folder on disk for a bundled one, e.g. asset_path("fonts", FONT_REGULAR): pygame and
    gettext open files by name. pip, pipx and the one-folder build install plain folders; a package inside
    a zip archive would have its files unpacked once (folders too from Python 3.12)."""
    resource = assets_root().joinpath(*parts)
    if isinstance(resource, Path):
        return resource
    return _unpacked.enter_context(importlib.resources.as_file(resource))


@lru_cache(maxsize=40)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at a pixel size, cached. The cache is bounded: each size keeps its own glyph cache
    (some 200 kB once it has drawn a few words), and card faces, animated titles and labels that shrink
    to fit ask for a hundred sizes over a game (opening one again costs some 40 microseconds). At 64 sizes
    the fonts held 14 MB; at 24 the table's slowest frames drew their words with fonts opened afresh
    (CPU p99 2.74 -> 2.95 ms at 1920x1080); at 40 the frames are as before, in 2.5 MB more than at 24."""

    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    name = FONT_BOLD if bold else FONT_REGULAR
    return pygame.font.Font(asset_path("fonts", name), max(1, int(size)))


def clear_font_cache() -> None:
    """Forget cached fonts (after pygame.quit(), whose fonts are no longer valid)."""
    font.cache_clear()
