"""Random game states and damaged copies of them, for the tests that a loaded state is either
refused with a reason or playable (tests/test_state_validation.py, and longer runs by hand:
`python -m tests.state_tamper 1000`)."""

from __future__ import annotations

import copy
import random
import sys
import time

from game.ai.simple import choose_greedy, choose_random
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase
from game.rules.validate import state_from_json
from game.rules.view import view_of

ODD_VALUES: tuple[object, ...] = (None, True, False, -1, 0, 1, 2, 3, 4, 5, 9, 161, 162, -3, 10**12, 2.5, "1",
                                  "", [], {}, [0], {"a": 1})


def random_state(rng: random.Random) -> GameState:
    """A game played by seeded random and greedy players to a random point (often mid-hand)."""
    s = GameState(rng.choice((2, 3, 4)), rng.randrange(1 << 30), target=rng.choice((2500, 5000)))
    steps = rng.choice((0, 1, 2, rng.randrange(400), rng.randrange(1500)))
    greedy = rng.random() < 0.7  # greedy players make canastas, and so ask and answer, and go out
    for _ in range(steps):
        if s.phase == Phase.GAME_OVER:
            break
        legal = legal_actions(s)
        choose = choose_greedy if greedy and rng.random() < 0.9 else choose_random
        s.apply(choose(view_of(s, s.to_act), legal, rng))
    return s


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in the JSON: keys of dicts and indexes of lists, nested."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, prefix + (i,))
    return out


def tamper(data: dict, rng: random.Random) -> tuple[dict, str]:
    """A copy of `data` with one place changed (a value swapped, a list edited, a key dropped);
    returns the copy and what was done, for the failure message."""
    bad = copy.deepcopy(data)
    paths = _paths(bad)
    top = [p for p in paths if len(p) == 1]
    path = rng.choice(top) if rng.random() < 0.5 else rng.choice(paths)
    parent = bad
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    how = rng.random()
    if isinstance(value, list) and how < 0.45:
        op = rng.choice(("drop", "dup", "append", "shuffle", "clear", "move"))
        if op == "drop" and value:
            value.pop(rng.randrange(len(value)))
        elif op == "dup" and value:
            value.append(copy.deepcopy(rng.choice(value)))
        elif op == "append":
            value.append(rng.choice(ODD_VALUES))
        elif op == "shuffle":
            rng.shuffle(value)
        elif op == "clear":
            value.clear()
        elif op == "move" and value:  # a card or a meld to another list of the same kind
            item = value.pop(rng.randrange(len(value)))
            lists = [p for p in _paths(bad) if isinstance(_get(bad, p), list) and p != path]
            if lists:
                _get(bad, rng.choice(lists)).append(item)
        return bad, f"{op} in {path}"
    if isinstance(parent, dict) and how < 0.55:
        del parent[key]
        return bad, f"deleted {path}"
    if isinstance(value, int) and not isinstance(value, bool) and how < 0.85:
        parent[key] = value + rng.choice((-2, -1, 1, 2, 100, -100, 161))
        return bad, f"{path} {value} -> {parent[key]}"
    if key == "phase" or (isinstance(value, str) and how < 0.9):
        parent[key] = rng.choice([p.value for p in Phase] + ["", "later"])
        return bad, f"{path} {value!r} -> {parent[key]!r}"
    parent[key] = rng.choice(ODD_VALUES)
    return bad, f"{path} {value!r} -> {parent[key]!r}"


PLACES = ("stock", "pile", "hands")


def _places(data: dict) -> list[list]:
    """The lists a card can move between with every card still accounted for: stock, pile, each hand."""
    hands = data.get("hands") if isinstance(data.get("hands"), list) else []
    return [v for v in [data.get("stock"), data.get("pile"), *hands] if isinstance(v, list)]


