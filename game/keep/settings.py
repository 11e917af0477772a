"""The player's settings and the setup screen's choices, as settings.json keeps them.

Reading is lenient field by field: each value is checked for its exact type (4.0 is not 4, true is not
1) and its range, and one that fails takes its default while the file's other settings are kept; the
keys that failed are returned, so the player can be told once. A missing key (a file from an earlier
version) takes its default without a word. What `from_json` returns always passes it again unchanged.

One line per field in `_SETUP_FIELDS` / `_FIELDS`: a new setting is its dataclass field, its line there
and its entry in `to_json`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.i18n import LANGUAGES
from game.keep.window_state import WindowState
from game.rules.house import HouseError, check_house, with_house
from game.rules.ruleset import RULESETS, RuleSet

FORMAT = 1
LEVELS = ("easy", "normal", "hard", "expert")
SPEEDS = ("slow", "normal", "fast", "instant")
TARGETS = (2500, 5000, 7500, 10000, 15000)
DEFAULT_TARGET = 15000
CARD_SIZES = ("normal", "large")
SORT_ORDERS = ("rank", "suit")
SPEECH_VERBOSITIES = ("all", "mine", "asked")  # everything / my turn and my partner / only what I ask
SPEECH_RATES = ("slow", "normal", "fast", "fastest")
TEXT_SIZES = ("normal", "large", "largest")  # the words' size, whatever the cards' size
CARD_BACKS = ("blue", "red", "green", "night")  # drawn by game/ui/themes.py, in this order in Settings
FELTS = ("green", "blue", "wine", "slate")

Check = Callable[[object], bool]


def one_of(*allowed: object) -> Check:
    """A value equal to one allowed, and of its exact type (4.0 is not 4, true is not 1)."""
    return lambda v: any(type(v) is type(a) and v == a for a in allowed)


def is_bool(v: object) -> bool:
    return type(v) is bool


def is_volume(v: object) -> bool:
    return type(v) in (int, float) and 0 <= v <= 1  # type: ignore[operator]


def is_language(v: object) -> bool:
    return v is None or one_of(*LANGUAGES)(v)


def is_seat_levels(v: object) -> bool:
    return type(v) is list and len(v) == 3 and all(one_of(*LEVELS)(x) for x in v)


def is_targets(v: object) -> bool:
    """The remembered targets: only games this version plays, each at a target it offers."""
    return type(v) is dict and all(k in RULESETS and one_of(*RULESETS[k].targets)(t) for k, t in v.items())


class _Reader:
    """Values of one dict, each checked; the keys whose value was refused are in `refused`."""

    def __init__(self, data: object, prefix: str = "") -> None:
        self.d = data if isinstance(data, dict) else {}
        self.prefix = prefix
        self.refused: list[str] = [] if isinstance(data, dict) else [prefix.rstrip(".") or "*"]

    def get(self, key: str, ok: Check, default: Any) -> Any:
        if key not in self.d:
            return default
        value = self.d[key]
        if ok(value):
            return value
        self.refused.append(self.prefix + key)
        return default


@dataclass
class GameSetup:
    """The choices of the setup screen. Seat 0 is the player; seats 1.. are computers."""

    players: int = 4
    level: str = "normal"  # every computer seat, unless per_seat
    per_seat: bool = False
    seat_levels: list[str] = field(default_factory=lambda: ["normal"] * 3)  # seats 1, 2, 3
    target: int = DEFAULT_TARGET
    speed: str = "normal"
    game: str = "bolivia"  # the rule set (game/rules/ruleset.py) a new game plays
    # The target the player chose for each game, by rule set name: switching the game brings back that
    # game's own (not another game's default). Memory, not a choice of this setup: left out of ==.
    targets: dict[str, int] = field(default_factory=dict, compare=False)
    # House rules per game, {game: {option: value}}, defaults left out (game/rules/house.py)
    house: dict[str, dict[str, str]] = field(default_factory=dict)

    def rules(self) -> RuleSet:
        """The rule set a new game plays: the chosen game with its remembered house rules."""
        return with_house(RULESETS[self.game], self.house.get(self.game, {}))

    def choose_target(self, target: int) -> None:
        """The player's own target for the game chosen, remembered for it."""
        self.target = target
        self.targets[self.game] = target

    def switch_game(self, game: str) -> None:
        """Play `game`: at the target last chosen for it; else at the target chosen a moment ago for the
        game left, if `game` offers it (the player's number stays); else at `game`'s usual target."""
        rules = RULESETS[game]
        left = RULESETS.get(self.game)
        own = self.targets.get(game)
        chosen_here = left is not None and self.targets.get(self.game) == self.target
        if own in rules.targets:
            self.target = own
        elif chosen_here and self.target in rules.targets:
            pass
        else:
            self.target = rules.default_target(self.players)
        self.game = game

    def switch_players(self, players: int) -> None:
        """A target the player chose stays; the game's usual one follows the table size (Standard: 7,500 at 3)."""
        rules = RULESETS.get(self.game)
        if rules is not None and self.targets.get(self.game) != self.target:
            if self.target == rules.default_target(self.players):
                self.target = rules.default_target(players)
        self.players = players

    def levels(self) -> list[str]:
        """One level per seat; seat 0, the player, is "human"."""
        computers = self.seat_levels if self.per_seat else [self.level] * 3
        return ["human"] + list(computers[: self.players - 1])

    def to_json(self) -> dict:
        return {"players": self.players, "level": self.level, "per_seat": self.per_seat,
                "seat_levels": list(self.seat_levels), "target": self.target, "speed": self.speed, "game": self.game,
                "targets": dict(self.targets), "house": {g: dict(o) for g, o in self.house.items() if o}}

    @staticmethod
    def from_json(data: object) -> GameSetup:
        """Lenient: a value that is missing or not allowed takes its default."""
        return GameSetup.read(data)[0]

    @staticmethod
    def read(data: object, prefix: str = "setup.") -> tuple[GameSetup, list[str]]:
        """The setup and the keys whose values were refused (each replaced by its default)."""
        r = _Reader(data, prefix)
        default = GameSetup()
        game = r.get("game", one_of(*RULESETS), default.game)
        players = r.get("players", one_of(2, 3, 4), default.players)
        rules = RULESETS[game]
        setup = GameSetup(
            players=players,
            level=r.get("level", one_of(*LEVELS), default.level),
            per_seat=r.get("per_seat", is_bool, default.per_seat),
            seat_levels=list(r.get("seat_levels", is_seat_levels, default.seat_levels)),
            # The target depends on the game and the table: the default is theirs.
            target=r.get("target", one_of(*rules.targets), rules.default_target(players)),
            speed=r.get("speed", one_of(*SPEEDS), default.speed),
            game=game,
            targets=dict(r.get("targets", is_targets, {})),
            house=_house_choices(r.d.get("house"), r.refused, prefix + "house."),
        )
        return setup, r.refused


