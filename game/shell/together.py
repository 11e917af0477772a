"""Play with friends, as the flow runs it (a part of `Flow`, like keeping.py and rooms.py): host a table
(the setup screen, then the table server started in the background, the same code as
`python -m game serve`), join one, the lobby, the table over the network, and a table that stopped
offered again from the menu with the same seats.

The connection lives on the session's own thread (game/net/session.py); here, on the frame's thread,
its messages are read once a frame (`_pump` in the lobby, NetTurns at the table), never waited for.
"""

from __future__ import annotations

import json
import logging
import os
import socket
from dataclasses import replace
from typing import TYPE_CHECKING

from game.i18n import _
from game.keep.atomic_files import write_text_atomic
from game.keep.folder_files import data_dir
from game.keep.safe_json import BadFile, read_json_file
from game.keep.settings import GameSetup
from game.net.invite import DEFAULT_PORT, BadInvite, read_invite, spoken
from game.rules.house import house_of
from game.rules.state import Phase
from game.ui.narrate import seat_names

if TYPE_CHECKING:
    from game.net.session import Session
    from scenes.net_table import NetTableScene
    from scenes.together import LobbyScene

# The network (asyncio, websockets) and these screens are imported when a player first asks for a table
# with friends, not at start-up: the menu comes sooner.

log = logging.getLogger("bolivia.together")

SEAT_FILE = "table_seat.json"  # the last table's seat, to continue later
HOSTED = "hosted"  # the folder of the tables this game hosts
FRIENDS_FILE = "friends_stats.json"  # games with friends, counted apart


def table_host() -> str:
    """Where the table server this game hosts listens: the local network (every interface) unless
    BOLIVIA_TABLE_HOST says otherwise (127.0.0.1: this computer only, as the tests do)."""
    return os.environ.get("BOLIVIA_TABLE_HOST", "0.0.0.0")


def shown_address(host: str, port: int) -> str:
    """The address a friend types: this computer's name on the network, or the address it listens on."""
    if host not in ("0.0.0.0", "::", ""):
        return f"{host}:{port}"
    try:
        return f"{socket.gethostbyname(socket.gethostname())}:{port}"
    except OSError:
        return f"{socket.gethostname()}:{port}"


