"""The game's sentences in English, French and Swedish (issue 23): the article each canasta takes ("an
escalera", never "a escalera"), ranks named in the plural ("natural jacks", never "natural Js"), and every
count that meets a noun through ngettext ("1 computer player", "1 jouée"). Checked on the sentences the
game builds, and on the catalogue: no message glues a plural "s" to a placeholder or puts "a" before one,
and a count before a plural noun is an ngettext message unless it can never be one."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from game.ai.coach import reason_for
from game.i18n import _, set_language
from game.keep.settings import GameSetup, Settings
from game.keep.stats import GameStats, Record
from game.rules import IllegalAction, Phase, TakePile, view_of
from game.rules import events as ev
from game.rules.actions import AddToMeld, DrawStock, LayMelds
from game.rules.names import a_canasta, rank_plural
from game.rules.ruleset import BOLIVIA, STANDARD
from game.ui.narrate import describe, hand_count, seat_names
from scenes.game_over import outcome_reason
from scenes.settings import SettingsScene
from scenes.setup import players_text
from scenes.statistics import record_text, stat_lines
from tests.catalogues import code_messages
from tests.helpers import finished_game, in_hand, meld_of, position

LANGS = ("en", "fr", "sv")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


# ----- articles: a hint for an addition that completes a canasta -------------------------------------

COMPLETING = {  # the meld on the table, the card added from hand
    "escalera": ("4H 5H 6H 7H 8H 9H", "TH"),
    "bolivia": ("2C 2D 2H 2S JK JK", "JK"),
    "natural": ("KC KD KH KS KC KD", "KH"),
    "mixed": ("KC KD KH KS KC 2D", "KH"),
}
MADE = {
    "en": {"escalera": "It makes an escalera.", "bolivia": "It makes a bolivia.",
           "natural": "It makes a natural canasta.", "mixed": "It makes a mixed canasta."},
    "fr": {"escalera": "Cela fait une escalera.", "bolivia": "Cela fait une bolivia.",
           "natural": "Cela fait une canasta pure.", "mixed": "Cela fait une canasta impure."},
    "sv": {"escalera": "Det blir en escalera.", "bolivia": "Det blir en bolivia.",
           "natural": "Det blir en ren canasta.", "mixed": "Det blir en blandad canasta."},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("canasta", list(COMPLETING))
def test_a_canasta_is_named_with_its_own_article(lang: str, canasta: str) -> None:
    meld_text, card = COMPLETING[canasta]
    s = position(2, [f"{card} 4C 5D 9S", "QS 4D 5S 6H"], melds=[[meld_text]], phase=Phase.MELD)
    set_language(lang)
    meld = meld_of(s, 0, meld_text)
    text = reason_for(view_of(s, 0), AddToMeld(meld.id, in_hand(s, 0, card)), seat_names(2))
    assert a_canasta(canasta) in text, text
    assert MADE[lang][canasta].split()[-1].rstrip(".") in text
    assert not re.search(r"\ba (escalera|e)", text)  # "a escalera"


# ----- ranks in the plural ---------------------------------------------------------------------------

RANKS_EN = {4: "fours", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
RANKS_IN = {"fr": {11: "de valets", 12: "de dames", 14: "d’as"}, "sv": {11: "knektar", 12: "damer", 14: "ess"}}
ABBREVIATED_PLURAL = re.compile(r"\b(\d+|[JQKA])s\b")  # "Js", "10s"


def pile_refusal(state, pair: str) -> str:
    with pytest.raises(IllegalAction) as why:
        state.apply(TakePile(in_hand(state, 0, pair)))
    return str(why.value)


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_name_the_rank_in_the_plural(lang: str) -> None:
    set_language(lang)
    for rank, face in ((4, "4"), (9, "9"), (10, "T"), (11, "J"), (12, "Q"), (13, "K"), (14, "A")):
        s = position(2, [f"{face}C 2D 5S 8H", "QS 4D 5S 6H"], pile=f"7C {face}H")
        text = pile_refusal(s, f"{face}C 2D")  # one natural and a wild card: Bolivia wants a natural pair
        assert rank_plural(rank) in text and not ABBREVIATED_PLURAL.search(text), text
        if lang == "en":
            assert f"a pair of natural {RANKS_EN[rank]} from your hand" in text
        elif rank in RANKS_IN[lang]:
            assert RANKS_IN[lang][rank] in text


def test_standard_refusals_name_the_rank_in_the_plural() -> None:
    # A frozen pile (the side has not melded) wants a natural pair: "natural jacks".
    s = position(4, ["JC 2D 5S 8H 9C", "QS 4D 5S 6H", "4C 5C", "6C 7C"], pile="7C JH", rules=STANDARD)
    assert "a pair of natural jacks from your hand" in pile_refusal(s, "JC 2D")
    # Unfrozen (the side has melded), a natural and a wild card do; a lone natural is refused.
    s = position(4, ["JC 5S 8H 9C", "QS 4D 5S 6H", "4C 5C", "6C 7C"], pile="7C JH", rules=STANDARD,
                 melds=[["KC KD KH"]])
    assert "two natural jacks, or a natural one and a wild card" in pile_refusal(s, "JC")


# ----- counts ----------------------------------------------------------------------------------------

def test_the_narration_counts_and_speaks_to_you() -> None:
    names = seat_names(4)
    assert describe(ev.CardsDrawn(seat=1, cards=(5,)), names) == "West drew a card."
    assert describe(ev.CardsDrawn(seat=1, cards=(5, 6)), names) == "West drew 2 cards."
    assert describe(ev.PartnerAsked(seat=0), names) == "You ask: “May I go out?”"  # not "You asks"
    assert describe(ev.PartnerAnswered(seat=0, yes=False), names) == "You answer no: no going out this turn."
    assert describe(ev.PartnerAsked(seat=2), names) == "North asks: “May I go out?”"
    set_language("fr")
    assert describe(ev.CardsDrawn(seat=1, cards=(5,)), seat_names(4)) == "Ouest\u00a0: une carte piochée."
    assert describe(ev.PartnerAsked(seat=0), seat_names(4)).startswith("Vous")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 player", "2 players"), ("fr", "1 joueur", "2 joueurs"), ("sv", "1 spelare", "2 spelare")])
def test_player_counts(lang: str, one: str, two: str) -> None:
    set_language(lang)
    assert (players_text(1), players_text(2)) == (one, two)


@pytest.mark.parametrize(("lang", "one", "ten"), [
    ("en", "West · 1 card", "West · 10 cards"), ("fr", "Ouest · 1 carte", "Ouest · 10 cartes"),
    ("sv", "Väst · 1 kort", "Väst · 10 kort")])
def test_the_other_seats_hands_are_counted_in_cards(lang: str, one: str, ten: str) -> None:
    set_language(lang)
    west = seat_names(4)[1]
    assert (hand_count(west, 1), hand_count(west, 10)) == (one, ten)


def test_one_computer_player_at_two() -> None:
    scene = SettingsScene(Settings(GameSetup(players=2)))
    scene.focus = "players"
    assert "you and 1 computer player." in scene.caption()
    set_language("fr")
    scene = SettingsScene(Settings(GameSetup(players=2)), language="fr")
    scene.focus = "players"
    assert "vous et 1 joueur de l’ordinateur." in scene.caption()


def test_statistics_counts_agree_with_their_numbers() -> None:
    one = Record(1, 1, 0, 0)
    assert record_text(one) == "1 played, 1 won, 0 lost, 0 drawn (100 % won)"
    set_language("fr")
    assert record_text(one) == "1 jouée, 1 gagnée, 0 perdue, 0 nulle (100 % gagnées)"
    assert record_text(Record(3, 2, 1, 0)) == "3 jouées, 2 gagnées, 1 perdue, 0 nulle (67 % gagnées)"
    canastas = dict((label, value) for label, value, _h in stat_lines(GameStats(one, natural=1, mixed=2)))
    assert canastas[_("Canastas")] == "3 (1 pure, 2 impures)"
    set_language("sv")
    assert record_text(one) == "1 spelat, 1 vunnet, 0 förlorade, 0 oavgjorda (100 % vunna)"


def test_a_tie_at_one_point_is_singular_in_french() -> None:
    tie = finished_game(2, (1, 1), None)
    set_language("fr")
    assert outcome_reason(tie) == "Égalité en tête à 1 point."


@pytest.mark.parametrize(("naturals", "wilds", "text"), [
    ("KH", "2C JK", "these are 1 natural card and 2 wild cards."),
    ("KH KS KD", "2C 2D", "these are 3 natural cards and 2 wild cards.")])
def test_a_meld_refusal_counts_its_cards(naturals: str, wilds: str, text: str) -> None:
    s = position(2, [f"{naturals} {wilds} 9C 9D 8S", "QS 4D"], phase=Phase.MELD)
    with pytest.raises(IllegalAction, match=re.escape(text)):
        s.apply(LayMelds((in_hand(s, 0, f"{naturals} {wilds}"),)))


def test_draw_first_says_how_many_cards_this_table_draws() -> None:
    s = position(4, ["4C 5D", "QS", "4D", "5S"], pile="7C JH", rules=STANDARD, phase=Phase.DRAW)
    with pytest.raises(IllegalAction, match=re.escape("Draw first: 1 card from the stock, or the pile.")):
        s.apply(AddToMeld(1, in_hand(s, 0, "4C")))
    hint = reason_for(view_of(s, 0), DrawStock(), seat_names(4))
    assert hint.startswith("Draw from the stock:") and "two" not in hint and "run" not in hint, hint
    s = position(2, ["4C 5D", "QS"], pile="7C JH", rules=BOLIVIA, phase=Phase.DRAW)
    with pytest.raises(IllegalAction, match=re.escape("Draw first: 2 cards from the stock, the pile, or its top")):
        s.apply(AddToMeld(1, in_hand(s, 0, "4C")))


# ----- the catalogue ---------------------------------------------------------------------------------

# A count before a plural noun in a message without plural forms: each can never be one, and why.
NEVER_ONE = {
    "A game won from {n} points behind": "an achievement's fixed number: 3,000",
    "A hand of {n} points or more": "an achievement's fixed number: 5,000",
    "{n} games won in a row": "an achievement's fixed number: 3",
    "{cards} as a new meld": "the cards' names said one by one, not a count",
    "Plays the deal {code} again, the same cards to every seat: {game}, {n} players, to {target} points. "
    "Backspace to change it.":
        "a deal is for 2, 3 or 4 players",
    "First meld: {have} / {need} points": "a first-meld minimum: 15 at least",
    "Lay your first meld: {points} points reach the {need} you need.": "a first-meld minimum",
    "Next first meld: {n} points": "a first-meld minimum",
    "Say no: your hand still holds {points} points your side would lose.": "a card costs 5 at least",
    "Staged: {n} points": "a staged card is worth 5 at least",
    "The game ends after the hand in which a side reaches {n} points.": "a target: 2,500 at least",
    "The game ends after the hand in which a side reaches {target} points. The highest total wins; a tie for "
    "the lead is a draw.": "a target",
    "{n} points": "a target",
    "You need {need} points for your first meld; these cards make {have}.": "a first-meld minimum",
    "more than {n} red threes": "a pack count: 4 or 6",
    "{cards} cards: three packs and six jokers. Each player is dealt {hand}; the next card starts the "
    "discard pile.": "162",
    "{cards} cards: two packs and four jokers. Each player is dealt 11 cards at four players, 13 at three, "
    "15 at two; the next card starts the discard pile.": "108",
    "it holds a number far too long ({digits} digits)": "a file's number past the limit: many digits",
    "a hand has 2 sides of 1 or 2 players, or 3 sides of 1 player; got {n} sides with {h} hands":
        "a headless tool's error about a hostile file",
    "{what} must have {n} entries, one per {per}": "a table has 2 to 4 seats",
    "A table's code has {n} letters and digits, like K7Q M3X.": "a table code's length: 6",
}
# The placeholders that hold counts, and a plural noun after them (an adjective may come between).
COUNT_BEFORE_PLURAL = re.compile(r"(?<![Hh]and )(?<!meld )"
                                 r"\{(n|h|m|points|have|need|target|digits|hands|cards|played|won)\}"
                                 r"(?: [a-z]+)? (?!is\b|was\b|has\b)[a-z]+s\b")
# "Hand {n}", "meld {n}": which one, not how many.


def _singular_messages() -> list[str]:
    return [m for m in code_messages() if isinstance(m, str)]


def test_no_message_glues_a_plural_or_an_article_to_a_placeholder() -> None:
    glued = [m for m in _singular_messages() if re.search(r"\{\w+\}s\b", m)]  # "{rank}s": "Js"
    articled = [m for m in code_messages() if re.search(r"\ban? \{", m if isinstance(m, str) else m[0])]
    assert not glued, glued
    assert not articled, articled  # "a {canasta}": "a escalera"


def test_a_count_before_a_plural_noun_has_plural_forms() -> None:
    counted = {m for m in _singular_messages() if COUNT_BEFORE_PLURAL.search(m)}
    unexplained = sorted(counted - set(NEVER_ONE))
    assert not unexplained, f"use ngettext, or say why the count is never one: {unexplained}"
    assert set(NEVER_ONE) <= counted  # the list keeps up with the messages
