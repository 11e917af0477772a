"""`python -m game` opens the game; `python -m game TOOL ...` runs a headless tool."""

from __future__ import annotations

import sys

TOOLS = {"meld", "score", "min-meld", "simulate", "arena", "bench", "turn", "replay", "lessons", "advise",
         "warnings", "endgame", "review-bench", "house-check", "serve", "table-bench", "table-faults"}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from game.assets import AssetsMissing

    try:
        if argv and argv[0] in TOOLS or argv[:1] in (["-h"], ["--help"]):
            from game.tools.cli import main as cli_main

            return cli_main(argv)
        from game.shell.launcher import main as launch

        return launch(argv)
    except AssetsMissing as why:  # a broken install: one line saying so, not a traceback
        print(f"error: {why}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
