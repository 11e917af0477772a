"""`python -m game lan-time`: a table announced on this computer's loopback is listed by a new browser, in
both orders a player meets, and a count out of range is one clear line and exit 2."""

from __future__ import annotations

from game.tools.cli import main
from game.tools.lan_time import run


def test_a_table_is_listed_whichever_opens_first() -> None:
    result = run(1)
    for order in ("joiner_after", "joiner_waiting"):
        assert result[order]["found"] == 1, order
        assert result[order]["max_s"] is not None and result[order]["max_s"] < 10


def test_a_count_of_runs_out_of_range_is_refused_plainly(capsys) -> None:
    assert main(["lan-time", "--runs", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
