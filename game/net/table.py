"""One table of the server: the game (the engine's state and its record), who holds each seat, and the
only place a move is applied. No sockets and no clock here: the server (game/net/server.py) carries
messages in and out, runs the computer players' thinking off its loop and saves the table.

Every change returns the messages it makes, as (seat, message) pairs, seat None for every seat; each
seat's message comes from game/net/seat_view.py and nowhere else.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from game.i18n import _
from game.keep.failures import log_failure
from game.keep.saved_game import SavedGame
from game.net import seat_view
from game.net.protocol import COMPUTER_LEVELS, MAX_NAME, encode
from game.net.tokens import new_token, same_token, token_hash
from game.rules import events as ev
from game.rules.actions import Action, Deal, action_from_json, action_to_json
from game.rules.errors import IllegalAction
from game.rules.house import HouseError, house_of, with_house
from game.rules.legal import legal_actions
from game.rules.move_syntax import MoveSyntaxError, parse_move, to_action, to_move
from game.rules.record import GameRecord
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.take_back import TakeBacks
from game.rules.view import PlayerView, view_of

TABLE_FORMAT = 1
PERSON = "person"  # the level a save names for a seat a person holds

Out = tuple[int | None, dict]  # (seat, message); None: every seat


class Refused(Exception):
    """A request the table turns down; the text is the reason, in the asker's language."""


@dataclass
class Seat:
    name: str = ""
    token_hash: str | None = None  # a person holds the seat
    language: str = "en"
    level: str | None = None  # the computer's level, for an empty seat or a person away
    away: bool = False  # a person's seat the computer plays until they come back

    @property
    def person(self) -> bool:
        return self.token_hash is not None

    @property
    def computer_plays(self) -> bool:
        return self.level is not None and (not self.person or self.away)

    def to_json(self) -> dict:
        return {"name": self.name, "token_hash": self.token_hash, "language": self.language, "level": self.level,
                "away": self.away}


