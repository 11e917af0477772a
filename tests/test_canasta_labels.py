"""A canasta's label keeps its kind: in a crowded meld area a bolivia read "7 cards · 7 wild", an escalera
"7 cards", a mixed canasta "7 cards 1 wild". The kind is what a player scans for, so when a label must be
shortened its counts go first, never the kind."""

from __future__ import annotations

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.i18n import set_language
from game.rules.state import Phase
from game.shell.app import App
from game.shell.controller import TurnController
from scenes.table import TableScene
from scenes.table_parts.meld_words import fit_tags
from tests.helpers import position
from tests.table_driver import run_frames, settle

# Crowded sides: fifteen melds for the player's side with every kind of canasta, twelve for the other.
SIDE0 = ["4H 5H 6H 7H 8H 9H TH", "KC KD KS KH KC KD KS 2C", "2C 2S JK 2D 2H JK 2S", "QC QD QS QH 2D",
         "8C 8D 8S", "5C 6C 7C 8C 9C TC JC", "AC AD AS", "JD JS JH JD", "6D 6S 6D 6D 6S JK 2D",
         "TD TS TH", "4C 4D 4S", "5D 5S 5H 5D"]
SIDE1 = ["4S 5S 6S 7S 8S 9S TS", "KS KH KC KD 2H", "9H 9C 9D 9S 9H 9C 9D", "QS QH QD", "8H 8C 8D 8H",
         "AH AC AD AS 2S", "JC JS JH", "7C 7D 7S 7H 7C", "6C 6H 6C", "TC TD TS TH 2H", "4H 4C 4D"]
HANDS = ["3S 5C JD QH 8S", "4D 5S 8D TC JH", "AS AC 4C", "5H JC"]


@pytest.fixture
def app():
    a = App((1366, 768))
    a.running = True
    yield a
    a.close()
    set_language("en")


def crowded(app: App) -> TableScene:
    state = position(4, HANDS, pile="4S AD QD KH", melds=[SIDE0, SIDE1], red_threes=["3H 3D", "3D"], turn=0,
                     phase=Phase.MELD, scores=[1850, 2320])
    ctl = TurnController(state, {s: choose_greedy for s in range(1, 4)}, {0}, "fast", 1, threaded=False)
    scene = TableScene(ctl, "fast")
    app.scenes.request(scene)
    run_frames(app, 2)
    settle(app, scene)
    return scene


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_every_canasta_label_names_its_kind(app, lang, size) -> None:
    set_language(lang)
    app._resized(size)
    scene = crowded(app)
    seen = set()
    for side in range(scene.state.sides):
        for m in scene.state.melds[side]:
            can = m.canasta(scene.state.rules)
            if not can:
                continue
            r = pygame.Rect(scene.homes.meld_rects[m.id])
            tags = scene.melds.canasta_tags(m, can, r)
            assert tags, (can, size)
            for tag, img in tags:
                assert img.get_width() <= tag.w
            seen.add(can)
    # Every label worked out for a canasta (its lines, by its kind's word) starts with that word.
    for key, lines in scene.melds._tags.items():
        assert lines and lines[0][0] == key[0], (size, key, lines)
    assert {"natural", "mixed", "escalera", "bolivia"} <= seen


@pytest.mark.parametrize("room", [200, 90, 60, 40, 30])
def test_counts_go_before_the_kind(room: int) -> None:
    pygame.font.init()
    for kind in ("Bolivia", "Escalera", "Mixed", "Natural"):
        lines = fit_tags(kind, "7 cards", "1 wild", "7 cards · 1 wild", 16, room, 80)
        if lines:
            assert lines[0][0] == kind, (kind, room, lines)
