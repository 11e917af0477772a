"""Every user-facing string goes through gettext, and the catalogues keep up with the code."""

from __future__ import annotations

import io

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo

from game import i18n
from tests.catalogues import HINT, code_messages, messages, po, po_path

PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",  # zero is singular in French: « 0 carte »
    "sv": "nplurals=2; plural=(n != 1);",
}


def test_there_is_a_catalogue_for_every_language() -> None:
    assert sorted(PLURAL_FORMS) == sorted(i18n.LANGUAGES)
    assert all(po_path(lang).is_file() for lang in i18n.LANGUAGES)


def test_catalogues_list_exactly_the_messages_of_the_code() -> None:
    wanted = code_messages()
    assert len(wanted) > 100
    for lang in i18n.LANGUAGES:
        listed = {m.id for m in messages(po(lang))}
        missing = [m for m in wanted if m not in listed]
        stale = [m for m in listed if m not in wanted]
        assert not missing, f"{lang}: {len(missing)} messages not in the catalogue, e.g. {missing[:3]}: {HINT}"
        assert not stale, f"{lang}: {len(stale)} messages the code no longer asks for, e.g. {stale[:3]}: {HINT}"
        assert not po(lang).obsolete, f"{lang}: obsolete messages kept: {HINT}"


def test_plural_forms_are_the_languages_own() -> None:
    for lang, forms in PLURAL_FORMS.items():
        assert po(lang).plural_forms == forms, lang
        assert po(lang).locale is not None and str(po(lang).locale) == lang


def test_compiled_catalogues_are_their_po_files_compiled() -> None:
    """The .mo files are checked in (the one-folder build and a checkout read them as they are): each says
    what compiling its .po says today, message for message (headers such as Babel's version aside)."""
    for lang in i18n.LANGUAGES:
        with po_path(lang).with_suffix(".mo").open("rb") as f:
            checked_in = read_mo(f)
        fresh = io.BytesIO()
        write_mo(fresh, po(lang))
        fresh.seek(0)
        compiled = read_mo(fresh)
        assert _table(checked_in) == _table(compiled), f"{lang}: the .mo is not compiled from its .po: {HINT}"
        assert checked_in.plural_forms == po(lang).plural_forms, f"{lang}: {HINT}"
        assert len(_table(compiled)) >= (1 if lang == "en" else len(messages(po(lang)))), lang


def _table(catalog: Catalog) -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each message by its context (pgettext's: a speed's "Normal" is not a card size's) and its id."""
    return {(m.context or "", *_forms(m.id)): _forms(m.string) for m in messages(catalog)}


def _forms(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """One message's id or translation as a tuple (plural messages have several; read_mo gives lists)."""
    return (text,) if isinstance(text, str) else tuple(text)


def test_plurals_follow_each_languages_rule() -> None:
    try:
        i18n.set_language("fr")
        assert i18n.ngettext("{n} red three", "{n} red threes", 0).format(n=0) == "0 trois rouge"
        assert i18n.ngettext("{n} red three", "{n} red threes", 2).format(n=2) == "2 trois rouges"
        i18n.set_language("sv")
        assert i18n.ngettext("{n} red three", "{n} red threes", 0).format(n=0) == "0 röda treor"
        i18n.set_language("en")
        assert i18n.ngettext("{n} red three", "{n} red threes", 0).format(n=0) == "0 red threes"
        assert i18n.ngettext("{n} red three", "{n} red threes", 1).format(n=1) == "1 red three"
    finally:
        i18n.set_language("en")


def test_language_switch_and_fallback() -> None:
    try:
        i18n.set_language("en")
        assert i18n._("You") == "You"
        i18n.set_language("xx")  # no such catalogue: English text, no error
        assert i18n._("You") == "You" and i18n.number(1500) == "1,500"
        i18n.set_language("fr")
        assert i18n._("You") == "Vous"
    finally:
        i18n.set_language("en")


def test_numbers_use_the_languages_thousands_separator() -> None:
    try:
        i18n.set_language("en")
        assert i18n.number(15000) == "15,000"
        assert i18n.number(-1500) == "−1,500"
        i18n.set_language("fr")
        assert i18n.number(15000) == "15\u202f000"  # a comma would read as a decimal mark
        i18n.set_language("sv")
        assert i18n.number(2500) == "2\u00a0500"
    finally:
        i18n.set_language("en")
