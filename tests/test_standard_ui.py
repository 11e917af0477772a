"""Standard Canasta in the game's screens: the rules screen, the saved game and Continue, and the table's
frozen pile, black-three block, red threes for or against and canastas still needed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.i18n import set_language
from game.keep.settings import GameSetup
from game.keep.storage import Storage
from game.rules import Discard, DrawStock, GameState, Phase
from game.rules.ruleset import STANDARD
from game.shell.app import App
from game.shell.controller import TurnController
from game.shell.flow import Flow
from scenes.rules import RulesScene, rules_text
from scenes.table import TableScene
from scenes.table_parts.piles import Piles
from tests.helpers import in_hand, position
from tests.scene_helpers import FakeClock, key


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1366, 768), clock=FakeClock())
    a.running = True
    yield a
    a.close()


def test_the_rules_screen_shows_standard_canastas_rules() -> None:
    text = " ".join(rules_text(STANDARD, 7500))
    assert "108 cards: two packs and four jokers. Each player is dealt 11 cards at four players, 13 at three" in text
    assert "more natural cards than wild cards and at most three wild cards" in text
    assert "natural 500, mixed 300." in text and "escalera" not in text.split("Seven cards")[1][:60]
    assert "15 below zero, 50 from 0, 90 from 1,500, 120 from 3,000." in text
    assert "100 each, 800 for all four" in text and "a discarded black three blocks only the next player" in text
    assert "one canasta (two at two players)" in text and "reaches 7,500 points" in text
    set_language("fr")
    try:
        assert "108 cartes : deux jeux et quatre jokers" in " ".join(rules_text(STANDARD, 5000))
    finally:
        set_language("en")


def test_the_menus_rules_follow_the_chosen_game(tmp_path: Path) -> None:
    flow = Flow((1024, 640), storage=Storage(tmp_path / "data"))
    flow.app.clock = FakeClock()
    try:
        flow.settings.setup = GameSetup(game="standard", players=3, target=7500)
        flow.open_rules()
        flow.app.run(frames=1)
        scene = flow.app.scenes.current
        assert isinstance(scene, RulesScene) and scene.rules.name == "standard" and scene.target == 7500
    finally:
        flow.close()


def test_a_standard_game_is_saved_as_standard_and_continue_resumes_it(tmp_path: Path) -> None:
    store = Storage(tmp_path / "data")
    flow = Flow((1024, 640), storage=store)
    flow.app.clock = FakeClock()
    try:
        flow.open_setup()
        flow.app.run(frames=1)
        setup = flow.app.scenes.current
        assert [r.key for r in setup.rows][:2] == ["game", "language"]  # the game is the first line
        setup.focus = "game"
        setup.handle_event(key(pygame.K_RIGHT))  # Bolivia -> Standard Canasta
        assert next(r for r in setup.rows if r.key == "target").values == [2500, 5000, 7500, 10000]
        setup.start()
        flow.app.run(frames=2)
        table = flow.app.scenes.current
        assert isinstance(table, TableScene) and table.state.rules.name == "standard"
        assert table.state.target == 5000 and len(table.state.hands[0]) == 11
        flow.autosave(table.state)
        store.flush()
        flow.start_menu()
        flow.app.run(frames=1)
        assert store.load_game().state.rules.name == "standard"
        flow.open_rules()  # the menu's rules now show the game chosen in the setup
        flow.app.run(frames=1)
        assert flow.app.scenes.current.rules.name == "standard"
        flow.start_menu()
        flow.app.run(frames=1)
        flow.continue_game()
        flow.app.run(frames=2)
        again = flow.app.scenes.current
        assert isinstance(again, TableScene) and again.state.rules.name == "standard"
        assert again.state.to_json() == table.state.to_json()
    finally:
        flow.close()


def _table(app: App, state: GameState) -> TableScene:
    controller = TurnController(state, {s: choose_greedy for s in range(1, state.players)}, {0}, "fast", 1,
                                threaded=False)
    scene = TableScene(controller, "fast")
    app.scenes.request(scene)
    app.run(frames=2)
    return scene


def badges(scene: TableScene, monkeypatch) -> list[str]:
    seen: list[str] = []
    real = Piles.badge

    def spy(self, surface, text, card, size, *a, **k):
        seen.append(text)
        return real(self, surface, text, card, size, *a, **k)

    monkeypatch.setattr(Piles, "badge", spy)
    scene.draw(pygame.Surface(scene.size))
    return seen


def status(scene: TableScene, monkeypatch) -> str:
    import scenes.table_parts.message_line as tp

    drawn: list[str] = []
    real = tp.draw_text
    monkeypatch.setattr(tp, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a,
                                                                                                      **k))
    scene.messages.draw(pygame.Surface(scene.size), scene.view, 20)
    return " ".join(drawn)


def test_the_table_shows_a_frozen_pile_with_its_wild_card_crosswise(app: App, monkeypatch) -> None:
    state = position(2, ["9C 9D 5H 5S 6C", "4C 4D 7H"], pile="7S JK 9H", melds=[["QH QS QD"]], rules=STANDARD)
    scene = _table(app, state)
    crossed: list[int] = []
    real = Piles.draw_crosswise_wild
    monkeypatch.setattr(Piles, "draw_crosswise_wild",
                        lambda self, surface, view, pile: crossed.append(1) or real(self, surface, view, pile))
    shown = badges(scene, monkeypatch)
    assert "FROZEN" in shown and crossed
    assert "frozen pile with a natural pair (a wild card lies in it)" in status(scene, monkeypatch)


def test_the_table_says_the_pile_is_frozen_until_the_side_melds(app: App, monkeypatch) -> None:
    state = position(2, ["9C 9D 5H 5S 6C", "4C 4D 7H"], pile="7S 9H", rules=STANDARD)
    scene = _table(app, state)
    assert "FROZEN" in badges(scene, monkeypatch)
    assert "(your side has not melded yet)" in status(scene, monkeypatch)


def test_the_table_shows_a_black_three_blocking_the_next_player(app: App, monkeypatch) -> None:
    state = position(2, ["9C 9D 5H 5S 3C", "4C 4D 7H"], pile="7S 9H", melds=[["QH QS QD"], ["KH KS KD"]],
                     rules=STANDARD, turn=1, phase=Phase.MELD, stock="8C 8D")
    state.apply(Discard(in_hand(state, 1, "4C")[0]))
    state.apply(DrawStock())
    state.apply(Discard(in_hand(state, 0, "3C")[0]))
    scene = _table(app, state)
    shown = badges(scene, monkeypatch)
    assert any(t.startswith("Blocked for") for t in shown) and "FROZEN" not in shown


def test_a_black_three_facing_the_player_is_said_and_its_badge_stays_on_the_card(app: App, monkeypatch) -> None:
    import scenes.table_parts.piles as tp

    state = position(2, ["9C 9D 5H 5S 6C", "3S 4D 7H"], pile="7S 9H", melds=[["QH QS QD"], ["KH KS KD"]],
                     rules=STANDARD, turn=1, phase=Phase.MELD, stock="8C 8D")
    state.apply(Discard(in_hand(state, 1, "3S")[0]))
    assert state.turn == 0 and state.phase == Phase.DRAW
    scene = _table(app, state)
    assert "a black three blocks the pile; draw from the stock" in status(scene, monkeypatch)
    lines: list[tuple[str, int]] = []
    real = tp.text_image
    monkeypatch.setattr(tp, "text_image", lambda text, *a, **k: (img := real(text, *a, **k), lines.append(
        (text, img.get_width())))[0])
    assert any(t.startswith("Blocked for") for t in badges(scene, monkeypatch))
    pile_w = pygame.Rect(scene.layout.discard).w
    blocked = [(t, w) for t, w in lines if t.startswith("Blocked") or t.startswith("for")]
    assert blocked and all(w <= pile_w - 8 for _t, w in blocked), (blocked, pile_w)


def test_red_threes_are_marked_for_or_against_and_the_canastas_needed_are_shown(app: App) -> None:
    state = position(2, ["9C 9D 5H 5S 6C", "4C 4D 7H"], pile="7S 9H", melds=[["QH QS QD"]],
                     red_threes=["3H", "3D"], rules=STANDARD)
    scene = _table(app, state)
    labels = [lab[0] for lab in scene.melds.area_labels(scene.view)]
    assert "×1 +" in labels and "×1 −" in labels
    drawn: list[str] = []
    import scenes.table_parts.score_panel as tp

    real = tp.draw_text
    tp.draw_text = lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k)
    try:
        tp.ScorePanel.draw_lines(pygame.Surface((300, 200)), scene.view, pygame.Rect(0, 0, 300, 200), 20)
    finally:
        tp.draw_text = real
    assert any("0 of 2 canastas" in t for t in drawn)


@pytest.mark.parametrize(("players", "lang", "text"), [
    (2, "en", "0 of 2 canastas"), (4, "en", "0 of 1 canasta"),
    (2, "fr", "0 sur 2 canastas"), (4, "fr", "0 sur 1 canasta"),
    (2, "sv", "0 av 2 canastor"), (4, "sv", "0 av 1 canasta")])
def test_the_canastas_still_needed_are_counted_in_each_language(players: int, lang: str, text: str) -> None:
    from game.shell.controller import TurnController as Controller
    from scenes.table_parts.score_panel import side_note
    from scenes.table_parts.view import TableView

    hands = ["9C 9D 5H", "4C 4D 7H", "6C 6D 8H", "TC TD JH"][:players]
    state = position(players, hands, pile="7S 9H", rules=STANDARD)
    view = TableView(Controller(state, {}, {0}, "instant", 1, threaded=False), 0, ["You"] * players, ["Us"] * 2)
    set_language(lang)
    try:
        assert side_note(view, 0, True).endswith(" " + text), side_note(view, 0, True)
    finally:
        set_language("en")
