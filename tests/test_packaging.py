"""pyproject.toml installs every package and the bundled files the game reads (CI then installs the wheel
and plays a demo with it from another folder)."""

from __future__ import annotations

import fnmatch
import tomllib

from tests.catalogues import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def test_every_code_package_is_listed() -> None:
    found = sorted(".".join(init.parent.relative_to(ROOT).parts) for top in ("game", "scenes")
                   for init in (ROOT / top).rglob("__init__.py"))
    listed = sorted(p for p in SETUPTOOLS["packages"] if not p.startswith("bolivia_assets"))
    assert listed == found, "add the new package to [tool.setuptools] packages in pyproject.toml"


def test_every_folder_of_bundled_files_is_listed() -> None:
    folder = ROOT / "assets"
    found = sorted(".".join(("bolivia_assets", *d.relative_to(folder).parts)) for d in [folder, *folder.rglob("*")]
                   if d.is_dir() and d.name != "__pycache__")
    listed = sorted(p for p in SETUPTOOLS["packages"] if p.startswith("bolivia_assets"))
    assert listed == found, "list the new folder of assets/ in [tool.setuptools] packages in pyproject.toml"


def test_the_bundled_files_are_package_data() -> None:
    assert SETUPTOOLS["package-dir"] == {"bolivia_assets": "assets"}
    globs = SETUPTOOLS["package-data"]["bolivia_assets"]
    folder = ROOT / "assets"
    shipped = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()
                     and "__pycache__" not in p.parts and p.suffix not in (".po", ".pot", ".py", ".pyc"))
    unmatched = [f for f in shipped if not any(fnmatch.fnmatch(f, g) for g in globs)]
    assert not unmatched, f"files in assets/ the wheel would leave out: {unmatched}"
    assert {"fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/LICENSE-DejaVu.txt"} <= set(shipped)
    assert {f"locale/{lang}/LC_MESSAGES/bolivia.mo" for lang in ("en", "fr", "sv")} <= set(shipped)


def test_the_command_is_a_windowed_one() -> None:
    assert PYPROJECT["project"]["gui-scripts"] == {"bolivia": "game.__main__:main"}
    assert "scripts" not in PYPROJECT["project"]  # a console script would open a console window on Windows