class Together:
    """The flow's part for tables with friends. Uses `self.app`, `self.settings`, `self.sounds`,
    `self.start_menu` and the rooms of `Flow`."""

    net: Session | None = None
    net_lobby: LobbyScene | None = None
    net_table: NetTableScene | None = None
    net_hosting = False
    net_name = ""
    net_seats: list[dict] | None = None
    net_retry: dict | None = None
    net_house: list[str] | None = None
    announcer = None
    browser = None

    # ----- the screen of choices --------------------------------------------------------------------

    def open_together(self, status: str = "") -> None:
        from scenes.together import TogetherScene

        self._close_net()
        saved = self._saved_seat()
        remembered = saved.get("name") if saved and isinstance(saved.get("name"), str) else ""
        scene = TogetherScene(self.net_name or remembered or self.settings_name(), on_host=self.host_table,
                              on_join=self.join_table, on_back=self._back_to_menu, find=self._found_tables,
                              on_resume=self.resume_table if saved else None,
                              resume_info=_("Your last table, {code}, can go on with the same seats.").format(
                                  code=spoken(saved["table"])) if saved else "")
        if status:
            scene.say(status)
        self._together = scene
        self.app.scenes.request(scene)

    def settings_name(self) -> str:
        return _("Player")

    def stop_listening(self) -> None:
        """No more looking for tables on the network (the game closes)."""
        if self.browser:
            try:
                self.browser.close()
            except Exception as why:  # closing a network listener must never stop the game closing
                log.warning("closing the table list: %r", why)
        self.browser = None

    def _back_to_menu(self) -> None:
        self._close_net()
        self.start_menu()

    def _found_tables(self) -> list:
        if self.browser is None:
            try:
                from game.net.lan import TableBrowser

                self.browser = TableBrowser(interfaces=lan_interfaces())
            except Exception as why:  # no network to look on: the list stays empty, typing still works
                log.warning("cannot look for tables: %r", why)
                self.browser = False
        return self.browser.tables() if self.browser else []

    # ----- hosting ----------------------------------------------------------------------------------

    def host_table(self, name: str) -> None:
        from scenes.house_rules import HouseSetupScene

        self.net_name = name or self.settings_name()
        self.app.scenes.request(HouseSetupScene(self.settings.setup, on_start=self._host_with,
                                                on_back=self.open_together, language=self.language,
                                                on_language=self.choose_language, hosting=True))

    def _host_with(self, setup: GameSetup) -> None:
        from game.net.session import Session
        from scenes.house_words import house_summary
        from scenes.together import LobbyScene

        self.settings.setup = setup
        host = table_host()
        session = Session()
        port = None
        for wanted in (DEFAULT_PORT, 0):  # the usual port, or any free one when it is taken
            try:
                url = session.host(host, wanted, data_dir() / HOSTED, seat_timeout=60.0)
                port = int(url.rsplit(":", 1)[1])
                break
            except OSError:
                continue
            except Exception as why:
                log.warning("cannot host: %r", why)
                break
        if port is None:
            session.close()
            self.open_together(_("The table could not be opened on this computer's network."))
            return
        self.net, self.net_hosting = session, True
        rules = setup.rules()
        level = setup.level if setup.level in ("easy", "normal", "hard", "expert") else "normal"
        self.net_house = [_("House rules: {rules}").format(rules=house_summary(rules))]
        session.open(f"ws://127.0.0.1:{port}", {"type": "create", "variant": rules.name, "players": setup.players,
                                                "target": setup.target, "house": house_of(rules),
                                                "name": self.net_name, "language": self.language,
                                                "computers": level})
        self._net_port, self._net_address = port, shown_address(host, port)
        self.net_lobby = LobbyScene(True, "…", self._net_address, 0, self._start_net, self._leave_net, self._pump,
                                    self.net_house, level, on_level=self._say_level)
        self.app.scenes.request(self.net_lobby)

    def _say_ready(self, ready: bool) -> None:
        if self.net is not None:
            self.net.send({"type": "ready", "ready": ready})

    def _say_level(self, level: str) -> None:
        if self.net is not None:
            self.net.send({"type": "computers", "computers": level})

    def _start_net(self, level: str) -> None:
        if self.net is not None:
            self.net.send({"type": "start", "computers": level})

    # ----- joining ----------------------------------------------------------------------------------

    def join_table(self, name: str, where: str, partner: bool) -> None:
        from game.net.session import Session
        from scenes.together import LobbyScene

        self.net_name = name or self.settings_name()
        try:
            invite = read_invite(where)
        except BadInvite as why:
            self._together.say(str(why))
            return
        self._close_net()
        self.net, self.net_hosting = Session(), False
        first = {"type": "join", "table": invite.code, "name": self.net_name, "language": self.language}
        self.net_retry = dict(first) if partner else None
        if partner:
            first["seat"] = 2
        self.net.open(invite.url, first)
        self._net_address = invite.url.split("://", 1)[1]
        self.net_lobby = LobbyScene(False, invite.code, self._net_address, 0, self._start_net, self._leave_net,
                                    self._pump, on_ready=self._say_ready)
        self.app.scenes.request(self.net_lobby)

    # ----- the lobby ----------------------------------------------------------------------------------

    def _pump(self) -> None:
        """The lobby's messages, once a frame: seated, the seats, the game started, a refusal, the end."""
        session, lobby = self.net, self.net_lobby
        if session is None or lobby is None:
            return
        messages = session.poll()
        try:
            self._lobby_messages(session, lobby, messages)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as why:  # not a server of ours
            log.warning("a lobby message the game cannot read: %r", why)
            self.open_together(_("The table sent a message this game cannot read."))

    def _lobby_messages(self, session: Session, lobby: LobbyScene, messages: list[dict]) -> None:
        for i, msg in enumerate(messages):
            kind = msg.get("type")
            if kind == "seated":
                lobby.code, lobby.me = msg["table"], msg["seat"]
                self._keep_seat()  # announced once the seats are known (the "table" message that follows)
            elif kind == "table":
                _check_table(msg)
                self.net_seats = msg["seats"]
                lobby.show_table(msg)
                self._announce(msg.get("started", False))
            elif kind == "ready":
                lobby.show_ready(msg.get("seats", []))
            elif kind == "state":
                self._open_net_table(msg, messages[i + 1:])
                return
            elif kind == "error":
                if session.seat is None and self.net_retry is not None:
                    session.send(self.net_retry)  # the partner's seat is taken, or there is none: any free seat
                    self.net_retry = None
                elif session.seat is None:
                    self.open_together(msg.get("reason", ""))
                    return
                else:
                    lobby.say(msg.get("reason", ""))
            elif kind in ("failed", "closed"):
                reason = msg.get("reason", "")
                self.open_together(reason if kind == "failed" else _("The host has closed the table."))
                return

    def _leave_net(self) -> None:
        self._close_net()
        self.open_together()

    def _close_net(self) -> None:
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        if self.net_table is not None:
            self.net_table = None
        if self.net is not None:
            self.net.close()
            self.net = None
        self.net_lobby = None

    # ----- the table --------------------------------------------------------------------------------

    def _open_net_table(self, first: dict, rest: list[dict]) -> None:
        from game.shell.net_turns import NetTurns
        from scenes.net_table import NetTableScene, seat_names_at

        session = self.net
        assert session is not None
        me = first["seat"]
        if first["seat"] != session.seat:
            return
        turns = NetTurns(session, first)
        turns.take(rest)
        names = seat_names_at(self.net_seats or [], me, seat_names(first["players"])) if self.net_seats else \
            seat_names(first["players"])
        settings = self.settings
        table = NetTableScene(turns, names, on_lost=self._net_lost, on_table=self._net_seats_changed,
                              speed=settings.setup.speed, on_hand_end=self._net_hand_ended, on_menu=self._leave_net,
                              sounds=self.sounds, on_settings=self.open_settings, on_rules=self.open_rules,
                              on_sound=self.toggle_sound, sort_order=settings.sort_order,
                              discard_warning=settings.discard_warning, on_setting=self.table_setting,
                              on_replay=self._net_replay_from_sheet)
        table.apply_settings(replace(settings, setup=replace(settings.setup, speed=settings.setup.speed)))
        self._announce(started=True)  # the game has begun: nobody can join it, so it is no longer listed
        self.net_table = table
        self.net_lobby = None
        self.app.scenes.request(table)

    def _net_seats_changed(self, msg: dict) -> None:
        from scenes.net_table import seat_names_at

        table, session = self.net_table, self.net
        try:
            _check_table(msg)
            if table is not None and session is not None and session.seat is not None:
                table.set_names(seat_names_at(msg["seats"], session.seat, seat_names(msg["players"])))
                table.seats_changed(msg["seats"], session.seat, msg.get("seat_timeout"))
            self.net_seats = msg["seats"]
        except (KeyError, TypeError, ValueError, IndexError) as why:  # the names stay as they were
            log.warning("a table message the game cannot read: %r", why)

    def _net_lost(self, reason: str) -> None:
        """The connection ended: the host gone, or the network. The seat is kept to continue later."""
        self._close_net()
        self.open_together(_("The connection to the table was lost. Its game is kept: choose Continue the last "
                             "table when the host is back."))

    def _net_replay_from_sheet(self, hand: int) -> None:
        """A hand over, chosen on the table's score sheet (G), played back; Esc comes back to the table."""
        table = self.net_table
        record = table.controller.record if table is not None else None
        if table is not None and record is not None and record.hand(hand) is not None:
            self.open_replay(record, hand, table, list(table.net_names))

    def _net_hand_ended(self, table: NetTableScene) -> None:
        from scenes.scoring import ScoringScene

        turns = table.controller
        if self.net is not None:
            turns.take(self.net.poll())  # the hand's record comes just after its end
        record = turns.record
        number = table.state.results[-1]["hand"] if table.state.results else None
        hand = record.hand(number) if record is not None and number is not None else None
        # Every hand as it really ended (the seat's own table knows only the others' counts): from the record.
        shown = turns.as_ended(number) if number is not None else table.state
        scene = ScoringScene(shown, on_continue=lambda: self._net_after_scoring(table),
                             speed=self.settings.setup.speed, names=list(table.net_names))
        if record is not None and hand is not None:  # as alone: R plays the hand back, V reviews it
            names = list(table.net_names)  # the people's names on their seats, as at the table
            scene.on_replay = lambda: self.open_replay(record, hand.hand, scene, names)
            scene.on_review = lambda: self.open_review(record, hand.hand, scene, names)
        self.app.scenes.request(scene)

    def _net_after_scoring(self, table: NetTableScene) -> None:
        from scenes.game_over import GameOverScene

        if table.state.phase == Phase.GAME_OVER:
            self._count_friends_game(table)
            state = table.state
            self._forget_seat()
            record, names = table.controller.record, list(table.net_names)
            self._close_net()
            away = " " + _("(away)")  # said on the seat at the table, not in the side's name
            scene = GameOverScene(state, on_play_again=self.open_together, on_menu=self.start_menu, stats=None,
                                  human=True, names=[n.removesuffix(away) for n in names])
            if record is not None and record.hands:
                scene.on_replay = lambda: self.open_replay(record, record.hands[-1].hand, scene, names)
                scene.on_review = lambda: self.open_review(record, record.hands[-1].hand, scene, names)
            self.app.scenes.request(scene)
        else:
            table.next_hand()
            self.app.scenes.request(table)

    def friends_record(self) -> tuple[int, int]:
        """(played, won) of the games with friends, kept apart from the games against the computer."""
        data = _friends_counts()
        return data["played"], data["won"]

    def _count_friends_game(self, table: NetTableScene) -> None:
        """Games with friends are counted apart from games against the computer."""
        path = data_dir() / FRIENDS_FILE
        data = _friends_counts()
        state = table.state
        won = state.winner is not None and state.winner == state.side_of(0)
        data["played"] += 1
        data["won"] += int(won)
        try:
            write_text_atomic(path, json.dumps(data))
        except OSError as why:
            log.warning("friends' games not counted: %r", why)

    # ----- continue later ------------------------------------------------------------------------------

    def _keep_seat(self) -> None:
        s = self.net
        if s is None or s.token is None or s.table is None:
            return
        seat = {"table": s.table, "token": s.token, "url": s.url, "hosting": self.net_hosting,
                "port": getattr(self, "_net_port", None), "name": self.net_name}
        try:
            write_text_atomic(data_dir() / SEAT_FILE, json.dumps(seat))
        except OSError as why:
            log.warning("the table's seat could not be kept: %r", why)

    def _saved_seat(self) -> dict | None:
        path = data_dir() / SEAT_FILE
        try:
            data = read_json_file(path) if path.exists() else None
        except BadFile:
            return None
        ok = (isinstance(data, dict) and all(isinstance(data.get(k), str) for k in ("table", "token", "url"))
              and data["url"].startswith(("ws://", "wss://")))
        return data if ok else None

    def _forget_seat(self) -> None:
        try:
            (data_dir() / SEAT_FILE).unlink(missing_ok=True)
        except OSError:
            pass

    def resume_table(self) -> None:
        """The last table again, with the same seats: hosted here, its server starts again on its folder."""
        saved = self._saved_seat()
        if saved is None:
            self.open_together()
            return
        from game.net.session import Session
        from scenes.together import LobbyScene

        self._close_net()
        session = Session()
        url = saved["url"]
        if saved.get("hosting"):
            port = saved.get("port") if isinstance(saved.get("port"), int) else DEFAULT_PORT
            try:
                session.host(table_host(), port, data_dir() / HOSTED, seat_timeout=60.0)
            except Exception as why:
                session.close()
                self.open_together(_("The table could not be opened again: {why}").format(why=why))
                return
            url = f"ws://127.0.0.1:{port}"
            self._net_port, self._net_address = port, shown_address(table_host(), port)
        else:
            self._net_address = url.split("://", 1)[1]
        self.net, self.net_hosting = session, bool(saved.get("hosting"))
        self.net_name = saved.get("name") if isinstance(saved.get("name"), str) else self.net_name
        session.open(url, {"type": "resume", "table": saved["table"], "token": saved["token"],
                           "language": self.language})
        session.token = saved["token"]
        self.net_lobby = LobbyScene(self.net_hosting, saved["table"], self._net_address, 0, self._start_net,
                                    self._leave_net, self._pump, on_ready=self._say_ready, on_level=self._say_level,
                                    level_from_table=True)
        self.app.scenes.request(self.net_lobby)

    # ----- the network's list -------------------------------------------------------------------------

    def _announce(self, started: bool = False) -> None:
        """The table this game hosts, announced on the local network until its game starts."""
        if not self.net_hosting or self.net is None or self.net.table is None:
            return
        if started:  # nobody can join a game begun: no longer listed
            if self.announcer is not None:
                self.announcer.close()
                self.announcer = None
            return
        seats = self.net_seats or []
        free = sum(1 for s in seats if not s["person"])
        try:
            from game.net.lan import TableAnnouncer

            if self.announcer is None:
                self.announcer = TableAnnouncer(interfaces=lan_interfaces())
            self.announcer.announce(self.net_name, self.settings.setup.game, free, self.net.table, self._net_port)
        except Exception as why:  # no network to announce on: the code and the address still work
            log.warning("cannot announce the table: %r", why)


