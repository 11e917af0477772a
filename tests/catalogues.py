"""The checkout's translation catalogues, read with Babel, and the messages the code asks for."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from game import i18n
from game.tools import catalogues

ROOT = Path(__file__).resolve().parent.parent  # the checkout these tests test
LOCALE = ROOT / catalogues.LOCALE
HINT = "run `python -m game.tools.catalogues` (README, Development)"


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


@cache
def po(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


@cache
def code_messages() -> dict[str | tuple[str, ...], Message]:
    """What the sources ask for today: pybabel extract, exactly as the refresh runs it."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp) / "bolivia.pot"
        catalogues.extract(ROOT, template)
        with template.open("rb") as f:
            return {m.id: m for m in read_po(f) if m.id}


def messages(catalog: Catalog) -> list[Message]:
    """The catalogue's messages, without its header."""
    return [m for m in catalog if m.id]
