"""The table as parts (issue 23): one scene class that composes parts, no mixins sharing one `self`, and
parts that never reach into each other. Read from the source, so a mixin or an import creeping back in
fails here whatever the behaviour tests say."""

from __future__ import annotations

import ast
from pathlib import Path

from scenes.scene import Scene
from scenes.table import TableScene

ROOT = Path(__file__).resolve().parent.parent
SCENES = ROOT / "scenes"
PARTS = SCENES / "table_parts"
LIMIT = 400  # lines a module may have

# Modules every part may use (what a part reads the game through, and what its intents come to), and the
# helpers each belong to the parts named.
SHARED = {"view", "outcomes"}
HELPERS = {"face_keeper": {"cards"}, "meld_words": {"melds"}, "overlays": {"log_panel", "panels"}}


def table_modules() -> list[Path]:
    return sorted(SCENES.glob("table*.py")) + sorted(p for p in PARTS.glob("*.py") if p.name != "__init__.py")


def test_every_table_module_is_under_the_limit() -> None:
    long = {p.relative_to(ROOT).as_posix(): n for p in table_modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= LIMIT}
    assert not long, f"table modules of {LIMIT} lines or more: {long}"


def test_no_table_class_inherits_from_another_table_class_or_mixes_in() -> None:
    defined = {node.name: p.stem for p in table_modules() for node in ast.walk(ast.parse(p.read_text("utf-8")))
               if isinstance(node, ast.ClassDef)}
    assert "TableScene" in defined and len(defined) > 5
    mixed = []
    for p in table_modules():
        for node in ast.walk(ast.parse(p.read_text("utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = [ast.unparse(b) for b in node.bases]
            ours = [b for b in bases if b.split(".")[-1] in defined]
            if len(bases) > 1 or ours:
                mixed.append(f"{p.stem}.{node.name}({', '.join(bases)})")
    assert not mixed, f"classes of the table built by inheritance: {mixed}"
    # And at run time: the scene is a Scene and nothing else.
    assert TableScene.__mro__ == (TableScene, Scene, object)


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_parts_never_import_each_other_nor_the_scene() -> None:
    reaching = []
    for p in PARTS.glob("*.py"):
        if p.name == "__init__.py":
            continue
        for module in _imports(p):
            if module.startswith("scenes.table") and not module.startswith("scenes.table_parts"):
                reaching.append(f"{p.stem} imports {module}")  # the scene, its router or its picture
            elif module.startswith("scenes.table_parts."):
                other = module.rsplit(".", 1)[1]
                if other not in SHARED and p.stem not in HELPERS.get(other, set()):
                    reaching.append(f"{p.stem} imports {other}")
    assert not reaching, f"parts reaching into each other: {reaching}"


def test_the_scene_holds_its_parts_as_parts() -> None:
    """Built, the scene's state is its parts and a few things of its own, not the parts' state."""
    from game.rules.state import GameState
    from game.shell.controller import TurnController

    scene = TableScene(TurnController(GameState(2, 1), {1: lambda view, legal, rng: legal[0]}, {0}, "instant", 1,
                                      threaded=False))
    own = set(vars(scene))
    assert {"hand", "melds", "piles", "cards", "messages", "dialogs", "panels", "button_bar"} <= own
    # What the parts own is theirs alone: the scene reaches it only through a part.
    for name in ("selected", "staging", "sprites", "tweener", "judgement", "shaking", "shades", "hint_asked"):
        assert name not in own, name
    assert len(own) < 40
