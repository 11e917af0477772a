"""The rules screen: what docs/RULES.md says (the end-of-game sentence above all), in every language, paged."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.i18n import set_language
from game.rules.ruleset import BOLIVIA
from game.shell.app import App
from scenes.rules import RulesScene, rules_text
from tests.scene_helpers import FakeClock, key


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1366, 768), clock=FakeClock())
    yield a
    a.close()


def test_the_rules_say_what_this_game_plays() -> None:
    text = " ".join(rules_text(BOLIVIA, 7500))
    assert "The first side to reach" not in text  # the old, wrong end-of-game sentence
    assert ("The game ends after the hand in which a side reaches 7,500 points. The highest total wins; "
            "a tie for the lead is a draw.") in text
    assert "A game that reaches 60 hands stops there as a draw." in text
    assert "486 cards" not in text and "162 cards: three packs and six jokers. Each player is dealt 15" in text
    assert "A run is 3 to 7 cards of one suit" in text and "A run of seven cards is an escalera." in text
    assert "natural 500, mixed 300, escalera 1,500, and seven wild cards, a bolivia, 2,500" in text
    assert "15 below zero, 50 from 0, 90 from 1,500, 120 from 3,000, 150 from 7,000" in text
    assert "100 each, 1,000 for all six" in text and "minus for a side that can't" in text
    assert "keep at least two cards in hand" in text
    assert "joker 50; two and ace 20; king down to eight 10; seven down to four 5" in text
    assert "extends one of your side's runs" in text
    assert "only the top card and the cards melded with it count" in text
    assert "the stock is empty and the player to draw cannot or will not take the pile" in text
    assert "minus the cards left in its players' hands" in text


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_the_rules_are_translated(lang: str) -> None:
    english = rules_text(BOLIVIA, 15000)
    set_language(lang)
    try:
        translated = rules_text(BOLIVIA, 15000)
    finally:
        set_language("en")
    assert len(translated) == len(english)
    assert all(t != e for t, e in zip(translated, english, strict=True))
    assert any("60" in t for t in translated) and any("15\u202f000" in t or "15\u00a0000" in t for t in translated)


def test_pages_turn_and_back_leaves(app: App) -> None:
    left: list[bool] = []
    scene = RulesScene(lambda: left.append(True), BOLIVIA, 15000)
    app.scenes.request(scene)
    app.run(frames=2)
    assert scene.pages >= 1
    for _p in range(scene.pages - 1):
        scene.handle_event(key(pygame.K_RIGHT))
    assert scene.page == scene.pages - 1
    scene.draw(app.screen)
    scene.handle_event(key(pygame.K_RETURN))  # on the last page, Enter closes
    assert left == [True]
    scene.handle_event(key(pygame.K_ESCAPE))
    assert left == [True]  # once
