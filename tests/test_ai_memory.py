"""Card counting from the view: what is seen, what is unseen, and who may hold a pair."""

from __future__ import annotations

import random
from itertools import combinations
from math import isclose

from game.ai.determinize import reshuffle_hidden
from game.ai.memory import CardMemory, hypergeom_at_least
from game.rules import Phase, view_of
from game.rules.cards import parse_face
from tests.ai_positions import spot


def test_hypergeometric_tail_matches_counting():
    # 7 cards, 3 marked, draw 4: count the draws holding at least two marked cards.
    cards = list(range(7))
    draws = list(combinations(cards, 4))
    hits = sum(1 for d in draws if sum(1 for c in d if c < 3) >= 2)
    assert isclose(hypergeom_at_least(7, 3, 4, 2), hits / len(draws))
    assert hypergeom_at_least(7, 3, 4, 0) == 1.0
    assert hypergeom_at_least(7, 3, 4, 4) == 0.0
    assert hypergeom_at_least(7, 0, 4, 1) == 0.0


def test_twelve_naturals_of_a_rank_counted_from_every_place():
    s = spot(4, {0: "KH KS 5C"}, known={1: "KD"}, pile="KC 7D", melds=[["KC KD KH"], ["KS KS KH"]])
    mem = CardMemory(view_of(s, 0))
    # Seen: two in hand, one known in seat 1, one in the pile, six in melds = 10 of 12.
    assert mem.unseen_naturals(13) == 2
    assert mem.unseen_face(parse_face("KD")) == 3 - 2
    assert mem.unseen_naturals(5) == 11


def test_unseen_cards_fill_the_hidden_places_exactly():
    s = spot(4, {0: "KH KS 5C 9D"}, known={1: "QD QC", 3: "4S"}, counts={1: 10, 2: 7, 3: 13}, pile="6C 7D",
             melds=[["8H 9H TH"], ["JC JD JS"]], red_threes=["3D"])
    view = view_of(s, 0)
    mem = CardMemory(view)
    assert mem.hidden == [0, 8, 7, 12]
    assert mem.unseen_total == sum(mem.hidden) + view.stock_count
    faces = {suit * 16 + r for suit in range(4) for r in range(2, 15)} | {4 * 16 + 15}
    assert sum(mem.unseen_face(f) for f in faces) == mem.unseen_total


def test_known_pair_is_certain_and_a_dead_rank_impossible():
    s = spot(4, {0: "QH 7C 4D"}, known={1: "KH KC"}, pile="5D",
             melds=[["8H 9H TH"], ["QC QC QC QD QD QD QS", "QS QS QH QH"]])
    mem = CardMemory(view_of(s, 0))
    assert mem.p_holds_naturals(1, 13, 2) == 1.0
    assert mem.p_holds_naturals(1, 12, 2) == 0.0
    assert 0.0 < mem.p_holds_naturals(1, 7, 2) < 1.0
    assert mem.p_holds_naturals(0, 12, 1) == 1.0  # our own hand is known exactly


def test_memory_is_a_function_of_the_view_alone():
    s = spot(4, {0: "QH 7C 4D 9S"}, known={1: "KH KC"}, pile="5D 8C", melds=[["8H 9H TH"], ["JC JD JS"]])
    other = reshuffle_hidden(s, 0, random.Random(3))
    assert not other.check()
    assert other.hands[1] != s.hands[1] and other.stock != s.stock
    a, b = CardMemory(view_of(s, 0)), CardMemory(view_of(other, 0))
    for f in range(80):
        assert a.unseen_face(f) == b.unseen_face(f)
    assert a.p_holds_naturals(2, 7) == b.p_holds_naturals(2, 7)


def test_phase_does_not_matter_for_counting():
    s = spot(2, {0: "QH 7C"}, pile="5D", phase=Phase.DRAW)
    assert CardMemory(view_of(s, 0)).unseen_naturals(12) == 11
