"""Translation set-up: every user-facing string passes through `_`.

Catalogues live in assets/locale/<lang>/LC_MESSAGES/bolivia.mo; without one the
English text is used as is, so the game always runs.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "bolivia"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "assets" / "locale"
LANGUAGES = ("en", "fr", "sv")

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(lang: str | None) -> None:
    """Switch the catalogue; an unknown language falls back to English."""
    global _translation
    langs = [lang] if lang else None
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=langs, fallback=True)


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)
