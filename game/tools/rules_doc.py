"""The rules document, docs/RULES.md: written from the game's own rule sets and in the Rules screen's
words (scenes/rules.py, scenes/house_words.py), so the document, the screen and the engine say the same
numbers. `python -m game.tools.rules_doc` writes it (from the checkout); `--check` exits 1 when the file
differs from what the rule sets say now (tests/test_rules_doc.py runs that check)."""

from __future__ import annotations

import sys
from pathlib import Path

from game.i18n import speaking
from game.rules.house import OPTIONS
from game.rules.ruleset import RULESETS
from scenes.house_words import value_caption
from scenes.rules import game_blurb, game_name, rules_text

DOC = Path("docs") / "RULES.md"
GAMES = ("bolivia", "standard", "samba")


def _house_table() -> list[str]:
    rows = ["| option | games | default | other values |", "| --- | --- | --- | --- |"]
    for option in OPTIONS:
        games = ", ".join(game_name(g) for g in option.games)
        default = f"`{option.default}`: {value_caption(option.name, option.default)}"
        others = "<br>".join(f"`{v}`: {value_caption(option.name, v)}" for v in option.choices if v != option.default)
        rows.append(f"| `{option.name}` | {games} | {default} | {others} |")
    return rows


def document() -> str:
    """The whole document, in English."""
    with speaking("en"):
        return _document()


def _document() -> str:
    lines = [
        "# The rules this game plays",
        "",
        "Written by `python -m game.tools.rules_doc` from the game's rule sets (game/rules/ruleset.py,",
        "game/rules/house.py), in the words of the game's Rules screen: change the rule sets or those words,",
        "then run it again; tests/test_rules_doc.py fails while this file is out of date.",
        "",
        "Each game below is played with its house rules at their usual values; the last section lists the",
        "house rules a table may change (the setup's panel, or `--house NAME=VALUE` in the headless tools).",
    ]
    for name in GAMES:
        rules = RULESETS[name]
        lines += ["", f"## {game_name(name)}", "", game_blurb(name), ""]
        lines += [f"- {paragraph}" for paragraph in rules_text(rules)]
    lines += ["", "## House rules", ""]
    lines += _house_table()
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path.cwd()
    if not (root / "game").is_dir() or not (root / "pyproject.toml").is_file():
        print("error: run this from the repository's root folder", file=sys.stderr)
        return 2
    text = document()
    path = root / DOC
    if args == ["--check"]:
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current != text:
            print(f"{DOC.as_posix()} is out of date: run python -m game.tools.rules_doc", file=sys.stderr)
            return 1
        return 0
    if args:
        print("usage: python -m game.tools.rules_doc [--check]", file=sys.stderr)
        return 2
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
