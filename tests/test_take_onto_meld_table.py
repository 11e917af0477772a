"""The table lets the player take the pile by its top card onto a meld (Standard's house rule
take_onto_meld): a click on the pile with no card selected, a click on the meld, or T; the message line
says so; at a table without the rule the engine's reason shows. Through clicks and keys only."""

from __future__ import annotations

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.rules import TakePile
from game.rules.house import with_house
from game.rules.ruleset import STANDARD
from game.rules.state import GameState, Phase
from game.shell.app import App
from game.shell.controller import TurnController
from scenes.table import TableScene
from scenes.table_parts.message_line import status_text
from scenes.table_parts.panels import help_lines
from tests.helpers import labels, meld_of, position
from tests.table_driver import centre, click, corner, key, perform, run_frames, settle

ONTO = with_house(STANDARD, {"take_onto_meld": "yes"})


@pytest.fixture
def app():
    a = App((1366, 768))
    a.running = True
    yield a
    a.close()


def table_with(app: App, rules=ONTO, pile: str = "9D 8C KC") -> tuple[TableScene, GameState]:
    state = position(2, ["5H 6S 9C 4C", "4D 5D 7H"], melds=[["KH KS KD"]], pile=pile, rules=rules)
    controller = TurnController(state, {1: choose_greedy}, {0}, "fast", 3, threaded=False)
    scene = TableScene(controller, "fast")
    app.scenes.request(scene)
    run_frames(app, 1)
    settle(app, scene)
    return scene, state


def took_onto_kings(scene: TableScene) -> bool:
    st = scene.view.state
    return st.phase == Phase.MELD and not st.pile and sorted(labels(st.melds[0][0].cards)) == ["KC", "KD", "KH", "KS"]


def test_the_line_says_it_and_a_click_on_the_pile_takes_it_onto_the_meld(app):
    scene, state = table_with(app)
    assert "click the pile: its top card goes onto your kings" in status_text(scene.view)
    click(app, centre(scene.layout.discard))
    settle(app, scene)
    assert took_onto_kings(scene)
    assert sorted(labels(scene.view.state.hands[0])) == sorted(["5H", "6S", "9C", "4C", "9D", "8C"])


def test_a_click_on_the_meld_takes_it(app):
    scene, state = table_with(app)
    click(app, corner(scene.homes.meld_rects[meld_of(state, 0, "KH KS KD").id]))
    settle(app, scene)
    assert took_onto_kings(scene)


def test_t_takes_it_and_the_keys_say_so(app):
    scene, _state = table_with(app)
    assert any(line.startswith("T  the top card onto your meld") for line in help_lines(scene.view))
    key(app, pygame.K_t)
    settle(app, scene)
    assert took_onto_kings(scene)


def test_the_hint_suggests_it_and_frames_the_meld(app):
    state = position(2, ["5H 6S 9C 4C 7D JS", "4D 5D 7H"], melds=[["KH KS KD", "QH QS QD"]],
                     pile="9D 5C 6D 7S JH AS AH 8C 8D TC KC", rules=ONTO)
    controller = TurnController(state, {1: choose_greedy}, {0}, "fast", 3, threaded=False)
    scene = TableScene(controller, "fast")
    app.scenes.request(scene)
    run_frames(app, 1)
    settle(app, scene)
    key(app, pygame.K_i)
    for _ in range(100):
        if scene.hint is not None:
            break
        run_frames(app, 1)
    kings = meld_of(state, 0, "KH KS KD").id
    assert scene.hint is not None and scene.hint.move == TakePile((), onto=kings) and scene.hint.meld == kings
    assert "onto your meld of kings" in scene.messages.shown().message


def test_the_table_driver_plays_the_move(app):
    scene, state = table_with(app)
    perform(app, scene, TakePile((), onto=meld_of(state, 0, "KH KS KD").id), keyboard=True)
    settle(app, scene)
    assert took_onto_kings(scene)


def test_frozen_the_engines_reason_shows(app):
    scene, state = table_with(app, pile="9D 2C 8C KC")
    assert "goes onto your" not in status_text(scene.view)
    click(app, corner(scene.homes.meld_rects[meld_of(state, 0, "KH KS KD").id]))
    run_frames(app, 2)
    assert scene.view.state.phase == Phase.DRAW
    assert "frozen (a wild card lies in it)" in scene.messages.shown().message


def test_without_the_rule_the_engines_reason_shows(app):
    scene, state = table_with(app, rules=STANDARD)
    assert "goes onto your" not in status_text(scene.view)
    click(app, corner(scene.homes.meld_rects[meld_of(state, 0, "KH KS KD").id]))
    run_frames(app, 2)
    assert scene.view.state.phase == Phase.DRAW
    assert "never goes onto a meld alone" in scene.messages.shown().message


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
def test_the_house_panel_offers_it_in_standard_and_its_words_fit_at_1024x600(lang):
    from game.i18n import set_language
    from game.keep.settings import GameSetup
    from scenes.house_rules import HouseRulesPanel
    from scenes.house_words import option_label, value_caption
    from scenes.widgets import font, wrap_text

    set_language(lang)
    app = App((1024, 600))
    try:
        panel = HouseRulesPanel(GameSetup(game="standard"), lambda c: None, lambda: None)
        app.scenes.request(panel)
        run_frames(app, 2)
        (row,) = [r for r in panel.rows if r.key == "take_onto_meld"]
        assert row.values == ["no", "yes"] and row.label == option_label("take_onto_meld")
        u = panel._unit
        assert font(panel._text, True).size(row.label)[0] <= row.box.left - row.rect.left - u // 2
        for value in row.values:
            caption = value_caption("take_onto_meld", value)
            assert caption and len(wrap_text(caption, font(max(14, round(panel._text * 0.85))),
                                             panel._panel.w - u * 2)) <= 2
        assert "Hoyle" in value_caption("take_onto_meld", "yes")
        if lang != "en":  # translated, not the English words
            assert value_caption("take_onto_meld", "yes") != "While the pile is not frozen, its top card may go " \
                "onto your meld of its rank, and the pile is yours: as in Hoyle and Pagat."
    finally:
        app.close()
        set_language("en")
