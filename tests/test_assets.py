"""The game's files are package resources: found wherever the game runs, and a stranger's folder is not taken."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import assets
from tests.catalogues import ROOT


@pytest.fixture
def fresh_lookup(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Look the packages up again, and forget what was found afterwards."""
    assets.assets_root.cache_clear()
    assets.asset_path.cache_clear()
    yield
    monkeypatch.undo()
    assets.assets_root.cache_clear()
    assets.asset_path.cache_clear()


def test_a_checkout_reads_its_own_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests test this checkout, its code and its files, even with a copy of the game installed
    (the README's test command installs one)."""
    import game

    assert Path(game.__file__).parent == ROOT / "game"
    monkeypatch.chdir(tmp_path)
    assert assets.asset_path("fonts", assets.FONT_REGULAR) == ROOT / "assets" / "fonts" / assets.FONT_REGULAR
    assert assets.asset_path("fonts", assets.FONT_LICENCE).is_file()
    assert (assets.asset_path("locale") / "fr" / "LC_MESSAGES" / "bolivia.mo").is_file()


def _installed_copy(where: Path, name: str) -> None:
    """A package laid out as pip lays out bolivia_assets."""
    fonts = where / name / "fonts"
    fonts.mkdir(parents=True)
    (where / name / "__init__.py").write_text("")
    shutil.copy(ROOT / "assets" / "fonts" / assets.FONT_REGULAR, fonts)


def test_a_folder_called_assets_that_is_not_ours_is_passed_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_lookup: None) -> None:
    (tmp_path / "stranger" / "assets" / "css").mkdir(parents=True)  # another project's package of that name
    (tmp_path / "stranger" / "assets" / "__init__.py").write_text("")
    _installed_copy(tmp_path / "site", "bolivia_assets_copy")
    monkeypatch.delitem(sys.modules, "assets")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.syspath_prepend(str(tmp_path / "stranger"))
    monkeypatch.setattr(assets, "PACKAGES", ("assets", "bolivia_assets_copy"))
    assert assets.asset_path("fonts", assets.FONT_REGULAR) == tmp_path / "site" / "bolivia_assets_copy" / "fonts" / (
        assets.FONT_REGULAR)


def test_missing_files_are_said_plainly(monkeypatch: pytest.MonkeyPatch, fresh_lookup: None) -> None:
    monkeypatch.setattr(assets, "PACKAGES", ("no_such_package_here",))
    with pytest.raises(assets.AssetsMissing, match="install the game again"):
        assets.assets_root()


def test_a_broken_install_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch, fresh_lookup: None,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from game.__main__ import main

    monkeypatch.setattr(assets, "PACKAGES", ("no_such_package_here",))
    assert main(["min-meld", "1500"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: Bolivia cannot find its fonts") and err.count("\n") == 1
