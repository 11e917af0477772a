"""The Rules screen says what the table's house rules make true, on every page: at a Samba table with
take_top=no, page 2 still said the top card could be taken onto a run (the override only on page 4). For
each house option at each value away from its default, the rules text holds the rule set's statement and
number, and not the default's contradicting one."""

from __future__ import annotations

import pytest

from game.i18n import set_language, speaking
from game.rules.cards import ACE, ALL_IDS, BLACK_THREE, JOKER, RANK, VALUE
from game.rules.house import OPTIONS, with_house
from game.rules.ruleset import BOLIVIA, RULESETS, SAMBA, STANDARD
from scenes.rules import bolivia_rules, rules_text, samba_rules, standard_rules

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


@pytest.mark.parametrize(("lang", "bolivia", "samba"), [
    ("en", "Card values: joker 50; two and ace 20; king down to eight 10; seven down to four 5.",
     "Card values: joker 50; two and ace 20; king down to eight 10; seven down to four 5; a black three 5."),
    ("fr", "Valeur des cartes : joker 50 ; deux et as 20 ; du roi au huit 10 ; du sept au quatre 5.",
     "Valeur des cartes : joker 50 ; deux et as 20 ; du roi au huit 10 ; du sept au quatre 5 ; un trois noir 5."),
    ("sv", "Kortvärden: joker 50; tvåa och ess 20; kung ner till åtta 10; sju ner till fyra 5.",
     "Kortvärden: joker 50; tvåa och ess 20; kung ner till åtta 10; sju ner till fyra 5; en svart trea 5."),
])
def test_the_card_values_are_the_cards_own_in_every_language(lang: str, bolivia: str, samba: str) -> None:
    """The values said are those the engine scores (game/rules/cards.py), every rank of each group."""
    assert {VALUE[c] for c in ALL_IDS if RANK[c] == JOKER} == {50}
    assert {VALUE[c] for c in ALL_IDS if RANK[c] in (2, ACE)} == {20}
    assert {VALUE[c] for c in ALL_IDS if 8 <= RANK[c] <= 13} == {10}
    assert {VALUE[c] for c in ALL_IDS if 4 <= RANK[c] <= 7 or BLACK_THREE[c]} == {5}
    with speaking(lang):
        assert bolivia in bolivia_rules(BOLIVIA, 5000)
        assert samba in samba_rules(SAMBA, 5000) and samba in standard_rules(STANDARD, 5000)
