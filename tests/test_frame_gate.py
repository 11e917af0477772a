"""A computer player's decision asked during a frame starts once the frame is shown."""

from __future__ import annotations

import time

from game.rules.state import GameState
from game.shell import frame_gate
from game.shell.controller import TurnController


def test_a_decision_asked_during_a_frame_waits_for_its_end() -> None:
    started: list[float] = []

    def chooser(view, legal, rng):
        started.append(time.perf_counter())
        return legal[0]

    state = GameState(2, 5)
    controller = TurnController(state, {0: chooser, 1: chooser}, set(), "instant", 5)
    try:
        controller.deal()
        seat = state.to_act
        frame_gate.frame_begins()
        try:
            assert controller.update(0.0, False) is None  # asked now, on the thinking thread
            time.sleep(0.02)
            assert started == []  # the frame is still being worked out
            ended = time.perf_counter()
        finally:
            frame_gate.frame_ends()
        deadline = time.perf_counter() + 5
        while not started and time.perf_counter() < deadline:
            time.sleep(0.001)
        assert started and started[0] >= ended
        applied = None
        while applied is None and time.perf_counter() < deadline:
            applied = controller.update(0.0, False)
            time.sleep(0.001)
        assert applied is not None and applied.seat == seat
    finally:
        controller.close()


def test_outside_the_frame_loop_the_gate_is_open() -> None:
    assert frame_gate.wait_for_frame_end()
