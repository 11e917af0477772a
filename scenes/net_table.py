"""The table over the network: the same table as alone (every part, the hint, the discard warning, the
log and the score sheet), drawn from the seat's own view, with the people's names on their seats,
whose turn it is and how long they have been thinking, and the table's news (a seat away or back,
the host gone, a refusal of the server, a table message) on the message line."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, ngettext
from game.keep.settings import Settings
from game.rules.names import cards_text
from game.rules.state import Phase
from game.ui.narrate import describe, side_names, took_back
from scenes.table import TableScene
from scenes.table_parts.outcomes import Outcomes, Refuse

WAIT_SAID_AFTER = 5.0  # seconds a person thinks before the table says how long
WAIT_SAID_AT = (10, 30, 60)  # ... and the seconds at which it is said aloud, then once a minute
WAIT_SAID_EVERY = 60
PHRASE_KEYS = {pygame.K_F5: "good_luck", pygame.K_F6: "well_played", pygame.K_F7: "your_turn",
               pygame.K_F8: "one_moment", pygame.K_F9: "thanks"}


def phrase_words(phrase: str) -> str:
    """A table message in the player's own language."""
    return {"good_luck": _("Good luck!"), "well_played": _("Well played!"), "your_turn": _("Your turn!"),
            "one_moment": _("One moment please…"), "thanks": _("Thanks!")}.get(phrase, "")


