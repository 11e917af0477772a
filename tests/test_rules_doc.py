"""The rules document in the repository (docs/RULES.md): written from the rule sets, up to date, and the
only rules document the project's files point to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.i18n import number, speaking
from game.rules.house import OPTIONS
from game.rules.ruleset import RULESETS
from game.tools import rules_doc

ROOT = Path(__file__).resolve().parents[1]


def test_the_document_is_what_the_rule_sets_say_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert rules_doc.main(["--check"]) == 0, "run python -m game.tools.rules_doc"


def test_the_document_holds_every_games_numbers_and_every_house_option() -> None:
    text = rules_doc.document()
    with speaking("en"):
        for name, rules in RULESETS.items():
            section = text.split("\n## ")[1 + list(rules_doc.GAMES).index(name)]
            for lowest, minimum in rules.min_meld_table[:-1]:
                assert number(lowest) in section and number(minimum) in section, (name, lowest, minimum)
            assert number(rules.natural_canasta) in section and number(rules.mixed_canasta) in section
    for option in OPTIONS:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{option.name}` |"))
        assert all(f"`{value}`" in row for value in option.choices), option.name


def test_every_reference_to_a_rules_document_points_inside_the_repository() -> None:
    outside = []
    for path in [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("game/**/*.py"), *ROOT.glob("scenes/**/*.py"),
                 *ROOT.glob("tests/**/*.py")]:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"(\S*)RULES\.md", text):
            if not match.group(1).endswith("docs/") and path.name not in ("rules_doc.py", "test_rules_doc.py"):
                outside.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert not outside, outside
    assert (ROOT / "docs" / "RULES.md").is_file()
