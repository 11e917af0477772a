"""Play with friends, as a player goes through it: host a table from the menu's screen, a friend joins
as partner, the lobby shows both names, the host starts with computers in the other seats, and the
two people play a hand at the table over the network (on 127.0.0.1 only) to the scoring screen."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai import get_player
from game.keep.settings import GameSetup
from game.keep.storage import Storage
from game.net.client import SeatPlayer
from game.net.invite import spoken
from game.net.session import Session
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.view import view_of
from game.shell.flow import Flow
from scenes import together as together_scene
from scenes.net_table import NetTableScene
from scenes.scoring import ScoringScene
from scenes.together import LobbyScene, TogetherScene
from tests.scene_helpers import FakeClock


@pytest.fixture
def flow(tmp_path: Path, monkeypatch) -> Iterator[Flow]:
    monkeypatch.setenv("BOLIVIA_TABLE_HOST", "127.0.0.1")
    monkeypatch.setenv("BOLIVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(Flow, "_found_tables", lambda self: [])  # the LAN list has its own test
    f = Flow((1024, 640), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    yield f
    f.close()


def frames_until(flow: Flow, done, seconds: float = 20.0, each=None):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        flow.app.run(frames=3)  # a run's first frame is 0 s long: three frames make time pass
        if each is not None:
            each()
        if done():
            return flow.app.scenes.current
        time.sleep(0.002)
    scene = flow.app.scenes.current
    where = ""
    if isinstance(scene, NetTableScene):
        t = scene.controller
        where = (f": {t.state.phase} to act {t.state.to_act}, sent {t.sent}, {len(t.pending)} waiting, "
                 f"moving {not scene.cards.tweener.idle}, asked {scene.dialogs.dialog is not None}, "
                 f"end {scene.end_wait}, told {list(t.messages)[-3:]}")
    raise AssertionError(f"not reached in {seconds} s; on {type(scene).__name__}{where}")


def _host(flow: Flow) -> LobbyScene:
    flow.open_together()
    together = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene))
    together.on_host("Ann")
    flow.app.run(frames=1)
    flow._host_with(GameSetup(players=4, level="easy", target=2500, speed="fast"))
    return frames_until(flow, lambda: isinstance(flow.app.scenes.current, LobbyScene)
                        and flow.app.scenes.current.table is not None)


def test_host_a_table_a_friend_joins_as_partner_and_both_play_a_hand_to_the_scoring(flow: Flow) -> None:
    lobby = _host(flow)
    assert lobby.hosting and len(lobby.code) == 6
    assert lobby.address.startswith("127.0.0.1:")
    friend = Session()
    try:
        friend.open(f"ws://{lobby.address}", {"type": "join", "table": lobby.code.lower(), "name": "Bo", "seat": 2,
                                               "language": "fr"})
        assert friend.wait("seated", timeout=10)["seat"] == 2
        frames_until(flow, lambda: lobby.table is not None and lobby.table["seats"][2]["name"] == "Bo")
        assert [s["person"] for s in lobby.table["seats"]] == [True, False, True, False]
        friend.send({"type": "ready", "ready": True})  # Bo is ready: the host's lobby shows it
        frames_until(flow, lambda: lobby.ready_seats == {2})
        lobby.on_start("easy")
        table = frames_until(flow, lambda: isinstance(flow.app.scenes.current, NetTableScene))
        assert table.names[2] == "Bo"  # the partner's name on the seat across the table
        assert table.view.side_names == ["You & Bo", "West & East"]  # the partnership by its people
        table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode="", scancode=0))
        assert friend.wait("said", timeout=10)["phrase"] == "good_luck"  # Good luck, to the whole table
        frames_until(flow, lambda: "Good luck!" in (table.messages.shown().message if table.messages.shown() else ""))

        seat_player, greedy, rng = SeatPlayer("greedy", seed=3), get_player("greedy"), random.Random(3)

        def friend_plays() -> None:
            for msg in friend.poll():
                if msg.get("type") == "state" and msg["legal"] and msg["to_act"] == msg["seat"]:
                    friend.send({"type": "move", "move": seat_player.choose(msg)})

        def host_plays() -> None:
            scene = flow.app.scenes.current
            if not isinstance(scene, NetTableScene):
                return
            if scene.dialogs.dialog is not None:
                scene.dialogs.dialog.on_answer(True)  # the partner asks to go out: yes
            elif scene.controller.human_to_act and scene.cards.tweener.idle:
                state = scene.state
                assert scene.play(greedy(view_of(state, 0), legal_actions(state), rng))

        def both() -> None:
            friend_plays()
            host_plays()

        scoring = frames_until(flow, lambda: isinstance(flow.app.scenes.current, ScoringScene), 90.0, both)
        result = scoring.result
        assert len(result["scores"]) == 2
        assert [c.name for c in scoring.columns] == ["You & Bo", "West & East"]
        assert [h.name for h in scoring.columns[0].hands] == ["You", "Bo"]  # each hand's cards under its person
        assert table.log_panel.lines  # the hand's story was told from the seat's events
    finally:
        friend.close()


def test_a_wrong_code_goes_back_to_the_join_screen_with_the_reason(flow: Flow) -> None:
    lobby = _host(flow)
    flow2_address = lobby.address
    flow.open_together()
    together = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene))
    together.on_join("Cy", f"ZZZ ZZZ {flow2_address}", False)
    back = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene)
                        and flow.app.scenes.current.status != "")
    assert back.status  # the host's table closed with open_together: nobody listens, or no such table


def test_a_typed_invite_without_address_is_refused_on_the_spot(flow: Flow) -> None:
    flow.open_together()
    together = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene))
    together.on_join("Cy", "K7QM3X", True)
    assert "address" in together.status


def test_the_host_vanishes_and_the_guest_is_told_and_offered_to_continue(flow: Flow, tmp_path: Path) -> None:
    """A guest at a table whose host's game closes: back on Play with friends, told the game is kept, with
    Continue the last table offered; continuing when the host is back brings the same seat."""
    host = Session()
    url = host.host("127.0.0.1", 0, tmp_path / "hosted")
    host.open(url, {"type": "create", "players": 4, "name": "Ann"})
    code = host.wait("seated")["table"]
    flow.open_together()
    together = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene))
    together.on_join("Cy", f"{code} {url}", True)
    lobby = frames_until(flow, lambda: isinstance(flow.app.scenes.current, LobbyScene)
                         and flow.app.scenes.current.table is not None)
    assert lobby.me == 2 and not lobby.hosting
    host.send({"type": "start", "computers": "random"})
    frames_until(flow, lambda: isinstance(flow.app.scenes.current, NetTableScene))
    host.close()  # the host's game closes: its server saves the table and stops
    back = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene))
    assert "lost" in back.status and back.on_resume is not None
    assert back.resume_info == f"Your last table, {spoken(code)}, can go on with the same seats."  # as said aloud


def test_games_with_friends_are_counted_apart_and_shown_on_the_statistics(flow: Flow) -> None:
    from types import SimpleNamespace

    from game.rules.state import GameState
    from scenes.statistics import StatisticsScene

    before = flow.storage.load_stats()
    state = GameState(4, 1)
    flow._count_friends_game(SimpleNamespace(state=changed(state, winner=0)))  # the player's side
    flow._count_friends_game(SimpleNamespace(state=changed(state, winner=1)))
    assert flow.friends_record() == (2, 1)
    assert flow.storage.load_stats() == before  # the games against the computer are not touched
    flow.open_statistics()
    flow.app.run(frames=2)
    scene = flow.app.scenes.current
    assert isinstance(scene, StatisticsScene)
    assert ("Games with friends, every game", "2 played, 1 won", False) in scene.lines()


def test_joining_a_full_table_says_so_on_the_join_screen(flow: Flow, tmp_path: Path) -> None:
    host = Session()
    other = Session()
    try:
        url = host.host("127.0.0.1", 0, tmp_path / "hosted")
        host.open(url, {"type": "create", "players": 2, "name": "Ann"})
        code = host.wait("seated")["table"]
        other.open(url, {"type": "join", "table": code, "name": "Bo"})
        other.wait("seated")
        flow.open_together()
        together = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene))
        together.on_join("Cy", f"{code} {url}", True)  # opposite the host: no seat 2 at two, then any: none
        back = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene)
                            and flow.app.scenes.current.status != "")
        assert back.status == "This table is full."
    finally:
        other.close()
        host.close()


def test_a_lobby_message_the_game_cannot_read_goes_back_to_the_join_screen(flow: Flow, tmp_path: Path) -> None:
    lobby = _host(flow)
    flow.net.inbox.put({"type": "table", "seats": "not a list of seats"})  # as a server not of ours might
    back = frames_until(flow, lambda: isinstance(flow.app.scenes.current, TogetherScene))
    assert back.status == "The table sent a message this game cannot read."
    assert lobby is not back


def test_a_guest_sees_at_which_level_the_computers_will_play_the_empty_seats(flow: Flow, monkeypatch) -> None:
    # Played: Bo joined Ann's table; his lobby said "Computer: waiting for a player" on the empty seats,
    # never at which level, while Ann's said "Computer (Easy)" and she could change it.
    lobby = _host(flow)  # Ann's setup: the computers play easy
    friend = Session()
    try:
        friend.open(f"ws://{lobby.address}", {"type": "join", "table": lobby.code, "name": "Bo", "seat": 2,
                                               "language": "fr"})
        assert friend.wait("seated", timeout=10)["seat"] == 2
        assert friend.wait("table", timeout=10)["computers"] == "easy"
        lobby.level_button.activate()  # Ann: Computers: Normal

        def guest_sees(level: str) -> dict:
            end = time.monotonic() + 10
            while time.monotonic() < end:
                flow.app.run(frames=1)  # the host's lobby sends its choice
                for msg in friend.poll():
                    if msg.get("type") == "table" and msg.get("computers") == level:
                        return msg
                time.sleep(0.01)
            raise AssertionError(f"the guest was never told {level}")

        table = guest_sees("normal")
        guest = LobbyScene(False, lobby.code, lobby.address, 2, lambda level: None, lambda: None, lambda: None)
        guest.show_table(table)
        guest.resize((1024, 640))
        shown: list[str] = []
        monkeypatch.setattr(together_scene, "draw_text", lambda surface, text, *a, **k: shown.append(text))
        guest.draw(pygame.Surface((1024, 640)))
        assert "West: Computer (Normal): waiting for a player" in shown  # Bo's left, and his right
        assert "East: Computer (Normal): waiting for a player" in shown
        friend.send({"type": "computers", "computers": "expert"})  # only the host chooses
        assert friend.wait("error", timeout=10)["reason"]
        lobby.on_start(lobby.level)
        frames_until(flow, lambda: isinstance(flow.app.scenes.current, NetTableScene))
    finally:
        friend.close()
