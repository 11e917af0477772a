"""Every computer level and the hint decide from their seat's view alone: two positions of a real game that
differ only in what the seat cannot see (the other hands and the stock dealt again among themselves, every
count and every card the seat saw go into a hand kept) give the seat the same decision, with the same dice.
A level that changed its mind here would be reading a card it is not shown.

The positions come from whole hands played by the levels, in each game and at each table size; the slow
deciders (Expert, the hint) are asked about fewer of them."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest

from game.ai import get_player
from game.ai.adviser import advise
from game.ai.determinize import reshuffle_hidden
from game.rules import Deal, GameState, Phase, legal_actions, view_of
from game.rules.position import changed
from game.rules.ruleset import RULESETS

# (game, players, seed, second hand) of the hands the positions are taken from; a second hand is played
# to the smallest target above the leader's score, so the levels that weigh the game's end do
TABLES = [("bolivia", 4, 1, False), ("bolivia", 2, 2, False), ("standard", 3, 3, False), ("samba", 4, 4, False),
          ("standard", 2, 5, False), ("bolivia", 4, 6, True), ("samba", 2, 7, True)]


def play_hand(s: GameState, rng: random.Random, met: list[GameState] | None = None) -> None:
    """Normal and Easy play the hand dealt to its end (each position before a decision kept in `met`)."""
    while s.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        if met is not None:
            met.append(s.copy())
        s.apply(get_player("normal" if s.to_act % 2 else "easy")(view_of(s, s.to_act), legal_actions(s), rng))


@functools.cache  # played once for every test (the positions are only read)
def real_positions(game: str, players: int, seed: int, count: int, second: bool = False) -> list[GameState]:
    """`count` positions spread over a hand played from a fresh deal, from its first draw to its last
    decision; with `second`, over the game's second hand, played to the smallest target above the leader."""
    rng = random.Random(seed)
    s = GameState(players, seed, RULESETS[game])
    s.apply(Deal())
    if second:
        play_hand(s, rng)
        assert s.phase == Phase.DEAL
        s = changed(s, target=min((t for t in s.rules.targets if t > max(s.scores)), default=s.target))
        s.apply(Deal())
    met: list[GameState] = []
    play_hand(s, rng, met)
    step = max(1, len(met) // count)
    return met[::step][:count]


def twins(per_table: int) -> Iterator[tuple[GameState, GameState]]:
    """Each position beside a copy of it with the cards its seat to act cannot see dealt again."""
    k = 0
    for game, players, seed, second in TABLES:
        for s in real_positions(game, players, seed, per_table, second):
            seat = s.to_act
            other = reshuffle_hidden(s, seat, random.Random(1000 + k))
            k += 1
            assert view_of(other, seat) == view_of(s, seat), "the reshuffle changed what the seat sees"
            hidden = [h for p, h in enumerate(s.hands) if p != seat] + [s.stock]
            moved = [h for p, h in enumerate(other.hands) if p != seat] + [other.stock]
            if hidden == moved:
                continue  # nothing hidden to move (an empty stock and hands of known cards)
            yield s, other


# (level, positions per table): the search levels are asked about fewer
LEVELS = [("easy", 24), ("normal", 24), ("hard", 10), ("expert", 8)]


@pytest.mark.parametrize("name,per_table", LEVELS)
def test_a_level_decides_the_same_when_only_what_it_cannot_see_differs(name: str, per_table: int) -> None:
    choose = get_player(name)
    asked = 0
    for s, other in twins(per_table):
        seat = s.to_act
        a = choose(view_of(s, seat), legal_actions(s), random.Random(99))
        b = choose(view_of(other, seat), legal_actions(other), random.Random(99))
        assert a == b, f"{name} changed its mind when only hidden cards moved ({s.rules.name}, " \
                       f"{s.players} players): {a!r} / {b!r}"
        asked += 1
    assert asked >= per_table * len(TABLES) * 3 // 4


def test_the_hint_is_the_same_when_only_what_the_seat_cannot_see_differs() -> None:
    asked = 0
    for s, other in twins(6):
        seat = s.to_act
        a, b = advise(view_of(s, seat)), advise(view_of(other, seat))
        assert a.hint == b.hint and a.discard_risks == b.discard_risks, \
            f"the hint changed when only hidden cards moved: {a.hint!r} / {b.hint!r}"
        asked += 1
    assert asked >= 3 * len(TABLES)


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_the_rules_say_what_a_computer_player_knows_in_each_language(game: str) -> None:
    from game.i18n import set_language
    from scenes.rules import rules_text, what_a_computer_knows

    said = set()
    try:
        for lang in ("en", "fr", "sv"):
            set_language(lang)
            line = what_a_computer_knows()
            assert line in rules_text(RULESETS[game]) and line not in said
            said.add(line)
    finally:
        set_language("en")
