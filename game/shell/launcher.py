"""Opening the game window: the normal start, and the demo that CI and the benchmark run."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.i18n import _
from game.keep.logs import setup_logging

MAX_SIDE = 16384  # the largest surface the graphics drivers make


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser(tools: tuple[str, ...] = ()) -> argparse.ArgumentParser:
    """The game's own options; `tools`, the headless tools' names, are named at the end of --help."""
    epilog = _("Headless tools: python -m game TOOL ... where TOOL is one of {tools}; "
               "python -m game TOOL --help says more.").format(tools=", ".join(tools)) if tools else None
    p = _Parser(prog="python -m game", description=_("Bolivia: canasta against the computer."), epilog=epilog)
    p.add_argument("--demo", action="store_true", help=_("every seat a computer player, at top speed"))
    p.add_argument("--continue", dest="resume", action="store_true",
                   help=_("open the saved game, as the menu's Continue does (with --demo: played by the computer)"))
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--frames", type=int, default=None, help=_("quit after this many frames"))
    p.add_argument("--screenshot", type=Path, default=None, help=_("save the last frame here (PNG)"))
    p.add_argument("--deal", default=None, help=_("play a deal again: the code its scoring screen showed"))
    p.add_argument("--size", default=None, help=_("window size, like 1280x800 (default: as left last time)"))
    p.add_argument("--speech-log", type=Path, default=None,
                   help=_("write every line the game speaks to this file, one a line (also BOLIVIA_SPEECH_LOG)"))
    return p


def parse_size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT; ValueError with a readable reason otherwise."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(_("--size is WIDTHxHEIGHT, like 1280x800")) from None
    if w < 640 or h < 480:
        raise ValueError(_("the window must be at least 640x480"))
    if w > MAX_SIDE or h > MAX_SIDE:
        raise ValueError(_("the window can be at most {n}x{n}").format(n=MAX_SIDE))
    return w, h


def main(argv: list[str], tools: tuple[str, ...] = ()) -> int:
    setup_logging()
    args = build_parser(tools).parse_args(argv)
    if args.frames is not None and args.frames < 1:
        print(_("error: --frames must be at least 1"), file=sys.stderr)
        return 2
    try:
        size = parse_size(args.size) if args.size is not None else None
    except ValueError as why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    if args.deal is not None:
        from game.rules.deal_code import BadCode, decode

        try:
            decode(args.deal)
        except BadCode as why:
            print(f"error: --deal: {why}", file=sys.stderr)
            return 2
    from game.keep.disk_words import disk_reason
    from game.ui.speech import log_path_from, speaker

    speech_log = log_path_from(args.speech_log)
    if speech_log is not None:
        try:
            speaker().open_log(speech_log)
        except OSError as why:
            print(_("error: cannot write the speech log {path}: {why}").format(
                path=speech_log, why=disk_reason(why, str(speech_log))), file=sys.stderr)
            return 2
    import pygame

    from game.shell.flow import Flow

    if args.demo:
        speaker().log_only()  # at top speed, nobody could listen: the log only
    flow = Flow(size, demo=args.demo)
    try:
        if args.resume:
            flow.continue_game(demo=args.demo)
        elif args.demo:
            flow.start_demo(args.players, args.seed if args.seed is not None else 1)
        else:
            flow.start_menu(deal=args.deal or "")
        flow.app.run(frames=args.frames, screenshot=args.screenshot)
    except KeyboardInterrupt:  # Ctrl-C in the terminal: saved and closed below, no traceback
        return 130
    except (OSError, pygame.error) as why:  # the screenshot's folder cannot be made or written
        print(_("error: could not save the screenshot: {why}").format(
            why=getattr(why, "strerror", None) or why), file=sys.stderr)
        return 2
    finally:
        flow.close()
        speaker().silence()  # the lines the reader still had are not read after the game is gone
        speaker().close_log()
    return 0