class Table:
    def __init__(self, code: str, state: GameState, seats: list[Seat], record: GameRecord | None = None,
                 started: bool = False, computers: str = "normal", version: int = 0) -> None:
        self.code = code
        self.state = state
        self.seats = seats
        self.record = record if record is not None else GameRecord.of(state)
        self.started = started
        self.computers = computers
        self.version = version  # moves applied at this table, the deal included: every message says it
        # Since the last save: each move as a journal line (game/net/table_files.py), and whether a deal
        # came (a new hand: the whole save is written again, not a line).
        self.journal: list[str] = []
        self.dealt = False
        self._code_text = encode(code)
        # The meld moves of the turn in play, when a person plays it: what they may take back
        # (game/rules/take_back.py). Not saved: after a restart the turn's moves so far stay.
        self.take_backs = TakeBacks()
        self._view = seat_view.ViewCache()  # the text its state messages repeat from move to move

    # ----- making a table and taking seats --------------------------------------------------------

    @staticmethod
    def create(code: str, variant: str, players: int, target: int | None, house: dict,
               seed: int | None = None) -> Table:
        """A new table, nobody seated; Refused when the game cannot be set up so."""
        try:
            rules = with_house(RULESETS[variant], house)
            state = GameState(players, secrets.randbits(62) if seed is None else seed, rules, target)
        except (HouseError, ValueError) as why:
            raise Refused(str(why)) from None
        return Table(code, state, [Seat() for _s in range(players)])

    def take_seat(self, name: str, language: str, seat: int | None = None) -> tuple[int, str]:
        """A free seat for a person (the one asked for, or the first free one) and its token."""
        if self.started:
            raise Refused(_("This game has begun: its seats are taken."))
        free = [s for s, st in enumerate(self.seats) if not st.person]
        if seat is not None:
            if not 0 <= seat < len(self.seats):
                raise Refused(_("This table has seats 0 to {last}.").format(last=len(self.seats) - 1))
            if seat not in free:
                raise Refused(_("That seat is taken."))
        elif not free:
            raise Refused(_("This table is full."))
        chosen = free[0] if seat is None else seat
        token = new_token()
        self.seats[chosen] = Seat(name[:MAX_NAME], token_hash(token), language)
        return chosen, token

    def seat_of_token(self, token: str) -> int | None:
        """The seat this token holds at this table, or None; every seat is compared, so the time taken
        says nothing about which one, or how close a guess came."""
        found = None
        for s, st in enumerate(self.seats):
            if same_token(token, st.token_hash) and found is None:
                found = s
        return found

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name or _("Seat {n}").format(n=seat + 1)

    def lobby(self) -> dict:
        """Who sits where: names, and whether a person or the computer plays each seat."""
        return {"type": "table", "table": self.code, "variant": self.state.rules.name,
                "house": house_of(self.state.rules),  # as every seat will play them: the lobby shows them
                "players": self.state.players, "target": self.state.target, "started": self.started,
                "computers": self.computers,  # the level the computers play (or will: the host's choice so far)
                "seats": [{"seat": s, "name": st.name, "person": st.person, "computer": st.computer_plays,
                           "away": st.away} for s, st in enumerate(self.seats)]}

    def choose_computers(self, level: str) -> None:
        """The host's level for the computers, before the start: every seat's lobby shows it (`lobby`)."""
        if self.started:
            raise Refused(_("The game has started already."))
        if level not in COMPUTER_LEVELS:
            raise Refused(_("Unknown level {level}.").format(level=level))
        self.computers = level

    # ----- the game -------------------------------------------------------------------------------

    def start(self, level: str, deck: tuple[int, ...] | None = None) -> list[Out]:
        """Computers in the empty seats, and the first hand dealt (from `deck` when given: a test)."""
        if self.started:
            raise Refused(_("The game has started already."))
        if level not in COMPUTER_LEVELS:
            raise Refused(_("Unknown level {level}.").format(level=level))
        self.started = True
        self.computers = level
        for st in self.seats:
            if not st.person or st.away:
                st.level = level
        return self._apply(Deal(deck)) + [(None, self.lobby())]

    def play(self, seat: int, move: object) -> list[Out]:
        """A person's move in `turn`'s syntax, judged by the engine; Refused with its reason."""
        state = self.state
        if not self.started:
            raise Refused(_("The game has not started yet."))
        if state.phase == Phase.GAME_OVER:
            raise Refused(_("The game is over."))
        if state.phase not in seat_view.ACTING or state.to_act != seat:
            raise Refused(_("It is not your turn."))
        if isinstance(move, dict) and "undo" in move:
            if move != {"undo": True}:
                raise Refused(_("To take your last meld move back, send {{\"undo\": true}}."))
            return self.take_back(seat)
        what = _("move {i}").format(i=1)
        try:
            action = to_action(state, parse_move(move, 0))
            return self._apply(action)  # IllegalAction: the engine refused it, and nothing changed
        except MoveSyntaxError as why:
            reason = str(why)
            raise Refused(reason[len(what) + 2:] if reason.startswith(what + ": ") else reason) from None
        except IllegalAction as why:
            raise Refused(str(why)) from None

    def apply(self, seat: int, action: Action) -> list[Out]:
        """An engine action of `seat` (a program at the table: the game's own screens, a test), judged
        as a person's move is; Refused with the engine's reason."""
        if not self.started or self.state.phase not in seat_view.ACTING or self.state.to_act != seat:
            raise Refused(_("It is not your turn."))
        try:
            return self._apply(action)
        except IllegalAction as why:
            raise Refused(str(why)) from None

    def take_back(self, seat: int) -> list[Out]:
        """`seat`'s last meld move of this turn taken back, as the game alone allows (Refused with the
        reason when it cannot be: after a draw, a discard, a question, or none made). Every seat is told,
        with the cards that went back into the hand (they were on the table: every seat saw them)."""
        try:
            taken = self.take_backs.take_back(self.state, seat, self.record)
        except IllegalAction as why:
            raise Refused(str(why)) from None
        self.version += 1
        self.dealt = True  # the whole save again: the journal holds only moves forward
        return self._states([taken])

    def computer_seat(self) -> int | None:
        """The seat the computer is to play now, if any."""
        if not self.started or self.state.phase not in seat_view.ACTING:
            return None
        seat = self.state.to_act
        return seat if self.seats[seat].computer_plays else None

    def decision(self, seat: int) -> tuple[PlayerView, random.Random]:
        """What the computer playing `seat` decides on: the seat's view alone, and dice of this move."""
        return view_of(self.state, seat), random.Random(f"{self.state.seed}:{self.version}:computer")

    def play_computer(self, seat: int, action: Action | None) -> list[Out]:
        """The computer's move for `seat`; one the engine refuses (a defect) becomes its first legal move."""
        if action is not None:
            try:
                return self._apply(action)
            except IllegalAction as why:
                log_failure(f"the engine refused seat {seat}'s computer move {action!r}", why, self.state)
        legal = legal_actions(self.state)
        if not legal:
            return []
        return self._apply(legal[0])

    def _apply(self, action: Action) -> list[Out]:
        """Apply a move through the record; a hand that ends is scored and the next one dealt."""
        at, seat = self.version, self.state.to_act
        person = not isinstance(action, Deal) and not self.seats[seat].computer_plays
        turn = self.take_backs.keep(self.state, action) if person else None
        # Only a move its player may take back keeps the position before it (a copy of the state).
        events = self.record.play(self.state, action, keep=turn is not None)
        self.take_backs.moved(self.state, turn)
        self.version += 1
        if isinstance(action, Deal):
            self.dealt = True
        else:
            self.journal.append(f'{{"table":{self._code_text},"at":{at},"seat":{seat},'
                                f'"move":{encode(action_to_json(action))}}}')
        out = self._states(events)
        for e in events:
            if isinstance(e, ev.HandEnded):
                out.append((None, seat_view.hand_over(e)))
                # The hand is over: its whole record, to every seat alike, for the replay and the review.
                whole = seat_view.hand_record(self.record, e.hand_no)
                if whole is not None:
                    out.append((None, whole))
            elif isinstance(e, ev.GameEnded):
                out.append((None, seat_view.game_over(e)))
        if self.state.phase == Phase.DEAL:
            out += self._apply(Deal())
        return out

    def _states(self, events: list[ev.Event]) -> list[Out]:
        legal = self.legal_moves()
        shared = seat_view.table_view(self.state, self.version, self._view)
        seen = seat_view.events_for_seats(events, self.state.players)
        return [(s, seat_view.state_for_seat(self.state, s, events, legal, self.version, shared, seen[s]))
                for s in range(self.state.players)]

    def legal_moves(self) -> list[dict]:
        if self.state.phase not in seat_view.ACTING:
            return []
        return [to_move(self.state, a) for a in legal_actions(self.state)]

    def full_state(self, seat: int) -> dict:
        """The table as `seat` sees it now, without events (a resumed seat)."""
        shared = seat_view.table_view(self.state, self.version, self._view)
        return seat_view.state_for_seat(self.state, seat, [], self.legal_moves(), self.version, shared)

    # ----- people away and back -------------------------------------------------------------------

    def set_away(self, seat: int) -> list[Out]:
        st = self.seats[seat]
        if not st.person or st.away:
            return []
        st.away = True
        st.level = st.level or self.computers
        return [(None, {"type": "notice", "kind": "away", "seat": seat, "name": st.name})]

    def set_back(self, seat: int) -> list[Out]:
        st = self.seats[seat]
        if not st.away:
            return []
        st.away = False
        return [(None, {"type": "notice", "kind": "back", "seat": seat, "name": st.name})]

    # ----- saving ---------------------------------------------------------------------------------

    def to_text(self) -> str:
        """The game's own save (game/keep/saved_game.py), with the table's seats beside it; compact, as
        it is written after every move: the record's finished hands keep their text (GameRecord.to_text),
        so a move costs the state and the hand in play, not the whole game again."""
        levels = [PERSON if st.person else (st.level or self.computers) for st in self.seats]
        head = SavedGame(self.state, levels, "instant", self.state.seed, self.record)._head()
        head["table"] = {"format": TABLE_FORMAT, "code": self.code, "started": self.started,
                         "computers": self.computers, "version": self.version,
                         "seats": [st.to_json() for st in self.seats]}
        text = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
        return text[:-1] + ',"record":' + self.record.to_text() + "}"

    def replay(self, lines: Iterable[object]) -> int:
        """The journal's moves of this table that follow its save (each line read as JSON, in the order
        written), applied as they were played; the count applied. A line already in the save is passed
        over; the first that is damaged or does not follow on ends them, as nothing after it can have
        been told."""
        applied = 0
        for data in lines:
            try:
                if not isinstance(data, dict):
                    break
                at, seat, move = data.get("at"), data.get("seat"), data.get("move")
                if not isinstance(at, int) or at < self.version:
                    continue
                if (at != self.version or not self.started or self.state.phase not in seat_view.ACTING
                        or seat != self.state.to_act or not isinstance(move, dict) or move.get("type") == "Deal"):
                    break
                self._apply(action_from_json(move))
            except (IllegalAction, KeyError, TypeError, ValueError):
                break
            applied += 1
        self.journal.clear()
        return applied

    @staticmethod
    def from_json(data: object) -> Table:
        """A table as saved; ValueError with the reason when it is not one."""
        saved = SavedGame.from_json(data)
        assert isinstance(data, dict)
        t = data.get("table")
        if not isinstance(t, dict) or t.get("format") != TABLE_FORMAT:
            raise ValueError(_("it holds no table of the server"))
        code, started, computers, version = t.get("code"), t.get("started"), t.get("computers"), t.get("version")
        seats = t.get("seats")
        if (not isinstance(code, str) or not 0 < len(code) <= 16 or not isinstance(started, bool)
                or computers not in COMPUTER_LEVELS or not isinstance(version, int) or isinstance(version, bool)
                or not 0 <= version <= 10**7 or not isinstance(seats, list) or len(seats) != saved.state.players):
            raise ValueError(_("its table is damaged"))
        return Table(code, saved.state, [_seat(s) for s in seats], saved.record, started, computers, version)


def _seat(data: object) -> Seat:
    if not isinstance(data, dict):
        raise ValueError(_("a seat is damaged"))
    name, th, lang, level, away = (data.get(k) for k in ("name", "token_hash", "language", "level", "away"))
    if (not isinstance(name, str) or len(name) > MAX_NAME or not (th is None or isinstance(th, str) and len(th) == 64)
            or lang not in ("en", "fr", "sv") or not (level is None or level in COMPUTER_LEVELS)
            or not isinstance(away, bool)):
        raise ValueError(_("a seat is damaged"))
    return Seat(name, th, lang, level, away)


def notice_text(message: dict) -> str:
    """A notice's words, in the language spoken where it is called (the server: each connection's)."""
    name = message.get("name") or _("Seat {n}").format(n=message["seat"] + 1)
    if message["kind"] == "away":
        return _("{name} is away: the computer plays for them").format(name=name)
    return _("{name} is back and plays again").format(name=name)
