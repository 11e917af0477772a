"""The match: seats and sides, dealer rotation, running totals, the target, draws (docs/RULES.md: the game's end)."""

from __future__ import annotations

import pytest

from game.rules import BOLIVIA, Deal, Discard, DrawStock, GameState, IllegalAction, Phase, legal_actions
from game.rules import events as ev
from game.rules.cards import penalty
from game.rules.position import changed
from tests.helpers import in_hand, position

ESCALERA = "4H 5H 6H 7H 8H 9H TH"
KINGS = "KS KS KD KD KC KC KH"


def exhaust(s: GameState) -> list:
    """End the current hand at once: the stock's cards go under the pile and the player to draw finds it empty."""
    assert s.phase == Phase.DRAW
    s.set_position(changed(s, pile=s.stock + s.pile, stock=[]))
    return s.apply(DrawStock())


def test_seats_sides_and_partners():
    four = GameState(4, 1)
    assert four.sides == 2
    assert [four.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert four.seats_of(0) == [0, 2] and four.seats_of(1) == [1, 3]
    assert [four.partner(s) for s in range(4)] == [2, 3, 0, 1]
    for n in (2, 3):
        g = GameState(n, 1)
        assert g.sides == n and [g.side_of(s) for s in range(n)] == list(range(n))
        assert g.partner(0) is None


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(ValueError, match="two, three or four players"):
        GameState(players, 1)


def test_the_targets_on_offer():
    assert GameState(2, 1).target == 15000 == BOLIVIA.default_target(2)
    for t in (2500, 5000, 7500, 10000, 15000):
        assert GameState(2, 1, target=t).target == t
    for t in (0, 3000, 20000):
        with pytest.raises(ValueError) as err:
            GameState(2, 1, target=t)
        assert str(err.value) == "The target score must be one of 2500, 5000, 7500, 10000, 15000."


def test_the_first_dealer_is_drawn_by_the_seed():
    dealers = {GameState(4, seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert all(GameState(3, seed).first_dealer == GameState(3, seed).first_dealer for seed in range(10))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_passes_left_and_the_player_left_of_the_dealer_starts(players):
    s = GameState(players, 11, target=2500)
    first = s.first_dealer
    for k in range(2 * players + 1):
        events = s.apply(Deal())
        assert events[0].dealer == s.dealer == (first + k) % players
        assert s.turn == (s.dealer + 1) % players
        assert events[-1] == ev.TurnStarted((s.dealer + 1) % players)
        exhaust(s)
        if s.phase == Phase.GAME_OVER:
            break


def test_running_totals_add_up_hand_after_hand():
    s = GameState(3, 5, target=2500)
    expected = [0, 0, 0]
    for hand in range(1, 6):
        s.apply(Deal())
        penalties = [-sum(penalty(c) for c in h) for h in s.hands]
        reds = [-100 * len(r) if len(r) < 6 else -1000 for r in s.red_threes]
        events = exhaust(s)
        ended = events[1]
        assert isinstance(ended, ev.HandEnded) and ended.hand_no == hand
        for side in range(3):
            assert ended.scores[side]["total"] == penalties[side] + reds[side]
            expected[side] += penalties[side] + reds[side]
        assert list(ended.totals) == expected == s.scores
        assert [r["hand"] for r in s.results] == list(range(1, hand + 1))
        assert not s.check()
        assert s.phase == Phase.DEAL


def _going_out(scores, players=2, target=2500):
    """Seat 0 goes out: its side scores 50 + 70 + 2000 + 100 = 2220; every other seat holds 6D 6D (-10)."""
    hands = ["9D"] + ["6D 6D", "6S 6S", "6C 6C"][:players - 1]
    s = position(players, hands, melds=[[ESCALERA, KINGS]], phase=Phase.MELD, scores=scores, target=target)
    return s, s.apply(Discard(in_hand(s, 0, "9D")[0]))


def test_the_game_ends_after_the_hand_in_which_a_side_reaches_the_target():
    s, events = _going_out([280, 1000])
    assert isinstance(events[-1], ev.GameEnded)
    assert events[-1] == ev.GameEnded(0, (2500, 990), "target")
    assert s.phase == Phase.GAME_OVER and s.winner == 0 and s.end_reason == "target"
    assert legal_actions(s) == []
    with pytest.raises(IllegalAction, match="The game is over."):
        s.apply(Deal())
    assert not s.check()


def test_below_the_target_the_game_goes_on():
    s, events = _going_out([275, 1000])
    assert s.scores == [2495, 990]
    assert not any(isinstance(e, ev.GameEnded) for e in events)
    assert s.phase == Phase.DEAL and legal_actions(s) == [Deal()]


def test_the_highest_total_wins_not_the_side_that_reached_the_target_first():
    s, events = _going_out([2400, 5000])
    assert events[-1] == ev.GameEnded(1, (4620, 4990), "target")


def test_a_tie_for_the_lead_is_a_draw():
    s, events = _going_out([1000, 3230])
    assert events[-1] == ev.GameEnded(None, (3220, 3220), "target")
    assert s.winner is None


def test_three_players_the_leader_wins_and_a_tie_below_the_lead_does_not_matter():
    s, events = _going_out([400, 2510, 2510], players=3)
    assert events[-1] == ev.GameEnded(0, (2620, 2500, 2500), "target")
    s, events = _going_out([300, 2530, 100], players=3)
    assert events[-1] == ev.GameEnded(None, (2520, 2520, 90), "target")


def test_the_default_target_is_15000():
    s, events = _going_out([12000, 0], target=None)
    assert s.target == 15000 and s.phase == Phase.DEAL
    s, events = _going_out([12780, 0], target=None)
    assert events[-1] == ev.GameEnded(0, (15000, -10), "target")


def test_sixty_hands_is_a_draw():
    s = GameState(2, 3, target=2500)
    for hand in range(1, 61):
        s.apply(Deal())
        events = exhaust(s)
        if hand < 60:
            assert s.phase == Phase.DEAL, f"stopped after hand {hand}"
    assert s.hand_no == 60 and s.phase == Phase.GAME_OVER
    assert events[-1] == ev.GameEnded(None, tuple(s.scores), "hand_limit")
    assert s.winner is None and s.end_reason == "hand_limit"
    assert s.scores[0] != s.scores[1]  # one side leads, and still it is a draw
    assert not s.check()
