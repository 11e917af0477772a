"""A loaded state is either refused with a reason a player can read, or playable to its end."""

from __future__ import annotations

import random

import pytest

from game.ai.simple import choose_greedy
from game.rules.cards import RED_THREE
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.state import GameState, Phase
from game.rules.validate import InvalidState, state_from_json
from game.rules.view import view_of
from tests.state_tamper import play_out_hand, random_state, retype, stretch, try_one


def mid_hand(players: int = 4, phase: Phase = Phase.MELD, seed: int = 3, melded: bool = True) -> GameState:
    """A greedy game stopped in `phase`, once a side has melded when `melded`."""
    s = GameState(players, seed, target=5000)
    rng = random.Random(seed)
    for _ in range(5000):
        if s.phase == phase and (not melded or any(s.melds)):
            return s
        s.apply(choose_greedy(view_of(s, s.to_act), legal_actions(s), rng))
    raise AssertionError("never reached")


def refused(data: dict) -> str:
    with pytest.raises(InvalidState) as why:
        state_from_json(data)
    message = str(why.value)
    assert "not a valid saved game" in message and ".." not in message and "Error" not in message
    return message


def test_states_the_game_reaches_are_accepted_as_they_are() -> None:
    rng = random.Random(11)
    for _ in range(40):
        s = random_state(rng)
        assert state_from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("change", [
    {"turn": 4}, {"turn": -1}, {"first_dealer": 9}, {"hand_no": -3}, {"winner": 5}, {"winner": 0},
    {"phase": "game_over"}, {"phase": "deal"}, {"permission": True}, {"permission": "yes"},
    {"asked": 1}, {"next_meld_id": 1}, {"scores": [1, 2]}, {"players": 3}, {"seed": "7"},
    {"target": 1234}, {"variant": "standard"}, {"version": 0}, {"results": {}}, {"end_reason": "target"},
])
def test_the_issues_damaged_saves_are_refused(change: dict) -> None:
    refused(dict(mid_hand().to_json(), **change))


def test_the_answer_phase_needs_four_players_and_a_question() -> None:
    data = mid_hand(players=2).to_json()
    refused(dict(data, phase="answer"))
    refused(dict(data, phase="answer", asked=True))
    four = mid_hand(players=4, phase=Phase.DRAW).to_json()
    refused(dict(four, phase="answer"))  # nobody asked


def test_an_empty_hand_in_the_middle_of_a_hand_is_refused() -> None:
    data = mid_hand().to_json()
    seat = data["turn"]
    data["stock"] += data["hands"][seat]
    data["hands"][seat] = []
    assert "no cards" in refused(data)


def test_card_ids_out_of_range_or_twice_are_refused() -> None:
    data = mid_hand().to_json()
    for bad in (162, -1, 10**6, True, 3.0):
        refused(dict(data, pile=data["pile"] + [bad]))
    refused(dict(data, pile=data["pile"] + data["pile"][-1:]))  # a card in two places
    refused(dict(data, stock=data["stock"][1:]))  # a card lost


def test_results_that_are_not_dicts_or_lack_keys_are_refused() -> None:
    s = mid_hand()
    while s.hand_no < 2:
        s.apply(choose_greedy(view_of(s, s.to_act), legal_actions(s), random.Random(1)))
    data = s.to_json()
    assert data["results"]
    for bad in ([1], ["x"], [None], [{}], [dict(data["results"][0], scores=[{}, {}])]):
        refused(dict(data, results=bad + data["results"][1:]))


def test_to_json_hands_out_no_live_list() -> None:
    s = mid_hand()
    while not s.results:
        s.apply(choose_greedy(view_of(s, s.to_act), legal_actions(s), random.Random(1)))
    before = s.to_json()
    out = s.to_json()
    out["results"].append({"junk": 1})
    out["results"][0]["scores"][0]["total"] = 10**6
    out["results"][0]["totals"].append(5)
    out["scores"].append(1)
    assert s.to_json() == before


