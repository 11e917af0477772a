"""Finds end-of-hand blunders in arena games, for the blunder suite (tests/partner_blunders.json, read by
tests/test_ai_blunders_partner.py). Run by hand, on seeds the levels were not tuned on:

    python -m tests.find_partner_blunders --seed 5555 --deals 60 --levels normal,hard,expert > found.json

Each level plays every seat of arena deals (the arena's seeds). A position is kept, as `turn`'s JSON
(game/tools/position.py) at the start of the blundering seat's turn, when its turn ends in one of:
  danger: an opponent held a card or two and could go out (game/ai/danger.py), the seat ended its turn
    holding cards it could have melded, and that opponent went out at its next turn;
  wild: a first meld spent a wild card in a rank meld where a first meld of naturals alone was legal;
  run: the discard went onto a run of the next opponent's side while another card of the hand did not;
  unfrozen: Standard, the discard went onto the next opponent's side's meld of an unfrozen pile of 8
    cards or more while another card would not, and they took the pile;
  threes: the seat took a pile holding three black threes or more where one costs 100 in hand, and
    ended the hand holding two or more;
  stuck: Standard, nobody near going out and 30 cards in the stock, the seat melded down to two cards
    or fewer and then spent five turns or more unable to play.
At four players, the partnership's moments too (the position is the asker's, with its question as the
position's move, for the answers):
  yes: asked "May I go out?", the partner said yes holding 150 points or more while no opponent could go
    out and three rounds of stock or more were left, and the hand ended with those points against the side;
  no: the partner said no while an opponent held a card or two and could go out, and that opponent did;
  alone: the seat went out without asking, where it could have asked, while its partner held five cards
    or more, with no opponent able to go out and three rounds of stock or more left;
  freeze: Standard, the seat held a wild card and three cards or more, discarded a natural onto a pile of
    8 cards or more the next opponent's side could take unfrozen, and the next opponent took it;
  fed: the next opponent took a pile of 9 cards or more with the seat's discard, a card its side's melds
    on the table plainly take (levels.plainly_taken), while a natural of the hand was not.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from game.ai import get_player
from game.ai.danger import out_threat
from game.ai.levels import plainly_taken
from game.ai.plan import hand_penalty
from game.rules.actions import Answer, AskPartner, Deal, Discard, DrawStock, LayMelds, TakePile
from game.rules.cards import BLACK_THREE, NATURAL, RANK, WILD, label
from game.rules.errors import IllegalAction
from game.rules.events import WentOut
from game.rules.legal import legal_actions
from game.rules.melds import RANK_MELD, RUN, extends_run
from game.rules.refusals import qualifies
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.tools.arena import deal_seed


def position_json(state: GameState, variant: str) -> dict:
    return {"variant": variant, "players": state.players, "scores": list(state.scores), "turn": state.turn,
            "phase": "draw" if state.phase == Phase.DRAW else "meld",
            "hands": [[label(c) for c in h] for h in state.hands],
            "melds": [[[label(c) for c in m.cards] for m in side] for side in state.melds],
            "red_threes": [[label(c) for c in r] for r in state.red_threes], "pile": [label(c) for c in state.pile],
            "stock": [label(c) for c in reversed(state.stock)], "stock_exact": True,
            "melded_before": list(state.melded_by)}


def meldable(state: GameState, seat: int) -> int:
    """Points of the seat's hand it could lay on its side's melds or as new rank melds (naturals only)."""
    side = state.side_of(seat)
    ranks = {m.key for m in state.melds[side] if m.kind == RANK_MELD}
    by_rank: dict[int, list[int]] = {}
    for c in state.hands[seat]:
        if NATURAL[c]:
            by_rank.setdefault(RANK[c], []).append(c)
    return sum(state.rules.card_penalty(c) for r, cs in by_rank.items() if r in ranks or len(cs) >= 3 for c in cs)


def runs_fed(state: GameState, seat: int, card: int) -> bool:
    nxt = (seat + 1) % state.players
    side = state.side_of(nxt)
    return side != state.side_of(seat) and any(
        m.kind == RUN and extends_run(m, card, state.rules) for m in state.melds[side])


def unfrozen_fed(state: GameState, seat: int, card: int) -> bool:
    nxt = (seat + 1) % state.players
    side = state.side_of(nxt)
    return (NATURAL[card] and side != state.side_of(seat) and state.rules.pile_freezes and len(state.pile) >= 8
            and any(m.kind == RANK_MELD and m.key == RANK[card] for m in state.melds[side])
            and state.rules.pile_freeze(tuple(state.pile) + (card,), True) is None)


def wild_spent(a: LayMelds) -> bool:
    return any(WILD[c] for m in a.melds if not all(WILD[x] for x in m) for c in m)


def rounds_left(state: GameState) -> float:
    return len(state.stock) / (state.rules.draws(state.players) * state.players)


def quiet(state: GameState, seat: int) -> bool:
    """No opponent of the seat can go out (nor is about to), and three rounds of stock or more are left."""
    view = view_of(state, seat)
    return (rounds_left(state) >= 3 and out_threat(view) is None
            and not any(qualifies(view.melds[s], state.rules) for s in range(state.sides) if s != view.side))


def frozen_for_next(state: GameState, seat: int) -> bool:
    """Standard: the pile of 8 or more is open to the next opponent's side (melded, no wild card in it)."""
    nxt = (seat + 1) % state.players
    return (state.rules.pile_freezes and len(state.pile) >= 8 and state.has_melded(state.side_of(nxt))
            and state.rules.pile_freeze(tuple(state.pile), True) is None)