class NetTableScene(TableScene):
    def __init__(self, turns, names: list[str], on_lost: Callable[[str], None] | None = None,
                 on_table: Callable[[dict], None] | None = None, **kwargs) -> None:
        """`turns` is the network's stand-in for the turn controller (game/shell/net_turns.py);
        `names` each seat's name as seen from the player's seat (0). `on_lost(reason)`: the connection
        ended; `on_table(msg)`: the seats changed (a name, a seat away)."""
        super().__init__(turns, **kwargs)
        self.on_lost, self.on_table = on_lost, on_table
        self.set_names(names)
        self._said_wait = -1
        self._gone: dict[int, float] = {}  # a person's seat whose connection dropped: since when (turns' clock)
        self._seat_timeout: float | None = None  # the server's: how long before the computer plays it
        self._said_gone = -1
        self._absent: set[int] = set()  # people's seats gone or played by the computer, as last told
        self.router.intents["undo"] = (lambda i: self.take_back(), True)  # asked of the server, not done here
        for e in getattr(turns, "first_events", []):
            line = describe(e, self.names)
            if type(e).__name__ == "HandDealt":
                self.log_panel.start_hand(line)
            elif line:
                self.log_panel.add(line)
        if not turns.first_events:  # back at a table in play: its story so far was told before the drop
            n, acting = self.state.hand_no, self.state.to_act
            # (not whose turn by name: the seats' names may come just after, in the table's next message)
            self.log_panel.start_hand(_("Hand {n}: back at the table; your turn.").format(n=n) if acting == self.seat
                                      else _("Hand {n}: back at the table.").format(n=n))

    def enter(self, app) -> None:
        super().enter(app)
        if not getattr(self, "_told_phrases", False):
            self._told_phrases = True
            self.messages.show(_("F5 to F9 say a word to the table: Good luck, Well played, Your turn, One moment "
                                 "please, Thanks."), 8.0, key="notice")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in PHRASE_KEYS and not self.dialogs.open:
            self.controller.say(PHRASE_KEYS[event.key])
            return
        super().handle_event(event)

    def take_back(self) -> Outcomes:
        """Z or Undo: staged cards first, a step at a time; then the player's last meld move of this turn,
        asked of the server (what went back comes with its answer, and the log says it)."""
        if self.melds.staging:
            return self.melds.undo_step()
        why = self.controller.undo_refusal()
        if why is not None or not self.controller.undo():
            return Refuse(why or _("Nothing to undo."))
        self.hand.selected.clear()
        self.melds.picked = None
        self.drop_hint()
        return None

    def _sync_dialog(self) -> None:
        """The partner's question, asked only while the answer is still the player's to give: once sent,
        the table waits for the server's next state, and must not ask again meanwhile."""
        if self.controller.human_to_act:
            super()._sync_dialog()

    def set_names(self, names: list[str]) -> None:
        self.net_names = list(names)
        self.names = list(names)
        self.view.names = self.names
        away = " " + _("(away)")  # said on the seat, not in the side's name
        self.view.side_names = side_names(self.state.players, [n.removesuffix(away) for n in self.names])
        if self.layout is not None:
            self.relayout(animate=False)  # the seats' labels are drawn with the picture of each layout
        self.dirty = True

    def apply_settings(self, settings: Settings) -> None:
        super().apply_settings(settings)
        self.set_names(self.net_names)  # the people's names stay on their seats in any language

    def update(self, dt: float) -> None:
        super().update(dt)
        turns = self.controller
        while turns.messages:
            self.tell(turns.messages.popleft())
        self._say_wait()

    def tell(self, msg: dict) -> None:
        """One message of the server that is not a move: shown on the message line."""
        kind = msg.get("type")
        if kind == "notice":
            self.messages.show(msg.get("text", ""), 6.0, key="notice")
        elif kind == "refused":
            self.refuse(msg.get("reason", ""), set())
        elif kind == "error":
            self.messages.show(msg.get("reason", ""), 5.0, key="refusal")
        elif kind == "said" and isinstance(msg.get("seat"), int):
            local = (msg["seat"] - self.controller.me) % self.state.players
            words = phrase_words(msg.get("phrase", ""))
            if words:
                self.messages.show(_("{name}: {words}").format(name=self.names[local], words=words), 5.0,
                                   key="notice")
        elif kind == "took_back" and isinstance(msg.get("seat"), int):
            cards = msg.get("cards", [])
            if msg["seat"] == 0:
                self.log_panel.add(took_back(cards))
            else:
                self.log_panel.add(_("{who} took back {cards}.").format(who=self.names[msg["seat"]],
                                                                       cards=cards_text(cards)))
        elif kind == "table" and self.on_table is not None:
            self.on_table(msg)
        elif kind in ("closed", "failed") and self.on_lost is not None:
            self.on_lost(msg.get("reason", ""))
        self.dirty = True

    def seats_changed(self, seats: list[dict], me: int, seat_timeout: float | None = None) -> None:
        """The table's seats again: a person whose connection dropped is said away at once (the server's
        own notice comes only when the computer takes the seat, a minute later), one who comes back before
        that is said back, and while they are gone the line counts their seconds."""
        if isinstance(seat_timeout, (int, float)) and not isinstance(seat_timeout, bool) and seat_timeout > 0:
            self._seat_timeout = float(seat_timeout)
        now = self.controller.clock()
        acting = (self.state.to_act + self.controller.me) % self.state.players  # as the server numbers seats
        for seat in seats:
            where, name = seat["seat"], seat["name"] or _("Seat {n}").format(n=seat["seat"] + 1)
            absent = seat["person"] and (bool(seat.get("away")) or not seat.get("connected", True))
            if absent:
                self._absent.add(where)
            elif where in self._absent:
                self._absent.discard(where)
                if where == acting:  # back on their own turn: their thinking starts now, not with the turn
                    self.controller.turn_since = now
            gone = where != me and seat["person"] and not seat.get("connected", True) and not seat.get("away")
            if gone and where not in self._gone:
                self._gone[where] = now
                if self._seat_timeout is None:
                    text = _("{name} is away: the connection was lost").format(name=name)
                else:
                    text = _("{name} is away — the computer plays for them after {n} s").format(
                        name=name, n=round(self._seat_timeout))
                self.messages.show(text, 6.0, key="notice")
            elif not gone and where in self._gone:
                del self._gone[where]
                if seat.get("connected", True):  # back before the computer took the seat (else: its notice)
                    self.messages.show(_("{name} is back").format(name=name), 6.0, key="notice")
                self.messages.drop("gone")
        self.dirty = True

    def _say_gone(self) -> bool:
        """The seconds a dropped person has been away, and those left before the computer plays for them:
        shown each second while another seat is to act, said now and then as the thinking is."""
        if not self._gone:
            return False
        players = self.state.players
        acting = (self.state.to_act + self.controller.me) % players  # the seat to act, as the server numbers it
        where = acting if acting in self._gone else min(self._gone)
        seconds = int(self.controller.clock() - self._gone[where])
        if seconds == self._said_gone:
            return True
        self._said_gone = seconds
        who = self.names[(where - self.controller.me) % players].removesuffix(" " + _("(away)"))
        text = ngettext("{who} has been away for {n} second", "{who} has been away for {n} seconds",
                        seconds).format(who=who, n=seconds)
        if self._seat_timeout is not None and seconds < self._seat_timeout:
            left = int(self._seat_timeout - seconds)
            text = ngettext("{away}; the computer plays for them in {n} second",
                            "{away}; the computer plays for them in {n} seconds", left).format(away=text, n=left)
        aloud = seconds in WAIT_SAID_AT or (seconds > WAIT_SAID_AT[-1] and seconds % WAIT_SAID_EVERY == 0)
        self.messages.say("gone", text, 1.5, aloud)
        self.dirty = True
        return True

    def _say_wait(self) -> None:
        """After a few seconds of another seat's thinking, the line says how long, once a second."""
        turns = self.controller
        s = self.state
        if s.phase in (Phase.DEAL, Phase.GAME_OVER) or s.to_act == self.seat or turns.pending:
            return
        if self._say_gone():
            return
        seconds = int(turns.seconds_thinking())
        if seconds < WAIT_SAID_AFTER or seconds == self._said_wait:
            return
        self._said_wait = seconds
        who = self.names[s.to_act]
        # Shown each second, said only now and then: a screen reader saying it every second drowned the table.
        aloud = seconds in WAIT_SAID_AT or (seconds > WAIT_SAID_AT[-1] and seconds % WAIT_SAID_EVERY == 0)
        self.messages.say("wait", ngettext("{who} has been thinking for {n} second", "{who} has been thinking "
                                           "for {n} seconds", seconds).format(who=who, n=seconds), 1.5, aloud)
        self.dirty = True


def seat_names_at(seats: list[dict], me: int, defaults: list[str]) -> list[str]:
    """Each seat's name as seen from `me` (turned to seat 0): a person's own name, the computer's seat by
    its place at the table."""
    n = len(seats)
    out = []
    for local in range(n):
        seat = seats[(local + me) % n]
        if local == 0:
            out.append(defaults[0])
        elif seat["person"] and seat["name"]:
            away = seat.get("away") or not seat.get("connected", True)
            out.append(seat["name"] + (" " + _("(away)") if away else ""))
        else:
            out.append(defaults[local])
    return out
