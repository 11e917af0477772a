"""The settings screen, one for the main menu and for the pause menu of a game: every change applies at
once (`on_change(settings)`, which the flow saves) and stays after a restart.

It is the setup screen's list of choices ( label [ ◀ value ▶ ] ) over the player's `Settings`:
language, accessibility (speech on or off, how much it says and how fast, the text size, high contrast),
animation speed, celebrations on or off, sound and its volume, card size, four-colour suits, the hand's sort
order, the discard warning, and the game and table size a new game starts with. The two buttons
are Restore defaults (asks first) and Done; Esc is Done.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import LANGUAGES, _, ngettext, pgettext, system_language
from game.keep.settings import (
    CARD_BACKS,
    CARD_SIZES,
    FELTS,
    SORT_ORDERS,
    SPEECH_RATES,
    SPEECH_VERBOSITIES,
    SPEEDS,
    TEXT_SIZES,
    GameSetup,
    Settings,
)
from game.rules.ruleset import RULESETS
from game.ui.looks import set_looks
from game.ui.sounds import SoundBoard
from scenes.looks import back_text, felt_text
from scenes.rules import game_name
from scenes.setup import LANGUAGE_NAMES, Row, SetupScene, players_text, speed_name
from scenes.widgets import Dialog, looks_changed

VOLUMES = tuple(round(v / 10, 1) for v in range(11))  # 0 %, 10 % … 100 %
ON_OFF = (True, False)


def on_off(value: object) -> str:
    return _("On") if value else _("Off")


def language_name(lang: str) -> str:
    """A language named in the words of the one spoken now ("français" in French, "French" in English)."""
    return {"en": _("English"), "fr": _("French"), "sv": _("Swedish")}[lang]


def language_text(lang: str | None) -> str:
    """A value of the Language line: a language in its own words, or None, the system's (whatever it is)."""
    if lang is None:
        return _("System ({language})").format(language=language_name(system_language()))
    return LANGUAGE_NAMES[lang]


def accessibility_value(key: str, value: str) -> str:
    """A value of the lines on speech and text."""
    return {
        "speech_verbosity": {"all": _("Everything"), "mine": _("My turn and my partner"),
                             "asked": _("Only what I ask")},
        "speech_rate": {"slow": pgettext("speech rate", "Slow"), "normal": pgettext("speech rate", "Normal"),
                        "fast": pgettext("speech rate", "Fast"), "fastest": pgettext("speech rate", "Fastest")},
        "text_size": {"normal": pgettext("text size", "Normal"), "large": pgettext("text size", "Large"),
                      "largest": pgettext("text size", "Largest")},
    }[key][value]


