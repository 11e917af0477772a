"""Settings, sound, statistics and rules as a player meets them: from the menu and from a game's pause
menu, each setting applied at once and kept after a restart; sounds on the table's events (through a
mixer stand-in), silent with sound off; the rules opened from a game, which waits and then resumes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.i18n import set_language
from game.keep.settings import Settings
from game.keep.storage import Storage
from game.rules.actions import AskPartner, Discard, DrawStock
from game.rules.state import Phase
from game.shell.controller import TurnController
from game.shell.flow import Flow
from game.ui.layout import table_layout
from game.ui.sounds import SYNTHS, SoundBoard
from scenes.menu import MenuScene
from scenes.rules import RulesScene
from scenes.settings import SettingsScene, language_text
from scenes.statistics import StatisticsScene
from scenes.table import TableScene
from tests.helpers import position
from tests.scene_helpers import FakeClock, key, play_hand
from tests.test_sounds import CountingMixer

ESCALERA = "4H 5H 6H 7H 8H 9H TH"
KINGS = "KS KS KD KD KC KC KH"


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "data")


@pytest.fixture
def mixer() -> CountingMixer:
    return CountingMixer()


@pytest.fixture
def flow(store: Storage, mixer: CountingMixer) -> Iterator[Flow]:
    sounds = SoundBoard(mixer)
    sounds.start(wait=True)
    f = Flow((1366, 768), storage=store, sounds=sounds)
    f.app.clock = FakeClock()
    yield f
    f.close()
    set_language("en")


def frames(flow: Flow, n: int = 1) -> None:
    flow.app.run(frames=n)


def current(flow: Flow):
    return flow.app.scenes.current


def press(flow: Flow, *keys: int) -> None:
    for k in keys:
        current(flow).handle_event(key(k))
        frames(flow)


def open_settings_from_menu(flow: Flow) -> SettingsScene:
    flow.start_menu()
    frames(flow)
    menu = current(flow)
    assert isinstance(menu, MenuScene)
    press(flow, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)  # Settings: past New game, Play with
    # friends (beside it) and Learn to play
    scene = current(flow)
    assert isinstance(scene, SettingsScene)
    return scene


def set_row(scene: SettingsScene, row: str, value: object) -> None:
    """Step a line with → until it shows `value` (as a player would)."""
    for _step in range(12):
        if scene._row(row).value == value:  # type: ignore[union-attr]
            return
        scene.focus = row
        scene.handle_event(key(pygame.K_RIGHT))
    raise AssertionError(f"{row} never showed {value!r}")


def test_every_setting_changes_at_once_and_survives_a_restart(flow: Flow, store: Storage) -> None:
    scene = open_settings_from_menu(flow)
    choices = {"speed": "fast", "sound": False, "volume": 0.3, "card_size": "large", "four_colour": True,
               "sort_order": "suit", "discard_warning": False, "celebrations": False, "players": 2}
    for row, value in choices.items():
        set_row(scene, row, value)
        saved = Storage(store.root).load_settings()  # written at once, as a restart would read it
        stored = saved.setup.speed if row == "speed" else saved.setup.players if row == "players" else getattr(
            saved, row)
        assert stored == value, row
        assert scene.value_text(scene._row(row))  # the line says its new value
    set_row(scene, "language", "fr")
    assert scene.heading() == "Réglages" and scene.value_text(scene._row("sound")) == "Non"
    assert Storage(store.root).load_settings().language == "fr"
    assert flow.sounds.enabled is False and flow.sounds.volume == pytest.approx(0.3)
    press(flow, pygame.K_ESCAPE)  # Done: back to the menu, in French
    assert isinstance(current(flow), MenuScene) and current(flow).buttons.buttons[0].label == "Nouvelle partie"
    # A restart: a new flow over the same folder finds everything as it was left.
    again = Flow((1024, 640), storage=Storage(store.root), sounds=SoundBoard(CountingMixer()))
    try:
        s = again.settings
        assert (s.language, s.sound, s.volume, s.card_size, s.four_colour, s.sort_order, s.discard_warning) == (
            "fr", False, 0.3, "large", True, "suit", False)
        assert (s.setup.speed, s.setup.players, s.celebrations) == ("fast", 2, False)
    finally:
        again.close()


def test_the_systems_language_is_the_first_choice_and_a_player_can_go_back_to_it(
        flow: Flow, store: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")  # a French system; nothing chosen yet
    scene = open_settings_from_menu(flow)
    row = scene._row("language")
    assert row.values == [None, "en", "fr", "sv"] and row.value is None
    assert scene.value_text(row) == "Système (français)" and scene.heading() == "Réglages"
    set_row(scene, "language", "en")  # chosen: the screen speaks it, and it is kept
    assert scene.heading() == "Settings" and scene.value_text(scene._row("language")) == "English"
    assert Storage(store.root).load_settings().language == "en"
    scene.focus = "language"
    press(flow, pygame.K_LEFT)  # back to the system's: French again, and nothing chosen is kept
    assert scene._row("language").value is None and scene.heading() == "Réglages"
    assert scene.value_text(scene._row("language")) == "Système (français)"
    assert Storage(store.root).load_settings().language is None
    monkeypatch.setenv("LANGUAGE", "sv")  # the system changed before the next start: the game follows it
    again = Flow((1024, 640), storage=Storage(store.root), sounds=SoundBoard(CountingMixer()))
    try:
        assert again.settings.language is None and again.language == "sv"
        again.open_settings()
        again.app.run(frames=1)
        shown = again.app.scenes.current
        assert shown.value_text(shown._row("language")) == "System (svenska)" and shown.heading() == "Inställningar"
    finally:
        again.close()


@pytest.mark.parametrize(("system", "spoken", "text"), [
    ("en", "en", "System (English)"), ("fr", "fr", "Système (français)"), ("sv", "sv", "System (svenska)"),
    ("sv", "en", "System (Swedish)"), ("en", "fr", "Système (anglais)"), ("fr", "sv", "System (franska)"),
])
def test_the_systems_language_is_named_in_the_language_spoken(
        monkeypatch: pytest.MonkeyPatch, system: str, spoken: str, text: str) -> None:
    monkeypatch.setenv("LANGUAGE", system)
    set_language(spoken)
    try:
        assert language_text(None) == text and language_text("fr") == "Français"
    finally:
        set_language("en")


def test_restore_defaults_asks_first(flow: Flow, store: Storage) -> None:
    scene = open_settings_from_menu(flow)
    set_row(scene, "card_size", "large")
    scene.back()  # the Restore defaults button
    assert scene.confirm is not None
    press(flow, pygame.K_n)  # no: nothing changes
    assert scene.confirm is None and flow.settings.card_size == "large"
    scene.back()
    press(flow, pygame.K_y)
    assert Storage(store.root).load_settings() == Settings(language=flow.settings.language)


def start_table(flow: Flow, players: int = 2) -> TableScene:
    flow.start_game(players, 11, "greedy", 2500, "fast")
    frames(flow, 3)
    table = current(flow)
    assert isinstance(table, TableScene)
    return table


def test_settings_from_the_pause_menu_apply_to_the_game_on_the_table(flow: Flow, store: Storage) -> None:
    table = start_table(flow)
    normal_hand = table.layout.hand_card_w
    press(flow, pygame.K_ESCAPE)
    assert [b.label for b in table.paused.buttons] == ["Resume", "Settings", "Rules", "Main menu", "Quit"]
    press(flow, pygame.K_DOWN, pygame.K_RETURN)
    scene = current(flow)
    assert isinstance(scene, SettingsScene) and scene.in_game
    set_row(scene, "card_size", "large")
    set_row(scene, "four_colour", True)
    set_row(scene, "speed", "slow")
    set_row(scene, "sort_order", "suit")
    press(flow, pygame.K_ESCAPE)  # Done: back to the same game, paused as it was left
    assert current(flow) is table and table.paused is not None
    assert table.layout.hand_card_w > normal_hand
    assert table.layout == table_layout(table.size, 2, 1.18)
    assert table.faces.four_colour and table.hand.sort_mode == "suit"
    assert table.controller.pause == pytest.approx(1.1) and flow.speed == "slow"
    assert store.load_game() is not None and Storage(store.root).load_settings().card_size == "large"


def test_the_rules_open_from_the_table_and_the_game_resumes(flow: Flow) -> None:
    table = start_table(flow)
    moves = len(table.log)
    press(flow, pygame.K_r)
    rules = current(flow)
    assert isinstance(rules, RulesScene) and rules.rules is table.state.rules and rules.target == 2500
    frames(flow, 120)  # the computers wait: the table is not running
    assert len(table.log) == moves
    press(flow, pygame.K_ESCAPE)
    assert current(flow) is table
    # From the pause menu too.
    press(flow, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    assert isinstance(current(flow), RulesScene)
    press(flow, pygame.K_ESCAPE)
    assert current(flow) is table


def test_the_computers_wait_while_the_key_help_is_open(flow: Flow) -> None:
    table = start_table(flow)
    state = table.state
    while table.controller.human_to_act:  # hand the turn to the computer
        table.play(DrawStock() if state.phase == Phase.DRAW else Discard(state.hands[0][0]))
    frames(flow, 2)
    press(flow, pygame.K_h)
    assert table.help
    before = len(state.results), state.to_act, len(state.pile), len(state.stock)
    frames(flow, 200)
    assert (len(state.results), state.to_act, len(state.pile), len(state.stock)) == before
    press(flow, pygame.K_h)
    frames(flow, 200)
    assert (len(state.pile), len(state.stock)) != before[2:]


def heard(mixer: CountingMixer) -> list[str]:
    names = list(SYNTHS)  # the stand-in names each sound by the order it was loaded in
    return [names[int(handle[5:])] for handle, _volume in mixer.played]


def test_sounds_play_on_the_table_events_and_not_with_sound_off(flow: Flow, mixer: CountingMixer) -> None:
    table = start_table(flow)
    assert heard(mixer)[:1] == ["deal"]
    for _i in range(200):
        if table.controller.human_to_act and table.state.phase == Phase.DRAW:
            break
        frames(flow, 5)
    assert table.controller.human_to_act and "turn" in heard(mixer)  # the chime said it was the player's turn
    before = len(mixer.played)
    assert table.play(DrawStock())
    assert heard(mixer)[before:] == ["draw"]
    press(flow, pygame.K_v)  # sound off
    assert flow.settings.sound is False and table.buttons["sound"].label == "Sound off (V)"
    assert Storage(flow.storage.root).load_settings().sound is False
    quiet = len(mixer.played)
    table.play(Discard(table.state.hands[0][0]))
    frames(flow, 300)  # the computers play on: silence
    assert len(mixer.played) == quiet
    press(flow, pygame.K_v)
    assert flow.settings.sound is True


def test_statistics_from_the_menu_and_a_reset_that_asks(flow: Flow, store: Storage) -> None:
    s = play_hand(start_table(flow).state, 2)
    store.record_hand(s, 0)
    flow.start_menu()
    frames(flow)
    labels = [b.label for b in current(flow).buttons.buttons]
    assert labels[0] == "Continue game"  # the game played above is saved
    press(flow, *[pygame.K_DOWN] * labels.index("Statistics"), pygame.K_RETURN)
    scene = current(flow)
    assert isinstance(scene, StatisticsScene)
    labels = [label for label, _v, _h in scene.lines()]
    assert "Best hand" in labels and "Escaleras" in labels and "Longest winning streak" in labels
    assert scene.stats.of("bolivia").hands == 1
    scene.ask_reset()
    press(flow, pygame.K_n)
    assert store.load_stats().of("bolivia").hands == 1
    scene.ask_reset()
    press(flow, pygame.K_y)
    assert store.load_stats().games == {} and scene.stats.games == {}
    press(flow, pygame.K_ESCAPE)
    assert isinstance(current(flow), MenuScene)


def test_french_yes_is_o_and_y_still_works(flow: Flow) -> None:
    flow.choose_language("fr")
    flow.start_menu()
    frames(flow)
    menu = current(flow)
    press(flow, pygame.K_ESCAPE)  # Quitter Bolivia ?
    assert menu.dialog is not None
    assert menu.dialog.yes.label == "Quitter"
    press(flow, pygame.K_n)  # non
    assert menu.dialog is None
    answers: list[bool] = []
    for letter in (pygame.K_o, pygame.K_y, pygame.K_n):  # oui, the old yes, non
        press(flow, pygame.K_ESCAPE)
        menu.dialog.on_answer = answers.append
        press(flow, letter)
    assert answers == [True, True, False]


def test_the_sound_button_on_the_table_switches_sound(flow: Flow) -> None:
    table = start_table(flow)
    button = table.buttons["sound"].rect
    assert flow.app.screen.get_rect().contains(button) and button.w > 0
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        table.handle_event(pygame.event.Event(kind, button=1, pos=button.center))
    assert flow.settings.sound is False and not flow.sounds.enabled
    assert table.buttons["sound"].label == "Sound off (V)"


def test_the_partner_asks_in_french_and_o_answers_oui(flow: Flow) -> None:
    """North (seat 2) asks "Puis-je sortir ?": the dialog shows the keys that answer, and O is oui."""
    flow.choose_language("fr")
    state = position(4, ["4C 5C", "6D 6D", "9D 9D 9D", "6S 6S"], melds=[[ESCALERA, KINGS]], turn=2,
                     phase=Phase.MELD, target=2500)
    state.apply(AskPartner())
    assert state.phase == Phase.ANSWER and state.to_act == 0
    table = TableScene(TurnController(state, {1: choose_greedy, 2: choose_greedy, 3: choose_greedy}, {0}, "fast", 1,
                                      threaded=False))
    flow.app.scenes.request(table)
    frames(flow)
    assert table.dialog is not None
    assert (table.dialog.yes.label, table.dialog.no.label) == ("Oui (O)", "Non (N)")
    press(flow, pygame.K_o)
    assert table.dialog is None and state.permission is True and state.phase == Phase.MELD
