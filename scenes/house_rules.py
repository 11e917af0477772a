"""The setup's "House rules" panel: the options of the chosen game (game/rules/house.py), one line each,
its default marked, and under the lines a sentence saying who plays the value shown so. It is the setup
screen's own layout and keys (a SetupScene with other lines): ← → change a line, Done keeps the choices,
Back leaves them as they were. The words of each option and value live here too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.i18n import _, number
from game.keep.storage import GameSetup
from game.rules.house import BY_NAME, options_of
from game.rules.ruleset import RuleSet
from scenes.rules import game_name
from scenes.setup import Row, SetupScene

HOUSE_ROW = "house"  # the setup's line that opens the panel


def option_label(name: str) -> str:
    return {
        "black_three_in_hand": _("Black three left in hand"),
        "wild_limit": _("Wild cards in a meld"),
        "first_meld": _("First-meld table"),
        "take_top": _("Top card alone onto a run"),
        "go_out_needs": _("Going out needs"),
        "red_threes_plus": _("Red threes count plus"),
        "going_out_bonus": _("Going-out bonus"),
        "bolivia_bonus": _("Bolivia bonus"),
        "ask_partner": _("Asking the partner"),
        "unfrozen_take": _("Taking an unfrozen pile"),
        "standard_wilds": _("Wild cards in a meld"),
        "canastas_to_go_out": _("Canastas to go out"),
    }.get(name, name)


def value_name(name: str, value: str) -> str:
    words: dict[tuple[str, str], Callable[[], str]] = {
        ("black_three_in_hand", "100"): lambda: _("minus {n}").format(n=number(100)),
        ("black_three_in_hand", "5"): lambda: _("minus {n}").format(n=number(5)),
        ("wild_limit", "two"): lambda: _("at most two"),
        ("wild_limit", "three"): lambda: _("at most three"),
        ("first_meld", "standard"): lambda: _("15 to 150"),
        ("first_meld", "family"): lambda: _("50 to 150"),
        ("take_top", "yes"): lambda: _("Yes"),
        ("take_top", "no"): lambda: _("No"),
        ("go_out_needs", "escalera"): lambda: _("an escalera"),
        ("go_out_needs", "two"): lambda: _("any two canastas"),
        ("red_threes_plus", "out"): lambda: _("able to go out"),
        ("red_threes_plus", "two"): lambda: _("two canastas"),
        ("red_threes_plus", "melded"): lambda: _("has melded"),
        ("going_out_bonus", "100"): lambda: _("{a}, {b} concealed").format(a=number(100), b=number(200)),
        ("going_out_bonus", "200"): lambda: number(200),
        ("bolivia_bonus", "2500"): lambda: number(2500),
        ("bolivia_bonus", "2000"): lambda: number(2000),
        ("ask_partner", "optional"): lambda: _("optional"),
        ("ask_partner", "required"): lambda: _("required"),
        ("unfrozen_take", "wild"): lambda: _("a natural and a wild"),
        ("unfrozen_take", "pair"): lambda: _("a natural pair"),
        ("standard_wilds", "more"): lambda: _("fewer than naturals"),
        ("standard_wilds", "equal"): lambda: _("as many as naturals"),
        ("canastas_to_go_out", "1"): lambda: _("one (two at two players)"),
        ("canastas_to_go_out", "2"): lambda: _("two"),
    }
    word = words.get((name, value))
    return word() if word else value


def value_caption(name: str, value: str) -> str:
    """What the value means and who plays it so: one line under the panel's choices."""
    words: dict[tuple[str, str], Callable[[], str]] = {
        ("black_three_in_hand", "100"): lambda: _("Minus 100 for each black three left in hand: the seed's rule."),
        ("black_three_in_hand", "5"): lambda: _("Minus 5, its value, as in Samba: the references that count it "
                                                "as any card."),
        ("wild_limit", "two"): lambda: _("At most two wild cards, and twice as many naturals: the seed's rule."),
        ("wild_limit", "three"): lambda: _("At most three wild cards, more naturals than wilds: clubs that play "
                                           "Canasta's limit."),
        ("first_meld", "standard"): lambda: _("15 below 0, then 50, 90, 120, 150 from 0, 1,500, 3,000, 7,000: "
                                              "the seed's table."),
        ("first_meld", "family"): lambda: _("50, 90, 120, 150 from 0, 1,505, 3,005, 5,005 (50 below 0): one "
                                            "family's table."),
        ("take_top", "yes"): lambda: _("The top card may go alone onto a run of fewer than seven: the seed and "
                                       "Pagat."),
        ("take_top", "no"): lambda: _("The top card is never taken alone: the references that only take the "
                                      "whole pile."),
        ("go_out_needs", "escalera"): lambda: _("An escalera and another canasta: the seed's rule."),
        ("go_out_needs", "two"): lambda: _("Any two canastas, as in Samba: clubs that play Bolivia as its parent."),
        ("red_threes_plus", "out"): lambda: _("Plus when the side has what going out needs: the seed's rule."),
        ("red_threes_plus", "two"): lambda: _("Plus when the side has two canastas of any kind: as Samba counts "
                                              "them."),
        ("red_threes_plus", "melded"): lambda: _("Plus once the side has melded, as in Canasta: some references."),
        ("going_out_bonus", "100"): lambda: _("100 for going out, 200 concealed: the seed's and Canasta's rule."),
        ("going_out_bonus", "200"): lambda: _("200 for going out, concealed or not: the references that follow "
                                              "Samba."),
        ("bolivia_bonus", "2500"): lambda: _("2,500 for seven wild cards: the seed's rule."),
        ("bolivia_bonus", "2000"): lambda: _("2,000 for seven wild cards: some references."),
        ("ask_partner", "optional"): lambda: _("At four players a player may ask \"May I go out?\": the rule "
                                               "of every reference."),
        ("ask_partner", "required"): lambda: _("At four players a player goes out only after the partner's yes: "
                                               "strict clubs."),
        ("unfrozen_take", "wild"): lambda: _("A natural and a wild card take an unfrozen pile: the seed and "
                                             "Hoyle."),
        ("unfrozen_take", "pair"): lambda: _("Always a natural pair, frozen or not: clubs that never unfreeze."),
        ("standard_wilds", "more"): lambda: _("More naturals than wild cards, at most three: the seed's rule."),
        ("standard_wilds", "equal"): lambda: _("No more wild cards than naturals, at most three: older "
                                               "references."),
        ("canastas_to_go_out", "1"): lambda: _("One canasta to go out, two at two players: the seed's rule."),
        ("canastas_to_go_out", "2"): lambda: _("Two canastas at every table size: the longer club game."),
    }
    word = words.get((name, value))
    return word() if word else ""


