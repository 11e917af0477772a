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


# ----- every seat's cards left in hand ---------------------------------------------------------------------

def stock_out_hand() -> GameState:
    """A Standard hand ended by the stock at four players, with big hands left (one of 30 cards)."""
    from game.rules import DrawStock
    from game.rules.ruleset import STANDARD
    from tests.helpers import position

    hands = ["KH KS QD JC TC 9H 8S 7D 6C 5H 4S 3C 2D JK AH AS TD 9C 8H 7S 6D 5C 4H 3S 2C QH JD TS 9D 8C",
             "AC AD KD QC JH TD 9S 8D 7C 6H 5S 4D 3S 2H", "KC QS JS TH 9C 8H 7H 6S 5D 4C 3C", "AH KH QH JD"]
    state = position(4, hands, melds=[["7C 7D 7H"], ["5H 5D 5S"]], stock_size=0, rules=STANDARD)
    state.apply(DrawStock())
    assert state.phase == Phase.DEAL and state.results[-1]["out"] is None
    return state


def test_every_seats_cards_left_and_their_cost_match_the_engines_line(hands) -> None:
    assert any(not h for s in hands.values() if s.players == 4 for h in s.hands)  # a seat went out at four
    from scenes.scoring import left_hands

    for state in [*hands.values(), stock_out_hand()]:
        for side in range(state.sides):
            shown = left_hands(state, side)
            assert [h.seat for h in shown] == state.seats_of(side)
            for h in shown:
                assert sorted(h.cards) == sorted(state.hands[h.seat])
                assert h.cost == -sum(state.rules.card_penalty(c) for c in state.hands[h.seat])
            (in_hand,) = by_kind(score_lines(state, side), "in_hand")
            assert sum(h.cost for h in shown) == in_hand.points == state.results[-1]["scores"][side]["in_hand"]


def texts_drawn(scene: ScoringScene, surface: pygame.Surface) -> list[str]:
    """Every text the scene draws in one frame."""
    drawn: list[str] = []
    real = ScoringScene._text
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ScoringScene, "_text", lambda self, text, *a, **k: drawn.append(text) or real(self, text, *a, **k))
        scene.draw(surface)
    return drawn


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_the_screen_shows_every_card_left_readable_and_clear_of_the_rest(size, hands) -> None:
    import scenes.scoring as sc

    for state in [stock_out_hand(), *hands.values()]:
        app = App(size, clock=FakeClock())
        try:
            scene = ScoringScene(state, deal_code="ABCD-1234", on_replay=lambda: None, on_review=lambda: None,
                                 speed="instant")
            app.scenes.request(scene)
            app.run(frames=2)
            drawn = texts_drawn(scene, app.screen)
            t = scene._t
            assert scene._chip_size(t) >= sc.READABLE_PX
            screen = app.screen.get_rect()
            for col in scene.columns:
                assert screen.contains(col.rect) and not col.rect.colliderect(scene.button.rect)
                top = scene._hands_top(col, t)
                spots = scene._hand_spots(col, top)
                # Every card of every seat, its name and cost where the side has two seats, all drawn.
                assert sorted(card for _t, card, _r, _i in spots if card is not None) == sorted(
                    c for h in col.hands for c in h.cards)
                assert all(text in drawn for text, _c, _r, _i in spots)
                if len(col.hands) > 1:
                    assert all(h.name in drawn and sc.signed(h.cost) in drawn for h in col.hands)
                    if any(not h.cards for h in col.hands):  # the seat that went out
                        assert "no cards left" in drawn
                # Inside the column, under the in-hand line, above the hand's total, none on another.
                foot = col.rect.bottom - scene._footer_height(t)
                area = pygame.Rect(col.rect.left, top, col.rect.w, scene._hands_height(col, t))
                rects = [r for _t, _c, r, _i in spots]
                assert all(area.contains(r) for r in rects), (state.players, size)
                assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
                assert top + scene._hands_height(col, t) <= foot
        finally:
            app.close()


def test_each_line_ticks_as_it_comes_the_total_last_and_a_skip_or_instant_is_silent(app: App, hands) -> None:
    from tests.test_sounds import board

    state = hands[(4, 9)]
    sounds, mixer = board()
    scene = ScoringScene(state, speed="normal")
    scene.sounds = sounds
    app.scenes.request(scene)
    app.run(frames=600)
    assert not scene.counting
    rows = max(len(c.lines) for c in scene.columns)
    # One tick a row (every side's line of that row together), the hand's total (its snap) last.
    assert scene.ticks == ["tick"] * (rows - 1) + ["meld"]
    assert len(mixer.played) == rows
    skipped = ScoringScene(state, speed="normal")
    app.scenes.request(skipped)
    app.run(frames=3)
    skipped.skip()
    app.run(frames=5)
    assert skipped.ticks == []  # a skip shows every number without a burst of ticks
    instant = ScoringScene(state, speed="instant")
    app.scenes.request(instant)
    app.run(frames=3)
    assert instant.ticks == [] and not instant.counting
