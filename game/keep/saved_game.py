"""The game in progress as its save holds it: the engine's state, the seats' levels, the speed, the
computers' seed and the game's record; read back with a reason a player can read when it is not one."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from game import __version__
from game.i18n import _
from game.keep.settings import SPEEDS
from game.rules.record import GameRecord
from game.rules.record_check import InvalidRecord, check_against, record_from_json
from game.rules.state import GameState
from game.rules.validate import NewerVersion, state_from_json

FORMAT = 1  # of saves and settings
MAX_FORMAT = 1000  # a larger "format" is damage, not a later version
WRITTEN_BY = f"Bolivia {__version__}"  # in each save, so a later version can say which one wrote it
MAX_LEVEL_NAME = 40


@dataclass
class SavedGame:
    """The game in progress: the engine's state, the seats' levels, the speed and the computers' seed."""

    state: GameState
    levels: list[str]
    speed: str = "normal"
    seed: int = 0
    record: GameRecord | None = None  # every hand's deal and moves (game/rules/record.py)
    record_problem: str | None = None  # read, not kept: why the record that came with the game was dropped

    def to_json(self) -> dict:
        return {**self._head(), "record": self._record().to_json()}

    def _head(self) -> dict:
        return {"format": FORMAT, "kind": "bolivia-save", "written_by": WRITTEN_BY,
                "saved_at": datetime.now(UTC).isoformat(timespec="seconds"), "levels": list(self.levels),
                "speed": self.speed, "seed": self.seed, "state": self.state.to_json()}

    def _record(self) -> GameRecord:
        return self.record if self.record is not None else GameRecord.of(self.state)

    def to_text(self) -> str:
        """The save as written: the game indented to be read, its record compact (see GameRecord.to_text)."""
        head = json.dumps(self._head(), ensure_ascii=False, indent=1)
        return head[:-2] + ',\n "record": ' + self._record().to_text() + "\n}"

    @staticmethod
    def from_json(data: object) -> SavedGame:
        """ValueError with a readable reason when the data is not a saved game of ours."""
        if data is None:
            raise ValueError(_("it holds nothing (null) instead of a game"))
        if not isinstance(data, dict) or data.get("kind") != "bolivia-save":
            raise ValueError(_("it is not a saved game of Bolivia"))
        fmt = data.get("format")
        if isinstance(fmt, int) and not isinstance(fmt, bool) and FORMAT < fmt <= MAX_FORMAT:
            by = data.get("written_by")
            raise NewerVersion(fmt, by if isinstance(by, str) and 0 < len(by) <= 60 else None)
        if fmt != FORMAT:
            raise ValueError(_("its format is unknown to this version of the game"))
        state = state_from_json(data.get("state"))
        levels = data.get("levels")
        if (not isinstance(levels, list) or len(levels) != state.players
                or not all(isinstance(v, str) and 0 < len(v) <= MAX_LEVEL_NAME for v in levels)):
            raise ValueError(_("it does not say who plays each seat"))
        speed = data.get("speed") if data.get("speed") in SPEEDS else "normal"
        seed = data.get("seed")
        ok_seed = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 64
        # The record: a damaged one is refused like any other field; one that is sound but does not play back
        # to this game is dropped and the game goes on (nothing to continue is lost for a replay's sake).
        # A save written before records had none.
        record, problem = GameRecord.of(state), None
        if "record" in data:
            record = record_from_json(data["record"])
            try:
                check_against(record, state)
            except InvalidRecord as why:
                record = GameRecord.of(state)
                problem = f"the saved game's record was dropped, the game goes on: {why}"
        return SavedGame(state, list(levels), speed, seed if ok_seed else state.seed, record, problem)
