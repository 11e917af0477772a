"""The table over the network, drawn from the seat's messages alone: the partner's question asked once and
answered once (the dialog must not come back while the answer is on its way: it froze the table), the
people's names, and a notice of a seat away."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.net.session import Session
from game.shell.app import App
from game.shell.net_turns import NetTurns
from scenes.net_table import NetTableScene


class Wire:
    """A session's two ends as the table uses them: what it sends is kept, what it reads is given."""

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.coming: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict]:
        out, self.coming = self.coming, []
        return out

    def close(self) -> None:
        pass


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1024, 640))
    yield a
    a.close()


@pytest.fixture
def first_state(tmp_path) -> dict:
    """A real seat's first state, from a real server on 127.0.0.1 (seat 2 of four, the host's partner)."""
    host = Session()
    friend = Session()
    try:
        url = host.host("127.0.0.1", 0, tmp_path)
        host.open(url, {"type": "create", "players": 4, "name": "Ann"})
        code = host.wait("seated")["table"]
        friend.open(url, {"type": "join", "table": code, "name": "Bo", "seat": 2})
        friend.wait("seated")
        host.send({"type": "start", "computers": "random"})
        while True:
            msg = friend.wait("state")
            if msg["seat"] == 2:
                return msg
    finally:
        friend.close()
        host.close()


def asked_by_partner(state: dict) -> dict:
    """The same table at the moment the partner (seat 0, the host) asks seat 2 "may I go out?"."""
    return {**state, "phase": "answer", "turn": 0, "to_act": 2, "asked": True, "legal": [{"answer": True},
                                                                                       {"answer": False}],
            "events": [{"type": "asked", "seat": 0}], "version": state["version"] + 1}


def settle(app: App, turns: NetTurns) -> None:
    """Frames until the states that came are drawn (the deal's animation first)."""
    for _i in range(400):
        app.run(frames=3)
        if not turns.pending:
            return
    raise AssertionError("the table did not take the states in")


def test_the_partners_question_is_asked_once_and_answered_once(app: App, first_state: dict) -> None:
    wire = Wire()
    turns = NetTurns(wire, first_state)  # type: ignore[arg-type]
    table = NetTableScene(turns, ["You", "West", "Ann", "East"])
    app.scenes.request(table)
    app.run(frames=3)
    wire.coming.append(asked_by_partner(first_state))
    app.run(frames=2)
    settle(app, turns)
    assert table.dialogs.dialog is not None, "the partner's question is asked"
    assert table.names[turns.state.turn] == "Ann"
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))  # Yes
    app.run(frames=10)
    assert wire.sent == [{"type": "move", "move": {"answer": True}}]
    assert table.dialogs.dialog is None, "asked again while the answer was on its way"
    nxt = {**asked_by_partner(first_state), "phase": "meld", "to_act": 0, "permission": True, "legal": [],
           "events": [{"type": "answered", "seat": 2, "yes": True}], "version": first_state["version"] + 2}
    wire.coming.append(nxt)
    app.run(frames=2)
    settle(app, turns)
    assert turns.state.permission is True and not turns.pending  # the table went on


def test_a_seat_away_and_back_is_said_on_the_message_line(app: App, first_state: dict) -> None:
    wire = Wire()
    turns = NetTurns(wire, first_state)  # type: ignore[arg-type]
    table = NetTableScene(turns, ["You", "West", "Ann", "East"])
    app.scenes.request(table)
    app.run(frames=3)
    wire.coming.append({"type": "notice", "kind": "away", "seat": 0, "name": "Ann",
                        "text": "Ann is away: the computer plays for them"})
    app.run(frames=3)
    assert table.messages.shown().message == "Ann is away: the computer plays for them"


def test_a_partner_who_never_answers_is_shown_thinking_for_as_long_as_it_lasts(app: App, first_state: dict) -> None:
    """Seat 2 asks its partner (the host) "may I go out?" and the host says nothing: the table says how long
    the partner has been thinking, and counts on."""
    now = [100.0]
    wire = Wire()
    turns = NetTurns(wire, first_state, clock=lambda: now[0])  # type: ignore[arg-type]
    table = NetTableScene(turns, ["You", "West", "Ann", "East"])
    app.scenes.request(table)
    app.run(frames=3)
    asking = {**first_state, "phase": "answer", "turn": 2, "to_act": 0, "asked": True, "legal": [],
              "events": [{"type": "asked", "seat": 2}], "version": first_state["version"] + 1}
    wire.coming.append(asking)
    app.run(frames=2)
    settle(app, turns)
    assert table.dialogs.dialog is None  # the question is the partner's to answer, not ours
    # Shown each second; said aloud only at 10, 30 and 60 seconds, then once a minute (said every second,
    # it drowned whatever else the table had to say).
    aloud: list[str] = []
    table.messages.on_show = aloud.append
    shown = []
    for _second in range(125):
        now[0] += 1.0
        app.run(frames=1)
        shown.append(table.messages.shown().message)
    assert shown[6] == "Ann has been thinking for 7 seconds" and shown[59] == "Ann has been thinking for 60 seconds"
    assert aloud == [f"Ann has been thinking for {n} seconds" for n in (10, 30, 60, 120)]


