"""`python -m game hand-time [--deal CODE] [--speed normal] [--level normal] [--json]`: how long one whole
hand lasts at the table with the celebrations on, against the same deal with them off.

Each run is the real game: the flow opens the table on the deal code's cards, the frame loop steps it
(events, update, draw) until the scoring screen comes, and every seat is a computer at the chosen level
and animation speed. The clock is the frame loop's own at a steady 60 frames a second, and the computers
decide within the frame (no thinking thread), so `table_s` is the hand's length as the table plays it,
whatever else the machine is doing: the computers' pauses, the cards in flight, the end of hand's pause.
`wall_s` is how long the run took on this machine, `moments` how many celebrations the table showed and
`moment_s` for how long one or more was on show; `same_moves` says both runs played the same moves.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date

from game.i18n import _
from game.rules import events as ev
from game.rules.daily import daily_deal
from game.rules.deal_code import BadCode, DealCode, decode
from game.tools.frame_timing import _FastClock

FPS = 60
DEFAULT_DEAL = daily_deal(date(2026, 12, 3)).text()  # a fixed deal: the same hand at every run
MAX_SECONDS = 1800  # of table time: a hand that has not ended by then is reported unfinished


def play_hand(code: DealCode, celebrations: bool, speed: str = "normal", level: str = "normal",
              size: tuple[int, int] = (1366, 768)) -> dict:
    """The deal's first hand played through the table at `speed`, every seat a computer at `level`."""
    from game.shell.flow import Flow
    from scenes.scoring import ScoringScene

    flow = Flow(size)
    try:
        flow.settings.celebrations = celebrations
        flow.start_game(code.players, code.seed, level, code.target, speed, deal=code)
        table = flow.table
        assert table is not None
        controller = table.controller
        controller.choosers[0] = flow._player(level)  # the player's seat too: the player's side's big moments
        controller.human = set()
        controller.threaded = False  # decided within the frame: the table's time, not the machine's
        app = flow.app
        app.clock = _FastClock()
        app.running = True
        moments = 0
        apply = table.apply_events

        def counted(events: list[ev.Event]) -> None:
            nonlocal moments
            before = len(table.flourishes.items)
            apply(events)
            moments += max(0, len(table.flourishes.items) - before)

        table.apply_events = counted  # type: ignore[method-assign]
        frames = showing = 0
        start = time.perf_counter()
        while frames < MAX_SECONDS * FPS and not isinstance(app.scenes.current, ScoringScene):
            app.step(1 / FPS)
            frames += 1
            showing += bool(table.flourishes.moments.showing)
        moves = controller.record.hands[-1].moves if controller.record.hands else []
        return {"table_s": round(frames / FPS, 2), "wall_s": round(time.perf_counter() - start, 2),
                "moments": moments, "moment_s": round(showing / FPS, 2),
                "finished": isinstance(app.scenes.current, ScoringScene), "moves": len(moves),
                "played": json.dumps(moves)}
    finally:
        flow.close()


def measure(code: DealCode, speed: str, level: str) -> dict:
    from game.tools.bench import headless, scratch_home

    headless()
    with scratch_home():  # the table saves after every move: into a folder thrown away
        on = play_hand(code, True, speed, level)
        off = play_hand(code, False, speed, level)
    same = on.pop("played") == off.pop("played")  # the same moves, one after the other: the same hand
    return {"deal": code.text(), "speed": speed, "level": level, "on": on, "off": off, "same_moves": same,
            "difference_s": round(on["table_s"] - off["table_s"], 2)}


def cmd_hand_time(args: argparse.Namespace) -> int:
    try:
        code = decode(args.deal)
    except BadCode as why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    report = measure(code, args.speed, args.level)
    print(json.dumps(report) if args.json else json.dumps(report, indent=2))
    return 0


def register(subparsers, name: str) -> None:
    from game.keep.settings import LEVELS, SPEEDS

    p = subparsers.add_parser(name, help=_("how long one whole hand lasts at the table, celebrations on and off"))
    p.add_argument("--deal", default=DEFAULT_DEAL, help=_("the deal code of the hand played"))
    p.add_argument("--speed", choices=SPEEDS, default="normal")
    p.add_argument("--level", choices=LEVELS, default="normal")
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))
    p.set_defaults(run=cmd_hand_time)