class SettingsScene(SetupScene):
    """`on_change(settings)` after every change; `on_done()` to leave. `in_game`: opened from a game's
    pause menu (the captions say what applies to the next game only)."""

    def __init__(self, settings: Settings, on_change: Callable[[Settings], None] | None = None,
                 on_done: Callable[[], None] | None = None, language: str = "en",
                 sounds: SoundBoard | None = None, in_game: bool = False) -> None:
        self.settings = settings
        self.on_change = on_change
        self.on_done = on_done
        self.sounds = sounds
        self.in_game = in_game
        self.confirm: Dialog | None = None
        super().__init__(settings.setup, language=language, on_language=self._language_chosen)
        self.setup = settings.setup  # changed in place: the settings hold it
        self._labels()
        self.focus = self.rows[0].key

    def _labels(self) -> None:
        self.back_button.label = _("Restore defaults")
        self.start_button.label = _("Done")

    # ----- the choices ------------------------------------------------------------------------------

    def _build_rows(self) -> None:
        st = self.settings
        s = st.setup
        z = pygame.Rect(0, 0, 0, 0)

        def row(key: str, label: str, values: list, value: object) -> Row:
            return Row(key, label, values, values.index(value) if value in values else 0, z.copy(), z.copy())

        self.rows = [
            row("language", _("Language"), [None, *LANGUAGES], st.language if st.language in LANGUAGES else None),
            # Accessibility: the voice first, where a player who cannot see finds it at once.
            row("speech", _("Speech"), list(ON_OFF), st.speech),
            row("speech_verbosity", _("Speech says"), list(SPEECH_VERBOSITIES), st.speech_verbosity),
            row("speech_rate", _("Speech rate"), list(SPEECH_RATES), st.speech_rate),
            row("text_size", _("Text size"), list(TEXT_SIZES), st.text_size),
            row("high_contrast", _("High contrast"), list(ON_OFF), st.high_contrast),
            row("speed", _("Animation speed"), list(SPEEDS), s.speed),
            row("celebrations", _("Celebrations"), list(ON_OFF), st.celebrations),
            row("sound", _("Sound"), list(ON_OFF), st.sound),
            row("volume", _("Volume"), list(VOLUMES), min(VOLUMES, key=lambda v: abs(v - st.volume))),
            row("card_size", _("Card size"), list(CARD_SIZES), st.card_size),
            row("four_colour", _("Four-colour suits"), list(ON_OFF), st.four_colour),
            row("card_back", _("Card back"), list(CARD_BACKS), st.card_back),
            row("felt", _("Table felt"), list(FELTS), st.felt),
            row("sort_order", _("Sort the hand"), list(SORT_ORDERS), st.sort_order),
            row("discard_warning", _("Discard warning"), list(ON_OFF), st.discard_warning),
            row("show_playable", _("Show playable cards"), list(ON_OFF), st.show_playable),
            row("game", _("Game"), list(RULESETS), s.game),
            row("players", _("Players"), [2, 3, 4], s.players),
        ]
        if self.focus not in self._order():
            self.focus = self.rows[0].key
        if self.app is not None:
            self.resize(self.size)

    def value_text(self, row: Row) -> str:
        v = row.value
        if row.key in ("sound", "four_colour", "discard_warning", "show_playable", "speech", "high_contrast",
                       "celebrations"):
            return on_off(v)
        if row.key in ("speech_verbosity", "speech_rate", "text_size"):
            return accessibility_value(row.key, str(v))
        if row.key == "volume":
            return f"{round(float(v) * 100)} %"  # type: ignore[arg-type]
        if row.key == "card_size":
            return {"normal": pgettext("card size", "Normal"), "large": pgettext("card size", "Large")}[str(v)]
        if row.key == "card_back":
            return back_text(str(v))
        if row.key == "felt":
            return felt_text(str(v))
        if row.key == "sort_order":
            return {"rank": _("By rank"), "suit": _("By suit")}[str(v)]
        if row.key == "game":
            return game_name(str(v))
        if row.key == "speed":
            return speed_name(str(v))
        if row.key == "language":
            return language_text(v if v is None else str(v))
        if row.key == "players":
            return players_text(int(v))  # type: ignore[call-overload]
        return str(v)

    def caption(self) -> str:
        st = self.settings
        later = " " + _("It applies from the next game.") if self.in_game else ""
        captions = {
            "start": lambda: _("Back, with these settings."),
            "back": lambda: _("Every setting back to how the game came."),
            "language": lambda: _("The language of the game. It changes at once."),
            "speed": lambda: _("How fast the cards move and the computer players play. It changes at once."),
            "celebrations": lambda: (
                _("A banner and sparks for a canasta, an escalera, a bolivia and going out; confetti for a win.")
                if st.celebrations else _("No banners, sparks or confetti: the game goes on quietly.")),
            "sound": lambda: _("Card sounds and the turn chime. V switches them on and off during a game."),
            "volume": lambda: _("How loud the sounds are."),
            "card_size": lambda: (_("Larger cards: the hand takes more room, the melds a little less.")
                                  if st.card_size == "large" else _("Cards sized to fit everything on the table.")),
            "four_colour": lambda: (_("Clubs green and diamonds blue: four suits, four colours.")
                                    if st.four_colour else _("Red hearts and diamonds, black spades and clubs.")),
            "card_back": lambda: _("The pattern on the back of the cards."),
            "felt": lambda: _("The colour of the table's cloth, behind every screen."),
            "sort_order": lambda: (_("Your hand is sorted by suit, then rank.") if st.sort_order == "suit"
                                   else _("Your hand is sorted by rank, wild cards at the end.")),
            "discard_warning": lambda: (_("Asks first before you discard a card the next player can take.")
                                        if st.discard_warning else _("Discards go at once, without a question.")),
            "show_playable": lambda: (_("The cards in your hand that you can meld or add now are outlined.")
                                      if st.show_playable else _("No outline: you find your melds yourself.")),
            "speech": lambda: (_("Accessibility: the game speaks through your screen reader.") if st.speech
                               else _("Accessibility: the game says nothing aloud.")),
            "speech_verbosity": lambda: {
                "all": _("Everything that happens at the table is said."),
                "mine": _("Your turn, your partner's moves and your own are said; the opponents' moves are not."),
                "asked": _("Only what you ask for is said: the screens, the focus and the summary keys.")}[
                st.speech_verbosity],
            "speech_rate": lambda: _("How fast the screen reader speaks, where it lets the game choose."),
            "text_size": lambda: _("The size of the words on every screen, whatever the size of the cards."),
            "high_contrast": lambda: (_("Black and white, strong colours: text stands out from the table.")
                                      if st.high_contrast else _("The green table and its usual colours.")),
            "game": lambda: (_("The game a new game plays. Standard Canasta comes in a later version.")
                             if len(RULESETS) == 1 else _("The game a new game plays.")) + later,
            "players": lambda: ngettext("How many players a new game has: you and {n} computer player.",
                                        "How many players a new game has: you and {n} computer players.",
                                        st.setup.players - 1).format(n=st.setup.players - 1) + later,
        }
        text = captions.get(self.focus)
        return text() if text is not None else ""

    def change(self, key: str, delta: int) -> None:
        row = self._row(key)
        if row is None:
            return
        if len(row.values) > 1:
            row.index = (row.index + delta) % len(row.values)
        v = row.value
        st = self.settings
        if key == "language":  # None: the system's language, now and whatever it is at the next start
            self.switch_language(system_language() if v is None else str(v))
            st.language = None if v is None else str(v)
            self._labels()
            self._build_rows()
        elif key == "speed":
            st.setup.speed = str(v)
        elif key == "sound":
            st.sound = bool(v)
        elif key == "volume":
            st.volume = float(v)  # type: ignore[arg-type]
        elif key == "card_size":
            st.card_size = str(v)
        elif key == "four_colour":
            st.four_colour = bool(v)
        elif key in ("card_back", "felt"):
            setattr(st, key, str(v))
        elif key == "sort_order":
            st.sort_order = str(v)
        elif key == "discard_warning":
            st.discard_warning = bool(v)
        elif key == "show_playable":
            st.show_playable = bool(v)
        elif key in ("speech", "high_contrast", "celebrations"):
            setattr(st, key, bool(v))
        elif key in ("speech_verbosity", "speech_rate", "text_size"):
            setattr(st, key, str(v))
        if key in ("text_size", "high_contrast") and set_looks(st.text_size, st.high_contrast):
            looks_changed()
            self.resize(self.size)  # the words at their new size, this screen laid out again
        elif key == "game":
            st.setup.switch_game(str(v))
        elif key == "players":
            st.setup.switch_players(int(v))  # type: ignore[call-overload]
            if st.setup.players == 2:
                st.setup.per_seat = False
        self._changed()
        if key in ("sound", "volume") and self.sounds is not None:
            self.sounds.configure(st.sound, st.volume)
            self.sounds.play("draw")  # hear the new level
        self.dirty = True

    def _language_chosen(self, lang: str) -> None:
        self.settings.language = lang

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.settings)

    # ----- the buttons ------------------------------------------------------------------------------

    def start(self) -> None:  # Done
        if self.on_done is not None:
            self.on_done()

    def back(self) -> None:  # Restore defaults, after asking
        def answer(yes: bool) -> None:
            self.confirm = None
            if yes:
                self.restore_defaults()
            self.dirty = True

        self.confirm = Dialog(_("Put every setting back to how the game came?"), answer, yes=_("Restore"),
                              no=_("Keep mine"))
        self.confirm.layout(self.size)
        self.dirty = True

    def restore_defaults(self) -> None:
        fresh = Settings()
        st = self.settings
        for name in ("sound", "volume", "card_size", "four_colour", "sort_order", "discard_warning",
                     "show_playable", "speech", "speech_verbosity", "speech_rate", "text_size", "high_contrast",
                     "card_back", "felt", "celebrations"):
            setattr(st, name, getattr(fresh, name))
        setup = GameSetup()
        for name in ("speed", "players"):
            setattr(st.setup, name, getattr(setup, name))
        st.setup.switch_game(setup.game)
        self._build_rows()
        self._changed()
        if self.sounds is not None:
            self.sounds.configure(st.sound, st.volume)

    # ----- scene hooks ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.confirm is not None:
            self.confirm.layout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            self.confirm.handle_event(event)
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.start()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.confirm is not None:
            self.confirm.draw(surface)

    def heading(self) -> str:
        return _("Settings")

    def hint(self) -> str:
        return _("↑ ↓ choose a line   ← → change it   Esc: done")

