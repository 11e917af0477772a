"""Each seat's `state` message is put together from the text every seat shares and its own parts: over
seeded games of each variant, the text sent is exactly the message encoded whole."""

from __future__ import annotations

import json

import pytest

from game.net.protocol import Encoded, dumps
from game.net.table import Table


def _whole(message: dict) -> str:
    return json.dumps(dict(message), ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize(("variant", "players", "seed"), [("bolivia", 4, 1), ("standard", 3, 2), ("samba", 2, 3),
                                                          ("bolivia", 2, 4)])
def test_assembled_state_text_is_the_message_encoded_whole(variant: str, players: int, seed: int) -> None:
    table = Table.create("T", variant, players, None, {}, seed=seed)
    outs = table.start("greedy")
    states = 0
    for _move in range(600):
        for _seat, message in outs:
            if message["type"] == "state":
                assert type(message) is Encoded
                assert dumps(message) == _whole(message)
                assert json.loads(dumps(message)) == message
                states += 1
        seat = table.computer_seat()
        if seat is None:
            break
        outs = table.play_computer(seat, None)
    for s in range(players):  # a resumed seat's state, without events
        assert dumps(table.full_state(s)) == _whole(table.full_state(s))
    assert states > 600 * players // 2
