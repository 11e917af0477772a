"""The frames of the table over the network, as the bench times the table alone: a game hosts a table
on 127.0.0.1 (its server on the session's thread, as for friends), three computers sit with the
player, and every drawn frame of the table is timed beside a floor frame over the same moving cards.
The player's seat plays the greedy level's moves through the table, as a click would."""

from __future__ import annotations

import os
import random
import time

from game.tools.frame_timing import FloorFrame, _FastClock, _ms, percentile


def measure_net_frames(size: tuple[int, int], seed: int, min_frames: int, max_frames: int,
                       real_clock: bool = True) -> dict:
    from game.ai import get_player
    from game.keep.settings import GameSetup
    from game.rules.legal import legal_actions
    from game.rules.view import view_of
    from game.shell.flow import Flow
    from scenes.net_table import NetTableScene
    from scenes.scoring import ScoringScene
    from scenes.together import LobbyScene

    os.environ["BOLIVIA_TABLE_HOST"] = "127.0.0.1"  # this computer only
    flow = Flow(size)
    flow._found_tables = lambda: []  # type: ignore[method-assign]  # no listening for other tables
    greedy, rng = get_player("greedy"), random.Random(seed)
    times: list[float] = []
    floor_times: list[float] = []
    floor: FloorFrame | None = None
    try:
        app = flow.app
        if not real_clock:
            app.clock = _FastClock()
        app.running = True
        flow._host_with(GameSetup(players=4, level="hard", speed="normal"))
        started = False
        end = time.monotonic() + 30.0
        while not isinstance(app.scenes.current, NetTableScene) and time.monotonic() < end:
            scene = app.scenes.current  # the lobby: not timed, the connection comes on its own thread
            if isinstance(scene, LobbyScene) and scene.table is not None and not started:
                started = True
                scene.on_start("hard")
            app.step(0.016)
            time.sleep(0.005)
        dt = 0.0
        for _frame in range(max_frames):
            scene = app.scenes.current
            if isinstance(scene, ScoringScene) and scene.on_continue is not None:
                scene.on_continue()
            elif isinstance(scene, NetTableScene):
                turns = scene.controller
                dialog = scene.dialogs.dialog
                if dialog is not None:
                    dialog.on_answer(True)  # the partner asks: yes
                elif turns.human_to_act and scene.cards.tweener.idle:
                    state = turns.state
                    scene.play(greedy(view_of(state, 0), legal_actions(state), rng))
            before = app.draws
            start = time.perf_counter()
            app.step(dt)
            took = time.perf_counter() - start
            if not app.running:
                break
            table = app.scenes.current
            if app.draws > before and isinstance(table, NetTableScene):
                if floor is None or floor.screen is not app.screen:
                    floor = FloorFrame(app.screen)
                else:
                    times.append(took * 1000)
                    floor_times.append(floor.run(table.picture.cards_in_flight(table.frame()))[0])
            if len(times) >= min_frames:
                break
            dt = min(0.1, app.clock.tick(app.fps) / 1000.0)
    finally:
        flow.close()
    if not times:
        return {"p50": None, "p99": None, "max": None, "frames": 0, "ratio_p50": None, "ratio_p99": None}
    p50, p99 = percentile(times, 50), percentile(times, 99)
    f50, f99 = percentile(floor_times, 50), percentile(floor_times, 99)
    return {"p50": _ms(p50), "p99": _ms(p99), "max": _ms(max(times)), "frames": len(times),
            "floor": {"p50": round(f50, 3), "p99": round(f99, 3)},
            "ratio_p50": round(p50 / f50, 2) if f50 > 0 else None,
            "ratio_p99": round(p99 / f99, 2) if f99 > 0 else None}
