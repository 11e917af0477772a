"""`python -m game` opens the game; `python -m game TOOL ...` runs a headless tool. `--help` is the game's
own (its options, then a line naming the tools, each with its own `--help`)."""

from __future__ import annotations

import sys

TOOLS = {"meld", "score", "min-meld", "simulate", "arena", "bench", "turn", "replay", "lessons", "advise",
         "warnings", "endgame", "review-bench", "house-check", "partner-measure", "serve", "table-bench",
         "table-faults", "hand-time", "lan-time"}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from game.assets import AssetsMissing

    try:
        if argv and argv[0] in TOOLS:
            from game.tools.cli import main as cli_main

            return cli_main(argv)
        from game.shell.launcher import main as launch

        return launch(argv, tuple(sorted(TOOLS)))
    except AssetsMissing as why:  # a broken install: one line saying so, not a traceback
        print(f"error: {why}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C in the terminal: the game was saved on the way out, quietly
        return 130


if __name__ == "__main__":
    sys.exit(main())
