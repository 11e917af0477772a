"""The table's moments as a timeline, without a window: which events are celebrated and how big, one after
another, shorter at Fast, none at Instant, skipped at once; and a pile taken sweeping in card after card."""

from __future__ import annotations

import pytest

from game.rules import events as ev
from game.ui.celebrations import LIVES, SWEEP, Celebrations, moments_for, sweep_delay

SIDES = {0: 0, 1: 1, 2: 0, 3: 1}


def test_each_canasta_kind_has_its_moment_big_for_the_players_side_quieter_for_the_others() -> None:
    got = moments_for([ev.CanastaMade(0, 4, "escalera"), ev.CanastaMade(1, 7, "bolivia"),
                       ev.CanastaMade(0, 9, "mixed"), ev.Discarded(0, 3)], 0, SIDES, "normal")
    assert [(m.kind, m.side, m.big, m.meld) for m in got] == [
        ("escalera", 0, True, 4), ("bolivia", 1, False, 7), ("canasta", 0, True, 9)]
    assert got[0].life == LIVES["escalera"][0] and got[1].life == LIVES["bolivia"][1] < LIVES["bolivia"][0]
    out = moments_for([ev.WentOut(3, True)], 0, SIDES, "normal")
    assert [(m.kind, m.side, m.big, m.seat) for m in out] == [("out", 1, False, 3)]


def test_shorter_at_fast_longer_at_slow_none_at_instant() -> None:
    events = [ev.CanastaMade(0, 1, "natural"), ev.WentOut(0, False)]
    normal = sum(m.life for m in moments_for(events, 0, SIDES, "normal"))
    assert sum(m.life for m in moments_for(events, 0, SIDES, "fast")) < normal
    assert sum(m.life for m in moments_for(events, 0, SIDES, "slow")) > normal
    assert moments_for(events, 0, SIDES, "instant") == []
    c = Celebrations("instant")
    assert c.add(events, SIDES) == [] and not c.update(0.016)


def test_moments_of_one_move_come_one_after_another_and_end() -> None:
    c = Celebrations("normal")
    c.add([ev.CanastaMade(0, 1, "escalera")], SIDES)
    c.add([ev.WentOut(0, False)], SIDES)
    assert [m.kind for m in c.showing] == ["escalera"]  # the going out waits its turn
    total = c.remaining
    assert total == pytest.approx(LIVES["escalera"][0] + LIVES["out"][0] - 0.25)
    t = 0.0
    while c.update(0.05):
        t += 0.05
        if t > LIVES["escalera"][0] and c.moments:
            assert [m.kind for m in c.showing] == ["out"]
    assert t == pytest.approx(total, abs=0.1) and not c.moments


def test_a_key_or_a_click_skips_every_moment() -> None:
    c = Celebrations("slow")
    c.add([ev.CanastaMade(0, 1, "bolivia"), ev.WentOut(0, False)], SIDES)
    assert c.skip() and c.moments == [] and c.remaining == 0 and not c.update(0.016)
    assert not c.skip()  # nothing left to skip


def test_a_pile_sweeps_in_card_after_card_within_its_time() -> None:
    taken = ev.PileTaken(0, 3, 40, (1, 2), tuple(range(100, 130)))
    n = 33
    delays = [sweep_delay(taken, k, n) for k in range(n)]
    assert delays[0] == 0 and delays == sorted(delays) and len(set(delays)) == n
    assert delays[-1] <= SWEEP + 1e-9
    assert sweep_delay(ev.CardsDrawn(0, (1, 2)), 1, 2) == 0  # a draw flies as it always has