def test_a_state_the_table_cannot_read_ends_the_connection_plainly(app: App, first_state: dict) -> None:
    """A hostile or damaged state (a hand of cards the packs do not hold) is not drawn and crashes nothing:
    the table says the connection is over."""
    wire = Wire()
    turns = NetTurns(wire, first_state)  # type: ignore[arg-type]
    lost: list[str] = []
    table = NetTableScene(turns, ["You", "West", "Ann", "East"], on_lost=lost.append)
    app.scenes.request(table)
    app.run(frames=3)
    wire.coming.append({**first_state, "hand": ["AS"] * 40, "version": first_state["version"] + 1})
    for _i in range(200):
        app.run(frames=3)
        if lost:
            break
    assert lost == ["The table sent a position this game cannot read."]


def lobby_seats(connected: bool, away: bool = False) -> list[dict]:
    """The table's seats as the server tells them: the host (seat 0, our partner) connected or not."""
    return [{"seat": 0, "name": "Ann", "person": True, "computer": away, "away": away, "connected": connected},
            {"seat": 1, "name": "", "person": False, "computer": True, "away": False, "connected": False},
            {"seat": 2, "name": "Bo", "person": True, "computer": False, "away": False, "connected": True},
            {"seat": 3, "name": "", "person": False, "computer": True, "away": False, "connected": False}]


def test_a_seat_that_drops_is_said_away_at_once_and_its_seconds_counted(app: App, first_state: dict) -> None:
    """Ann's connection drops while the table waits for her: the table says so at once, with the seconds
    before the computer plays for her (not 'Ann has been thinking for 40 seconds', as it said), counts
    them, and says her back when she returns before the computer took her seat."""
    now = [100.0]
    wire = Wire()
    turns = NetTurns(wire, first_state, clock=lambda: now[0])  # type: ignore[arg-type]
    table = NetTableScene(turns, ["You", "West", "Ann", "East"])
    app.scenes.request(table)
    app.run(frames=3)
    waiting = {**first_state, "phase": "draw", "turn": 0, "to_act": 0, "legal": [], "events": [],
               "version": first_state["version"] + 1}
    wire.coming.append(waiting)
    app.run(frames=2)
    settle(app, turns)
    table.seats_changed(lobby_seats(connected=False), 2, 60)
    assert table.messages.shown().message == "Ann is away — the computer plays for them after 60 s"
    from scenes.net_table import seat_names_at
    names = seat_names_at(lobby_seats(connected=False), 2, ["You", "West", "North", "East"])
    assert names[2] == "Ann (away)"
    table.set_names(names)
    assert table.view.side_names == ["You & Ann", "West & East"]  # away on her seat, not in the side's name
    shown = []
    for _second in range(12):
        now[0] += 1.0
        app.run(frames=1)
        shown.append(table.messages.shown().message)
    assert shown[-1] == "Ann has been away for 12 seconds; the computer plays for them in 48 seconds"
    assert not any("thinking" in line for line in shown)
    table.set_names(seat_names_at(lobby_seats(connected=True), 2, ["You", "West", "North", "East"]))  # as the flow
    table.seats_changed(lobby_seats(connected=True), 2, 60)
    assert table.messages.shown().message == "Ann is back"
    now[0] += 9.0
    app.run(frames=1)
    # Her thinking is counted from her return, not from her turn's start 21 seconds ago.
    assert table.messages.shown().message == "Ann has been thinking for 9 seconds"


def test_a_seat_the_computer_took_is_not_said_back_twice(app: App, first_state: dict) -> None:
    """Once the seat timeout is over the server says 'Ann is away: the computer plays for them' itself; the
    table stops counting and says nothing of its own, then or when she comes back (the server's notice)."""
    now = [100.0]
    wire = Wire()
    turns = NetTurns(wire, first_state, clock=lambda: now[0])  # type: ignore[arg-type]
    table = NetTableScene(turns, ["You", "West", "Ann", "East"])
    app.scenes.request(table)
    app.run(frames=3)
    table.seats_changed(lobby_seats(connected=False), 2, 60)
    table.seats_changed(lobby_seats(connected=False, away=True), 2, 60)
    assert table._gone == {}
    table.messages.show("something else", 5.0, key="notice")
    table.seats_changed(lobby_seats(connected=True), 2, 60)
    assert table.messages.shown().message == "something else"


def test_a_seat_resumed_in_the_middle_of_a_hand_says_so_in_the_log(app: App, first_state: dict) -> None:
    """A resume's state carries no events (the hand's story was told before the drop): the log says where
    the table is instead of standing empty."""
    turns = NetTurns(Wire(), {**first_state, "events": []})  # type: ignore[arg-type]
    table = NetTableScene(turns, ["You", "West", "Ann", "East"])
    n = turns.state.hand_no
    assert table.log_panel.lines == ([f"Hand {n}: back at the table; your turn."] if turns.state.to_act == 0 else
                                     [f"Hand {n}: back at the table."])
