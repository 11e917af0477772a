"""The game's side of a table over the network: the session's thread and queues, the seat's mirror the
table draws, and the turns played through it, against a real server on 127.0.0.1."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from game.net.mirror import turned
from game.net.session import Session
from game.rules.actions import Discard
from game.rules.cards import FACE, parse_face
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.state import Phase
from game.shell.net_turns import NetTurns


@pytest.fixture
def host(tmp_path):
    session = Session()
    url = session.host("127.0.0.1", 0, tmp_path, seat_timeout=30.0)
    yield session, url
    session.close()


def _first_state(session: Session, seat: int) -> dict:
    while True:
        msg = session.wait("state", timeout=10)
        if msg["seat"] == seat:
            return msg


def _check_mirror(turns: NetTurns, msg: dict) -> None:
    """The mirror holds the seat's cards as the message says, every other place as a count only."""
    st = turns.state
    assert sorted(FACE[c] for c in st.hands[0]) == sorted(parse_face(c) for c in msg["hand"])
    sizes = turned(msg, turns.me)["hand_sizes"]
    assert [len(h) for h in st.hands] == sizes
    assert len(st.stock) == msg["stock_count"]
    every = st.stock + st.pile + [c for h in st.hands for c in h] + [c for r in st.melds for m in r
                                                                     for c in m.cards]
    assert len(every) == len(set(every)), "a card id in two places"


def test_a_hosted_table_plays_a_hand_from_the_seats_mirror(host):
    """The host makes a table, starts it with computers, and plays a whole hand through NetTurns: at
    every state the mirror holds exactly the seat's cards, and counts for the rest."""
    session, url = host
    session.open(url, {"type": "create", "variant": "bolivia", "players": 4, "name": "Ann", "language": "en"})
    seated = session.wait("seated")
    assert seated["seat"] == 0 and seated["token"]
    session.send({"type": "start", "computers": "random"})
    first = _first_state(session, 0)
    turns = NetTurns(session, first)
    _check_mirror(turns, first)
    states: list[dict] = []
    orig = session.poll

    def poll() -> list[dict]:
        out = orig()
        states.extend(m for m in out if m.get("type") == "state")
        return out

    session.poll = poll
    moves, deadline = 0, time.monotonic() + 60
    while time.monotonic() < deadline:
        applied = turns.update(0.0, busy=False)
        if applied is not None:
            msg = states[len(states) - len(turns.pending) - 1]
            _check_mirror(turns, msg)
            if turns.mirror.results:
                break
        if turns.human_to_act:
            turns.play(legal_actions(turns.state)[0])
            moves += 1
        time.sleep(0.002)
    assert turns.mirror.results, "the hand did not end in time"
    assert moves > 0
    result = turns.mirror.results[0]
    assert len(result["scores"]) == 2 and result["totals"] == [s["total"] for s in result["scores"]]


def test_the_joiner_sits_at_the_bottom_and_a_move_out_of_turn_is_refused_locally(host):
    """A friend who joins seat 2 sees their own seat as seat 0 (the partner of the host's seat is
    still across the table), and a move when it is not their turn is refused with the reason, unsent."""
    session, url = host
    session.open(url, {"type": "create", "variant": "bolivia", "players": 4, "name": "Ann", "language": "en"})
    code = session.wait("seated")["table"]
    friend = Session()
    try:
        friend.open(url, {"type": "join", "table": code, "name": "Bo", "seat": 2, "language": "fr"})
        assert friend.wait("seated")["seat"] == 2
        session.send({"type": "start", "computers": "random"})
        first = _first_state(friend, 2)
        turns = NetTurns(friend, first)
        st = turns.state
        assert st.to_act == (first["to_act"] - 2) % 4
        assert [len(h) for h in st.hands] == first["hand_sizes"][2:] + first["hand_sizes"][:2]
        assert st.melds == [] or len(st.melds) == 2
        if st.to_act != 0:
            with pytest.raises(IllegalAction):
                turns.play(Discard(st.hands[0][0]))
            assert not turns.sent
        assert Counter(FACE[c] for c in st.hands[0]) == Counter(parse_face(c) for c in first["hand"])
        assert st.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER)
    finally:
        friend.close()


def test_a_wrong_code_and_an_address_where_nobody_listens_are_said_plainly(host):
    session, url = host
    stranger = Session()
    try:
        stranger.open(url, {"type": "join", "table": "ZZZZZZ", "name": "Cy"})
        assert "no table" in stranger.wait("error")["reason"]
    finally:
        stranger.close()
    nobody = Session()
    try:
        nobody.open("ws://127.0.0.1:9", {"type": "join", "table": "ZZZZZZ"})
        assert "Could not reach" in nobody.wait("failed", timeout=10)["reason"]
    finally:
        nobody.close()


def test_a_table_message_reaches_every_seat_and_free_text_is_refused(host):
    """Good luck, from the host's seat: the friend hears it as a phrase, shown in the friend's own words."""
    session, url = host
    session.open(url, {"type": "create", "variant": "bolivia", "players": 4, "name": "Ann"})
    code = session.wait("seated")["table"]
    friend = Session()
    try:
        friend.open(url, {"type": "join", "table": code, "name": "Bo", "language": "fr"})
        friend.wait("seated")
        session.send({"type": "say", "phrase": "good_luck"})
        assert friend.wait("said") == {"type": "said", "seat": 0, "phrase": "good_luck"}
        assert session.wait("said")["phrase"] == "good_luck"
        friend.send({"type": "say", "phrase": "<b>buy my stuff</b>"})
        assert "phrase" in friend.wait("error")["reason"]
        friend.send({"type": "ready", "ready": True})
        assert session.wait("ready")["seats"] == [1]
        friend.send({"type": "ready", "ready": "yes"})
        assert "ready" in friend.wait("error")["reason"]
    finally:
        friend.close()
