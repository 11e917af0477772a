"""The Rules screen says what the table's house rules make true, on every page: at a Samba table with
take_top=no, page 2 still said the top card could be taken onto a run (the override only on page 4). For
each house option at each value away from its default, the rules text holds the rule set's statement and
number, and not the default's contradicting one."""

from __future__ import annotations

import pytest

from game.i18n import set_language
from game.rules.house import OPTIONS, with_house
from game.rules.ruleset import RULESETS
from scenes.rules import rules_text

# (game, option, value): what the text must say, and what it must no longer say.
CASES = [
    ("bolivia", "black_three_in_hand", "5", ["A black three left in hand costs 5."], ["costs 100"]),
    ("bolivia", "wild_limit", "three", ["more natural cards than wild cards and at most three wild cards"],
     ["at most two wild cards"]),
    ("samba", "wild_limit", "three", ["at most three wild cards"], ["at most two wild cards"]),
    ("bolivia", "first_meld", "family", ["50 below 1,505, 90 from 1,505, 120 from 3,005, 150 from 5,005"],
     ["15 below zero", "from 1,500", "from 7,000"]),
    ("samba", "first_meld", "family", ["150 from 5,005"], ["15 below zero", "from 7,000"]),
    ("bolivia", "take_top", "no", ["The top card is never taken alone"], ["top card alone can be taken"]),
    ("samba", "take_top", "no", ["The top card is never taken alone"], ["top card alone can be taken"]),
    ("bolivia", "go_out_needs", "two", ["go out once it has two canastas of any kind"],
     ["an escalera and one more canasta"]),
    ("bolivia", "red_threes_plus", "two", ["count plus for a side with two canastas"], ["a side that can go out"]),
    ("bolivia", "red_threes_plus", "melded", ["count plus for a side that has melded"], ["a side that can go out"]),
    ("bolivia", "going_out_bonus", "200", ["200 for going out, concealed or not"], ["100 for going out"]),
    ("standard", "going_out_bonus", "200", ["200 for going out, concealed or not"], ["100 for going out"]),
    ("bolivia", "bolivia_bonus", "2000", ["a bolivia, 2,000"], ["2,500"]),
    ("bolivia", "ask_partner", "required", ["you go out only after asking your partner"], ["you may first ask"]),
    ("samba", "ask_partner", "required", ["you go out only after asking your partner"], ["you may first ask"]),
    ("standard", "ask_partner", "required", ["you go out only after asking your partner"], ["you may first ask"]),
    ("standard", "unfrozen_take", "pair", ["always a natural pair, frozen or not"],
     ["a natural card and a wild card will do"]),
    ("standard", "standard_wilds", "equal", ["at least as many natural cards as wild cards"],
     ["more natural cards than wild cards"]),
    ("standard", "take_onto_meld", "yes", ["its top card may instead go alone onto your side's meld"], []),
    ("standard", "canastas_to_go_out", "2", ["go out once it has two canastas"], ["one canasta (two at two players)"]),
]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def page(game: str, house: dict[str, str] | None = None) -> str:
    """The rules' paragraphs without the closing summary of the house rules: what pages 1 to 3 say."""
    rules = with_house(RULESETS[game], house or {})
    paragraphs = rules_text(rules)
    return " ".join(p for p in paragraphs if not p.startswith("House rules at this table"))


@pytest.mark.parametrize("game,option,value,says,not_says", CASES, ids=lambda v: v if isinstance(v, str) else "")
def test_the_rules_say_what_the_house_rule_makes_true(game, option, value, says, not_says):
    default = page(game)
    text = page(game, {option: value})
    for words in says:
        assert words in text, (words, text)
    for words in not_says:
        assert words in default, ("the default page says", words)  # the case tests a real difference
        assert words not in text, (words, text)


def test_every_house_option_changes_the_rules_page():
    """Every option of every game, at every value, is told by the paragraphs themselves, not only by the
    summary of the house rules at the end."""
    covered = {(g, o, v) for g, o, v, _s, _n in CASES}
    for option in OPTIONS:
        for game in option.games:
            for value in option.values:
                if value == option.default:
                    continue
                assert page(game, {option.name: value}) != page(game), (game, option.name, value)
                assert (game, option.name, value) in covered, ("no case pins", game, option.name, value)


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_the_house_rules_pages_are_translated(lang):
    for game, option, value, _says, _not in CASES:
        english = page(game, {option: value})
        set_language(lang)
        try:
            translated = page(game, {option: value})
        finally:
            set_language("en")
        same = [p for p in translated.split(". ") if p in english.split(". ") and len(p) > 30]
        assert not same, (game, option, value, same)


def test_the_setups_line_for_the_game_says_what_going_out_needs_at_this_table():
    from scenes.rules import game_blurb

    assert "an escalera and another canasta to go out" in game_blurb("bolivia", RULESETS["bolivia"])
    two = game_blurb("bolivia", with_house(RULESETS["bolivia"], {"go_out_needs": "two"}))
    assert "any two canastas to go out" in two and "escalera and another" not in two
    standard = game_blurb("standard", with_house(RULESETS["standard"], {"canastas_to_go_out": "2"}))
    assert "two canastas to go out" in standard and "one canasta" not in standard
    assert "one canasta to go out, two at two players" in game_blurb("standard", RULESETS["standard"])


def test_the_plain_setups_game_line_names_samba_as_samba():
    from game.keep.settings import GameSetup
    from scenes.setup import SetupScene

    scene = SetupScene(GameSetup(game="samba", target=10000))
    scene.focus = "game"
    assert scene.caption().startswith("Samba:"), scene.caption()
