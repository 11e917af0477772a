"""Standard's house rule take_onto_meld: while the pile is not frozen for a side, its top card may go alone
onto the side's meld of its rank, and the pile is taken. Pinned both ways, with the refusals a player
reads, a whole turn, the record, the tools, the computer players and the hint."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.adviser import advise
from game.ai.levels import choose_hard
from game.ai.risk import ONTO_MELD, discard_risk
from game.rules import Deal, Discard, GameState, IllegalAction, MeldMove, Phase, TakePile, view_of
from game.rules import events as ev
from game.rules.actions import action_from_json, action_to_json
from game.rules.house import HouseError, options_of, with_house
from game.rules.legal import legal_actions
from game.rules.record import GameRecord
from game.rules.record_check import record_from_json
from game.rules.ruleset import BOLIVIA, SAMBA, STANDARD
from game.rules.validate import state_from_json
from game.tools.advise import advise_position
from game.tools.position import play_position
from tests.helpers import in_hand, labels, meld_of, position

ONTO = with_house(STANDARD, {"take_onto_meld": "yes"})


def onto_position(pile: str = "9D 8C KC", melds=(("KH KS KD",), ()), rules=ONTO, hand: str = "5H 6S 9C 4C",
                  **kw) -> GameState:
    return position(2, [hand, "4D 5D 7H"], melds=[list(m) for m in melds], pile=pile, rules=rules, **kw)


def refusal(s: GameState, action: TakePile) -> str:
    assert action not in legal_actions(s)
    before = s.to_json()
    with pytest.raises(IllegalAction) as why:
        s.apply(action)
    assert s.to_json() == before  # a refused move changes nothing
    return str(why.value)


# ----- the option ---------------------------------------------------------------------------------------

def test_the_option_is_standards_only_no_by_default():
    option = {o.name: o for o in options_of("standard")}["take_onto_meld"]
    assert (option.default, option.choices) == ("no", ("no", "yes"))
    assert not STANDARD.take_onto_meld and ONTO.take_onto_meld
    assert with_house(STANDARD, {"take_onto_meld": "no"}) is STANDARD
    for game in (BOLIVIA, SAMBA):
        with pytest.raises(HouseError, match=f"take_onto_meld is not one of {game.name}'s"):
            with_house(game, {"take_onto_meld": "yes"})
    with pytest.raises(HouseError, match="choose no, yes"):
        with_house(STANDARD, {"take_onto_meld": "sometimes"})


# ----- pinned rule cases ----------------------------------------------------------------------------------

def test_unfrozen_the_top_card_goes_onto_the_meld_of_its_rank_and_the_pile_is_taken():
    s = onto_position()
    kings = meld_of(s, 0, "KH KS KD")
    take = TakePile((), onto=kings.id)
    assert take in legal_actions(s) and s.onto_take() == take
    taken = s.apply(take)[0]
    assert isinstance(taken, ev.PileTaken) and (taken.seat, taken.meld, taken.meld_cards) == (0, kings.id, ())
    assert labels([taken.top]) == ["KC"] and sorted(labels(taken.to_hand)) == ["8C", "9D"]
    assert sorted(labels(s.melds[0][0].cards)) == ["KC", "KD", "KH", "KS"] and s.melds[0][0].id == kings.id
    assert sorted(labels(s.hands[0])) == sorted(["5H", "6S", "9C", "4C", "9D", "8C"])
    assert s.pile == [] and s.phase == Phase.MELD and s.check() == []


def test_a_canasta_still_takes_the_top_card():
    s = onto_position(melds=(("KH KS KD KC KH KS 2C",), ()), pile="9D KD")
    canasta = s.melds[0][0]
    s.apply(TakePile((), onto=canasta.id))
    assert s.melds[0][0].size == 8 and s.phase == Phase.MELD


def test_refused_while_a_wild_card_freezes_the_pile():
    s = onto_position(pile="9D 2C 8C KC")
    assert s.onto_take() is None
    why = refusal(s, TakePile((), onto=meld_of(s, 0, "KH KS KD").id))
    assert "frozen (a wild card lies in it)" in why and "pair of natural kings" in why


def test_refused_without_a_meld_of_that_rank():
    s = onto_position(melds=(("QH QS QD",), ()))
    why = refusal(s, TakePile((), onto=meld_of(s, 0, "QH QS QD").id))
    assert why == "Your side has no meld of kings for the top card to go onto."
    s = onto_position(melds=(("QH QS QD", "KH KS KD"), ()))
    assert refusal(s, TakePile((), onto=meld_of(s, 0, "QH QS QD").id)) == \
        "The top card, KC, goes only onto your meld of kings."


def test_a_side_that_has_not_melded_has_no_meld_for_it():
    s = onto_position(melds=((), ()))
    assert s.pile_freeze(0) is not None
    assert "no meld of kings" in refusal(s, TakePile((), onto=1))


def test_refused_at_a_table_that_does_not_play_it():
    s = onto_position(rules=STANDARD)
    why = refusal(s, TakePile((), onto=meld_of(s, 0, "KH KS KD").id))
    assert why.startswith("At this table the top card never goes onto a meld alone")
    assert s.onto_take() is None


def test_refused_in_bolivia():
    s = position(2, ["5H 6S 9C 4C", "4D 5D"], melds=[["KH KS KD"]], pile="9D 8C KC", rules=BOLIVIA)
    assert "never goes onto a meld alone" in refusal(s, TakePile((), onto=meld_of(s, 0, "KH KS KD").id))


def test_the_top_card_goes_alone_and_a_blocked_pile_stays_blocked():
    s = onto_position(hand="KH 6S 9C 4C")
    kings = meld_of(s, 0, "KH KS KD").id
    assert "no cards from your hand" in refusal(s, TakePile(in_hand(s, 0, "KH"), onto=kings))
    s = onto_position(pile="9D 8C 3S")  # a black three on top: there is no meld of threes to go onto
    assert "blocked" in refusal(s, TakePile((), onto=kings))
    s = onto_position(pile="9D 8C 2H")  # a wild card on top: the same
    assert "blocked" in refusal(s, TakePile((), onto=kings))


def test_the_pair_takes_stay_offered_beside_it():
    s = onto_position(hand="KH KD 6S 9C")
    takes = [a for a in legal_actions(s) if isinstance(a, TakePile)]
    assert TakePile((), onto=meld_of(s, 0, "KH KS KD").id) in takes
    assert TakePile(tuple(sorted(in_hand(s, 0, "KH KD")))) in takes


# ----- a whole turn -----------------------------------------------------------------------------------------

def test_story_a_turn_taking_the_pile_onto_the_kings_then_melding_and_discarding():
    s = onto_position(pile="9D 9H 8C KC", hand="KH 6S 9C 4C")
    kings = meld_of(s, 0, "KH KS KD").id
    s.apply(TakePile((), onto=kings))
    # The pile's two 9s and the 9 in hand make a meld; the king from hand goes onto the kings.
    s.apply(MeldMove(new=(in_hand(s, 0, "9C 9D 9H"),), add=((kings, in_hand(s, 0, "KH")),)))
    events = s.apply(Discard(in_hand(s, 0, "4C")[0]))
    assert events[-1] == ev.TurnStarted(1)
    assert sorted(labels(s.hands[0])) == ["6S", "8C"]
    assert sorted(len(m.cards) for m in s.melds[0]) == [3, 5]
    assert s.pile_takes == [(0, 13)] and s.check() == []


# ----- records and tools ----------------------------------------------------------------------------------

def test_the_action_json_carries_onto_only_when_it_is_one():
    assert action_to_json(TakePile((1, 2))) == {"type": "TakePile", "cards": [1, 2], "melds": []}
    data = action_to_json(TakePile((), onto=4))
    assert data == {"type": "TakePile", "cards": [], "melds": [], "onto": 4}
    assert action_from_json(data) == TakePile((), onto=4)


def _hand_with_a_take_onto(seed: int) -> tuple[GameState, GameRecord, bool]:
    game = GameState(2, seed, ONTO)
    record = GameRecord.of(game)
    record.play(game, Deal())
    # Hard plays both seats, and takes the pile onto a meld whenever it may, until the hand ends.
    rng = random.Random(3)
    took = False
    for _ in range(400):
        if game.phase not in (Phase.DRAW, Phase.MELD):
            break
        legal = legal_actions(game)
        onto = [a for a in legal if isinstance(a, TakePile) and a.onto is not None]
        action = onto[0] if onto else choose_hard(view_of(game, game.to_act), legal, rng)
        took = took or bool(onto)
        record.play(game, action)
    return game, record, took


def test_a_record_with_a_take_onto_a_meld_plays_back():
    # Whether a deal offers such a take depends on how Hard plays it: the first of a few deals that does.
    for seed in range(5, 10):
        game, record, took = _hand_with_a_take_onto(seed)
        if took:
            break
    assert took
    data = json.loads(json.dumps(record.to_json()))
    assert any(m[1].get("onto") for h in data["hands"] for m in h["moves"])
    back = record_from_json(data)
    assert back.rules == ONTO.for_players(2)
    # Played back move by move, the take is written in turn's syntax and the hand scores what it did.
    from game.tools.replay import replay_hand

    lines, score, same = replay_hand(back, back.hands[0])
    assert same and score["scores"] is not None
    ontos = [ln["move"] for ln in lines if "onto" in ln["move"]]
    assert ontos and all(m["take_pile"] == [] and isinstance(m["onto"], int) for m in ontos)
    # A save carries the rule.
    assert state_from_json(game.to_json()).rules == ONTO.for_players(2)


def test_turn_writes_it_take_pile_with_onto():
    data = {"variant": "standard", "house": {"take_onto_meld": "yes"}, "players": 2, "scores": [0, 0], "turn": 0,
            "phase": "draw", "hands": [["5H", "6S", "9C", "4C"], ["4D", "5D"]], "melds": [[["KH", "KS", "KD"]], []],
            "red_threes": [0, 0], "pile": ["9D", "8C", "KC"], "stock": ["5C", "JC"],
            "moves": [{"take_pile": [], "onto": 0}, {"discard": "4C"}]}
    out = play_position(data)
    assert out["moves"] == [{"ok": True}, {"ok": True}] and out["hand_sizes"] == [5, 2]
    data["house"] = {}
    out = play_position(data)
    assert not out["moves"][0]["ok"] and "never goes onto a meld alone" in out["moves"][0]["reason"]


# ----- the computer players and the hint ----------------------------------------------------------------

def test_hard_takes_a_big_pile_onto_its_meld():
    s = position(2, ["5H 6S 9C 4C 7D JS", "4D 5D 7H"], melds=[["KH KS KD", "QH QS QD"]],
                 pile="9D 5C 6D 7S JH AS AH 8C 8D TC KC", rules=ONTO)
    kings = meld_of(s, 0, "KH KS KD").id
    assert choose_hard(view_of(s, 0), legal_actions(s), random.Random(1)) == TakePile((), onto=kings)


def test_expert_takes_a_big_pile_onto_its_meld():
    from game.ai.expert import choose_expert
    from game.ai.ismcts import Budget

    s = position(2, ["5H 6S 9C 4C 7D JS", "4D 5D 7H"], melds=[["KH KS KD", "QH QS QD"]],
                 pile="9D 5C 6D 7S JH AS AH 8C 8D TC KC", rules=ONTO)
    kings = meld_of(s, 0, "KH KS KD").id
    assert choose_expert(view_of(s, 0), legal_actions(s), random.Random(1), Budget(moves=200)) == \
        TakePile((), onto=kings)


def test_the_hint_offers_it_and_the_advise_tool_writes_it():
    s = position(2, ["5H 6S 9C 4C 7D JS", "4D 5D 7H"], melds=[["KH KS KD", "QH QS QD"]],
                 pile="9D 5C 6D 7S JH AS AH 8C 8D TC KC", rules=ONTO)
    kings = meld_of(s, 0, "KH KS KD").id
    hint = advise(view_of(s, 0)).hint
    assert hint.move == TakePile((), onto=kings) and hint.meld == kings
    assert "onto your meld of kings" in hint.reason
    data = {"variant": "standard", "house": {"take_onto_meld": "yes"}, "players": 2, "scores": [0, 0], "turn": 0,
            "phase": "draw", "hands": [["5H", "6S", "9C", "4C", "7D", "JS"], ["4D", "5D", "7H"]],
            "melds": [[["KH", "KS", "KD"], ["QH", "QS", "QD"]], []], "red_threes": [0, 0],
            "pile": ["9D", "5C", "6D", "7S", "JH", "AS", "AH", "8C", "8D", "TC", "KC"], "moves": []}
    assert advise_position(data)["hint"]["move"] == {"take_pile": [], "onto": 0}


def test_a_discard_onto_the_opponents_meld_is_a_sure_gift():
    s = position(2, ["KH 6S 9C 4C 7D", "4D 5D 7H"], melds=[[], ["KS KD KC"]], pile="9D 5C",
                 phase=Phase.MELD, rules=ONTO)
    king = in_hand(s, 0, "KH")[0]
    risk = discard_risk(view_of(s, 0), king)
    assert risk is not None and risk.kind == ONTO_MELD
    plain = position(2, ["KH 6S 9C 4C 7D", "4D 5D 7H"], melds=[[], ["KS KD KC"]], pile="9D 5C",
                     phase=Phase.MELD, rules=STANDARD)
    other = discard_risk(view_of(plain, 0), in_hand(plain, 0, "KH")[0])
    assert other is None or other.kind != ONTO_MELD  # without the rule they would need a natural and a wild
    choice = choose_hard(view_of(s, 0), legal_actions(s), random.Random(1))
    assert choice != Discard(king)
