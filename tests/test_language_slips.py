"""Language slips a player reads: no doubled word ("paire de de sept", "la la") in any French or Swedish
message once its placeholders are filled with what the game puts there; French setting values agree with
their line ("Vitesse des cartes : Normale"); Swedish says mäla / mälning, never melding / meldat."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest

from game.i18n import pgettext, set_language
from game.rules.names import a_canasta, canasta_name, canasta_word, card_name, meld_kind_name, rank_plural
from game.ui.narrate import seat_names, side_names
from scenes.rules import game_name
from scenes.setup import level_name, speed_name
from tests.catalogues import messages, po

PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")
DOUBLED = re.compile(r"(?<![\w’'-])(\w+)\s+\1(?![\w’'-])", re.IGNORECASE)
# Repeated on purpose in French: the reflexive "vous vous", "nous nous"; "les trois trois noirs" (the three
# black threes).
MEANT = {("fr", "vous"), ("fr", "nous"), ("fr", "trois")}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def samples(lang: str) -> dict[str, list[str]]:
    """What the game puts in each placeholder, in `lang`: every rank, some cards, the seats, the canastas."""
    set_language(lang)
    ranks = [rank_plural(r) for r in range(4, 15)]
    kinds = ("natural", "mixed", "escalera", "bolivia", "samba")
    canastas = [canasta_name(k) for k in kinds] + [a_canasta(k) for k in kinds] + [canasta_word(k) for k in kinds]
    cards = [card_name(c) for c in (0, 5, 13, 40, 51, 104, 156)]
    names = seat_names(4) + seat_names(2) + side_names(4) + side_names(3)
    return {"ranks": ranks, "rank": ranks, "canasta": canastas, "what": canastas + [meld_kind_name("run")],
            "card": cards, "cards": cards, "top": cards, "who": names, "name": names, "asker": names,
            "side": names, "game": [game_name(g) for g in ("bolivia", "standard", "samba")]}


def rendered(text: str, values: dict[str, list[str]]) -> Iterator[str]:
    """`text` with each placeholder filled: every sample for one placeholder at a time, the others with
    a neutral word."""
    names = sorted(set(PLACEHOLDER.findall(text)))
    if not names:
        yield text
        return
    neutral = {n: f"Zq{i}" for i, n in enumerate(names)}  # a word of its own each: two side by side are no slip
    for varied in names:
        for value in values.get(varied, [neutral[varied]]):
            filled = {n: (value if n == varied else values.get(n, [neutral[n]])[0]) for n in names}
            yield PLACEHOLDER.sub(lambda m, f=filled: f[m.group(1)], text)


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_no_message_says_a_word_twice_once_filled(lang: str) -> None:
    values = samples(lang)
    slips = set()
    for message in messages(po(lang)):
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for form in forms:
            for text in rendered(form or "", values):
                for hit in DOUBLED.finditer(text):
                    if (lang, hit.group(1).lower()) not in MEANT and not hit.group(1).isdigit():
                        slips.add(f"{hit.group(0)!r} in {text!r}")
    assert not slips, "\n".join(sorted(slips))


def test_the_pair_of_sevens_reads_once_in_french() -> None:
    set_language("fr")
    from game.i18n import _

    text = _("Draw from the stock: the pile is {count}; your pair of {ranks} is worth keeping for a bigger one.")
    assert "paire de sept" in text.format(count="3 cartes", ranks=rank_plural(7))


def test_french_setting_values_agree_with_their_line() -> None:
    set_language("fr")
    # "Vitesse des cartes", "Difficulté", "Taille des cartes" are feminine; the card size speaks of the cards.
    assert [speed_name(s) for s in ("slow", "normal", "fast", "instant")] == ["Lente", "Normale", "Rapide",
                                                                             "Instantanée"]
    assert [level_name(lv) for lv in ("easy", "normal", "hard", "expert")] == ["Facile", "Normale", "Difficile",
                                                                              "Experte"]
    assert [pgettext("card size", s) for s in ("Normal", "Large")] == ["Normales", "Grandes"]
    assert pgettext("difficulty", "Mixed") == "Mixte"  # computers of several levels, not an impure canasta


def test_swedish_speaks_of_mala_never_melding() -> None:
    # JSON names the tools read (melds, melded_before, "meld", MELD) stay as they are.
    keys = re.compile(r"melds\[|melded_before|\"meld\"|\bMELD\b|\{meld\}")  # a placeholder is no word
    wrong = []
    for message in messages(po("sv")):
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for form in forms:
            if re.search(r"meld", keys.sub("", form or ""), re.IGNORECASE):
                wrong.append(form)
    assert not wrong, "\n".join(wrong)


def test_every_combination_of_two_ranks_reads_in_french() -> None:
    # The rank words carry their own "de": nothing in front of them may say it again.
    values = samples("fr")
    for a, b in itertools.product(values["ranks"][:2], repeat=2):
        assert "de de" not in f"une paire {a} et {b}"
