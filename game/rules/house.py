"""House rules: the options a club plays by (docs/RULES.md, "House rules"). Each option is a name, the
games it belongs to, its default and its other values, and what each value changes in the rule set:
data only, so the engine, the scoring and the computer players obey an option by reading the
rule set they are given, never its name."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from game.i18n import _
from game.rules.ruleset import RULESETS, RuleSet

BOLIVIA_GAME, STANDARD_GAME, SAMBA_GAME = "bolivia", "standard", "samba"
ALL_GAMES = (BOLIVIA_GAME, STANDARD_GAME, SAMBA_GAME)

STANDARD_MIN_MELD = ((7000, 150), (3000, 120), (1500, 90), (0, 50), (-(10**9), 15))
FAMILY_MIN_MELD = ((5005, 150), (3005, 120), (1505, 90), (-(10**9), 50))  # below 0 also 50: a ruling


class HouseError(ValueError):
    """An option or value the game does not know, or one of another game: the message says which."""


@dataclass(frozen=True)
class HouseOption:
    name: str
    games: tuple[str, ...]
    default: str
    # value -> the rule set's fields it sets (the default's entry is the game's own rule)
    values: dict[str, dict[str, object]]

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(self.values)


OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("black_three_in_hand", (BOLIVIA_GAME,), "100",
                {"100": {"black_three_in_hand": 100}, "5": {"black_three_in_hand": 5}}),
    HouseOption("wild_limit", (BOLIVIA_GAME, SAMBA_GAME), "two", {
        "two": {"max_wilds_in_rank_meld": 2, "naturals_per_wild": 2, "natural_margin": 0},
        "three": {"max_wilds_in_rank_meld": 3, "naturals_per_wild": 1, "natural_margin": 1}}),
    HouseOption("first_meld", (BOLIVIA_GAME, SAMBA_GAME), "standard", {
        "standard": {"min_meld_table": STANDARD_MIN_MELD}, "family": {"min_meld_table": FAMILY_MIN_MELD}}),
    HouseOption("take_top", (BOLIVIA_GAME, SAMBA_GAME), "yes", {"yes": {"take_top": True}, "no": {"take_top": False}}),
    HouseOption("go_out_needs", (BOLIVIA_GAME,), "escalera", {
        "escalera": {"escalera_to_go_out": True}, "two": {"escalera_to_go_out": False}}),
    HouseOption("red_threes_plus", (BOLIVIA_GAME,), "out", {
        "out": {"red_threes_plus": "out"}, "two": {"red_threes_plus": "two"}, "melded": {"red_threes_plus": "melded"}}),
    HouseOption("going_out_bonus", (BOLIVIA_GAME, STANDARD_GAME), "100", {
        "100": {"go_out": 100, "go_out_concealed": 200}, "200": {"go_out": 200, "go_out_concealed": 200}}),
    HouseOption("bolivia_bonus", (BOLIVIA_GAME,), "2500", {"2500": {"bolivia": 2500}, "2000": {"bolivia": 2000}}),
    HouseOption("ask_partner", ALL_GAMES, "optional", {
        "optional": {"ask_required": False}, "required": {"ask_required": True}}),
    HouseOption("unfrozen_take", (STANDARD_GAME,), "wild", {
        "wild": {"unfrozen_pair_only": False}, "pair": {"unfrozen_pair_only": True}}),
    HouseOption("standard_wilds", (STANDARD_GAME,), "more", {
        "more": {"max_wilds_in_rank_meld": 3, "naturals_per_wild": 1, "natural_margin": 1},
        "equal": {"max_wilds_in_rank_meld": 3, "naturals_per_wild": 1, "natural_margin": 0}}),
    HouseOption("canastas_to_go_out", (STANDARD_GAME,), "1", {
        "1": {"canastas_to_go_out_at": (2, 1, 1)}, "2": {"canastas_to_go_out_at": (2, 2, 2)}}),
    HouseOption("take_onto_meld", (STANDARD_GAME,), "no", {
        "no": {"take_onto_meld": False}, "yes": {"take_onto_meld": True}}),
)
BY_NAME = {o.name: o for o in OPTIONS}


def options_of(game: str) -> tuple[HouseOption, ...]:
    """The house options a game offers, in the table's order."""
    return tuple(o for o in OPTIONS if game in o.games)


def check_house(game: str, house: Mapping[object, object]) -> dict[str, str]:
    """The options as names and values of this game, defaults left out; HouseError saying what is wrong."""
    out: dict[str, str] = {}
    for name, value in house.items():
        option = BY_NAME.get(name) if isinstance(name, str) else None
        if option is None:
            raise HouseError(_("unknown house rule {name}: choose {names}").format(
                name=str(name)[:40], names=", ".join(o.name for o in options_of(game))))
        if game not in option.games:
            raise HouseError(_("the house rule {name} is not one of {game}'s").format(name=name, game=game))
        text = str(value).lower() if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if text not in option.values:
            raise HouseError(_("unknown value {value} for {name}: choose {values}").format(
                value=str(value)[:40], name=name, values=", ".join(option.choices)))
        if text != option.default:
            out[name] = text
    return out


def with_house(rules: RuleSet, house: Mapping[object, object]) -> RuleSet:
    """The rule set of this game played with these house options (HouseError for a wrong one). The base
    game's own rule set is the one with no option changed, so saves and caches stay as before. Not yet
    seated: GameState (or the caller) seats it with for_players."""
    base = RULESETS[rules.name]
    chosen = {**dict(rules.house), **check_house(rules.name, house)}
    if not chosen:
        return base
    changes: dict[str, object] = {}
    for name, value in chosen.items():
        changes.update(BY_NAME[name].values[value])
    return dataclasses.replace(base, house=tuple(sorted(chosen.items())), **changes)


def parse_pairs(texts: list[str] | tuple[str, ...]) -> dict[str, str]:
    """NAME=VALUE texts (the tools' --house) as a dict; HouseError for one without "="."""
    out: dict[str, str] = {}
    for text in texts:
        name, eq, value = text.partition("=")
        if not eq or not name.strip():
            raise HouseError(_("a house rule is NAME=VALUE, like take_top=no; got {text}").format(text=text[:40]))
        out[name.strip()] = value.strip()
    return out


def house_of(rules: RuleSet) -> dict[str, str]:
    """Every option of the rule set's game with the value it plays (defaults included)."""
    chosen = dict(rules.house)
    return {o.name: chosen.get(o.name, o.default) for o in options_of(rules.name)}
