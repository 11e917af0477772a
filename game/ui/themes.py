"""The card backs and table felts a player can choose in Settings, and which ones are chosen now.

Each is data (colours and a pattern kind), drawn in code by `card_faces` and `scenes.widgets`. The choice is
held here for the whole process, set from the settings when they are read or changed (`choose`), so every
screen's felt and every card back follow it without each scene being told.
"""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]


@dataclass(frozen=True)
class BackDesign:
    base: Color  # the panel inside the trim
    line: Color  # the pattern over it
    trim: Color  # the border round the panel
    centre: Color  # the emblem in the middle, so a back is known even when small
    pattern: str  # "lattice" | "rings" | "stripes"


@dataclass(frozen=True)
class FeltColours:
    middle: Color
    edge: Color
    panel: Color  # the panels over it (score, what happened, every screen's box): a darker tone of the felt


BACKS: dict[str, BackDesign] = {
    "blue": BackDesign((28, 58, 128), (70, 110, 190), (236, 224, 180), (224, 168, 20), "lattice"),
    "red": BackDesign((128, 22, 34), (186, 62, 70), (240, 228, 196), (236, 200, 90), "lattice"),
    "green": BackDesign((18, 88, 52), (64, 146, 96), (232, 226, 196), (240, 232, 200), "rings"),
    "night": BackDesign((24, 24, 34), (196, 150, 40), (210, 176, 80), (224, 168, 20), "stripes"),
}
FELTS: dict[str, FeltColours] = {
    "green": FeltColours((22, 104, 58), (10, 58, 32), (18, 70, 42)),
    "blue": FeltColours((22, 70, 120), (10, 34, 66), (16, 46, 82)),
    "wine": FeltColours((112, 28, 44), (58, 12, 22), (72, 18, 30)),
    "slate": FeltColours((64, 72, 80), (30, 34, 40), (38, 44, 52)),
}
DEFAULT_BACK = "blue"
DEFAULT_FELT = "green"

_chosen = {"back": DEFAULT_BACK, "felt": DEFAULT_FELT}


def choose(back: str, felt: str) -> None:
    """The player's choice from now on; a name this version does not know takes the default."""
    _chosen["back"] = back if back in BACKS else DEFAULT_BACK
    _chosen["felt"] = felt if felt in FELTS else DEFAULT_FELT


def back_name() -> str:
    return _chosen["back"]


def felt_name() -> str:
    return _chosen["felt"]


def back_design(name: str | None = None) -> BackDesign:
    return BACKS[name or _chosen["back"]]


def felt_colours(name: str | None = None) -> FeltColours:
    return FELTS[name or _chosen["felt"]]
