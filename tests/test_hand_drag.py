"""Mouse work at the table, through pygame's event queue as a player's hand makes it: a card dragged along
the hand stays where it is let go (until a sort), a card dragged onto a meld is staged onto it, and the
hand keeps its places between staging clicks, however long the pointer rests on a meld (a card was once
staged wrongly because the hand closed its gaps meanwhile)."""

from __future__ import annotations

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.rules.state import Phase
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.hand_order import sort_key
from scenes.table import TableScene
from tests.helpers import in_hand, position
from tests.table_driver import card_spot, click, corner, key, run_frames, settle

HAND = "TH KH 5C 5D JS QS 8D 4C AS"


@pytest.fixture
def app():
    a = App((1366, 768))
    a.running = True
    yield a
    a.close()


def table(app: App) -> TableScene:
    state = position(4, [HAND, "4D 5S 8D TC JH", "AS AC 4C", "5H JC"], pile="4S AD QD KH",
                     melds=[["4H 5H 6H 7H 8H 9H", "KC KD KS"], ["9C 9D 9S"]], turn=0, phase=Phase.MELD, scores=[0, 0])
    ctl = TurnController(state, {s: choose_greedy for s in range(1, 4)}, {0}, "normal", 1, threaded=False)
    scene = TableScene(ctl, "normal")
    app.scenes.request(scene)
    run_frames(app, 2)
    settle(app, scene)
    return scene


def card(scene: TableScene, name: str) -> int:
    return in_hand(scene.state, 0, name)[0]


def move(app: App, pos: tuple[int, int], held: bool) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0)))
    run_frames(app, 1)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    run_frames(app, 1)
    for k in range(1, 6):
        move(app, (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5), True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    run_frames(app, 2)


def test_the_hand_keeps_its_places_between_staging_clicks(app: App) -> None:
    scene = table(app)
    ten, king = card(scene, "TH"), card(scene, "KH")  # staged onto two melds, a click each
    run, kings = scene.state.melds[0]
    click(app, card_spot(scene, ten))
    king_spot = card_spot(scene, king)  # where the player sees the king, and will click next
    places = {c: r for c, r in scene.homes.hand_rects.items() if c != ten}
    click(app, corner(scene.homes.meld_rects[run.id]))  # the ten staged onto the run
    assert ten in scene.melds.staging.cards()
    move(app, corner(scene.homes.meld_rects[run.id]), False)
    run_frames(app, 90)  # a second and a half with the pointer resting on the meld
    assert {c: scene.homes.hand_rects[c] for c in places} == places  # not re-packed
    click(app, king_spot)
    assert scene.selected == {king}  # the card aimed at, not whichever closed up under the pointer
    click(app, corner(scene.homes.meld_rects[kings.id]))
    assert {ten, king} <= scene.melds.staging.cards()
    key(app, pygame.K_l)  # laid: the hand may close its gaps once the pointer has been away a moment
    run_frames(app, 60)
    settle(app, scene)
    assert ten in scene.state.melds[0][0].cards and king in scene.state.melds[0][1].cards
    assert any(scene.homes.hand_rects[c] != places[c] for c in scene.homes.hand_rects)


def test_a_card_dragged_along_the_hand_stays_where_it_is_let_go_until_a_sort(app: App) -> None:
    scene = table(app)
    first = scene.hand.order[0]
    last = scene.hand.order[-1]
    x, y, w, h = scene.homes.hand_rects[last]
    drag(app, card_spot(scene, first), (x + w - 4, y + h // 2))  # onto the right half of the last card
    settle(app, scene)
    assert scene.hand.order[-1] == first and scene.hand.order[-2] == last
    assert first not in scene.selected  # a drag to reorder selects nothing
    second = scene.hand.order[1]
    x, y, w, h = scene.homes.hand_rects[scene.hand.order[0]]
    drag(app, card_spot(scene, second), (x + 2, y + h // 2))  # onto the left half of the first card
    settle(app, scene)
    assert scene.hand.order[0] == second and scene.hand.order[-1] == first
    key(app, pygame.K_2)  # sort by suit: the player's order gives way to the sort
    settle(app, scene)
    assert scene.hand.custom is None
    assert scene.hand.order == sorted(scene.hand.order, key=sort_key("suit"))


def test_a_card_dragged_onto_a_meld_is_staged_onto_it(app: App) -> None:
    scene = table(app)
    ten = card(scene, "TH")
    run = scene.state.melds[0][0]
    drag(app, card_spot(scene, ten), corner(scene.homes.meld_rects[run.id]))
    assert ten in scene.melds.staging.cards() and ten not in scene.hand.order
