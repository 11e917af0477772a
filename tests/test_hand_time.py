"""`python -m game hand-time`: a deal code that cannot be read gets one clear line and exit 2, no traceback;
its default deal is a code the game itself reads (the measure plays whole hands: run by hand, not here)."""

from __future__ import annotations

import pytest

from game.__main__ import main
from game.rules.deal_code import decode
from game.tools.hand_time import DEFAULT_DEAL


def test_a_bad_deal_code_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand-time", "--deal", "NOT-A-CODE!"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_default_deal_is_a_code_the_game_reads() -> None:
    code = decode(DEFAULT_DEAL)
    assert (code.game, code.players) == ("bolivia", 4)
