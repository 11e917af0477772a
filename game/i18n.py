"""Translation set-up: every user-facing string passes through `_`.

Catalogues are package resources (game/assets.py): locale/<lang>/LC_MESSAGES/bolivia.mo, compiled
from their .po by `python -m game.tools.catalogues`. Without one the English text is used as is, so
the game always runs.
"""

from __future__ import annotations

import contextvars
import gettext
import locale
import os
from collections.abc import Iterator
from contextlib import contextmanager

from game.assets import asset_path

DOMAIN = "bolivia"
LANGUAGES = ("en", "fr", "sv")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
# Thousands separators: a comma reads as a decimal mark in French and Swedish.
_GROUPING = {"en": ",", "fr": "\u202f", "sv": "\u00a0"}
# A language spoken in one context only (a thread, an asyncio task): the table server answers each
# connection in its own language without switching the game's (see `speaking`).
_spoken: contextvars.ContextVar[gettext.NullTranslations | None] = contextvars.ContextVar("spoken", default=None)
_catalogues: dict[str, gettext.NullTranslations] = {}


def set_language(lang: str | None) -> None:
    """Switch the catalogue; an unknown language falls back to English."""
    global _translation, _language
    langs = [lang] if lang else None  # None: gettext reads LANGUAGE, LC_ALL, LC_MESSAGES, LANG
    _translation = gettext.translation(DOMAIN, asset_path("locale"), languages=langs, fallback=True)
    _language = (_translation.info().get("language") or "en")[:2]


def _(message: str) -> str:
    return (_spoken.get() or _translation).gettext(message)


def pgettext(context: str, message: str) -> str:
    """`message` as said of `context` (a word whose form follows what it describes: French "Normale" for a
    speed, "Normales" for the cards' size)."""
    return _translation.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return (_spoken.get() or _translation).ngettext(singular, plural, n)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Messages made inside the block, in this context only, are in `lang` (one of LANGUAGES, else
    English); the game's own language, and other threads and tasks, are left as they are."""
    lang = lang if lang in LANGUAGES else "en"
    catalogue = _catalogues.get(lang)
    if catalogue is None:
        catalogue = gettext.translation(DOMAIN, asset_path("locale"), languages=[lang], fallback=True)
        _catalogues[lang] = catalogue
    token = _spoken.set(catalogue)
    try:
        yield
    finally:
        _spoken.reset(token)


def number(n: int) -> str:
    """A whole number with the current language's thousands separator: 15,000 / 15 000."""
    text = f"{abs(n):,}".replace(",", _GROUPING.get(_language, ","))
    return ("−" if n < 0 else "") + text


def language() -> str:
    """The language spoken now: "en", "fr" or "sv"."""
    return _language


def system_language() -> str:
    """The system's language if the game speaks it (French, Swedish), else English. The variables are
    read in gettext's order; without them (Windows) the locale says it, as "fr_FR" or "French_France"."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return _known_language(value.split(":")[0])
    try:
        return _known_language(locale.getlocale()[0] or "")
    except ValueError:
        return "en"


def _known_language(name: str) -> str:
    name = name.lower()
    for lang, prefixes in (("fr", ("fr", "french")), ("sv", ("sv", "swedish"))):
        if name.startswith(prefixes):
            return lang
    return "en"
