"""Card faces are made and read in game/rules/cards.py alone (`face_of`, FACE_RANK, FACE_SUIT, WILD_FACE,
FACE_VALUE): no other module of the game decodes `suit * 16 + rank` by hand. (The screens' `// 16` are
pixels, not cards: scenes/ is not scanned.)"""

from __future__ import annotations

import ast
from pathlib import Path

from game.rules.cards import (
    ALL_IDS,
    FACE,
    FACE_RANK,
    FACE_SUIT,
    FACE_VALUE,
    JOKER_FACE,
    RANK,
    SUIT,
    VALUE,
    WILD,
    WILD_FACE,
    face_of,
    parse_face,
)

ROOT = Path(__file__).resolve().parent.parent
HOME = "game/rules/cards.py"


def by_hand(path: Path, root: Path = ROOT) -> list[str]:
    """Each `x % 16`, `x // 16` and `x * 16` / `16 * x` of a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.FloorDiv, ast.Mult)):
            sixteen = [side for side in (node.right, node.left) if isinstance(side, ast.Constant) and side.value == 16]
            if sixteen and (isinstance(node.op, ast.Mult) or sixteen[0] is node.right):
                found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


def test_no_module_but_cards_decodes_a_face_by_hand() -> None:
    found = [hit for path in sorted((ROOT / "game").rglob("*.py")) if path.relative_to(ROOT).as_posix() != HOME
             for hit in by_hand(path)]
    assert not found, "faces decoded by hand (use game/rules/cards.py): " + ", ".join(found)


def test_the_scan_finds_each_way_of_doing_it(tmp_path: Path) -> None:
    src = tmp_path / "sums.py"
    src.write_text("a = f % 16\nb = f // 16\nc = s * 16 + r\nd = 16 * s\ne = 16 % f\ng = f % 13\n")
    assert sorted(hit.rsplit(":", 1)[1] for hit in by_hand(src, tmp_path)) == ["1", "2", "3", "4"]


def test_what_a_face_says_is_what_its_cards_say() -> None:
    for c in ALL_IDS:
        f = FACE[c]
        assert f == face_of(SUIT[c], RANK[c])
        assert (FACE_RANK[f], FACE_SUIT[f], WILD_FACE[f], FACE_VALUE[f]) == (RANK[c], SUIT[c], WILD[c], VALUE[c])
    assert parse_face("JK") == JOKER_FACE and parse_face("7H") == face_of(2, 7)
    assert parse_face("9S") + 1 == parse_face("TS")  # the searches step along a run so