def house_summary(rules: RuleSet) -> str:
    """The options a rule set plays away from its game's defaults, as the setup and the Rules screen say it."""
    if not rules.house:
        return _("as the game's own rules")
    return "; ".join(f"{option_label(n)}: {value_name(n, v)}" for n, v in rules.house)


def house_row_text(setup: GameSetup) -> str:
    """The setup's House rules line: the game's own, or how many are changed."""
    n = len(setup.house.get(setup.game, {}))
    return _("The game's own") if n == 0 else _("{n} changed").format(n=n)


def house_row_caption(setup: GameSetup) -> str:
    rules = setup.rules()
    if not rules.house:
        return _("Clubs play with house rules: press → to choose {game}'s.").format(game=game_name(setup.game))
    return _("House rules: {rules}. Press → to change them.").format(rules=house_summary(rules))


def house_row(setup: GameSetup) -> Row:
    z = pygame.Rect(0, 0, 0, 0)
    return Row(HOUSE_ROW, _("House rules"), [HOUSE_ROW], 0, z.copy(), z.copy())


class HouseRulesPanel(SetupScene):
    """`on_done(choices)` with the game's options as chosen (defaults left out), `on_back()` to leave as they were."""

    def __init__(self, setup: GameSetup, on_done: Callable[[dict[str, str]], None],
                 on_back: Callable[[], None]) -> None:
        self.game = setup.game
        self.choices = dict(setup.house.get(setup.game, {}))
        self.on_done = on_done
        super().__init__(replace(setup), on_back=on_back)
        self.start_button.label = _("Done")
        self.focus = self.rows[0].key

    def _build_rows(self) -> None:
        z = pygame.Rect(0, 0, 0, 0)
        self.rows = []
        for option in options_of(self.game):
            values = list(option.choices)
            value = self.choices.get(option.name, option.default)
            self.rows.append(Row(option.name, option_label(option.name), values, values.index(value), z.copy(),
                                 z.copy()))
        if self.focus not in self._order():
            self.focus = self.rows[0].key
        if self.app is not None:
            self.resize(self.size)

    def value_text(self, row: Row) -> str:
        text = value_name(row.key, str(row.value))
        if row.value == BY_NAME[row.key].default:
            return _("{value} (default)").format(value=text)
        return text

    def caption(self) -> str:
        if self.focus == "start":
            return _("Keep these house rules for {game}.").format(game=game_name(self.game))
        if self.focus == "back":
            return _("Back to the setup; the house rules stay as they were.")
        row = self._row(self.focus)
        if row is None:
            return ""
        text = value_caption(row.key, str(row.value))
        if row.key == "ask_partner":
            text += " " + _("(Only at four players.)")
        return text

    def change(self, key: str, delta: int) -> None:
        row = self._row(key)
        if row is None:
            return
        row.index = (row.index + delta) % len(row.values)
        option = BY_NAME[key]
        if row.value == option.default:
            self.choices.pop(key, None)
        else:
            self.choices[key] = str(row.value)
        self.dirty = True

    def start(self) -> None:
        self.on_done(dict(self.choices))

    def heading(self) -> str:
        return _("House rules: {game}").format(game=game_name(self.game))

    def hint(self) -> str:
        return _("↑ ↓ choose a line   ← → change it   Enter: next, then Done   Esc: back")


