"""Standard Canasta's whole going-out moves (game/rules/out_solver.py, with no runs and one meld a rank):
the move list offers every going-out move, one per outcome, where Bolivia's does (the side has not melded,
or the hand holds at most four cards besides black threes), "May I go out?" is offered exactly when the
player could go out, and the steps reach every going-out move from a bigger hand. Brute force on small
random positions."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.levels import choose_hard, choose_normal
from game.rules import AskPartner, LayMelds, MeldMove, Phase, legal_actions, view_of
from game.rules.actions import AddToMeld
from game.rules.cards import BLACK_THREE, label
from game.rules.errors import IllegalAction
from game.rules.events import WentOut
from game.rules.legal import WHOLE_OUT_HAND
from game.rules.meld_move import plan_meld_move
from game.rules.out_solver import OutSolver
from game.rules.ruleset import STANDARD
from tests.brute_moves import meld_moves, outcome, standard_position
from tests.helpers import in_hand, meld_of, position
from tests.test_rules_legal_complete import _state, reachable

ROOT = Path(__file__).resolve().parent.parent


def _outs(hand, melds, rules, need: int) -> dict:
    """Going-out moves the engine's own check accepts, by outcome (brute force)."""
    outs = {}
    for move, kept in meld_moves(hand, melds, max_new=3):
        if kept > 1:
            continue
        try:
            plan = plan_meld_move(move, hand, melds, rules, need, None)
        except IllegalAction:
            continue
        if len(plan.hand_after) <= 1:
            outs[outcome(move, hand, melds)] = move
    return outs


def _listed(s) -> dict:
    hand, melds = s.hands[0], s.melds[0]
    out = {}
    for a in legal_actions(s):
        move = a if isinstance(a, MeldMove) else MeldMove(a.melds) if isinstance(a, LayMelds) else \
            MeldMove(add=((a.meld, a.cards),)) if isinstance(a, AddToMeld) else None
        if move is None:
            continue
        plan = plan_meld_move(move, hand, melds, s.rules, s.min_meld(0) if not melds else 0, None)
        if len(plan.hand_after) <= 1:
            out[outcome(move, hand, melds)] = move
    return out


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("chunk", range(3))
def test_every_going_out_move_is_listed_or_reached_and_asking_is_exact(players, chunk):
    rules = STANDARD.for_players(players)
    checked = 0
    for seed in range(chunk * 60, chunk * 60 + 60):
        rng = random.Random(seed)
        hand, melds = standard_position(rng, rng.randrange(1, 8), rules)
        s = _state(hand, melds, players=players, rules=STANDARD)
        need = 0 if melds else s.min_meld(0)
        outs = _outs(hand, melds, s.rules, need)
        where = (seed, [label(c) for c in hand], [[label(c) for c in m.cards] for m in melds])
        able = bool(outs) or (len(hand) == 1 and s.may_go_out(0))
        assert s.able_to_go_out(0) == able, where
        assert (AskPartner() in legal_actions(s)) == (players == 4 and able and len(hand) >= 2), where
        # The solver lists each outcome once, and nothing the engine refuses.
        solver = OutSolver(hand, [(m.id, m.kind, m.key, m.cards) for m in melds], s.rules, need)
        listed = [outcome(m, hand, melds) for m in solver.moves()]
        assert sorted(listed) == sorted(outs), where
        if not outs:
            continue
        checked += 1
        loose = sum(1 for c in hand if not BLACK_THREE[c])
        if not melds or loose <= WHOLE_OUT_HAND:
            assert set(_listed(s)) == set(outs), where  # offered whole
        got = reachable(s)
        for key, move in outs.items():
            assert key in got, f"not reached: {move!r} from {where}"
    assert checked >= (10 if players == 4 else 2)  # many go out (fewer at two players: two canastas)


