"""No words of our documents on screen: the house-rules panel once ended its options with "the seed's rule",
"the seed's table", "one family's table", "some references". Every message of the three catalogues (the
English and its French and Swedish) is read for the names of our documents and their sources."""

from __future__ import annotations

import re

import pytest

from game.rules.house import OPTIONS
from scenes.house_words import value_caption
from tests.catalogues import messages, po

# Words that name our documents or where their rules came from, in each language's catalogue.
LEAKS = {
    "en": r"\bseed|rules\.md|design\.md|\breferences?\b|\bfamily's\b",
    "fr": r"\bgraine|\bsemence|\bla source\b|\bréférences?\b|rules\.md|d'une famille",
    "sv": r"\bfrö|\bkäll(a|an|ans|or|orna|ors)\b|\breferens|rules\.md|en familjs",
}


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
def test_no_message_names_our_documents(lang: str) -> None:
    english = re.compile(LEAKS["en"], re.IGNORECASE)
    own = re.compile(LEAKS[lang], re.IGNORECASE)
    leaks = []
    for message in messages(po(lang)):
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strs = [message.string] if isinstance(message.string, str) else list(message.string or ())
        leaks += [t for t in ids if english.search(t)] + [t for t in strs if t and own.search(t)]
    assert not leaks, leaks


def test_every_house_option_has_a_caption_in_a_players_words() -> None:
    for option in OPTIONS:
        for value in option.values:
            caption = value_caption(option.name, value)
            assert caption and not re.search(LEAKS["en"], caption, re.IGNORECASE), (option.name, value, caption)
