"""The headless tools never print a traceback: any input is exit 2 and one line on stderr."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_fuzz import check, random_argv, run

ROOT = Path(__file__).resolve().parent.parent
HOSTILE_JSON = {
    "deep": "[" * 100_000 + "]" * 100_000,
    "deep dicts": '{"a":' * 5000 + "1" + "}" * 5000,
    "huge number": '{"sides": [{"hands": [[]], "red_threes": ' + "9" * 5000 + "}]}",
    "NaN": '{"sides": [{"hands": [[]], "red_threes": NaN}]}',
    "Infinity": '{"sides": [{"hands": [["7H"]], "melds": [["7H", "7S", "7D"]]}], "x": -Infinity}',
    "1e999": '{"sides": [{"hands": [[]], "red_threes": 1e999}]}',
    "sides not dicts": '{"sides": [1, "two", null]}',
    "hands of dicts": '{"sides": [{"hands": [{}]}, {"hands": [[]]}]}',
    "lone surrogate": '{"sides": "\\ud800"}',
    "not a record": "[1, 2, 3]",
    "null": "null",
    "empty": "",
}


@pytest.mark.parametrize("name", list(HOSTILE_JSON))
def test_score_refuses_hostile_json_in_one_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(HOSTILE_JSON[name], encoding="utf-8", errors="surrogatepass")
    code, lines = run(["score", str(path)])
    assert code == 2 and len(lines) == 1 and lines[0].startswith("error: "), lines
    assert "Traceback" not in lines[0] and ".." not in lines[0]


def test_score_refuses_bytes_that_are_not_text(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b"\xff\xfe\x00{")
    assert run(["score", str(path)])[0] == 2
    assert run(["score", str(tmp_path)])[0] == 2  # a folder
    assert run(["score", str(tmp_path / "none.json")])[0] == 2


@pytest.mark.parametrize("argv", [
    ["meld"], ["meld", "7H", "XX"], ["meld", "--variant", "nope", "7H"], ["min-meld", "lots"],
    ["min-meld", "9" * 5000], ["simulate", "--players", "9", "--games", "1", "--seed", "1"],
    ["simulate", "--players", "x"], ["simulate", "--players", "2", "--games", "1", "--seed", "9" * 5000],
    ["simulate", "--players", "2", "--games", "0", "--seed", "1"], ["arena", "--deals", "0", "a", "b"],
    ["arena", "--deals", "1", "nobody", "random"], ["arena", "--deals", "1", "--workers", "-5", "x", "y"],
    ["nosuchtool"], ["score"], ["bench", "--seed", "x"],
])
def test_bad_flags_are_one_line(argv: list[str]) -> None:
    code, lines = run(argv)
    assert code == 2 and len(lines) == 1, (argv, lines)


def test_random_command_lines_never_raise() -> None:
    rng = random.Random(7)
    for _ in range(150):
        argv = random_argv(rng)
        if argv is not None:
            check(argv)


def test_a_real_process_prints_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 50_000, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game", "score", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "nested too deeply" in done.stderr
