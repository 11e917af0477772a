"""Nothing hidden leaves the server: over many seeded games, two games that differ only in what seat S
cannot see (the other hands and the stock, the cards S never saw dealt anew among themselves) send S
byte-identical messages, move after move."""

from __future__ import annotations

import json
import random

from game.ai import get_player
from game.net.protocol import dumps
from game.net.table import Refused, Table
from game.rules.cards import RED_THREE, deck_ids
from game.rules.legal import legal_actions
from game.rules.state import Phase, shuffled_deck
from game.rules.view import view_of
from tests.server_helpers import keys_in

GAMES = 40
GAMES_SETS = [("bolivia", 4), ("standard", 4), ("samba", 4), ("bolivia", 2), ("standard", 3), ("samba", 2)]


def _table(variant: str, players: int, seed: int, deck: list[int]) -> tuple[Table, list]:
    table = Table.create("T", variant, players, None, {}, seed=seed)
    for s in range(players):
        table.take_seat(f"P{s}", "en")
    return table, table.start("easy", tuple(deck))


def _messages(outs, seat: int) -> list[str]:
    return [dumps(m) for s, m in outs if s is None or s == seat]


def _play_a(variant: str, players: int, seed: int, watcher: int):
    """Game A: seeded moves up to a random point of the first hand (before it ends: the end shows the
    hands). Returns the deck, the actions, the watcher's messages and every card the watcher saw."""
    rules_deck = shuffled_deck(Table.create("T", variant, players, None, {}, seed=seed).state.rules, seed, 1)
    table, outs = _table(variant, players, seed, rules_deck)
    rng = random.Random(seed)
    chooser = get_player("greedy")
    messages = _messages(outs, watcher)
    seen: set[int] = set()

    def look() -> None:
        st = table.state
        seen.update(st.hands[watcher], st.pile, (c for side in st.melds for m in side for c in m.cards),
                    (c for r in st.red_threes for c in r))

    look()
    actions = []
    for _i in range(rng.randrange(5, 120)):
        st = table.state
        seat = st.to_act
        action = chooser(view_of(st, seat), legal_actions(st), rng)
        probe = st.copy()
        probe.apply(action)
        if probe.phase in (Phase.DEAL, Phase.GAME_OVER):
            break  # the hand would end: its scores show every hand
        outs = table.apply(seat, action)
        messages += _messages(outs, watcher)
        actions.append((seat, action))
        look()
    return rules_deck, actions, messages, seen


def test_a_seat_receives_the_same_bytes_whatever_it_cannot_see() -> None:
    compared = messages = games = 0
    for seed in range(GAMES):
        variant, players = GAMES_SETS[seed % len(GAMES_SETS)]
        watcher = seed % players
        deck, actions, seen_a, seen = _play_a(variant, players, seed, watcher)
        # A red three shows itself wherever it lands (laid out at once): it stays where it was.
        hidden = [i for i, c in enumerate(deck) if c not in seen and not RED_THREE[c]]
        assert hidden, "the watcher saw every card"
        other = list(deck)
        cards = [deck[i] for i in hidden]
        random.Random(seed + 1).shuffle(cards)
        for i, c in zip(hidden, cards, strict=True):
            other[i] = c
        assert sorted(other) == sorted(deck_ids(*_packs(variant, players)))
        table, outs = _table(variant, players, seed, other)
        seen_b = _messages(outs, watcher)
        try:
            for seat, action in actions:
                seen_b += _messages(table.apply(seat, action), watcher)
        except Refused:
            continue  # a move of another seat needed a card it did not get in game B (asking to go out)
        games += 1
        assert other != deck or len(set(cards)) == 1
        assert seen_b == seen_a, f"game {seed}: seat {watcher} could tell the two games apart"
        compared += 1
        messages += len(seen_a)
        for text in seen_a:
            assert not {"hands", "stock"} & keys_in(json.loads(text))
    assert compared >= GAMES * 0.8, compared
    print(f"{compared} pairs of games, {messages} messages compared byte for byte")


def _packs(variant: str, players: int) -> tuple[int, int]:
    rules = Table.create("T", variant, players, None, {}, seed=0).state.rules
    return rules.packs, rules.jokers


def test_no_message_names_hands_or_stock() -> None:
    table, outs = _table("bolivia", 4, 7, shuffled_deck(Table.create("T", "bolivia", 4, None, {}, 7).state.rules,
                                                          7, 1))
    for _s, m in outs:
        assert not {"hands", "stock"} & keys_in(m)
