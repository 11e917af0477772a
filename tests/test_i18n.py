"""Every user-facing string goes through gettext, and the catalogues keep up with the code."""

from __future__ import annotations

import gettext

from game import i18n
from game.i18n_tools import LOCALE_DIR, compile_mo, extract, read_po, write_po

HINT = "run `python -m game.i18n_tools` to update the catalogues"


def test_english_catalogue_lists_every_message():
    messages = extract()
    assert len(messages) > 100
    po = read_po(LOCALE_DIR / "en" / "LC_MESSAGES" / "bolivia.po")
    missing = [m for m in messages if m not in po]
    assert not missing, f"{len(missing)} messages not in the catalogue, e.g. {missing[:3]}: {HINT}"


def test_compiled_catalogues_match_their_po_files():
    for lang in i18n.LANGUAGES:
        po = LOCALE_DIR / lang / "LC_MESSAGES" / "bolivia.po"
        assert po.with_suffix(".mo").read_bytes() == compile_mo(read_po(po), lang), f"{lang}: {HINT}"


def test_mo_is_read_by_gettext(tmp_path):
    entries = {("Hello", None): ["Bonjour"], ("{n} card", "{n} cards"): ["{n} carte", "{n} cartes"]}
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "t.mo").write_bytes(compile_mo(entries, "fr"))
    t = gettext.translation("t", tmp_path, languages=["fr"])
    assert t.gettext("Hello") == "Bonjour"
    assert t.ngettext("{n} card", "{n} cards", 1) == "{n} carte"
    assert t.ngettext("{n} card", "{n} cards", 3) == "{n} cartes"
    assert t.gettext("Unknown") == "Unknown"


def test_po_round_trip_keeps_translations(tmp_path):
    path = tmp_path / "x.po"
    messages = [("A \"quoted\" line\nand more", None), ("{n} card", "{n} cards")]
    old = {messages[0]: ["Une ligne"], messages[1]: ["{n} carte", "{n} cartes"]}
    write_po(path, "fr", messages, old)
    assert read_po(path) == old


def test_language_switch_and_fallback():
    try:
        i18n.set_language("en")
        assert i18n._("You") == "You"
        i18n.set_language("xx")  # no such catalogue: English text, no error
        assert i18n._("You") == "You"
    finally:
        i18n.set_language(None)


def test_numbers_use_the_languages_thousands_separator():
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
