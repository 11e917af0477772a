"""The scoring screen: every line held against the engine's SideScore for hands the greedy player
played out; counting animated, skippable, then Continue."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.rules.cards import BLACK_THREE
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, Meld
from game.rules.ruleset import BOLIVIA
from game.rules.state import GameState, Phase
from game.shell.app import App
from scenes.scoring import ScoringScene, canasta_label, hand_summary, score_lines, signed
from tests.scene_helpers import FakeClock, click, distinct_colours, key, play_hand

HANDS = [(2, 0), (2, 3), (2, 33), (3, 1), (3, 5), (4, 6), (4, 9), (4, 10)]


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1024, 640), clock=FakeClock())
    yield a
    a.close()


@pytest.fixture(scope="module")
def hands() -> dict[tuple[int, int], GameState]:
    return {(p, seed): play_hand(GameState(p, seed), seed) for p, seed in HANDS}


def by_kind(lines, kind):
    return [ln for ln in lines if ln.kind == kind]


@pytest.mark.parametrize(("players", "seed"), HANDS)
def test_lines_match_the_engine(hands, players: int, seed: int) -> None:
    state = hands[(players, seed)]
    result = state.results[-1]
    for side in range(state.sides):
        sc = result["scores"][side]
        lines = score_lines(state, side)
        (melded,) = by_kind(lines, "melded")
        assert melded.points == sc["melded"]
        assert f"{sum(len(m.cards) for m in state.melds[side])} card" in melded.label
        canastas = by_kind(lines, "canasta")
        assert sum(ln.points for ln in canastas) == sc["bonuses"]
        assert sorted(ln.points for ln in canastas) == sorted(m.bonus(state.rules) for m in state.melds[side]
                                                              if m.canasta(state.rules))
        assert sum(ln.points for ln in by_kind(lines, "going_out")) == sc["going_out"]
        assert sum(ln.points for ln in by_kind(lines, "red_threes")) == sc["red_threes"]
        (in_hand,) = by_kind(lines, "in_hand")
        assert in_hand.points == sc["in_hand"]
        (total,) = by_kind(lines, "total")
        assert total.points == sc["total"] == sum(ln.points for ln in lines if ln.kind != "total")
        assert lines[-1] is total


def test_a_red_three_minus_says_why(hands) -> None:
    state = hands[(2, 0)]  # nobody on side 0 has an escalera and another canasta
    assert not state.may_go_out(0)
    (red,) = by_kind(score_lines(state, 0), "red_threes")
    assert red.points == -100 == state.results[-1]["scores"][0]["red_threes"]
    assert red.note.startswith("\u2212100: 1 red three, ") and "can't go out" in red.note
    assert "escalera and another canasta" in red.note


def test_a_red_three_plus_says_why(hands) -> None:
    state = hands[(2, 33)]  # the player went out with five red threes
    assert state.results[-1]["out"] == 0 and state.may_go_out(0)
    lines = score_lines(state, 0)
    (red,) = by_kind(lines, "red_threes")
    assert red.points == 500
    assert red.note == "+500: 5 red threes, the side has an escalera and another canasta"
    (out,) = by_kind(lines, "going_out")
    assert (out.label, out.points) == ("Going out", 100)
    assert by_kind(lines, "in_hand")[0].label == "No cards left in hand"
    assert hand_summary(state) == "You went out."


def test_black_threes_left_in_hand_are_explained(hands) -> None:
    for state in hands.values():
        for side in range(state.sides):
            left = [c for seat in state.seats_of(side) for c in state.hands[seat]]
            black = sum(1 for c in left if BLACK_THREE[c])
            (line,) = by_kind(score_lines(state, side), "in_hand")
            assert (f"{black} black three" in line.note) == bool(black)


def test_canasta_names() -> None:
    # Ids: pack * 52 + suit * 13 + rank - 2; suits C D H S.
    kings = Meld(1, RANK_MELD, 13, tuple(11 + 13 * s + 52 * p for p in range(2) for s in range(4))[:7])
    assert canasta_label(kings, kings.canasta(BOLIVIA)) == "Natural canasta of kings"
    sevens = Meld(2, RANK_MELD, 7, tuple(5 + 13 * s for s in range(4)) + (5 + 52, 5 + 65, 0))
    assert canasta_label(sevens, sevens.canasta(BOLIVIA)) == "Mixed canasta of sevens"
    run = Meld(3, RUN, 2, tuple(26 + r - 2 for r in range(8, 15)))
    assert canasta_label(run, run.canasta(BOLIVIA)) == "Escalera \u2665"
    wild = Meld(4, WILD_MELD, 0, (156, 157, 158, 159, 160, 161, 0))
    assert canasta_label(wild, wild.canasta(BOLIVIA)) == "Bolivia"
    assert signed(-100) == "\u2212100" and signed(1500) == "1,500" and signed(200, plus=True) == "+200"


def test_renders_counts_up_and_skips(app: App, hands) -> None:
    state = hands[(3, 1)]
    continued: list[bool] = []
    scene = ScoringScene(state, on_continue=lambda: continued.append(True))
    app.scenes.request(scene)
    app.run(frames=40)  # part way: some numbers shown, still counting
    assert scene.counting
    shown = [s.value for c in scene.columns for s in c.shown]
    assert any(0 < abs(v) for v in shown)
    assert distinct_colours(app.screen) > 30
    scene.handle_event(key(pygame.K_RETURN))  # the first key only skips the counting
    assert not scene.counting and continued == []
    for col in scene.columns:
        assert [round(s.value) for s in col.shown] == [ln.points for ln in col.lines]
        assert round(col.total.value) == col.after == state.scores[col.side]
        assert col.next_min == state.min_meld(col.side)
    app.run(frames=2)
    assert distinct_colours(app.screen) > 40
    scene.handle_event(key(pygame.K_RETURN))
    scene.handle_event(key(pygame.K_RETURN))
    assert continued == [True]  # once only


def test_click_skips_then_the_button_continues(app: App, hands) -> None:
    continued: list[bool] = []
    scene = ScoringScene(hands[(4, 9)], on_continue=lambda: continued.append(True), speed="slow")
    app.scenes.request(scene)
    app.run(frames=3)
    for e in click((5, 5)):
        scene.handle_event(e)
    assert not scene.counting and continued == []
    app.run(frames=1)
    for e in click(scene.button.rect.center):
        scene.handle_event(e)
    assert continued == [True]


def test_counting_finishes_by_itself_and_the_demo_moves_on(app: App, hands) -> None:
    continued: list[bool] = []
    scene = ScoringScene(hands[(2, 3)], on_continue=lambda: continued.append(True), speed="fast",
                         auto_continue=1.0)
    app.scenes.request(scene)
    app.run(frames=200)
    assert not scene.counting and continued == [True]


def test_instant_speed_shows_everything_at_once(app: App, hands) -> None:
    scene = ScoringScene(hands[(4, 6)], speed="instant")
    app.scenes.request(scene)
    app.run(frames=2)
    assert not scene.counting


def test_sizes_fit_the_window(app: App, hands) -> None:
    scene = ScoringScene(hands[(3, 5)])
    app.scenes.request(scene)
    app.run(frames=1)
    for size in ((1920, 1080), (1024, 640)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.run(frames=1)
        screen = app.screen.get_rect()
        for col in scene.columns:
            assert screen.contains(col.rect)
            assert not col.rect.colliderect(scene.button.rect)
        assert screen.contains(scene.button.rect)
        assert scene._t >= 18  # text stays large


def test_the_last_hand_leads_to_the_result(hands) -> None:
    state = GameState(2, 5, target=2500)
    while state.phase != Phase.GAME_OVER:
        play_hand(state, 5)
    scene = ScoringScene(state)
    assert scene.final and scene.button.label == "See the result"