def test_two_cards_that_make_the_canasta_together_go_out_and_may_be_asked_about():
    # Each card alone would leave one card without a canasta: only the whole move goes out. The bounded
    # step search said "not able", so a computer player that asked had its plan refused (issue 10).
    s = position(4, ["6D JK", "4C 5C 7C", "8C 9C TC", "JC QC KC"], melds=[["6C 6H 6H 6S 2S", "TC TD TH"], []],
                 phase=Phase.MELD, rules=STANDARD)
    sixes, tens = meld_of(s, 0, "6C 6H 6H 6S 2S"), meld_of(s, 0, "TC TD TH")
    assert s.able_to_go_out(0)
    legal = legal_actions(s)
    assert AskPartner() in legal
    move = AddToMeld(sixes.id, in_hand(s, 0, "6D JK"))
    assert move in legal
    assert tens  # the other meld stays as it is
    for chooser in (choose_normal, choose_hard):
        action = chooser(view_of(s, 0), legal, random.Random(1))
        assert s.is_legal(action), action
    events = s.copy().apply(move)
    assert any(isinstance(e, WentOut) for e in events)


def test_a_concealed_going_out_is_listed_whole_for_a_side_yet_to_meld():
    s = position(4, ["9C 9D 9H 9S 9C 9D JK KD", "4C 5C 7C", "8C 8D TC", "JC QC KC"], phase=Phase.MELD,
                 rules=STANDARD)
    nines = tuple(sorted(in_hand(s, 0, "9C 9D 9H 9S 9C 9D JK")))
    outs = [a for a in legal_actions(s) if isinstance(a, LayMelds)
            and sorted(c for m in a.melds for c in m) == list(nines)]
    assert outs, "the canasta of nines with the joker, keeping the king to discard"
    events = s.apply(outs[0])
    assert s.hands[0] and label(s.hands[0][0]) == "KD" and not any(isinstance(e, WentOut) for e in events)


def test_the_turn_tool_plays_a_whole_going_out_move_in_standard(tmp_path):
    position_file = {
        "variant": "standard", "players": 4, "scores": [0, 0], "turn": 0, "phase": "meld",
        "hands": [["6D", "JK", "KC", "KD", "KH", "4S"], ["4D", "5D"], ["8C", "9C"], ["JC", "QC"]],
        "melds": [[["6C", "6H", "6H", "6S", "2S"], ["TC", "TD", "TH"]], []],
        "melded_before": [True, False, False, False],
        "pile": ["9H"], "stock": ["5H", "7H"],
        "moves": [{"meld": {"new": [["KC", "KD", "KH"]], "add": [[0, ["6D", "JK"]]]}}, {"discard": "4S"}],
    }
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position_file), encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "game", "turn", str(path)], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    out = json.loads(p.stdout)
    assert out["moves"] == [{"ok": True}, {"ok": True}] and out["hand_over"] is True
    assert out["hand_sizes"][0] == 0


def test_no_run_goes_out_where_the_game_has_none():
    # Four players (Hard, a seeded game): TD JD QD KD is a run in Bolivia, nothing in Standard Canasta. The
    # solver taught Bolivia's melds alone laid it and said the hand went out; the kings alone make no meld
    # of three with KD, so the hand cannot.
    s = position(4, ["TD JD QD KD KC"], melds=[["7C 7D 7H 7S 7S 2C JK", "6C 6D 6S 6S", "5D 5H 5H"], []],
                 phase=Phase.MELD, rules=STANDARD)
    assert not s.able_to_go_out(0)
    assert not any(isinstance(a, MeldMove) or (isinstance(a, LayMelds) and len(a.melds[0]) > 3)
                   for a in legal_actions(s))
    side = [(m.id, m.kind, m.key, m.cards) for m in s.melds[0]]
    assert OutSolver(s.hands[0], side, s.rules).moves() == []
    # One more king: the kings go out as one meld (one meld a rank), the diamonds' run still not laid.
    more = position(4, ["KD KC KS"], melds=[["7C 7D 7H 7S 7S 2C JK", "6C 6D 6S 6S", "5D 5H 5H"], []],
                    phase=Phase.MELD, rules=STANDARD)
    assert more.able_to_go_out(0)
