"""Every screen says itself aloud as it opens, and what the keys move onto: the menu, the setup and settings
lines with their values, a dialog with its answers, the rules page by page and paragraph by paragraph,
the scoring line by line, a lesson's text, the replay's moves, the statistics."""

from __future__ import annotations

import pygame
import pytest

from game.keep.settings import GameSetup, Settings
from game.keep.stats import Statistics
from game.lessons.pages import Page, Reading
from game.rules.ruleset import BOLIVIA
from game.shell.app import App
from game.ui.speech import speaker
from scenes.menu import MenuScene
from scenes.reading import ReadingScene
from scenes.rules import RulesScene, rules_text
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from scenes.statistics import StatisticsScene
from scenes.widgets import Dialog
from tests.scene_helpers import key

SIZE = (1366, 768)


@pytest.fixture
def app():
    a = App(SIZE)
    a.running = True
    yield a
    a.close()


def said() -> list[str]:
    lines = [text for text, _ in speaker().pending]
    speaker().pending.clear()
    return lines


def open_scene(app: App, scene) -> list[str]:
    app.scenes.request(scene)
    app.scenes.apply_pending()
    return said()


def test_the_menu_says_itself_and_each_button_the_arrows_reach(app):
    menu = MenuScene(on_new_game=lambda: None)
    assert open_scene(app, menu) == ["Bolivia: main menu.", "New game"]
    menu.handle_event(key(pygame.K_DOWN))
    assert said() == [menu.buttons.buttons[1].label] and menu.buttons.focused is menu.buttons.buttons[1]


def test_setup_and_settings_lines_are_said_with_their_values(app):
    setup = SetupScene(GameSetup())
    first = open_scene(app, setup)
    assert first[0].startswith("New game. Start game.")  # the focus starts on the button
    setup.handle_event(key(pygame.K_UP))
    label = setup._row(setup.focus).label
    assert said()[0].startswith(f"{label}: {setup.value_text(setup._row(setup.focus))}")
    setup.handle_event(key(pygame.K_RIGHT))
    assert said()[0].startswith(f"{label}: {setup.value_text(setup._row(setup.focus))}")
    settings = SettingsScene(Settings())
    assert open_scene(app, settings)[0].startswith("Settings. Language: System")
    settings.handle_event(key(pygame.K_DOWN))
    assert said() == ["Speech: On. Accessibility: the game speaks through your screen reader."]
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))
    assert said() == ["Speech says: My turn and my partner. Your turn, your partner's moves and your own are said; "
                      "the opponents' moves are not."]
    assert settings.settings.speech_verbosity == "mine"


def test_a_dialog_says_its_question_and_its_answers_keys():
    Dialog("Quit Bolivia?", lambda yes: None, yes="Quit", no="Stay")
    assert said() == ["Quit Bolivia? Quit: key Y. Stay: key N."]


def test_the_rules_are_read_paragraph_by_paragraph_and_page_by_page(app):
    rules = RulesScene(rules=BOLIVIA)
    app.resize = None
    lines = open_scene(app, rules)
    paragraphs = rules_text(BOLIVIA, rules.target)
    assert lines[0].startswith("Rules of Bolivia")
    assert lines[1] == paragraphs[0]
    if rules.pages > 1:
        rules.handle_event(key(pygame.K_RIGHT))
        turned = said()
        assert turned[0] == f"Rules of Bolivia. Page 2 of {rules.pages}"
        assert turned[1] in paragraphs
    spoken = set(lines[1:])
    assert spoken <= set(paragraphs)


def test_a_lessons_reading_says_its_page_text_and_what_enter_does(app):
    reading = Reading("k", "Cards", (Page("Ranks", "Aces are high.", lines=(("Ace", "20"),)),
                                     Page("Wild", "Twos are wild.")))
    scene = ReadingScene(reading, on_back=lambda: None)
    assert open_scene(app, scene) == ["Cards: Ranks. Page 1 of 2", "Aces are high.", "Ace: 20", "Enter: Next"]
    scene.handle_event(key(pygame.K_RIGHT))
    assert said()[:2] == ["Cards: Wild. Page 2 of 2", "Twos are wild."]


def test_the_statistics_are_said_line_by_line(app):
    lines = open_scene(app, StatisticsScene(Statistics()))
    assert lines[0] == "Statistics: Bolivia"
    assert "Hands" in lines and "Hands played: 0" in lines, lines


def test_the_scoring_is_said_line_by_line_then_its_button(app):
    from game.rules.state import GameState
    from scenes.scoring import ScoringScene, score_lines
    from tests.scene_helpers import play_hand

    state = play_hand(GameState(2, 4))
    lines = open_scene(app, ScoringScene(state))
    first_side = score_lines(state, 0, state.results[-1])
    assert lines[0].endswith("went out.") or lines[0].startswith("The stock ran out")
    assert lines[1].startswith(f"You: {first_side[0].label} ")
    assert sum(line.startswith("You: ") for line in lines) == len(first_side) + 1  # the lines, then the total
    assert lines[-1] == "Next hand: Enter" or lines[-1] == "See the result: Enter"


def test_the_replay_says_each_move_as_it_shows_it():
    from scenes.replay import ReplayScene
    from tests.test_record import recorded_game

    _state, record = recorded_game(2, 5, hands=1)
    scene = ReplayScene(record, 1)
    scene.handle_event(key(pygame.K_HOME))
    scene.update(0.0)
    deal = said()
    assert deal[0] == "Hand 1: You dealt." and deal == scene.move_lines()
    scene.handle_event(key(pygame.K_RIGHT))
    scene.update(0.0)
    first_move = said()
    assert first_move and first_move == [line for line in scene.move_lines()]
    assert first_move[0].split()[0] in ("You", "North")


def test_a_lesson_says_its_title_text_and_step(tmp_path):
    from game.keep.storage import Storage
    from game.shell.flow import Flow
    from tests.scene_helpers import FakeClock

    flow = Flow((1366, 768), storage=Storage(tmp_path / "data"))
    flow.app.clock = FakeClock()
    try:
        flow.open_lesson("bolivia", 1)
        flow.app.step(1 / 60)
        lines = said()
        lesson = flow.app.scenes.current.lesson
        assert lines[0].startswith("Lesson ") and lesson.title in lines[0]
        assert lines[1] == lesson.text
    finally:
        flow.close()
