"""Random command lines for the headless tools: each must end with exit 0, 1 or 2, and an exit 2 with
exactly one line on stderr, never an exception. Used by tests/test_cli_hostile.py; a longer run by
hand: `python -m tests.cli_fuzz 1000`."""

from __future__ import annotations

import contextlib
import io
import random
import sys

from game.tools.cli import main as cli_main

TOOLS = ("meld", "score", "min-meld", "simulate", "arena")
WORDS = ("", "-", "--", "-1", "0", "1", "2", "5", "9" * 40, "-" + "9" * 5000, "nan", "inf", "1e999", "x", "7H",
         "JK", "10s", "\x00", "é", "--json", "--players", "--games", "--seed", "--deals", "--workers", "--variant",
         "standard", "--player", "hard", "random", "--target", "2500", "--help", "[]", "{}", "/nonexistent/file", "/")


def run(argv: list[str]) -> tuple[int, list[str]]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = cli_main(argv)
        except SystemExit as done:  # --help prints and exits 0
            code = done.code
    return code, err.getvalue().strip().splitlines()


def random_argv(rng: random.Random) -> list[str] | None:
    argv = [rng.choice(TOOLS)] + [rng.choice(WORDS) for _ in range(rng.randrange(6))]
    if "9" * 40 in argv and argv[0] in ("simulate", "arena"):
        return None  # a game count that large is valid: it would only take very long
    return argv


def check(argv: list[str]) -> None:
    code, lines = run(argv)
    assert code in (0, 1, 2), (argv, code)
    assert code != 2 or len(lines) == 1, (argv, lines)


def main(args: list[str]) -> int:
    count = int(args[0]) if args else 1000
    rng = random.Random(int(args[1]) if len(args) > 1 else 1)
    tried = failed = 0
    while tried < count:
        argv = random_argv(rng)
        if argv is None:
            continue
        tried += 1
        try:
            check(argv)
        except BaseException as why:  # noqa: BLE001 - every failure is counted and shown
            failed += 1
            print(f"{argv!r}: {type(why).__name__}: {why}", file=sys.stderr)
    print(f"command lines tried {tried}, failed {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
