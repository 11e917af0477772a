"""A small client of the table server, for tests, the bench and (next) the game's own screens: connect,
create or join a table, resume a seat, send moves, read messages; and a headless player that plays a
seat with one of the game's levels, or the first or a random legal move.

A level decides on a PlayerView rebuilt from the seat's own `state` message: the client never has more
than the seat sees, so a level plays here exactly as on the server.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect

from game.ai import get_player
from game.rules.actions import Action
from game.rules.cards import ids_for_faces, parse_face
from game.rules.house import with_house
from game.rules.melds import Meld, classify
from game.rules.move_syntax import parse_move, to_action, to_move
from game.rules.position import new_position
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import PlayerView

MAX_MESSAGE = 4 << 20  # a state with a long hand's every legal move is some tens of kB
SIMPLE = ("first", "random")


class TableClient:
    """One connection to the server. `recv` returns the next message as a dict; the last state and
    the seat are kept as they come."""

    def __init__(self, ws: ClientConnection, hello: dict) -> None:
        self.ws = ws
        self.hello = hello
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.state: dict | None = None
        self.log: list[dict] | None = None  # every message received, when a test asks for it (log = [])

    @classmethod
    async def connect(cls, url: str, open_timeout: float = 10.0) -> TableClient:
        ws = await connect(url, max_size=MAX_MESSAGE, compression=None, open_timeout=open_timeout)
        hello = json.loads(await ws.recv())
        return cls(ws, hello)

    async def send(self, message: dict) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float | None = None) -> dict:
        msg = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        if self.log is not None:
            self.log.append(msg)
        if msg.get("type") == "seated":
            self.table, self.seat = msg["table"], msg["seat"]
            self.token = msg.get("token", self.token)
        elif msg.get("type") == "state":
            self.state = msg
        return msg

    async def until(self, *types: str, timeout: float = 30.0) -> dict:
        """The next message of one of these types (the others are read and kept as they come)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.0, end - loop.time()))
            if msg.get("type") in types:
                return msg

    async def create(self, variant: str = "bolivia", players: int = 4, target: int | None = None,
                     house: dict | None = None, name: str = "", language: str = "en") -> dict:
        msg = {"type": "create", "variant": variant, "players": players, "house": house or {}, "name": name,
               "language": language}
        if target is not None:
            msg["target"] = target
        await self.send(msg)
        return await self.until("seated", "error")

    async def join(self, table: str, name: str = "", seat: int | None = None, language: str = "en") -> dict:
        msg: dict = {"type": "join", "table": table, "name": name, "language": language}
        if seat is not None:
            msg["seat"] = seat
        await self.send(msg)
        return await self.until("seated", "error")

    async def resume(self, table: str, token: str, language: str = "en") -> dict:
        await self.send({"type": "resume", "table": table, "token": token, "language": language})
        return await self.until("seated", "error")

    async def start(self, computers: str = "normal") -> None:
        await self.send({"type": "start", "computers": computers})

    async def move(self, move: dict) -> None:
        await self.send({"type": "move", "move": move})

    async def close(self) -> None:
        await self.ws.close()


# ----- deciding from a seat's messages ------------------------------------------------------------


def seat_position(state: dict) -> tuple[PlayerView, GameState]:
    """The seat's view rebuilt from its `state` message, and a game holding only what the seat sees
    (its hand, the melds), enough to turn `turn`-syntax moves into the engine's actions and back."""
    rules = with_house(RULESETS[state["variant"]], state["house"]).for_players(state["players"])
    seat, players = state["seat"], state["players"]
    groups = [state["hand"], state["pile"]] + [m["cards"] for side in state["melds"] for m in side] + list(
        state["red_threes"])
    ids = iter(ids_for_faces([parse_face(c) for g in groups for c in g], rules.packs, rules.jokers))
    placed = [tuple(next(ids) for _c in g) for g in groups]
    hand, pile = placed[0], placed[1]
    k = 2
    melds: list[list[Meld]] = []
    for side in state["melds"]:
        row = []
        for m in side:
            shape = classify(placed[k], rules)
            row.append(Meld(m["id"], shape.kind, shape.key, placed[k]))
            k += 1
        melds.append(row)
    reds = tuple(placed[k:])
    view = PlayerView(
        seat=seat, players=players, rules=rules, phase=Phase(state["phase"]), turn=state["turn"],
        to_act=state["to_act"], hand=hand, hand_counts=tuple(state["hand_sizes"]), stock_count=state["stock_count"],
        pile=pile, melds=tuple(tuple(r) for r in melds), red_threes=reds,
        known=tuple(tuple(parse_face(f) for f in k) for k in state["known"]), scores=tuple(state["scores"]),
        target=state["target"], hand_no=state["hand_no"], dealer=state["dealer"], min_meld=tuple(state["min_meld"]),
        permission=state["permission"], asked=state["asked"], melded_at_turn_start=state["melded_at_turn_start"],
        melded_by=tuple(state["melded_by"]), player_melded_at_turn_start=state["player_melded_at_turn_start"],
        pile_takes=tuple((s, r) for s, r in state["pile_takes"]))
    # The engine's position as far as the seat's own moves go (its hand, the table); the rest left empty.
    game = new_position(players, rules, target=state["target"], hand_no=0, turn=seat, phase=view.phase,
                        hands=[list(hand) if s == seat else [] for s in range(players)], melds=melds, pile=pile,
                        melded_by=[False] * players, melded_at_turn_start=False, player_melded_at_turn_start=False)
    return view, game


@dataclass
class SeatPlayer:
    """Plays a seat from its messages: `level` is one of the game's levels, or "first" / "random"."""

    level: str = "first"
    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.seed}:seat-player")
        if self.level not in SIMPLE:
            get_player(self.level)  # ValueError now for an unknown level

    def choose(self, state: dict) -> dict:
        legal = state["legal"]
        if self.level == "first":
            return legal[0]
        if self.level == "random":
            return self.rng.choice(legal)
        view, game = seat_position(state)
        actions: list[Action] = [to_action(game, parse_move(m, 0)) for m in legal]
        action = get_player(self.level)(view, actions, self.rng)
        if action in actions:
            return legal[actions.index(action)]
        return to_move(game, action)


async def play_seat(client: TableClient, player: SeatPlayer, hands: int | None = None,
                    timeout: float = 60.0, on_move=None) -> dict:
    """Play the client's seat until the game is over (or `hands` hands have ended): answers every
    state that asks this seat to act. Returns counts: moves, refused, errors, hands."""
    counts = {"moves": 0, "refused": 0, "errors": 0, "hands": 0}
    last = client.state
    if last is not None and last["legal"] and last["to_act"] == last["seat"]:
        await client.move(player.choose(last))  # the seat was to act already when the player sat down
        counts["moves"] += 1
    while True:
        msg = await client.recv(timeout)
        kind = msg.get("type")
        if kind == "state" and msg["legal"] and msg["to_act"] == msg["seat"]:
            move = player.choose(msg)
            if on_move is not None:
                on_move()
            await client.move(move)
            counts["moves"] += 1
        elif kind == "refused":
            counts["refused"] += 1
            last = client.state
            if last is not None and last["legal"] and counts["refused"] < 100:
                await client.move(last["legal"][0])  # a level's move refused (a defect): play on with the first
        elif kind == "error":
            counts["errors"] += 1
        elif kind == "hand_over":
            counts["hands"] += 1
            if hands is not None and counts["hands"] >= hands:
                return counts
        elif kind == "game_over":
            return counts