class HouseSetupScene(SetupScene):
    """The setup screen with its House rules line: after the game's line, it opens the panel for that game
    (→, Space or a click); the choices are remembered per game in the setup (GameSetup.house)."""

    def __init__(self, *args, **kwargs) -> None:
        self.panel: HouseRulesPanel | None = None
        super().__init__(*args, **kwargs)
        self.setup.house = {g: dict(o) for g, o in self.setup.house.items()}

    def _build_rows(self) -> None:
        super()._build_rows()
        keys = [r.key for r in self.rows]
        at = keys.index("game") + 1 + ("language" in keys)
        row = house_row(self.setup)
        row.values = [HOUSE_ROW, HOUSE_ROW]  # both arrows open the panel
        self.rows.insert(at, row)
        if self.app is not None:
            self.resize(self.size)

    def value_text(self, row: Row) -> str:
        return house_row_text(self.setup) if row.key == HOUSE_ROW else super().value_text(row)

    def caption(self) -> str:
        return house_row_caption(self.setup) if self.focus == HOUSE_ROW else super().caption()

    def change(self, key: str, delta: int) -> None:
        if key != HOUSE_ROW:
            super().change(key, delta)
            return
        self.panel = HouseRulesPanel(self.setup, self._house_done, self._house_back)
        if self.app is not None:
            self.panel.enter(self.app)
            self.panel.resize(self.size)
        self.dirty = True

    def _house_done(self, choices: dict[str, str]) -> None:
        if choices:
            self.setup.house[self.setup.game] = choices
        else:
            self.setup.house.pop(self.setup.game, None)
        self._house_back()

    def _house_back(self) -> None:
        self.panel = None
        self.focus = HOUSE_ROW
        self.dirty = True

    # The panel, while open, takes the keys, the mouse and the window.
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.panel is not None:
            self.panel.handle_event(event)
            self.dirty = True
        else:
            super().handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.panel is not None:
            self.panel.resize(size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.panel is not None:
            self.panel.draw(surface)
        else:
            super().draw(surface)