def _check_table(msg: dict) -> None:
    """A lobby message as the screens read it, or ValueError: what a server sends is checked first."""
    seats, players = msg.get("seats"), msg.get("players")
    ok = (players in (2, 3, 4) and isinstance(msg.get("variant"), str) and isinstance(msg.get("target"), int)
          and isinstance(seats, list) and len(seats) == players
          and all(isinstance(x, dict) and x.get("seat") == i and isinstance(x.get("name"), str)
                  and isinstance(x.get("person"), bool) for i, x in enumerate(seats)))
    if not ok:
        raise ValueError("not a table of ours")


def _friends_counts() -> dict[str, int]:
    """The counts of the games with friends as kept (a damaged file counts from nought)."""
    path = data_dir() / FRIENDS_FILE
    try:
        data = read_json_file(path) if path.exists() else {}
    except BadFile:
        data = {}
    data = data if isinstance(data, dict) else {}
    out = {}
    for key in ("played", "won"):
        value = data.get(key, 0)
        out[key] = value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9 else 0
    out["won"] = min(out["won"], out["played"])
    return out


def lan_interfaces() -> list[str] | None:
    """Where tables are announced and looked for: every interface, or only 127.0.0.1 when the table
    server is kept to this computer."""
    return ["127.0.0.1"] if table_host() == "127.0.0.1" else None
