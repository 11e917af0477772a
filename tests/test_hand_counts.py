"""The label by each other seat's fanned backs counts cards, in words ("Ouest · 30 cartes", not a bare
"Ouest: 30" that reads as a score), and the labels sharing the top strip fit it side by side, in French
(the longer words) at the smallest window and a common laptop's."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

import scenes.table_parts.other_hands as other_hands
from game.ai.simple import choose_greedy
from game.i18n import set_language
from game.rules.position import changed
from game.rules.state import GameState, Phase
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.draw_list import DrawList
from scenes.table import TableScene
from scenes.widgets import ui_unit
from tests.table_driver import run_frames


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_the_other_seats_labels_say_cards_and_do_not_overlap(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int) -> None:
    app = App(size)
    app.running = True
    try:
        state = GameState(players, 6)
        controller = TurnController(state, {s: choose_greedy for s in range(1, players)}, {0}, "instant", 6,
                                    threaded=False)
        scene = TableScene(controller, "instant")
        app.scenes.request(scene)
        for _ in range(200):
            run_frames(app, 1)
            if state.phase != Phase.DEAL:
                break
        # As after taking a big pile: two-digit counts.
        state.set_position(changed(state, hands=[h if seat == 0 else (h * 4)[:28 + seat]
                                                 for seat, h in enumerate(state.hands)]))
        drawn: list[tuple[str, pygame.Rect]] = []
        real = other_hands.draw_text

        def noting(surface, text, *args, **kwargs) -> pygame.Rect:
            rect = real(surface, text, *args, **kwargs)
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(other_hands, "draw_text", noting)
        scene.other_hands.draw(DrawList(size), scene.view, size, ui_unit(size))
        labels = {text: rect for text, rect in drawn if "cartes" in text}
        names = ["Ouest", "Nord", "Est"][:players - 1]
        assert sorted(labels) == sorted(f"{name} · {28 + i} cartes" for i, name in enumerate(names, 1))
        window = pygame.Rect((0, 0), size)
        rects = list(labels.values())
        assert all(window.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        top_fan = pygame.Rect(scene.layout.seat_fans[2])  # North, at three and at four
        assert not any(r.colliderect(top_fan) for r in rects)
        assert min(r.h for r in rects) >= 12
    finally:
        app.close()
