"""What the table's parts read of the game: one seat's place at the table, read only.

The engine's state is the table's own mirror of the game (the controller changes it, never a part);
a part reads it through this view and asks for moves through intents, so no part decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.record import GameRecord
from game.rules.state import GameState, Phase
from scenes.turns import Turns


@dataclass
class TableView:
    controller: Turns
    seat: int
    names: list[str]  # each seat's name, in the language of the moment
    side_names: list[str]

    @property
    def state(self) -> GameState:
        return self.controller.state

    @property
    def record(self) -> GameRecord | None:
        """Every hand's deal and moves, where the turns keep them (a game does; a lesson does not)."""
        return getattr(self.controller, "record", None)

    @property
    def side(self) -> int:
        return self.state.side_of(self.seat)

    @property
    def human_to_act(self) -> bool:
        return self.controller.human_to_act

    @property
    def thinking(self) -> bool:
        return self.controller.thinking

    def my_turn(self) -> bool:
        """The player's own draw or meld: the only time a move of theirs is asked of the engine."""
        return self.controller.human_to_act and self.state.phase in (Phase.DRAW, Phase.MELD)


class Of:
    """An attribute of the scene that one of its parts owns: `selected = Of("hand")` reads and sets
    `scene.hand.selected` (the scene's older callers, and the tests, keep their names)."""

    def __init__(self, part: str, name: str | None = None) -> None:
        self.part, self.name = part, name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, obj: object, owner: type | None = None):
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.name)

    def __set__(self, obj: object, value: object) -> None:
        setattr(getattr(obj, self.part), self.name, value)
