"""Deal codes: a short name for one deal, to play it again or to give a club the same cards.

A code carries the game, the table size, the target and the deal: the seed and hand number whose shuffle
gave the deck (game/rules/state.py `shuffled_deck`); the dealer follows from them as it did in the game, so
every seat gets the same cards. A table game's seed has 30 bits, so its codes have ten characters, written
in groups of four, like `K7QM-3XBR-9A` (longer seeds give longer codes). Codes of the first layout
(version 0) carry no target: their game is played to the player's own target for it.

The characters are Crockford's base 32: digits and letters without I, L, O and U, so a code read aloud
or typed is not mistaken; case, spaces and dashes do not matter, and O, I and L are read as 0, 1 and 1.
The last character is a check: any one character mistyped, and almost any two swapped, is found.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules.ruleset import RULESETS
from game.rules.state import first_dealer_of

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
READ_AS = {"O": "0", "I": "1", "L": "1"}
GAMES = ("bolivia", "standard", "samba")  # their places in a code: never reorder, only add
VERSION = 1  # of the code's layout (0: no target); a version 1 code with target slot 0 is kept for a later layout
TARGET_STEP = 2500  # targets are carried in steps of 2,500 ...
TARGET_SLOTS = 8  # ... from 2,500 to 17,500 (0: no target, a code of version 0)
MAX_HAND = 60
MAX_LENGTH = 40  # characters typed, spaces included


class BadCode(ValueError):
    """Not a deal code; the message says why, for the player."""


@dataclass(frozen=True)
class DealCode:
    game: str  # a rule set's name
    players: int
    seed: int  # the game's seed ...
    hand: int  # ... and the hand (from 1) whose shuffle gave the deck
    target: int | None = None  # the game's target (None: a code of the first layout, which had none)

    def text(self) -> str:
        return encode(self)

    @property
    def dealer(self) -> int:
        """Who dealt it, as in its game: the seats left of the dealer get the same cards again."""
        return (first_dealer_of(self.seed, self.players) + self.hand - 1) % self.players


def code_of(variant: str, players: int, source: tuple[int, int] | None, target: int | None = None) -> str | None:
    """The code of a recorded hand (record.HandRecord.source) of a game to `target`, or None when no code
    names its deck."""
    if source is None or variant not in GAMES or not 1 <= source[1] <= MAX_HAND:
        return None
    return encode(DealCode(variant, players, source[0], source[1], target))


def _target_slot(target: int | None) -> int:
    """The target's place in a code; 0 when a code cannot carry it (it is then of version 0)."""
    if target is None or target % TARGET_STEP or not 1 <= target // TARGET_STEP < TARGET_SLOTS:
        return 0
    return target // TARGET_STEP


def _check(digits: list[int]) -> int:
    """Weights 1, 3, 5, ... are odd, so prime to 32: any one wrong digit changes the sum."""
    return sum((2 * i + 1) * d for i, d in enumerate(digits)) % 32


def encode(code: DealCode) -> str:
    if code.game not in GAMES:
        raise ValueError(f"no deal code for the game {code.game!r}")
    if not (2 <= code.players <= 4 and 1 <= code.hand <= MAX_HAND):
        raise ValueError("players 2-4, hands 1-60")
    seed = code.seed * 2 if code.seed >= 0 else -code.seed * 2 - 1  # negative seeds too, one number each
    value = ((seed * MAX_HAND + code.hand - 1) * 3 + code.players - 2) * 4 + GAMES.index(code.game)
    slot = _target_slot(code.target)
    value = value * 2 if not slot else (value * TARGET_SLOTS + slot) * 2 + VERSION
    digits = []
    while True:
        value, d = divmod(value, 32)
        digits.append(d)
        if not value:
            break
    while len(digits) < 9:
        digits.append(0)
    digits.reverse()
    digits.append(_check(digits))
    text = "".join(ALPHABET[d] for d in digits)
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def decode(text: str) -> DealCode:
    """A code as typed; BadCode with a reason a player can read."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        raise BadCode(_("A deal code has about ten letters and digits, like K7QM-3XBR-9A."))
    chars = "".join(READ_AS.get(c, c) for c in text.upper() if not c.isspace() and c not in "-_.")
    if not chars:
        raise BadCode(_("Type the deal's code, like K7QM-3XBR-9A."))
    wrong = [c for c in chars if c not in ALPHABET]
    if wrong:
        raise BadCode(_("“{char}” is not in deal codes: they use the digits and the letters but U.").format(
            char=wrong[0]))
    if len(chars) < 10:
        raise BadCode(_("That code is too short: a deal code has ten letters and digits or more."))
    digits = [ALPHABET.index(c) for c in chars]
    if _check(digits[:-1]) != digits[-1]:
        raise BadCode(_("That is not a deal code: a letter or digit is wrong or two are swapped. Check it "
                        "against the scoring screen."))
    value = 0
    for d in digits[:-1]:
        value = value * 32 + d
    value, version = divmod(value, 2)
    slot = 0
    if version == 1:
        value, slot = divmod(value, TARGET_SLOTS)
    value, game = divmod(value, 4)
    value, players = divmod(value, 3)
    seed, hand = divmod(value, MAX_HAND)
    if (version == 1 and not slot) or game >= len(GAMES) or GAMES[game] not in RULESETS:
        raise BadCode(_("That deal code is from a newer version of Bolivia."))
    return DealCode(GAMES[game], players + 2, seed // 2 if seed % 2 == 0 else -(seed + 1) // 2, hand + 1,
                    slot * TARGET_STEP if slot else None)
