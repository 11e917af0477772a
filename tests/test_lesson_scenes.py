"""Learn to play on the screen: the main menu's entry, the list of lessons, and every lesson of both courses
played on the real table through its own input path (clicks and keys, tests/table_driver.py): the typical
wrong move refused with the engine's reason and the lesson's hint, nothing moved; the intended moves
completing it; the progress kept and resumed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.i18n import set_language
from game.keep.storage import Storage
from game.lessons import COURSES, course
from game.lessons.lesson import Lesson
from game.shell.flow import Flow
from scenes.guided import GuidedScene
from scenes.lesson_play import LESSON, LessonScene
from scenes.lessons import ROWS, LessonsScene
from scenes.menu import MenuScene
from scenes.reading import ReadingScene
from tests.scene_helpers import FakeClock
from tests.table_driver import card_spot, click, key, perform, run_frames, settle

# Each lesson by its place in the course's list (the primer and other pages to read sit among them).
LESSONS = [(game, i) for game in COURSES for i, e in enumerate(course(game).entries) if isinstance(e, Lesson)]
IDS = [f"{game}-{course(game).entries[i].key}" for game, i in LESSONS]


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1366, 768), storage=Storage(tmp_path))
    f.app.clock = FakeClock()
    f.app.running = True  # as App.run has it: a frame then takes every event it was given
    yield f
    f.close()
    set_language("en")


def current(flow: Flow):
    flow.app.step(1 / 60)  # the requested scene takes over at the next frame
    return flow.app.scenes.current


def reset_table(flow: Flow, scene: LessonScene) -> None:
    """After a refused move: the staged cards back (C) and nothing selected (Backspace), as a player would."""
    key(flow.app, pygame.K_c)
    key(flow.app, pygame.K_BACKSPACE)
    assert not scene.table.selected and not scene.table.staging


def test_the_main_menu_opens_learn_to_play(flow: Flow) -> None:
    flow.start_menu()
    menu = current(flow)
    assert isinstance(menu, MenuScene)
    button = next(b for b in menu.buttons.buttons if b.label == "Learn to play")
    click(flow.app, button.rect.center)
    lessons = current(flow)
    assert isinstance(lessons, LessonsScene) and lessons.game == "bolivia"
    assert len(lessons.buttons.buttons) == len(course("bolivia").entries) + 3  # the guided game, the other course, back
    columns = -(-lessons.entry_count // ROWS)
    for _column in range(columns - 1):  # from the first column's first lesson: the next columns
        key(flow.app, pygame.K_RIGHT)
    assert lessons.game == "bolivia"
    key(flow.app, pygame.K_RIGHT)  # from the last column: the other game's course
    assert lessons.game == "standard"
    key(flow.app, pygame.K_ESCAPE)
    assert isinstance(current(flow), MenuScene)


@pytest.mark.parametrize(("game", "index"), LESSONS, ids=IDS)
def test_every_lesson_plays_on_the_table_through_its_own_input(flow: Flow, game: str, index: int) -> None:
    flow.open_lesson(game, index)
    scene = current(flow)
    assert isinstance(scene, LessonScene)
    table, run = scene.table, scene.run
    settle(flow.app, table)
    for _move in range(12):
        if run.done:
            break
        step = run.current
        assert step is not None
        said = next(m for m in table.messages.items if m.key == LESSON)
        assert said.message == step.text
        outlined = run.outlined()
        if outlined.cards:
            assert table.hint is not None and set(table.hint.cards) == set(outlined.cards)
        if step.wrong is not None and run.step_moves == 0:
            before = json.dumps(table.state.to_json())
            sent: list = []  # what the table asked of the lesson: its reading of the clicks
            play = scene.turns.play
            scene.turns.play = lambda action, sent=sent, play=play: (sent.append(action), play(action))[1]
            perform(flow.app, table, step.wrong(table.state))
            scene.turns.play = play
            run_frames(flow.app, 1)
            shown = table.messages.shown()
            assert shown is not None and shown.key == "refusal", "the wrong move is refused on the table"
            assert shown.message.endswith(" " + step.hint), "with the lesson's pointer back"
            if sent:  # the move reached the lesson: the engine's reason, or the lesson's for a legal move
                probe = table.state.copy()
                try:
                    probe.apply(sent[-1])
                    reason = "That move is allowed, but it is not the one this lesson asks for."
                except ValueError as why:  # IllegalAction
                    reason = str(why)
                assert shown.message == f"{reason} {step.hint}"
            else:  # refused by the table as it staged the cards: the engine's meld check said why
                assert len(shown.message) > len(step.hint) + 10
            assert json.dumps(table.state.to_json()) == before and run.current is step
            reset_table(flow, scene)
        action = run.intended()
        assert action is not None
        moves = run.moves
        perform(flow.app, table, action)
        assert run.moves == moves + 1, f"the table did not play {action}"
        for _frame in range(300):  # a scripted partner answers after the speed's pause
            if run.computer_move() is None:
                break
            run_frames(flow.app, 1)
    assert run.done and run.state.check() == []
    settle(flow.app, table)
    run_frames(flow.app, 3)
    said = next(m for m in table.messages.items if m.key == LESSON)
    assert said.message.startswith(run.lesson.well_done)
    # Enter is said for what it opens: the next lesson, or after the course's last one the guided game
    assert ("next lesson" if index + 1 < len(course(game).entries) else "a guided first game") in said.message
    kept = flow.storage.load_lessons().course(game)
    assert run.lesson.key in kept.done
    entries = course(game).entries
    following = entries[index + 1].key if index + 1 < len(entries) else None
    assert kept.current == following
    key(flow.app, pygame.K_RETURN)  # the next lesson, or the guided first game after the last
    after = current(flow)
    if following is None:
        assert isinstance(after, GuidedScene) and after.table.state.rules.name == game
        after.table.controller.close()
    else:
        opened = after.lesson if isinstance(after, LessonScene) else after.reading
        assert isinstance(after, LessonScene | ReadingScene) and opened.key == following


def test_a_lesson_left_is_resumed_from_the_list(flow: Flow) -> None:
    flow.open_lesson("standard", 3)
    scene = current(flow)
    assert isinstance(scene, LessonScene)
    key(flow.app, pygame.K_ESCAPE)  # left half way
    lessons = current(flow)
    assert isinstance(lessons, LessonsScene) and lessons.game == "standard"
    assert lessons.buttons.focus == 3
    key(flow.app, pygame.K_RETURN)
    again = current(flow)
    assert isinstance(again, LessonScene) and again.lesson.key == course("standard").entries[3].key
    # A new session reads the same progress from the player's folder.
    assert Storage(flow.storage.root).load_lessons().course("standard").current == again.lesson.key


def test_a_card_clicked_in_a_lesson_is_selected_as_at_any_table(flow: Flow) -> None:
    flow.open_lesson("bolivia", 1)
    scene = current(flow)
    table = scene.table
    settle(flow.app, table)
    card = table.state.hands[0][0]
    click(flow.app, card_spot(table, card))
    assert card in table.selected


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_a_lesson_speaks_the_players_language(flow: Flow, lang: str) -> None:
    set_language(lang)
    flow.open_lesson("bolivia", 1)
    scene = current(flow)
    run_frames(flow.app, 3)
    english = "Draw two cards: click the stock (or press D)."
    said = next(m for m in scene.table.messages.items if m.key == LESSON)
    assert said.message == scene.run.text() and said.message != english


def test_the_hint_key_shows_the_lessons_own_move(flow: Flow) -> None:
    flow.open_lesson("bolivia", course("bolivia").entry_index("top-card"))
    scene = current(flow)
    table = scene.table
    settle(flow.app, table)
    key(flow.app, pygame.K_i)
    run_frames(flow.app, 2)
    assert table.hint is not None and table.hint.action == scene.run.intended()
    shown = table.messages.shown()
    assert shown is not None and shown.key == "hint" and "nine of hearts" not in shown.message
    assert "top card" in shown.message  # the adviser's own words for the move: the top card onto the run


def test_the_primer_is_the_lists_first_entry_and_leads_to_the_first_lesson(flow: Flow) -> None:
    flow.open_lessons("bolivia")
    lessons = current(flow)
    assert isinstance(lessons, LessonsScene)
    assert lessons.buttons.buttons[0].label == "The words of the game"
    assert lessons.buttons.focus == 0, "a newcomer starts at the primer"
    key(flow.app, pygame.K_RETURN)
    primer = current(flow)
    assert isinstance(primer, ReadingScene) and primer.reading.key == "words"
    pages = len(primer.reading.pages)
    for _page in range(pages - 1):
        run_frames(flow.app, 1)
        key(flow.app, pygame.K_RIGHT)
    assert primer.page == pages - 1
    assert "words" in flow.storage.load_lessons().course("bolivia").done
    key(flow.app, pygame.K_RETURN)
    first = current(flow)
    assert isinstance(first, LessonScene) and first.lesson.key == "draw-two" and first.number == 1


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("size", [(1366, 768), (1024, 600)])
def test_every_page_to_read_fits_its_window(size: tuple[int, int], lang: str) -> None:
    """Each page's text, cards and buttons inside the window, above the buttons, at both sizes."""
    set_language(lang)
    surface = pygame.Surface(size)
    try:
        _every_page_fits(size, surface)
    finally:
        set_language("en")


def _every_page_fits(size: tuple[int, int], surface: pygame.Surface) -> None:
    for game in COURSES:
        for reading in course(game).readings:
            scene = ReadingScene(reading)
            scene.resize(size)
            for page in range(len(reading.pages)):
                scene.page = page
                scene.draw(surface)
                assert scene.bottom <= scene.room.bottom, (reading.key, page, "the page runs over its room")
                assert scene.room.bottom < scene.following.rect.top < scene.following.rect.bottom < size[1]


def test_the_bolivia_course_ends_with_the_scoring_pages_then_the_guided_game(flow: Flow) -> None:
    entries = course("bolivia").entries
    flow.open_lesson("bolivia", len(entries) - 1)
    walk = current(flow)
    assert isinstance(walk, ReadingScene) and walk.reading.key == "scoring"
    for _page in range(len(walk.reading.pages) - 1):
        key(flow.app, pygame.K_RETURN)
    assert walk.following.label == "A guided first game  →"
    key(flow.app, pygame.K_RETURN)
    guided = current(flow)
    assert isinstance(guided, GuidedScene)
    guided.table.controller.close()
