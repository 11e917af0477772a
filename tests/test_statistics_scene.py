"""The statistics screen: every line inside its panel at laptop and large sizes, in each language; another
game's statistics a key away; Esc leaves."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pygame
import pytest

from game.i18n import set_language
from game.keep.stats import GameStats, Record, Statistics
from game.shell.app import App
from scenes.statistics import StatisticsScene
from tests.scene_helpers import FakeClock, click, key


def busy_stats() -> Statistics:
    """Every line the screen can show: all difficulties and table sizes."""
    levels = {lv: Record(9, 4, 4, 1) for lv in ("easy", "normal", "hard", "mixed")}
    tables = {t: Record(12, 5, 5, 2) for t in ("2", "3", "4")}
    bolivia = GameStats(Record(36, 16, 16, 4), levels, tables, hands=400, hand_total=-1200, best_hand=12345,
                        natural=100, mixed=200, escaleras=50, bolivias=3, streak=1, best_streak=7)
    return Statistics({"bolivia": bolivia, "standard": GameStats(Record(2, 2, 0, 0))})


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1366, 768), clock=FakeClock())
    yield a
    a.close()
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_every_line_fits_the_panel(app: App, lang: str, size: tuple[int, int]) -> None:
    set_language(lang)
    scene = StatisticsScene(busy_stats())
    app.scenes.request(scene)
    app.run(frames=1)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run(frames=1)
    tops = scene.line_tops()
    assert len(tops) == len(scene.lines()) == 19
    assert tops[0] >= scene._panel.top and tops[-1] + scene._text * 1.2 <= scene._panel.bottom
    assert scene._text >= 14  # readable
    for b in scene.buttons.buttons:
        assert app.screen.get_rect().contains(b.rect) and not b.rect.colliderect(scene._panel)


def test_page_down_shows_another_games_statistics_and_esc_leaves(app: App) -> None:
    left: list[bool] = []
    scene = StatisticsScene(busy_stats(), on_back=lambda: left.append(True))
    app.scenes.request(scene)
    app.run(frames=1)
    assert scene.game == "bolivia" and scene.games() == ["bolivia", "standard"]
    scene.handle_event(key(pygame.K_PAGEDOWN))
    assert scene.game == "standard" and scene.lines()[0][1].startswith("2 played, 2 won")
    scene.draw(app.screen)
    scene.handle_event(key(pygame.K_ESCAPE))
    assert left == [True]


def test_games_against_expert_have_their_line():
    from scenes.statistics import stat_lines

    lines = stat_lines(GameStats(Record(3, 1, 2, 0), {"expert": Record(3, 1, 2, 0)}))
    assert any(label == "Expert" and value.startswith("3 played") for label, value, _h in lines)


def test_the_arrows_click_the_arrow_keys_work_and_the_foot_says_so(app: App) -> None:
    scene = StatisticsScene(busy_stats(), on_replay=lambda: None, kept=3)
    app.scenes.request(scene)
    app.run(frames=1)
    assert scene.arrows is not None
    for e in click(scene.arrows[1].center):
        scene.handle_event(e)
    assert scene.game == "standard"
    for e in click(scene.arrows[0].center):  # beside the new title
        scene.handle_event(e)
    assert scene.game == "bolivia"
    scene.handle_event(key(pygame.K_RIGHT))
    assert scene.game == "standard"
    scene.handle_event(key(pygame.K_LEFT))
    assert scene.game == "bolivia"
    assert scene.footer() == ("← → or a click on ◀ ▶: another game · R: replay your last 3 games · "
                              "A: achievements and today's deal")


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
def test_the_foot_is_clear_of_the_buttons_and_the_arrows_of_the_title(app: App, lang: str,
                                                                      size: tuple[int, int]) -> None:
    set_language(lang)
    scene = StatisticsScene(busy_stats(), on_replay=lambda: None, kept=12)
    app.scenes.request(scene)
    app.run(frames=1)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run(frames=1)
    drawn: list[tuple[str, pygame.Rect]] = []
    import scenes.statistics as statistics_module

    real = statistics_module.draw_text

    def spy(surface, text, *args, **kw):
        rect = real(surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    statistics_module.draw_text = spy
    try:
        scene.draw(app.screen)
    finally:
        statistics_module.draw_text = real
    (foot,) = [rect for text, rect in drawn if text == scene.footer()]
    screen = app.screen.get_rect()
    assert screen.contains(foot)
    for b in scene.buttons.buttons:
        assert not b.rect.colliderect(foot), (b.label, b.rect, foot)
    (title,) = [rect for text, rect in drawn if text == scene.title()]
    for arrow in scene.arrows:
        assert screen.contains(arrow) and not arrow.colliderect(title)


def test_a_shows_todays_deal_and_the_achievements_with_their_dates_and_d_plays_it(app: App) -> None:
    from game.rules.daily import daily_deal

    stats = busy_stats()
    stats.achievements = {"first_escalera": "2026-11-30", "first_canasta": "2026-11-28"}
    played: list[bool] = []
    scene = StatisticsScene(stats)
    scene.on_daily = lambda: played.append(True)
    app.scenes.request(scene)
    app.run(frames=1)
    scene.handle_event(key(pygame.K_a))
    lines = scene.lines()
    assert lines[0][1] == daily_deal(date.today()).text() and lines[1][1] == "not played yet"
    assert lines[2] == ("Achievements", "2 of 9", True)
    assert lines[3:] == [("First canasta", "2026-11-28", False), ("First escalera", "2026-11-30", False)]
    tops = scene.line_tops()
    assert tops[-1] + scene._text * 1.2 <= scene._panel.bottom
    scene.handle_event(key(pygame.K_d))
    assert played == [True]
    scene.handle_event(key(pygame.K_a))
    assert len(scene.lines()) == 19  # back to the games' numbers
