"""Deal codes pinned by golden vectors: a code given to a friend today deals the same cards tomorrow.
Each vector was written down once from the game; a change to the code's layout, the shuffle, the deck's
order or the deal fails here (a new layout must still read these codes as they were)."""

from __future__ import annotations

import hashlib

import pytest

from game.rules import Deal, GameState
from game.rules.cards import label
from game.rules.deal_code import DealCode, decode, encode
from game.rules.position import changed
from game.rules.record import GameRecord
from game.rules.ruleset import RULESETS

VECTORS = [
    # code, game, players, seed, hand, dealer, seat 0's cards (sorted), the whole deal's fingerprint
    ("0AB4-C6B2-GW", "bolivia", 4, 123456789, 1, 0, "2C 2S 7H 7S 8C 8D 9C 9D AD AS JK JK KC QD TH",
     "38e9263f1746ed24"),
    ("2JS3-1KHV-G6", "bolivia", 2, 987654321, 3, 1, "2D 2H 4S 6S 7C 7D 7H 8H AH KC QC QD TC TC TD",
     "0b89743cdc582ec0"),
    ("00EW-BH1V-AM", "standard", 4, 5550001, 2, 0, "2S 4S 5D 6D 8C AC JK KC KS QS TC", "7d44803a993d126f"),
    ("0000-03P4-A5", "standard", 3, 42, 1, 2, "3C 4C 5C 5D 5H 8D 8H 9C 9D AC JK KH QH", "674fcce2e304a11c"),
    ("2SZZ-ZZX6-44", "samba", 2, 1073741823, 1, 1, "4H 4S 6D 6H 7C 7D 8C 9D AD AS AS JH KD QD QS",
     "3d9486376bebf158"),
    ("0000-00KY-WN", "samba", 4, 7, 12, 2, "5C 5C 5D 6S 6S 7C 8S 9D 9S 9S AS JC JH JK QC", "d16dc440041a084e"),
]


@pytest.mark.parametrize("text,game,players,seed,hand,dealer,cards,fingerprint", VECTORS)
def test_a_code_of_today_deals_the_same_cards(text, game, players, seed, hand, dealer, cards, fingerprint) -> None:
    code = decode(text)
    assert (code.game, code.players, code.seed, code.hand, code.dealer) == (game, players, seed, hand, dealer)
    assert encode(DealCode(game, players, seed, hand)) == text
    # Another game's seed: the code alone decides the deal.
    state = changed(GameState(players, 99, RULESETS[game]), first_dealer=code.dealer)
    record = GameRecord.of(state)
    record.next_deal = (code.seed, code.hand)
    record.play(state, Deal())
    assert " ".join(sorted(label(c) for c in state.hands[0])) == cards
    deal = repr((state.hands, state.pile, state.stock)).encode()
    assert hashlib.sha256(deal).hexdigest()[:16] == fingerprint
