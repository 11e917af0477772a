"""The house in rooms: imports only run down (rules at the bottom, then the computer players, what the
player keeps and the table server, the table's pieces, the scenes, the shell, the tools) and no two modules
import each other."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Each module's layer by the longest prefix of its name; a module may import its own layer and those below.
LAYERS = {
    "game": 0, "game.i18n": 0, "game.assets": 0, "game.anim": 0,
    "game.rules": 1,
    "game.ai": 2, "game.lessons": 2,
    "game.keep": 3,
    "game.net": 3,  # the table server and its clients: the engine, the computer players, the saves
    "game.ui": 4,
    "scenes": 5,
    "game.shell": 6,
    "game.tools": 7,
    "game.__main__": 8,
}


def _layer(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in LAYERS:
            return LAYERS[".".join(parts[:n])]
    raise AssertionError(f"{module} is in no layer")


def _modules() -> dict[str, Path]:
    found = {}
    for top in ("game", "scenes"):
        for path in (ROOT / top).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module of ours this file imports, at the top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from game.rules import state` imports the module game.rules.state; `from game.rules.state
            # import X` imports game.rules.state (and, as Python does, runs game.rules first)
            names = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                     for a in node.names]
        else:
            continue
        out |= {n for n in names if n in modules}
    return out


def test_every_import_runs_down_or_sideways():
    modules = _modules()
    upward = []
    for name, path in sorted(modules.items()):
        for target in _imports(path, modules):
            if _layer(target) > _layer(name) and not name.startswith(target + "."):
                upward.append(f"{name} -> {target}")
    assert upward == []


def test_no_two_modules_import_each_other():
    modules = _modules()
    graph = {name: _imports(path, modules) - {name} for name, path in modules.items()}
    pairs = sorted(f"{a} <-> {b}" for a in graph for b in graph[a] if a < b and a in graph.get(b, ()))
    assert pairs == []


def test_game_keeps_few_modules_loose_in_its_own_folder():
    loose = sorted(p.name for p in (ROOT / "game").glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "anim.py", "assets.py", "i18n.py"]
