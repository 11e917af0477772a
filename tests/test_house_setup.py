"""The setup's House rules line and panel, the choices remembered per game, and where they show."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.keep.settings import GameSetup
from game.keep.stats import GameStats
from game.rules.house import with_house
from game.rules.ruleset import BOLIVIA, RULESETS, SAMBA
from game.shell.app import App
from scenes.house_rules import HOUSE_ROW, HouseSetupScene
from scenes.rules import rules_text
from scenes.statistics import stat_lines
from tests.scene_helpers import FakeClock, click, distinct_colours, key


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1366, 768), clock=FakeClock())
    yield a
    a.close()


def open_setup(app: App, setup: GameSetup | None = None) -> tuple[HouseSetupScene, list[GameSetup]]:
    started: list[GameSetup] = []
    scene = HouseSetupScene(setup, on_start=started.append, on_back=lambda: None)
    app.scenes.request(scene)
    app.run(frames=2)
    return scene, started


def test_the_house_line_follows_the_game_and_opens_the_panel_of_that_game(app: App) -> None:
    scene, started = open_setup(app)
    assert [r.key for r in scene.rows][:2] == ["game", HOUSE_ROW]
    assert scene.value_text(scene._row(HOUSE_ROW)) == "The game's own"
    scene.focus = HOUSE_ROW
    scene.handle_event(key(pygame.K_RIGHT))
    panel = scene.panel
    assert panel is not None and [r.key for r in panel.rows][0] == "black_three_in_hand"
    app.run(frames=1)
    assert distinct_colours(app.screen) > 40
    assert panel.value_text(panel.rows[0]) == "minus 100 (default)"
    panel.handle_event(key(pygame.K_RIGHT))  # 100 -> 5
    assert panel.value_text(panel.rows[0]) == "minus 5"
    assert "Samba" in panel.caption()
    panel.focus = "start"
    panel.handle_event(key(pygame.K_RETURN))  # Done
    assert scene.panel is None and scene.setup.house == {"bolivia": {"black_three_in_hand": "5"}}
    assert scene.value_text(scene._row(HOUSE_ROW)) == "1 changed"
    assert "Black three left in hand: minus 5" in scene.caption()
    scene.focus = "start"
    scene.handle_event(key(pygame.K_RETURN))
    assert started[0].rules().black_three_in_hand == 5


def test_back_leaves_the_house_rules_as_they_were_and_each_game_keeps_its_own(app: App) -> None:
    scene, _started = open_setup(app, GameSetup(game="standard", house={"bolivia": {"take_top": "no"}}))
    scene.focus = HOUSE_ROW
    scene.handle_event(key(pygame.K_RIGHT))
    assert [r.key for r in scene.panel.rows] == ["going_out_bonus", "ask_partner", "unfrozen_take", "standard_wilds",
                                                 "canastas_to_go_out", "take_onto_meld"]
    scene.panel.handle_event(key(pygame.K_RIGHT))
    scene.panel.handle_event(key(pygame.K_ESCAPE))
    assert scene.panel is None and scene.setup.house == {"bolivia": {"take_top": "no"}}
    assert scene.setup.rules() is RULESETS["standard"]
    scene.focus = "game"
    scene.handle_event(key(pygame.K_RIGHT))  # standard -> samba
    assert scene.setup.game == "samba" and "Samba" in scene.caption()
    scene.focus = HOUSE_ROW
    box = scene._row(HOUSE_ROW).box
    for event in click((box.right - 4, box.centery)):
        scene.handle_event(event)
    assert [r.key for r in scene.panel.rows] == ["wild_limit", "first_meld", "take_top", "ask_partner"]


def test_the_setup_remembers_house_rules_per_game_and_drops_what_it_does_not_know() -> None:
    setup = GameSetup(game="samba", house={"samba": {"take_top": "no"}, "bolivia": {"bolivia_bonus": "2000"}})
    back = GameSetup.from_json(setup.to_json())
    assert back.house == setup.house and back.rules() == with_house(SAMBA, {"take_top": "no"})
    odd = GameSetup.from_json({"game": "bolivia", "house": {"bolivia": {"take_top": "maybe", "bolivia_bonus": 2000,
                                                                        "nope": "1"}, "rummy": {}, "samba": 3}})
    assert odd.house == {"bolivia": {"bolivia_bonus": "2000"}}
    assert GameSetup.from_json({"game": "bolivia", "house": "all"}).house == {}


def test_the_rules_screen_shows_samba_and_the_tables_house_rules() -> None:
    text = " ".join(rules_text(SAMBA))
    assert "samba" in text and "two canastas of any kind" in text and "costs 5" in text
    assert not any("House rules" in p for p in rules_text(BOLIVIA))
    changed = rules_text(with_house(BOLIVIA, {"take_top": "no"}))
    assert changed[-1] == "House rules at this table, told in the rules above: Top card alone onto a run: No."


def test_statistics_name_sambas_and_leave_out_bolivias_where_there_are_none() -> None:
    g = GameStats(escaleras=4, bolivias=0)
    samba = dict((label, value) for label, value, _h in stat_lines(g, "samba"))
    assert samba["Sambas"] == "4" and "Bolivias" not in samba and "Escaleras" not in samba
    bolivia = dict((label, value) for label, value, _h in stat_lines(g, "bolivia"))
    assert bolivia["Escaleras"] == "4" and "Bolivias" in bolivia
