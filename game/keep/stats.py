"""The player's statistics: what the statistics screen shows, as plain data (no pygame, no files).

Everything is kept per game (Bolivia now, Standard Canasta later): games played, won, lost and
drawn, split by difficulty and by table size; the player's side's hand scores (best, average);
the canastas, escaleras and bolivias the side made; the winning streaks.

Hands are counted when they end (a hand played counts, even in a game left unfinished); a game's
outcome when it ends. Each is counted once: a hand shown again after "Continue game" is not
counted twice (`last_hand`, `last_game` remember what was counted last).

The first version of the file held only {played, won, lost, drawn}: it still loads, as Bolivia's
totals, with no split by difficulty or table size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.keep.achievements import ACHIEVEMENTS, for_game, for_hand
from game.rules.daily import day_of
from game.rules.record import GameRecord
from game.rules.state import GameState

FORMAT = 2
DEFAULT_GAME = "bolivia"
OUTCOMES = ("won", "lost", "drawn")
MIXED = "mixed"  # the difficulty of a table whose computer players differ
# Counts stop here (a game a minute for two thousand years), so a count never outgrows what the file
# may hold: a larger one read is damage, and is read as none.
MAX_COUNT = 10**9
MAX_TOTAL = 10**12  # the hand scores added up, either way
MAX_DAYS = 400  # daily deals' best scores kept


def _count(value: object) -> int:
    """A count read from the file: a whole number 0 to MAX_COUNT, anything else 0."""
    return value if type(value) is int and 0 <= value <= MAX_COUNT else 0


def _more(count: int) -> int:
    return min(MAX_COUNT, count + 1)


@dataclass
class Record:
    """Outcomes of some games."""

    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def add(self, result: str) -> None:
        self.played = _more(self.played)
        if result == "won":
            self.won = _more(self.won)
        elif result == "lost":
            self.lost = _more(self.lost)
        else:
            self.drawn = _more(self.drawn)

    def to_json(self) -> dict:
        return {"played": self.played, "won": self.won, "lost": self.lost, "drawn": self.drawn}

    @staticmethod
    def from_json(data: object) -> Record:
        d = data if isinstance(data, dict) else {}
        won, lost, drawn = _count(d.get("won")), _count(d.get("lost")), _count(d.get("drawn"))
        return Record(min(MAX_COUNT, max(_count(d.get("played")), won + lost + drawn)), won, lost, drawn)


def _records(data: object, keys: tuple[str, ...] | None = None) -> dict[str, Record]:
    d = data if isinstance(data, dict) else {}
    return {str(k): Record.from_json(v) for k, v in d.items()
            if isinstance(k, str) and len(k) <= 20 and (keys is None or k in keys)}


@dataclass
class GameStats:
    """One game's statistics (Bolivia's, say)."""

    record: Record = field(default_factory=Record)
    levels: dict[str, Record] = field(default_factory=dict)  # "easy", "normal", "hard", "expert", "mixed"
    tables: dict[str, Record] = field(default_factory=dict)  # "2", "3", "4" players
    hands: int = 0
    hand_total: int = 0  # the side's hand scores added up (may be below zero)
    best_hand: int | None = None
    natural: int = 0  # natural canastas
    mixed: int = 0
    escaleras: int = 0
    bolivias: int = 0
    streak: int = 0  # games won in a row, up to the last one
    best_streak: int = 0

    @property
    def canastas(self) -> int:
        """Rank canastas, natural and mixed."""
        return self.natural + self.mixed

    @property
    def average_hand(self) -> float | None:
        return self.hand_total / self.hands if self.hands else None

    def to_json(self) -> dict:
        return {"record": self.record.to_json(),
                "levels": {k: v.to_json() for k, v in self.levels.items()},
                "tables": {k: v.to_json() for k, v in self.tables.items()},
                "hands": self.hands, "hand_total": self.hand_total, "best_hand": self.best_hand,
                "natural": self.natural, "mixed": self.mixed, "escaleras": self.escaleras, "bolivias": self.bolivias,
                "streak": self.streak, "best_streak": self.best_streak}

    @staticmethod
    def from_json(data: object) -> GameStats:
        d = data if isinstance(data, dict) else {}
        total = d.get("hand_total")
        best = d.get("best_hand")
        hands = _count(d.get("hands"))

        def whole(v: object, limit: int = MAX_COUNT) -> bool:
            return type(v) is int and abs(v) < limit

        stats = GameStats(
            record=Record.from_json(d.get("record")),
            levels=_records(d.get("levels")),
            tables=_records(d.get("tables"), ("2", "3", "4")),
            hands=hands,
            hand_total=total if whole(total, MAX_TOTAL + 1) and hands else 0,  # type: ignore[arg-type]
            best_hand=best if whole(best) and hands else None,  # type: ignore[arg-type]
            natural=_count(d.get("natural")),
            mixed=_count(d.get("mixed")),
            escaleras=_count(d.get("escaleras")),
            bolivias=_count(d.get("bolivias")),
            streak=_count(d.get("streak")),
        )
        stats.best_streak = max(_count(d.get("best_streak")), stats.streak)
        return stats


@dataclass
class Statistics:
    games: dict[str, GameStats] = field(default_factory=dict)
    last_hand: tuple[str, int] | None = None  # (game key, hand number) counted last
    last_game: str | None = None  # the key of the game whose outcome was counted last
    achievements: dict[str, str] = field(default_factory=dict)  # id -> the day it was first earned (ISO)
    daily: dict[str, int] = field(default_factory=dict)  # a daily deal's day (ISO) -> the side's best score

    def earn(self, ids: list[str], today: str) -> list[str]:
        """Keep the achievements not earned before, with `today`; returns those new."""
        new = [i for i in ids if i in ACHIEVEMENTS and i not in self.achievements]
        for i in new:
            self.achievements[i] = today
        return new

    def note_daily(self, record: GameRecord | None, state: GameState, side: int, today: str) -> bool:
        """The first hand of a daily deal just ended: its score kept if the player's best for that day."""
        if (record is None or not record.hands or record.hands[0].source is None or not state.results
                or record.hands[0].source[1] != 1 or state.results[-1].get("hand") != 1):
            return False
        day = day_of(record.hands[0].source[0])
        if day is None or record.variant != "bolivia" or record.players != 4:
            return False
        score = int(state.results[-1]["scores"][side]["total"])
        key = day.isoformat()
        self.earn(["daily"], today)
        if key in self.daily and self.daily[key] >= score:
            return False
        self.daily[key] = score
        while len(self.daily) > MAX_DAYS:  # the oldest days go
            del self.daily[min(self.daily)]
        return True

    def of(self, game: str = DEFAULT_GAME) -> GameStats:
        """One game's statistics (created empty when there are none yet)."""
        return self.games.setdefault(game, GameStats())

    # The totals over every game: what the game-over screen's one line says.
    @property
    def played(self) -> int:
        return sum(g.record.played for g in self.games.values())

    @property
    def won(self) -> int:
        return sum(g.record.won for g in self.games.values())

    @property
    def lost(self) -> int:
        return sum(g.record.lost for g in self.games.values())

    @property
    def drawn(self) -> int:
        return sum(g.record.drawn for g in self.games.values())

    # --- counting -----------------------------------------------------------------------------

    def count_hand(self, state: GameState, side: int = 0, today: str = "") -> bool:
        """Count the hand that just ended (its melds still on the table); False if already counted."""
        if not state.results:
            return False
        key = game_key(state)
        hand_no = int(state.results[-1].get("hand", state.hand_no))
        if self.last_hand is not None and self.last_hand[0] == key and hand_no <= self.last_hand[1]:
            return False
        self.last_hand = (key, hand_no)
        g = self.of(state.rules.name)
        score = int(state.results[-1]["scores"][side]["total"])
        g.hands = _more(g.hands)
        g.hand_total = max(-MAX_TOTAL, min(MAX_TOTAL, g.hand_total + score))
        g.best_hand = score if g.best_hand is None else max(g.best_hand, score)
        for meld in state.melds[side]:
            kind = meld.canasta(state.rules)
            if kind == "natural":
                g.natural = _more(g.natural)
            elif kind == "mixed":
                g.mixed = _more(g.mixed)
            elif kind == "escalera":
                g.escaleras = _more(g.escaleras)
            elif kind == "bolivia":
                g.bolivias = _more(g.bolivias)
        self.earn(for_hand(state, side, state.seats_of(side)[0]), today)
        return True

    def count_game(self, state: GameState, side: int, levels: list[str], today: str = "") -> bool:
        """Count a finished game's outcome for `side`; `levels` are the seats' ("human" for the player's).
        False if this game was counted already."""
        key = game_key(state)
        if self.last_game == key:
            return False
        self.last_game = key
        result = outcome(state, side)
        g = self.of(state.rules.name)
        g.record.add(result)
        g.levels.setdefault(difficulty(levels), Record()).add(result)
        g.tables.setdefault(str(state.players), Record()).add(result)
        g.streak = _more(g.streak) if result == "won" else 0
        g.best_streak = max(g.best_streak, g.streak)
        self.earn(for_game(state, side, g.streak), today)
        return True

    # --- the file -----------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {"format": FORMAT, "games": {k: v.to_json() for k, v in self.games.items()},
                "last_hand": list(self.last_hand) if self.last_hand else None, "last_game": self.last_game,
                "achievements": dict(self.achievements), "daily": dict(self.daily)}

    @staticmethod
    def from_json(data: object) -> Statistics:
        """Lenient: a value that is missing or wrong counts as none. The first format (totals only)
        becomes Bolivia's record."""
        d = data if isinstance(data, dict) else {}
        stats = Statistics()
        games = d.get("games")
        if isinstance(games, dict):
            stats.games = {k: GameStats.from_json(v) for k, v in games.items() if isinstance(k, str) and len(k) <= 20}
        elif any(k in d for k in ("played", "won", "lost", "drawn")):
            stats.games = {DEFAULT_GAME: GameStats(record=Record.from_json(d))}
        last = d.get("last_hand")
        if (isinstance(last, list) and len(last) == 2 and isinstance(last[0], str) and len(last[0]) <= 200
                and type(last[1]) is int and 0 <= last[1] <= MAX_COUNT):
            stats.last_hand = (last[0], last[1])
        if isinstance(d.get("last_game"), str) and len(d["last_game"]) <= 200:
            stats.last_game = d["last_game"]
        earned, daily = d.get("achievements"), d.get("daily")
        if isinstance(earned, dict):  # a day is an ISO date, ten characters; anything else is not kept
            stats.achievements = {k: v for k, v in earned.items()
                                  if k in ACHIEVEMENTS and isinstance(v, str) and len(v) <= 10}
        if isinstance(daily, dict):
            stats.daily = dict(sorted((k, v) for k, v in daily.items() if isinstance(k, str) and len(k) == 10
                                      and type(v) is int and abs(v) <= MAX_TOTAL)[-MAX_DAYS:])
        return stats


def game_key(state: GameState) -> str:
    """Tells one game from another (its seed is drawn at random when it starts)."""
    return f"{state.rules.name}:{state.players}:{state.seed}:{state.target}"


def outcome(state: GameState, side: int = 0) -> str:
    """"won", "lost" or "drawn", for `side`."""
    if state.winner is None:
        return "drawn"
    return "won" if state.winner == side else "lost"


def difficulty(levels: list[str]) -> str:
    """The computer players' difficulty, or "mixed" when they differ."""
    computers = {lv for lv in levels if lv != "human"}
    return computers.pop() if len(computers) == 1 else MIXED
