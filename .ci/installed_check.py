"""CI, after installing the wheel into a fresh virtual environment: run with that environment's Python from
a folder outside the checkout, it checks that the installed game reads its own files (font, licence, all
three languages) from the installed package, and that `bolivia` is a windowed entry point."""

from __future__ import annotations

import importlib.metadata
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import assets, i18n  # noqa: E402 (after the SDL settings)

root = assets.assets_root()
print("bundled files:", root)
assert root.name == "bolivia_assets" and "site-packages" in str(root), "the installed package is not the one read"
assert assets.asset_path("fonts", assets.FONT_LICENCE).read_text(encoding="utf-8").startswith("DejaVu fonts")
assert assets.font(24, bold=True).render("♠♥ Canasta", True, (0, 0, 0)).get_bounding_rect().w > 100
for lang, you in (("en", "You"), ("fr", "Vous"), ("sv", "Du")):
    i18n.set_language(lang)
    assert i18n._("You") == you, (lang, i18n._("You"))
    print(f"{lang}: {i18n._('New game')} / {i18n.ngettext('{n} red three', '{n} red threes', 2).format(n=2)}")
scripts = [e for e in importlib.metadata.entry_points(group="gui_scripts") if e.name == "bolivia"]
assert scripts and scripts[0].value == "game.__main__:main", "bolivia is not a windowed entry point"
print("font, licence and three languages found; bolivia is a gui script")
sys.exit(0)
