"""The setup's "House rules" panel: the options of the chosen game (game/rules/house.py), one line each,
its default marked, and under the lines a sentence saying who plays the value shown so. It is the setup
screen's own layout and keys (a SetupScene with other lines): ← → change a line, Done keeps the choices,
Back leaves them as they were. The words of each option and value are in scenes/house_words.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.i18n import _
from game.keep.settings import GameSetup
from game.rules.house import BY_NAME, options_of
from scenes.house_words import house_summary, option_label, value_caption, value_name
from scenes.rules import game_blurb, game_name
from scenes.setup import Row, SetupScene

HOUSE_ROW = "house"  # the setup's line that opens the panel


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
        if self.focus == HOUSE_ROW:
            return house_row_caption(self.setup)
        if self.focus == "game":
            return game_blurb(self.setup.game, self.setup.rules())
        return super().caption()

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
