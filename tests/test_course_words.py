"""Every word defined before it is used: walking each course in the order it is taken (the primer's pages,
then each lesson and reading), every glossary term a text uses was defined by the primer or earlier, in
each language (through the terms' own translations); and a page or lesson that defines a term uses it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.i18n import set_language
from game.lessons import COURSES, course
from game.lessons.glossary import TERMS, forms, used
from game.lessons.lesson import Lesson
from game.lessons.primer import KEY as PRIMER


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _texts(entry) -> list[str]:
    if isinstance(entry, Lesson):
        return [entry.title, entry.text, *(t for s in entry.steps for t in (s.text, s.hint)), entry.well_done]
    return [entry.title, entry.well_done, *(t for p in entry.pages for t in (p.title, p.text)),
            *(label for p in entry.pages for label, _v in p.lines)]


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("game", list(COURSES))
def test_every_word_is_defined_before_it_is_used(game: str, lang: str) -> None:
    set_language(lang)
    entries = course(game).entries
    assert entries[0].key == PRIMER, "the primer comes before the first lesson"
    defined: set[str] = set()
    for entry in entries:
        if isinstance(entry, Lesson):
            undefined = {t for text in _texts(entry) for t in used(text)} - defined - set(entry.defines)
            assert not undefined, (entry.key, undefined)
            assert set(entry.defines) <= used(entry.title + " " + entry.text), (entry.key, "defines a word it uses")
            defined |= set(entry.defines)
            continue
        for page in entry.pages:
            undefined = used(page.title + " " + page.text) - defined - set(page.defines)
            assert not undefined, (entry.key, page.title, undefined)
            assert set(page.defines) <= used(page.text), (page.title, "a page defines the words it uses")
            defined |= set(page.defines)
        undefined = {t for text in _texts(entry) for t in used(text)} - defined
        assert not undefined, (entry.key, undefined)


def test_the_primer_defines_the_issues_words_first() -> None:
    for game in COURSES:
        pages = course(game).entries[0].pages
        defined = [t for p in pages for t in p.defines]
        for term in ("meld", "side", "natural", "wild", "run", "canasta"):
            assert term in defined, (game, term)
        values = next(p for p in pages if p.cards and all(c.label for c in p.cards))
        assert {c.label for c in values.cards} == {"50", "20", "10", "5"}


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_the_terms_have_their_own_forms_in_each_language(lang: str) -> None:
    english = {key: forms(key) for key in TERMS}
    set_language(lang)
    for key in TERMS:
        assert forms(key), key
        if key not in ("canasta", "escalera", "bolivia", "samba", "partner"):  # the same word there
            assert forms(key) != english[key], (lang, key)


def test_a_term_is_found_as_a_whole_word_and_the_game_is_not_a_bolivia() -> None:
    assert used("Meld the kings") == {"meld"}
    assert "side" not in used("laid out beside your melds")
    assert "bolivia" not in used("In Bolivia you draw two cards.")
    assert "bolivia" in used("Seven make a bolivia.")
