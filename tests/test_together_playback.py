"""The table with friends does what the table alone does after a move and after a hand: Z takes the
player's last meld of the turn back (asked of the server, which judges it), the log says so, and a
second Z past the draw is refused with the reason; after the hand, the scoring screen offers the replay
and the review of that hand, from the record the server sent once the hand was over, and the game-over
screen the last hand's."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pygame
import pytest

from game.net.protocol import dumps
from game.net.table import Refused, Table
from game.rules.actions import DrawStock
from game.rules.legal import legal_actions
from game.rules.state import Phase, shuffled_deck
from game.rules.take_back import UNDOABLE
from game.shell.app import App
from game.shell.net_turns import NetTurns
from scenes.net_table import NetTableScene
from scenes.replay import ReplayScene
from scenes.review import ReviewScene
from scenes.scoring import ScoringScene
from tests.test_together_flow import _host, flow, frames_until  # noqa: F401 (flow: the fixture)


class TableWire:
    """A session to a table in this process: a move sent is judged by the table at once, and what the
    seat is told comes back through `poll`; the computers (every other seat) play the first legal move."""

    def __init__(self, table: Table, seat: int = 0) -> None:
        self.table, self.seat = table, seat
        self.coming: list[dict] = []
        self.sent: list[dict] = []

    def tell(self, outs) -> None:
        self.coming += [json.loads(dumps(m)) for s, m in outs if s is None or s == self.seat]

    def computers(self) -> None:
        while (seat := self.table.computer_seat()) is not None:
            self.tell(self.table.play_computer(seat, legal_actions(self.table.state)[0]))

    def send(self, message: dict) -> None:
        self.sent.append(message)
        try:
            self.tell(self.table.play(self.seat, message["move"]))
        except Refused as why:
            self.coming.append({"type": "refused", "reason": str(why)})
        self.computers()

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


def settle(app: App, table: NetTableScene) -> None:
    turns = table.controller
    for _i in range(600):
        app.run(frames=3)
        if not turns.pending and not turns.sent and table.cards.tweener.idle:
            return
    raise AssertionError("the table did not take the states in")


def key(scene, k: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def test_z_takes_the_last_meld_back_at_the_server_and_the_log_says_so(app: App) -> None:
    table = Table.create("T", "bolivia", 4, None, {}, seed=0)
    table.take_seat("Ann", "en", 0)
    wire = TableWire(table)
    wire.tell(table.start("first", shuffled_deck(table.state.rules, 0, 1)))
    wire.computers()
    messages = wire.poll()
    first = next(m for m in messages if m["type"] == "state")
    turns = NetTurns(wire, first)  # type: ignore[arg-type]
    turns.take(messages[messages.index(first) + 1:])
    scene = NetTableScene(turns, ["You", "West", "North", "East"])
    app.scenes.request(scene)
    settle(app, scene)
    assert scene.state.to_act == 0 and scene.state.phase == Phase.DRAW
    key(scene, pygame.K_z)  # nothing to take back before the draw: said at once, nothing sent
    assert wire.sent == [] and scene.messages.shown().message == "Nothing to undo."
    assert scene.play(DrawStock(), set())
    settle(app, scene)
    drawn = sorted(scene.state.hands[0])
    melds = len(scene.state.melds[0])  # the partner's, if North melded before
    meld = next(a for a in legal_actions(scene.state) if isinstance(a, UNDOABLE))
    assert scene.play(meld, set())
    settle(app, scene)
    assert len(scene.state.hands[0]) < len(drawn) and len(scene.state.melds[0]) > melds
    assert turns.can_undo

    key(scene, pygame.K_z)
    assert wire.sent[-1] == {"type": "move", "move": {"undo": True}}
    settle(app, scene)
    assert len(scene.state.hands[0]) == len(drawn) and len(scene.state.melds[0]) == melds
    assert len(table.state.melds[0]) == melds and len(table.state.hands[0]) == len(drawn)  # the server's too
    line = scene.log_panel.lines[-1]
    assert line.startswith("You took back ") and "your last meld" not in line  # its cards, named

    sent = len(wire.sent)
    key(scene, pygame.K_z)  # past the draw: refused here, as alone, and nothing sent
    assert len(wire.sent) == sent
    assert scene.messages.shown().message == "Nothing to undo: the draw showed new cards, so it stays."


def test_after_a_hand_with_friends_the_scoring_offers_its_replay_and_review(flow) -> None:  # noqa: F811
    """The host (the game) and a partner (a headless seat) play a hand with two computers; at the scoring
    screen R opens the hand's replay and V its review, each coming back to the scoring."""
    from game.net.client import SeatPlayer
    from game.net.session import Session

    lobby = _host(flow)
    friend = Session()
    try:
        friend.open(f"ws://{lobby.address}", {"type": "join", "table": lobby.code, "name": "Bo", "seat": 2,
                                               "language": "sv"})
        assert friend.wait("seated", timeout=10)["seat"] == 2
        frames_until(flow, lambda: lobby.table is not None and lobby.table["seats"][2]["name"] == "Bo")
        assert flow.announcer is not None  # listed on the network while seats are free
        lobby.on_start("first")
        table = frames_until(flow, lambda: isinstance(flow.app.scenes.current, NetTableScene))
        assert flow.announcer is None  # begun: nobody can join it, no longer listed (it stayed listed)
        drawn = table.relayouts
        table.set_names(["You", "West", "Bo (away)", "East"])  # a seat away: its label is drawn anew at once
        assert table.relayouts > drawn and table.view.names[2] == "Bo (away)"
        table.set_names(["You", "West", "Bo", "East"])
        bo = SeatPlayer("first")

        def both() -> None:
            for msg in friend.poll():
                if msg.get("type") == "state" and msg["legal"] and msg["to_act"] == msg["seat"]:
                    friend.send({"type": "move", "move": bo.choose(msg)})
            scene = flow.app.scenes.current
            if isinstance(scene, NetTableScene):
                if scene.dialogs.dialog is not None:
                    scene.dialogs.dialog.on_answer(True)
                elif scene.controller.human_to_act and scene.cards.tweener.idle:
                    assert scene.play(legal_actions(scene.state)[0], set())

        scoring = frames_until(flow, lambda: isinstance(flow.app.scenes.current, ScoringScene), 120.0, both)
        assert scoring.on_replay is not None and scoring.on_review is not None
        key(scoring, pygame.K_r)
        replay = frames_until(flow, lambda: isinstance(flow.app.scenes.current, ReplayScene))
        assert replay.model.hand.hand == scoring.result["hand"]
        assert replay.names is not None and replay.names[2] == "Bo"  # the partner's name on his seat, as at the table
        key(replay, pygame.K_ESCAPE)
        frames_until(flow, lambda: flow.app.scenes.current is scoring)
        key(scoring, pygame.K_v)
        review = frames_until(flow, lambda: isinstance(flow.app.scenes.current, ReviewScene))
        assert review.hand.hand == scoring.result["hand"] and review.seat == 0 and review.names[2] == "Bo"
        frames_until(flow, lambda: review.review is not None, 60.0)  # worked out a little each frame
        key(review, pygame.K_ESCAPE)
        frames_until(flow, lambda: flow.app.scenes.current is scoring)
    finally:
        friend.close()
