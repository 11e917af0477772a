"""Every screen of the game opened at a window size and drawn, with each line of words it put on the
window: its pixel size, its text and where its ink landed (issue 36: the text size setting, measured on
every screen). The words are followed through the images they are drawn into (a button's face, a panel)
to the window, so a label baked into a button is found where the button is blitted."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from game.keep.lesson_progress import LessonProgress
from game.keep.settings import GameSetup, Settings
from game.keep.stats import Statistics
from game.net.invite import Found
from game.rules.state import GameState
from game.shell.app import App
from game.shell.controller import TurnController
from scenes.lessons import LessonsScene
from scenes.menu import MenuScene
from scenes.rules import RulesScene
from scenes.scene import Scene
from scenes.scoring import ScoringScene
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from scenes.statistics import StatisticsScene
from scenes.table import TableScene
from scenes.table_parts.panels import Panels
from scenes.together import LobbyScene, TogetherScene
from tests.scene_helpers import play_hand
from tests.text_sizes import _clear_caches


@dataclass(frozen=True)
class Word:
    px: int
    text: str
    rect: pygame.Rect  # where its ink is, on the window


_NOT_WORDS = ("card_faces", "court_figures")  # the cards' corner indices are the cards' picture, not words


@contextmanager
def words_on(size: tuple[int, int]) -> Iterator[tuple[pygame.Surface, list[Word]]]:
    """Yields a window-sized image to draw on and the list of the words blitted onto it (directly or
    inside other images) in the block."""
    carried: dict[int, tuple[pygame.Surface, list[Word]]] = {}  # id of an image -> (it, the words in it)
    real_font, real_surface = pygame.font.Font, pygame.Surface

    def note(dest: pygame.Surface, source: pygame.Surface, at, area) -> None:
        held = carried.get(id(source))
        if held is None or held[0] is not source:
            if dest is window and source.get_width() > 2 and source.get_height() > 2:  # a panel, a card:
                pos = at.topleft if isinstance(at, pygame.Rect) else (at[0], at[1])  # the words under it hidden
                over = pygame.Rect(pos, source.get_size() if area is None else pygame.Rect(area).size)
                big = over.w * over.h * 8 >= window.get_width() * window.get_height()  # a panel over the rest
                found[:] = [w for w in found if not (over.colliderect(w.rect) if big else over.contains(w.rect))]
            return
        x, y = (at[0], at[1]) if not isinstance(at, pygame.Rect) else at.topleft
        if area is not None:
            area = pygame.Rect(area)
            x, y = x - area.x, y - area.y
        clip = dest.get_clip()
        inside = []
        for word in held[1]:
            rect = word.rect.copy() if area is None else word.rect.clip(area)
            rect = rect.move(x, y)
            shown = rect.clip(clip)
            if shown.w and shown.h:
                inside.append(Word(word.px, word.text, shown))
        if not inside:
            return
        if dest is window:
            found.extend(inside)
        else:
            mine = carried.setdefault(id(dest), (dest, []))
            if mine[0] is not dest:
                carried[id(dest)] = mine = (dest, [])
            mine[1].extend(inside)

    class Traced(real_surface):  # type: ignore[misc, valid-type]
        def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # type: ignore[no-untyped-def]
            rect = super().blit(source, dest, area, special_flags)
            note(self, source, dest, area)
            return rect

        def blits(self, blit_sequence, doreturn=True):  # type: ignore[no-untyped-def]
            return [self.blit(*item) for item in blit_sequence] if doreturn else \
                [self.blit(*item) for item in blit_sequence] and None

        def fblits(self, blit_sequence, special_flags=0):  # type: ignore[no-untyped-def]
            for source, dest in blit_sequence:
                self.blit(source, dest, None, special_flags)

    class Measured(real_font):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            image = super().render(text, *args, **kwargs)
            caller = sys._getframe(1).f_code.co_filename
            if str(text).strip() and not any(part in caller for part in _NOT_WORDS):
                carried[id(image)] = (image, [Word(self.point_size, str(text), image.get_bounding_rect())])
            return image

    found: list[Word] = []
    window = Traced(size)
    _clear_caches()
    pygame.font.Font, pygame.Surface = Measured, Traced  # type: ignore[misc]
    try:
        yield window, found
    finally:
        pygame.font.Font, pygame.Surface = real_font, real_surface  # type: ignore[misc]
        _clear_caches()


def overlaps(words: list[Word]) -> list[tuple[Word, Word]]:
    """Pairs of different words whose ink crosses (a word's shadow under it is the same words)."""
    out = []
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            if a.text != b.text and a.rect.colliderect(b.rect):
                out.append((a, b))
    return out


def body_px(words: list[Word]) -> int:
    """The size most of a screen's letters are drawn at: the median of the sizes, weighed by letters."""
    sizes = sorted((w.px, len(w.text)) for w in words)
    half, seen = sum(n for _px, n in sizes) / 2, 0
    for px, n in sizes:
        seen += n
        if seen >= half:
            return px
    return 0


# ----- the screens --------------------------------------------------------------------------------------

def _table(app: App) -> TableScene:
    """The table mid-hand: four seats, the computers' moves played at once."""
    controller = TurnController(GameState(4, 5), {s: (lambda v, legal, r: legal[0]) for s in (1, 2, 3)},
                                {0}, "instant", 5, threaded=False)
    return TableScene(controller, "instant")


def _keys(app: App) -> TableScene:
    table = _table(app)
    table.panels.toggle_help()
    return table


def _lobby(hosting: bool) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        seats = [{"seat": i, "name": n, "person": bool(n), "computer": False, "away": False}
                 for i, n in enumerate(("Ann", "", "Bo", ""))]
        lobby = LobbyScene(hosting, "K7QM3X", "127.0.0.1:8765", 0 if hosting else 2, lambda lv: None,
                           lambda: None, lambda: None)
        lobby.show_table({"type": "table", "table": "K7QM3X", "variant": "samba", "players": 4, "target": 10000,
                          "started": False, "seats": seats})
        lobby.show_ready([2])
        return lobby
    return make


def _together(app: App) -> Scene:
    tables = [Found(f"Host {i}", "bolivia", i, f"K7QM3{i} ws://127.0.0.1:876{i}") for i in range(1, 5)]
    scene = TogetherScene("Ann", lambda n: None, lambda n, w, p: None, lambda: None, find=lambda: tables,
                          on_resume=lambda: None, resume_info="Your last table, K7QM3X, can go on.")
    scene.update(1.0)  # hears the four tables
    return scene


def _statistics(app: App) -> Scene:
    from tests.test_statistics_scene import busy_stats

    return StatisticsScene(busy_stats())


def _scoring(app: App) -> Scene:
    scene = ScoringScene(play_hand(GameState(4, 27), 27), on_continue=lambda: None, speed="instant")
    scene.skip()  # every line shown
    return scene


def _reading(app: App) -> Scene:
    from game.lessons import course
    from game.lessons.pages import Reading
    from scenes.reading import ReadingScene

    reading = next(e for e in course("bolivia").entries if isinstance(e, Reading))
    return ReadingScene(reading, on_back=lambda: None)


SCREENS: dict[str, Callable[[App], Scene]] = {
    "menu": lambda app: MenuScene(on_new_game=lambda: None, on_continue=lambda: None,
                                  continue_info="Standard Canasta in progress: hand 3. You 1,155 · North 1,360"),
    "setup": lambda app: SetupScene(GameSetup(players=4, per_seat=True), on_language=lambda lang: None),
    "settings": lambda app: SettingsScene(Settings()),
    "statistics": _statistics,
    "rules": lambda app: RulesScene(on_back=lambda: None),
    "lessons": lambda app: LessonsScene("bolivia", LessonProgress(), on_open=lambda g, i: None,
                                        on_back=lambda: None, on_guided=lambda g: None),
    "lesson page": _reading,
    "together": _together,
    "lobby, host": _lobby(True),
    "lobby, guest": _lobby(False),
    "table": _table,
    "keys": _keys,
    "scoring": _scoring,
}
_ = Statistics  # the statistics screen's data come from its own test


def read_part(scene: Scene, size: tuple[int, int]) -> pygame.Rect:
    """Where the screen's own words are: the keys' panel over the table (the table's words around it are
    the table's screen), else the whole window."""
    if isinstance(scene, TableScene) and scene.panels.help:
        from scenes.table_parts.panels import help_lines
        from scenes.widgets import ui_unit

        return Panels.help_box(help_lines(scene.view), size, ui_unit(size))[0]
    return pygame.Rect((0, 0), size)


def open_screen(app: App, name: str, size: tuple[int, int]) -> tuple[Scene, list[Word]]:
    """The screen `name` made, shown in `app` at `size` for a few frames, then drawn: its words (those of
    its part to read, `read_part`)."""
    scene = SCREENS[name](app)
    app.scenes.request(scene)
    app.run(frames=1)
    app._resized(size)
    for _frame in range(40 if isinstance(scene, TableScene) else 3):  # the table deals, its cards land
        app.step(1 / 30)
    with words_on(size) as (window, words):
        getattr(scene, "draw_whole", scene.draw)(window)  # the table: all of it, not its layers kept
    part = read_part(scene, size)
    return scene, [w for w in words if part.contains(w.rect)] if part.size != size else words