def stretch(data: dict, rng: random.Random) -> tuple[dict, str]:
    """A copy of a state with cards moved between hands, stock and pile, every card still in one place:
    a few cards, many, or one of the extremes (a card in each hand, one hand holding almost all, a
    pile of almost every card, an empty stock or pile), sometimes in the other phase of the turn."""
    bad = copy.deepcopy(data)
    places = _places(bad)
    if len(places) < 3:
        return bad, "nothing to stretch"
    stock, pile, hands = places[0], places[1], places[2:]
    how = rng.choice(("few", "many", "one each", "one holds all", "pile holds all", "no stock", "no pile",
                      "one card to act"))
    if how in ("few", "many"):
        for _ in range(rng.randrange(1, 4) if how == "few" else rng.randrange(5, 160)):
            sources = [p for p in places if p]
            if not sources:
                break
            source = rng.choice(sources)
            card = source.pop(rng.randrange(len(source)) if rng.random() < 0.5 else -1)
            rng.choice([p for p in places if p is not source] or [source]).append(card)
    elif how == "one each":  # the issue's: a card in each hand, the pile empty, the rest in the stock
        for h in hands:
            stock.extend(h[1:])
            del h[1:]
        stock.extend(pile)
        pile.clear()
    elif how == "one holds all":
        holder = rng.choice(hands)
        for p in places:
            if p is not holder:
                keep = 1 if p in hands else 0
                holder.extend(p[keep:])
                del p[keep:]
    elif how == "pile holds all":
        for p in [stock, *hands]:
            keep = 1 if any(p is h for h in hands) else rng.choice((0, 0, 3))
            pile.extend(p[keep:])
            del p[keep:]
    elif how == "no stock":
        rng.choice(hands + [pile]).extend(stock)
        stock.clear()
    elif how == "no pile":
        rng.choice(hands + [stock]).extend(pile)
        pile.clear()
    else:
        turn = bad.get("turn")
        hand = hands[turn] if isinstance(turn, int) and 0 <= turn < len(hands) else hands[0]
        stock.extend(hand[1:])
        del hand[1:]
    if rng.random() < 0.3 and bad.get("phase") in ("draw", "meld"):
        bad["phase"] = "meld" if bad["phase"] == "draw" else "draw"
        how += ", phase changed"
    return bad, f"stretched: {how}"


def retype(data: dict, rng: random.Random) -> tuple[dict, str]:
    """A copy with one value given another type but (where it can) the same meaning: 4 as 4.0 or "4",
    true as 1, a text as a list holding it, a list as a dict."""
    bad = copy.deepcopy(data)
    paths = _paths(bad)
    if not paths:
        return bad, "nothing to retype"
    path = rng.choice(paths)
    parent = _get(bad, path[:-1])
    value = parent[path[-1]]  # type: ignore[index]
    if isinstance(value, bool):
        new: object = int(value) if rng.random() < 0.7 else str(value).lower()
    elif isinstance(value, int):
        new = rng.choice((float(value), str(value), [value], value == 1, float(value) + 0.5))
    elif isinstance(value, float):
        new = rng.choice((int(value), str(value), 1e308, -1e308, [value]))
    elif isinstance(value, str):
        new = rng.choice(([value], {value: 1}, 0, value.upper(), value + " "))
    elif isinstance(value, list):
        new = rng.choice(({str(i): v for i, v in enumerate(value)}, value[0] if value else None, [value]))
    elif value is None:
        new = rng.choice((0, False, "", [], "null"))
    else:
        new = list(value.values()) if isinstance(value, dict) else None
    parent[path[-1]] = new  # type: ignore[index]
    return bad, f"retyped {path}: {value!r:.40} -> {new!r:.40}"


def _get(data: object, path: tuple) -> object:
    for key in path:
        data = data[key]  # type: ignore[index]
    return data


def play_out_hand(s: GameState, rng: random.Random, max_actions: int = 5000) -> None:
    """Play on with the random player to the end of the hand (dealing first if it is to be dealt);
    AssertionError if the game gets stuck, an exception if the engine fails, as a player would see."""
    dealt = s.phase != Phase.DEAL
    for _ in range(max_actions):
        if s.phase == Phase.GAME_OVER or (s.phase == Phase.DEAL and dealt):
            return
        dealt = True
        legal = legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}"
        s.apply(choose_random(view_of(s, s.to_act), legal, rng))
        problems = s.check()
        assert not problems, problems
    raise AssertionError("the hand did not end")


def try_one(rng: random.Random) -> tuple[str, str]:
    """One damaged state: ("refused", reason), ("played", what) or raises for a defect."""
    data = random_state(rng).to_json()
    bad, what = tamper(data, rng)
    try:
        s = state_from_json(bad)
    except ValueError as why:
        return "refused", str(why)
    try:
        play_out_hand(s, rng)
    except Exception as why:
        raise AssertionError(f"accepted after {what} but not playable: {type(why).__name__}: {why}") from why
    return "played", what


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1
    rng = random.Random(seed)
    tally = {"refused": 0, "played": 0, "failed": 0}
    start = time.perf_counter()
    for i in range(count):
        try:
            kind, _detail = try_one(rng)
            tally[kind] += 1
        except AssertionError as why:
            tally["failed"] += 1
            print(f"{i}: {why}", file=sys.stderr)
    print(f"tried {count}, refused {tally['refused']}, played to the end of the hand {tally['played']}, "
          f"failed {tally['failed']} ({time.perf_counter() - start:.0f} s)")
    return 1 if tally["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
