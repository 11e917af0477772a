"""A position is built, not poked: no module outside the engine (game/rules/state.py and its builder,
game/rules/position.py) writes a GameState's facts or calls its private methods. Positions are made with
`new_position`/`changed`, moves played with `apply` or `push`/`pop`, a save read with `from_json`.

The scan reads the source (game/, scenes/, tests/): it cannot know types, so it flags any write to an
attribute named as one of GameState's facts on anything but `self`, any call of a mutating list method on
one, and any call of a GameState private method or use of `__dict__` on anything but `self`. The few
objects of other classes that share a fact's name are listed below, each with what it is. Then the builder
itself: a position rebuilt from its facts is the same, and a turn it starts is the turn the engine starts."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.ai.simple import choose_greedy
from game.rules import RULESETS, Deal, GameState, IllegalAction, Phase, legal_actions, view_of
from game.rules import events as ev
from game.rules.cards import ids_for_faces, parse_face
from game.rules.position import FIELDS, changed, new_position

ROOT = Path(__file__).resolve().parent.parent
ENGINE = {"game/rules/state.py", "game/rules/position.py"}
FACTS = set(FIELDS) | {"rules", "players", "_history"}
PRIVATE = {name for name in vars(GameState) if name.startswith("_") and not name.startswith("__")}
MUTATING = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "__setitem__", "update"}
TURN = ("melded_at_turn_start", "player_melded_at_turn_start", "asked", "permission")
# (file, the written expression's source): objects that are no GameState.
OTHERS = {
    ("game/keep/stats.py", "g.hands"),  # a variant's statistics: hands played
    ("game/rules/game_story.py", "story.hands"),  # a game's story: hands played
    ("game/rules/record.py", "hand.scores"),  # a HandRecord's scores
    ("game/rules/record_check.py", "record.hands"),  # a GameRecord's hands
    ("tests/test_deal_code.py", "record.hands"),
    ("game/tools/arena.py", "tally.hands"),  # the arena's tally of a level's play
    ("game/tools/arena.py", "tally.pile_takes"),
    ("scenes/lesson_play.py", "self.table.target"),  # the table scene's keyboard target
    ("scenes/setup.py", "s.target"),  # the setup screen's choices
    ("game/net/seat_view.py", "cache.rules"),  # the server's ViewCache of state-message text
}


def parse_faces(text: str) -> list[int]:
    return ids_for_faces([parse_face(t) for t in text.split()])


def _root_fact(node: ast.expr) -> ast.Attribute | None:
    """The `x.fact` a target writes into (`x.fact`, `x.fact[i]`, `x.fact[i][j]`), x not `self`."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and node.attr in FACTS:
        if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            return node
    return None


def pokes(path: Path, root: Path = ROOT, excused: set | None = None) -> list[str]:
    rel = path.relative_to(root).as_posix()
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    found: list[str] = []

    def flag(node: ast.AST, what: str) -> None:
        text = ast.get_source_segment(source, node) or what
        if (rel, text) in OTHERS:
            if excused is not None:
                excused.add((rel, text))
        else:
            found.append(f"{rel}:{node.lineno}: {what}: {text}")

    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        for t in targets:
            for part in t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]:
                fact = _root_fact(part)
                if fact is not None:
                    flag(fact, "writes")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if node.func.attr in MUTATING and _root_fact(owner) is not None:
                flag(owner, f"calls {node.func.attr} on")
            if node.func.attr in PRIVATE and not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                flag(node.func, "calls a private method")
        if isinstance(node, ast.Attribute) and node.attr == "__dict__" and not (
                isinstance(node.value, ast.Name) and node.value.id == "self"):
            flag(node, "uses __dict__")
    return found


def test_no_module_outside_the_engine_pokes_a_game_state():
    found: list[str] = []
    excused: set = set()
    for folder in ("game", "scenes", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.relative_to(ROOT).as_posix() not in ENGINE:
                found += pokes(path, excused=excused)
    assert not found, "\n".join(found)
    assert excused == OTHERS, f"listed as another class but no longer written: {OTHERS - excused}"


def test_the_scan_finds_each_kind_of_poke(tmp_path):
    """The scan itself: each kind of poke is found; building, reading and `self` are not."""
    src = tmp_path / "poke.py"
    src.write_text("s.phase = 1\ns.hands[0] = []\nst.stock.append(3)\nw._end_hand(0)\n"
                   "a.__dict__.update(b)\nself.phase = 2\ns = new_position(2)\nx = s.phase\ns.turn, y = 1, 2\n")
    found = sorted(line.split(": ", 1)[1] for line in pokes(src, tmp_path))
    assert found == sorted(["writes: s.phase", "writes: s.hands", "calls append on: st.stock",
                            "calls a private method: w._end_hand", "uses __dict__: a.__dict__", "writes: s.turn"])


@pytest.mark.parametrize("name", list(RULESETS))
def test_a_position_rebuilt_from_its_facts_is_the_same_and_a_turn_starts_as_the_engine_starts_it(name: str) -> None:
    s = GameState(4, 12, RULESETS[name])
    rng = random.Random(12)
    for _ in range(220):
        if s.phase == Phase.GAME_OVER:
            break
        events = s.apply(Deal() if s.phase == Phase.DEAL else choose_greedy(view_of(s, s.to_act), legal_actions(s),
                                                                             rng))
        assert changed(s).to_json() == s.to_json()
        if any(isinstance(e, ev.TurnStarted) for e in events):
            assert changed(s, start_turn=True).to_json() == s.to_json()
            assert new_position(4, s.rules, **{f: getattr(s, f) for f in FIELDS if f not in TURN}).to_json() == (
                s.to_json())


def test_a_position_that_cannot_be_is_refused() -> None:
    with pytest.raises(ValueError, match="hands: 1 given for 2"):
        new_position(2, hands=[[1, 2]])
    with pytest.raises(ValueError, match="not a seat"):
        new_position(2, turn=2)
    with pytest.raises(IllegalAction):
        new_position(2, melds=[[parse_faces("4C 9D KH")], []])
    with pytest.raises(TypeError, match="not a fact of a position: colour"):
        changed(GameState(2), colour="red")
    built = new_position(2, melds=[[parse_faces("4C 4D 4H"), parse_faces("KC KD KS")], [parse_faces("9C 9D 9H")]])
    assert [[m.id for m in side] for side in built.melds] == [[1, 2], [3]] and built.next_meld_id == 4
    assert built.melded_by == [True, True] and built.melded_at_turn_start
