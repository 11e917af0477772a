"""Refresh the translation catalogues with Babel: `python -m game.tools.catalogues` (from the checkout).

Three `pybabel` steps, run in-process so they work the same on every system:

1. extract: every literal passed to `_()`, `ngettext()` or `pgettext()` under game/ and scenes/ (the mapping is
   `[[tool.babel.mappings]]` in pyproject.toml) into a template, written to a temporary folder;
2. update: merge that template into assets/locale/<lang>/LC_MESSAGES/bolivia.po, keeping the
   translations already there (a message whose English changed comes back marked fuzzy, with the old
   translation as a hint, and is not used until a translator clears the mark);
3. compile: each .po into the .mo the game reads (the .mo files are checked in beside their .po).

The options keep the .po files easy to merge: no source locations (they would change with every
edit), one line per message, sorted by message, no messages that left the code.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

DOMAIN = "bolivia"
LOCALE = Path("assets") / "locale"
SOURCES = ("game", "scenes")
KEYWORDS = ("_", "ngettext:1,2", "pgettext:1c,2")  # the functions of game/i18n.py


def pybabel(*args: str) -> None:
    """Run one pybabel command; its own errors end the run with its message."""
    CommandLineInterface().run(["pybabel", "--quiet", *args])


def extract(root: Path, template: Path) -> None:
    """Write every translatable message of the sources to `template` (a .pot file)."""
    keywords = [f"--keyword={k}" for k in KEYWORDS]
    pybabel("extract", f"--mapping-file={root / 'pyproject.toml'}", "--no-default-keywords", *keywords,
            "--no-location", "--sort-output", "--no-wrap", "--project=Bolivia",
            f"--output-file={template}", *(str(root / folder) for folder in SOURCES))


def update(root: Path, template: Path) -> None:
    pybabel("update", f"--input-file={template}", f"--output-dir={root / LOCALE}", f"--domain={DOMAIN}",
            "--no-wrap", "--ignore-obsolete", "--ignore-pot-creation-date")


def compile_all(root: Path) -> None:
    pybabel("compile", f"--directory={root / LOCALE}", f"--domain={DOMAIN}")


def refresh(root: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp) / f"{DOMAIN}.pot"
        extract(root, template)
        update(root, template)
    compile_all(root)


def main() -> int:
    root = Path.cwd()
    if not (root / LOCALE).is_dir() or not (root / "pyproject.toml").is_file():
        print(f"error: run this from the repository's root folder (where {LOCALE.as_posix()} is)", file=sys.stderr)
        return 2
    refresh(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
