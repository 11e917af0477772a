"""French and Swedish: every message translated, placeholders kept, every character in the bundled fonts,
the language switch, scenes drawn in another language, and the setup screen's Language line."""

from __future__ import annotations

import string
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import _, set_language, system_language
from game.keep.settings import GameSetup, Settings
from game.keep.storage import Storage
from game.shell.app import App
from game.shell.flow import Flow
from scenes.menu import MenuScene
from scenes.setup import SetupScene
from tests.catalogues import HINT, code_messages, messages, po
from tests.scene_helpers import FakeClock, distinct_colours, key

TRANSLATED = ("fr", "sv")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")  # the other tests read English


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1024, 640), clock=FakeClock())
    yield a
    a.close()


def catalogue(lang: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    """(msgid,) or (singular, plural) -> the translated forms, as the .po says (fuzzy ones left out)."""
    return {_forms(m.id): _forms(m.string) for m in messages(po(lang)) if not m.fuzzy}


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


def fields(text: str) -> set[tuple[str, str | None, str]]:
    """The `{name!conversion:spec}` fields of a format string (raises on a stray brace)."""
    return {(name, conv, spec or "") for _lit, name, spec, conv in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    """Every message the code asks for, in every plural form; a fuzzy one (English changed) is not settled."""
    po_ = catalogue(lang)
    missing = [m for m in code_messages() if not all(po_.get(_forms(m), ("",)))]
    assert not missing, f"{lang}: {len(missing)} messages without a translation, e.g. {missing[:3]}: {HINT}, " \
        "then translate them (and clear any fuzzy mark)"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang: str) -> None:
    for sources, forms in catalogue(lang).items():
        assert len(forms) == len(sources), (lang, sources, forms)  # two plural forms in all three languages
        for source, form in zip(sources, forms, strict=True):
            assert fields(form) == fields(source), f"{lang}: {form!r} does not keep the fields of {source!r}"


def test_the_fonts_draw_every_character_of_every_catalogue() -> None:
    """DejaVu Sans has a glyph for each letter, sign and space of the three languages. pygame.freetype's
    metrics are None for a character the font lacks (pygame.font would measure its empty box instead)."""
    import pygame.freetype

    from game.assets import FONT_BOLD, FONT_REGULAR, asset_path

    text = set(i18n.number(-1234567))  # the minus sign number() writes
    for lang in i18n.LANGUAGES:
        for m in messages(po(lang)):
            text.update(*_forms(m.id), *_forms(m.string))
    chars = sorted(c for c in text | {"\u202f", "\u00a0"} if c.isprintable() or c.isspace() and c != "\n")
    assert len(chars) > 80 and "é" in chars and "ö" in chars and "’" in chars
    pygame.freetype.init()
    for name in (FONT_REGULAR, FONT_BOLD):
        face = pygame.freetype.Font(asset_path("fonts", name), 20)
        assert face.get_metrics("\u4e2d") == [None]  # the check can tell: no CJK in DejaVu Sans
        missing = [c for c, m in zip(chars, face.get_metrics("".join(chars)), strict=True) if m is None]
        assert not missing, f"{name} has no glyph for {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_key_letters_stay_as_in_english(lang: str) -> None:
    """The key bindings don't change with the language: the buttons name the same keys."""
    po_ = catalogue(lang)
    for msgid in ("Stage (M)", "Lay all (L)", "Undo (Z)", "Hint (I)", "By rank (1)", "By suit (2)", "Go out? (Q)",
                  "Menu (Esc)"):
        assert po_[(msgid,)][0].endswith(msgid[msgid.index("("):]), (lang, msgid)


def test_switching_language() -> None:
    set_language("fr")
    assert _("You") == "Vous"
    assert i18n.ngettext("{n} red three", "{n} red threes", 2).format(n=2) == "2 trois rouges"
    set_language("sv")
    assert _("You") == "Du"
    assert i18n.ngettext("{n} red three", "{n} red threes", 1).format(n=1) == "1 röd trea"
    set_language("en")
    assert _("You") == "You"


def test_menu_renders_in_french(app: App) -> None:
    set_language("fr")
    menu = MenuScene(on_new_game=lambda: None, on_continue=lambda: None)
    app.scenes.request(menu)
    app.run(frames=60)
    assert [b.label for b in menu.buttons.buttons] == ["Reprendre la partie", "Nouvelle partie", "Jouer entre amis",
                                                       "Apprendre à jouer", "Réglages", "Statistiques", "Règles",
                                                       "Quitter"]
    assert distinct_colours(app.screen) > 50
    menu.handle_event(key(pygame.K_ESCAPE))  # the quit question, in French too
    app.run(frames=2)
    assert menu.dialog is not None and menu.dialog.yes.label == "Quitter"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_menu_labels_fit_their_buttons(app: App, lang: str) -> None:
    from game.assets import font

    set_language(lang)
    menu = MenuScene(on_new_game=lambda: None, on_continue=lambda: None)
    app.scenes.request(menu)
    app.run(frames=2)
    for b in menu.buttons.buttons:
        assert font(b.text_size(), True).size(b.label)[0] <= b.rect.w - 6, (lang, b.label)


def test_language_line_switches_the_setup_screen_at_once(app: App) -> None:
    chosen: list[str] = []
    scene = SetupScene(GameSetup(players=4), language="en", on_language=chosen.append)
    app.scenes.request(scene)
    app.run(frames=2)
    assert scene.rows[0].key == "game" and scene.rows[1].key == "language"
    assert scene.value_text(scene.rows[1]) == "English"
    scene.focus = "language"
    scene.handle_event(key(pygame.K_RIGHT))
    app.run(frames=2)
    assert chosen == ["fr"] and _("You") == "Vous"
    assert scene.value_text(scene.rows[1]) == "Français"
    assert [r.label for r in scene.rows][:4] == ["Jeu", "Langue", "Joueurs", "Difficulté"]
    assert scene.start_button.label == "Commencer" and scene.back_button.label == "Retour"
    assert scene.focus == "language"
    scene.handle_event(key(pygame.K_RIGHT))
    assert chosen == ["fr", "sv"] and scene.start_button.label == "Starta"
    scene.handle_event(key(pygame.K_RIGHT))
    assert chosen[-1] == "en" and scene.start_button.label == "Start game"


def test_without_a_callback_there_is_no_language_line() -> None:
    assert "language" not in [r.key for r in SetupScene(GameSetup()).rows]


def test_flow_keeps_the_choice_and_speaks_it_next_time(tmp_path: Path) -> None:
    store = Storage(tmp_path / "data")
    store.save_settings(Settings(GameSetup(players=2), language="sv"))
    flow = Flow((1024, 640), storage=store)
    flow.app.clock = FakeClock()
    try:
        flow.start_menu()
        flow.app.run(frames=1)
        assert flow.app.scenes.current.buttons.buttons[0].label == "Nytt parti"
        flow.open_setup()
        flow.app.run(frames=1)
        setup = flow.app.scenes.current
        assert isinstance(setup, SetupScene) and setup.language == "sv"
        setup.change("language", -1)  # Svenska -> Français
        assert store.load_settings().language == "fr"
        setup.handle_event(key(pygame.K_ESCAPE))  # back: the menu comes in French
        flow.app.run(frames=1)
        assert flow.app.scenes.current.buttons.buttons[0].label == "Nouvelle partie"
    finally:
        flow.close()


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "sv_SE.UTF-8"}, "sv"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "sv:en", "LANG": "fr_FR.UTF-8"}, "sv"),
    ({"LC_ALL": "fr_CA.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
])
def test_system_language(monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: str) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert system_language() == expected
