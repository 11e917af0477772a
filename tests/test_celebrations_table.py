"""The table's moments at the table: a canasta's moment shows on the meld and a click skips it, and a moment
on show never holds up a computer player: its move comes as soon as it would without the moment."""

from __future__ import annotations

import pytest

from game.ai.simple import choose_greedy
from game.i18n import set_language
from game.keep.settings import Settings
from game.rules import events as ev
from game.rules.actions import AddToMeld
from game.rules.state import Phase
from game.shell.app import App
from game.shell.controller import PAUSES, TurnController
from scenes.table import TableScene
from tests.helpers import position
from tests.table_driver import click, run_frames, settle

MELDS = [["4H 5H 6H 7H 8H 9H TH", "QC QD QS"], ["4S 5S 6S 7S 8S 9S", "9H 9C 9D"]]
HANDS = ["3S 5C JD QH 8S", "4D 5S 8D TC JH", "AS AC 4C", "5H JC"]


@pytest.fixture
def app():
    a = App((1366, 768))
    a.running = True
    yield a
    a.close()
    set_language("en")


def table(app: App, turn: int, speed: str = "normal") -> TableScene:
    state = position(4, HANDS, pile="4S AD QD KH", melds=MELDS, turn=turn, phase=Phase.DRAW, scores=[0, 0])
    ctl = TurnController(state, {s: choose_greedy for s in range(1, 4)}, {0}, speed, 1, threaded=False)
    scene = TableScene(ctl, speed)
    app.scenes.request(scene)
    run_frames(app, 2)
    settle(app, scene)
    return scene


def snapshot(scene: TableScene) -> tuple:
    s = scene.controller.state
    return s.turn, s.phase, tuple(len(h) for h in s.hands), len(s.pile), len(s.stock)


def frames_to_first_computer_move(app: App, scene: TableScene) -> int:
    before = snapshot(scene)
    for n in range(1, 600):
        run_frames(app, 1)
        if snapshot(scene) != before:
            return n
    raise AssertionError("the computer never moved")


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_a_moment_on_show_never_holds_up_a_computer(app: App, speed: str) -> None:
    plain = frames_to_first_computer_move(app, table(app, 1, speed))
    scene = table(app, 1, speed)
    ours = next(m for m in scene.state.melds[0] if len(m.cards) == 7)
    scene.flourishes.on_event(ev.CanastaMade(0, ours.id, "escalera"))  # big: the player's side
    scene.flourishes.on_event(ev.WentOut(0, False))
    assert scene.flourishes.moments.remaining > PAUSES[speed] * 2
    celebrated = frames_to_first_computer_move(app, scene)
    assert celebrated == plain
    assert plain <= round(PAUSES[speed] * 60) + 2  # the speed's own pause, and no more


def test_a_click_skips_the_moment_and_instant_has_none(app: App) -> None:
    scene = table(app, 0)
    ours = next(m for m in scene.state.melds[0] if len(m.cards) == 7)
    scene.flourishes.on_event(ev.CanastaMade(0, ours.id, "escalera"))
    run_frames(app, 10)
    assert scene.flourishes.moments.showing
    click(app, (5, scene.size[1] // 2))  # on the felt at the window's edge
    assert not scene.flourishes.items
    fast = table(app, 0, "instant")
    fast.flourishes.on_event(ev.CanastaMade(0, ours.id, "escalera"))
    assert not fast.flourishes.items


def escalera_table(app: App) -> tuple[TableScene, TurnController]:
    """The player's side one ten of hearts from an escalera, the player to meld."""
    state = position(4, ["TH 5C JD QH 8S", "4D 5S 8D TC JH", "AS AC 4C", "5H JC"], pile="4S AD QD KH",
                     melds=[["4H 5H 6H 7H 8H 9H"], ["9H 9C 9D"]], turn=0, phase=Phase.MELD, scores=[0, 0])
    ctl = TurnController(state, {s: choose_greedy for s in range(1, 4)}, {0}, "normal", 1, threaded=False)
    scene = TableScene(ctl, "normal")
    app.scenes.request(scene)
    run_frames(app, 2)
    return scene, ctl


def make_the_escalera(scene: TableScene, ctl: TurnController) -> None:
    state = ctl.state
    run = state.melds[0][0]
    ten = next(c for c in state.hands[0] if c not in run.cards and c % 13 == 8 and c // 13 % 4 == 2)
    events = ctl.play(AddToMeld(run.id, (ten,)))
    assert [e.canasta for e in events if isinstance(e, ev.CanastaMade)] == ["escalera"]  # made, whatever shows
    scene.apply_events(events)


def test_a_real_escalera_made_at_the_table_is_celebrated_in_the_players_language(app: App) -> None:
    set_language("fr")
    scene, ctl = escalera_table(app)
    run = ctl.state.melds[0][0]
    make_the_escalera(scene, ctl)
    moment = scene.flourishes.moments.showing[0]
    assert (moment.kind, moment.big, moment.meld) == ("escalera", True, run.id)
    assert scene.flourishes.words(moment, scene.names) == "Escalera !"


def test_with_celebrations_off_an_escalera_is_made_without_its_moment(app: App) -> None:
    scene, ctl = escalera_table(app)
    scene.apply_settings(Settings(celebrations=False))
    make_the_escalera(scene, ctl)
    assert not scene.flourishes.items
    run_frames(app, 5)
    assert not scene.flourishes.moments.showing
    scene.apply_settings(Settings(celebrations=True))  # on again: the next moment shows
    scene.flourishes.on_event(ev.WentOut(0, False))
    assert scene.flourishes.items


def test_turning_celebrations_off_ends_a_moment_on_show(app: App) -> None:
    scene, ctl = escalera_table(app)
    make_the_escalera(scene, ctl)
    assert scene.flourishes.items
    scene.apply_settings(Settings(celebrations=False))
    assert not scene.flourishes.items


def test_a_moments_words_are_let_go_once_the_last_moment_ends(app: App) -> None:
    from scenes.table_parts import flourishes

    scene, ctl = escalera_table(app)
    make_the_escalera(scene, ctl)
    run_frames(app, 10)
    assert flourishes._words.cache_info().currsize >= 1  # the banner's words, on show
    run_frames(app, round(60 * scene.flourishes.moments.remaining) + 5)
    assert not scene.flourishes.items
    assert flourishes._words.cache_info().currsize == 0 and flourishes._star.cache_info().currsize == 0
    scene.flourishes.on_event(ev.WentOut(0, False))  # another, skipped by a click
    run_frames(app, 10)
    click(app, (5, scene.size[1] // 2))
    assert not scene.flourishes.items and flourishes._words.cache_info().currsize == 0