@dataclass
class Settings:
    setup: GameSetup = field(default_factory=GameSetup)
    language: str | None = None  # None: the system's
    sound: bool = True
    volume: float = 0.7  # 0..1
    card_size: str = "normal"  # "normal" | "large"
    four_colour: bool = False  # clubs green, diamonds blue
    sort_order: str = "rank"  # "rank" | "suit"
    discard_warning: bool = True
    show_playable: bool = False  # outline the cards in hand that can be melded or added now
    window: WindowState | None = None  # None: never closed yet, open to fit the screen
    # Accessibility: the screen reader's voice, the words' size, the high-contrast colours.
    speech: bool = True
    speech_verbosity: str = "all"
    speech_rate: str = "normal"
    text_size: str = "normal"
    high_contrast: bool = False
    card_back: str = "blue"
    felt: str = "green"
    celebrations: bool = True  # a canasta's banner, a going out's, the winners' confetti

    def to_json(self) -> dict:
        return {"format": FORMAT, "language": self.language, "setup": self.setup.to_json(), "sound": self.sound,
                "volume": self.volume, "card_size": self.card_size, "four_colour": self.four_colour,
                "sort_order": self.sort_order, "discard_warning": self.discard_warning,
                "show_playable": self.show_playable, "speech": self.speech,
                "speech_verbosity": self.speech_verbosity, "speech_rate": self.speech_rate,
                "text_size": self.text_size, "high_contrast": self.high_contrast, "card_back": self.card_back,
                "felt": self.felt, "celebrations": self.celebrations,
                "window": self.window.to_json() if self.window is not None else None}

    @staticmethod
    def from_json(data: object) -> Settings:
        """Lenient: a value that is missing or not allowed takes its default."""
        return Settings.read(data)[0]

    @staticmethod
    def read(data: object) -> tuple[Settings, list[str]]:
        """The settings and the keys whose values were refused (each replaced by its default)."""
        r = _Reader(data)
        default = Settings()
        setup, refused = GameSetup.read(r.d.get("setup")) if "setup" in r.d else (GameSetup(), [])
        window = r.d.get("window")
        settings = Settings(
            setup,
            r.get("language", is_language, default.language),
            sound=r.get("sound", is_bool, default.sound),
            volume=float(r.get("volume", is_volume, default.volume)),
            card_size=r.get("card_size", one_of(*CARD_SIZES), default.card_size),
            four_colour=r.get("four_colour", is_bool, default.four_colour),
            sort_order=r.get("sort_order", one_of(*SORT_ORDERS), default.sort_order),
            discard_warning=r.get("discard_warning", is_bool, default.discard_warning),
            show_playable=r.get("show_playable", is_bool, default.show_playable),
            speech=r.get("speech", is_bool, default.speech),
            speech_verbosity=r.get("speech_verbosity", one_of(*SPEECH_VERBOSITIES), default.speech_verbosity),
            speech_rate=r.get("speech_rate", one_of(*SPEECH_RATES), default.speech_rate),
            text_size=r.get("text_size", one_of(*TEXT_SIZES), default.text_size),
            high_contrast=r.get("high_contrast", is_bool, default.high_contrast),
            window=WindowState.from_json(window),
            card_back=r.get("card_back", one_of(*CARD_BACKS), default.card_back),
            felt=r.get("felt", one_of(*FELTS), default.felt),
            celebrations=r.get("celebrations", is_bool, default.celebrations),
        )
        if window is not None and (settings.window is None or settings.window.to_json() != window):
            r.refused.append("window")
        return settings, r.refused + refused


def _house_choices(data: object, refused: list[str], prefix: str = "house.") -> dict[str, dict[str, str]]:
    """Lenient: each game's options that it knows with values it knows; anything else is dropped, and
    added to `refused` as every other field is (the player is told, the file as it was kept aside)."""
    out: dict[str, dict[str, str]] = {}
    if data is not None and not isinstance(data, dict):
        refused.append(prefix.rstrip("."))
    for game, options in (data.items() if isinstance(data, dict) else ()):
        if game not in RULESETS or not isinstance(options, dict):
            refused.append(f"{prefix}{str(game)[:40]}")
            continue
        kept: dict[str, str] = {}
        for name, value in options.items():
            try:
                kept.update(check_house(game, {name: value}))
            except HouseError:
                refused.append(f"{prefix}{game}.{str(name)[:40]}")
                continue
        if kept:
            out[game] = kept
    return out