def find_in_hand(players: int, seed: int, level: str, variant: str, rng: random.Random, found: list[dict],
                 where: dict) -> None:
    state = GameState(players, seed, RULESETS[variant])
    state.apply(Deal())
    chooser = get_player(level)
    turn: dict | None = None
    pending: list[dict] = []  # kept until the hand shows how it ends
    stuck = [0] * players
    melded_down: dict[int, dict] = {}

    def close(t: dict) -> None:
        seat = t["seat"]
        side = state.side_of(seat)
        if t["small"] and not t["played"]:
            stuck[seat] += 1
        if t["meld_pos"] is None:
            return
        last = t["actions"][-1] if t["actions"] else None
        if t["threat"] is not None and t["melded"] and state.hands[seat] and meldable(state, seat):
            pending.append({**where, "category": "danger", "level": level, "position": t["meld_pos"],
                            "left": sum(state.rules.card_penalty(c) for c in state.hands[seat]),
                            "_threat": t["threat"].seat, "_seat": seat})
        firsts = [a for a in t["actions"] if isinstance(a, LayMelds)]
        if not t["melded"] and firsts and wild_spent(firsts[0]) and t["natural_first"]:
            found.append({**where, "category": "wild", "level": level, "position": t["meld_pos"]})
        if isinstance(last, Discard) and t["before_discard"] is not None:
            hand, before = t["before_discard"]
            card = last.card
            if runs_fed(before, seat, card) and any(not runs_fed(before, seat, c) and NATURAL[c] for c in hand):
                found.append({**where, "category": "run", "level": level, "position": t["meld_pos"]})
            if unfrozen_fed(before, seat, card) and any(
                    NATURAL[c] and not unfrozen_fed(before, seat, c) for c in hand):
                pending.append({**where, "category": "unfrozen", "level": level, "position": t["meld_pos"],
                                "_card": card, "_seat": seat})
        if (variant == "standard" and t["threat"] is None and t["melded_stock"] >= 30 and len(state.hands[seat]) <= 2
                and state.hands[seat] and any(not isinstance(a, (DrawStock, Discard)) for a in t["actions"])
                and seat not in melded_down):
            melded_down[seat] = {**where, "category": "stuck", "level": level, "position": t["meld_pos"],
                                 "_from": stuck[seat], "_seat": seat}
        del side

    while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        seat = state.to_act
        legal = legal_actions(state)
        if not legal:
            break
        if state.phase == Phase.DRAW:
            if turn is not None:
                close(turn)
                for p in pending:
                    if p["category"] == "unfrozen" and p.get("_next") is None:
                        p["_next"] = seat
            side = state.side_of(seat)
            turn = {"seat": seat, "small": len(state.hands[seat]) <= 3 and state.has_melded(side), "played": False,
                    "actions": [], "meld_pos": None, "threat": None, "melded": state.has_melded(side),
                    "natural_first": False, "before_discard": None, "melded_stock": len(state.stock), "ask_pos": None,
                    "draw_pos": position_json(state, variant)}
        assert turn is not None
        if state.phase == Phase.MELD and turn["meld_pos"] is None and seat == turn["seat"]:
            view = view_of(state, seat)
            turn["meld_pos"] = position_json(state, variant)
            turn["threat"] = out_threat(view)
            turn["natural_first"] = any(isinstance(a, LayMelds) and not wild_spent(a) for a in legal)
        action = chooser(view_of(state, seat), legal, rng)
        if isinstance(action, Answer) and players == 4:
            view = view_of(state, seat)
            if action.yes and quiet(state, seat) and hand_penalty(view.hand, state.rules) >= 150:
                pending.append({**where, "category": "yes", "level": level, "position": turn["ask_pos"],
                                "_seat": seat})
            threat = out_threat(view)
            if not action.yes and threat is not None and threat.ready:
                pending.append({**where, "category": "no", "level": level, "position": turn["ask_pos"],
                                "_seat": seat, "_threat": threat.seat})
        if isinstance(action, AskPartner) and seat == turn["seat"]:
            turn["ask_pos"] = {**position_json(state, variant), "moves": [{"ask": True}]}
        if state.phase == Phase.MELD and seat == turn["seat"] and "could_ask" not in turn:
            turn["could_ask"] = any(isinstance(a, AskPartner) for a in legal)
        if (players == 4 and seat == turn["seat"] and state.phase == Phase.MELD and not state.asked
                and turn.get("could_ask")
                and state.permission is None and len(state.hands[(seat + 2) % 4]) >= 5 and quiet(state, seat)):
            trial = state.copy()
            try:
                gone = any(isinstance(e, WentOut) for e in trial.apply(action))
            except IllegalAction:
                gone = False
            if gone:
                found.append({**where, "category": "alone", "level": level, "position": turn["meld_pos"]})
        if players == 4 and seat == turn["seat"] and isinstance(action, Discard) and NATURAL[action.card]:
            hand = state.hands[seat]
            view = view_of(state, seat)
            if (frozen_for_next(state, seat) and len(hand) >= 3 and any(WILD[c] for c in hand)):
                pending.append({**where, "category": "freeze", "level": level, "position": turn["meld_pos"],
                                "_seat": seat, "_next": (seat + 1) % 4, "_size": len(state.pile) + 1})
            if (len(state.pile) + 1 >= 9 and plainly_taken(view, action.card)
                    and any(NATURAL[c] and not plainly_taken(view, c) for c in hand)):
                pending.append({**where, "category": "fed", "level": level, "position": turn["meld_pos"],
                                "_seat": seat, "_next": (seat + 1) % 4, "_size": len(state.pile) + 1})
        if isinstance(action, TakePile):
            for p in pending:
                if p["category"] in ("freeze", "fed") and p.get("_next") == seat and "_took" not in p \
                        and len(state.pile) == p["_size"]:
                    p["_took"] = True
        if seat == turn["seat"]:
            turn["actions"].append(action)
            if not isinstance(action, (DrawStock, Discard)):
                turn["played"] = True
            if isinstance(action, Discard):
                turn["before_discard"] = (list(state.hands[seat]), state.copy())
            if (isinstance(action, TakePile) and state.rules.black_three_in_hand > 5
                    and sum(1 for c in state.pile if BLACK_THREE[c]) >= 3):
                pending.append({**where, "category": "threes", "level": level, "position": turn["draw_pos"],
                                "_seat": seat})
            if isinstance(action, TakePile):
                for p in pending:
                    if p["category"] == "unfrozen" and p.get("_next") == seat and p.get("_taken") is None:
                        p["_taken"] = True
        try:
            state.apply(action)
        except IllegalAction:
            state.apply(next((a for a in legal if isinstance(a, DrawStock)), legal[0]))
    if turn is not None:
        close(turn)
    out_seat = state.results[-1]["out"] if state.results else None
    for p in pending:
        seat = p.pop("_seat")
        if p["category"] == "danger":
            if out_seat != p.pop("_threat"):
                continue
        elif p["category"] == "unfrozen":
            p.pop("_card")
            p.pop("_next", None)
            if not p.pop("_taken", False):
                continue
        elif p["category"] == "threes":
            if sum(1 for c in state.hands[seat] if BLACK_THREE[c]) < 2:
                continue
        elif p["category"] == "yes":
            if out_seat is None or state.side_of(out_seat) != state.side_of(seat) or p["position"] is None:
                continue  # the yes counts only where the asker went out, leaving the hand against the side
        elif p["category"] == "no":
            if out_seat != p.pop("_threat") or p["position"] is None:
                continue
        elif p["category"] in ("freeze", "fed"):
            p.pop("_next")
            p.pop("_size")
            if not p.pop("_took", False):
                continue
        found.append(p)
    for seat, p in melded_down.items():
        if stuck[seat] - p.pop("_from") >= 5:
            p.pop("_seat")
            found.append(p)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variants", default="standard,bolivia")
    ap.add_argument("--levels", default="normal,hard,expert")
    args = ap.parse_args(argv)
    found: list[dict] = []
    for variant in args.variants.split(","):
        for level in args.levels.split(","):
            for d in range(args.deals):
                rng = random.Random(f"find:{args.seed}:{d}")
                where = {"seed": args.seed, "deal": d, "players": args.players, "variant": variant}
                find_in_hand(args.players, deal_seed(args.seed, d), level, variant, rng, found, where)
            print(f"{variant} {level}: {len(found)} so far", file=sys.stderr)
    json.dump(found, sys.stdout, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