def test_damaged_states_are_refused_or_played_to_the_end_of_the_hand() -> None:
    """Random seeded games stopped at random points, one field changed each time (see
    tests/state_tamper.py; `python -m tests.state_tamper 1000` for a longer run)."""
    rng = random.Random(2024)
    kinds = [try_one(rng)[0] for _ in range(80)]
    assert "refused" in kinds and "played" in kinds


def test_an_accepted_damaged_state_still_plays_on() -> None:
    # A change that keeps the game consistent (the pile shuffled in the draw phase) is accepted.
    rng = random.Random(5)
    data = mid_hand(phase=Phase.DRAW).to_json()
    rng.shuffle(data["pile"])
    s = state_from_json(data)
    play_out_hand(s, rng)
    assert s.phase in (Phase.DEAL, Phase.GAME_OVER) and s.results



def test_the_phase_must_be_a_text() -> None:
    assert "phase" in refused(dict(mid_hand().to_json(), phase=["draw"]))


def test_a_card_in_each_hand_and_no_pile_at_the_draw_is_refused() -> None:
    data = mid_hand(phase=Phase.DRAW).to_json()
    for h in data["hands"]:
        data["stock"] += h[1:]
        del h[1:]
    data["stock"] += data["pile"]
    data["pile"] = []
    assert "pile is empty" in refused(data)


def test_a_last_card_that_can_neither_go_out_nor_be_discarded_is_refused() -> None:
    data = mid_hand(phase=Phase.MELD, melded=False).to_json()
    hand = data["hands"][data["turn"]]
    data["stock"] += hand[1:]
    del hand[1:]
    assert "neither go out nor discard" in refused(data)


def test_an_unmelded_hand_larger_than_its_draws_can_make_it_is_refused() -> None:
    data = mid_hand(phase=Phase.DRAW, melded=False).to_json()
    hand = data["hands"][data["turn"]]
    moved = [c for c in data["stock"] if not RED_THREE[c]][:40]
    hand += moved
    data["stock"] = [c for c in data["stock"] if c not in set(moved)]
    assert "more cards than the rules" in refused(data)


def test_stretched_and_retyped_states_are_refused_or_played_to_the_end_of_the_hand() -> None:
    """The property the checker promises, on states it never saw: cards moved between hands, stock and pile
    (every card still in one place) and values given another type. Every accepted one is played to the end
    of its hand by computer players; every refused one has the player's message. A longer run:
    `python -m tests.file_fuzz --saves 1000 --seed S`."""
    rng = random.Random(26)
    outcomes = {"refused": 0, "played": 0}
    for i in range(STATES):
        data = random_state(rng).to_json()
        bad, what = (stretch if i % 3 else retype)(data, rng)
        try:
            s = state_from_json(bad)
        except InvalidState as why:
            assert "not a valid saved game" in str(why), what
            outcomes["refused"] += 1
            continue
        play_out_hand(s, rng)
        outcomes["played"] += 1
    assert outcomes["refused"] > STATES // 4 and outcomes["played"] > STATES // 10, outcomes


STATES = 150  # generated states of the property above (about 10 s)


def test_the_pile_takes_of_the_hand_survive_a_save_and_bad_ones_are_refused() -> None:
    # Played: after Continue the hint forgot that North had taken the pile on fives, and said "North is
    # unlikely to hold a pair" of a rank it had warned about before the game was closed.
    s = changed(mid_hand(2), pile_takes=[(1, 5), (0, 13)])
    data = s.to_json()
    assert state_from_json(data).pile_takes == [(1, 5), (0, 13)]
    assert view_of(state_from_json(data), 0).pile_takes == ((1, 5), (0, 13))
    old = dict(data)
    del old["pile_takes"]  # written before they were kept
    assert state_from_json(old).pile_takes == []
    for bad in ([[2, 5]], [[1, 2]], [[1]], [["1", 5]], [[True, 5]], "fives", [[1, 5, 0]]):
        assert "pile_takes" in refused({**data, "pile_takes": bad})
