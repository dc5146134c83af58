"""The package's layout (issues 13 and 23, docs/CORE.md): the core imports no game, a game imports the core and
nothing of another game, the subpackages import each other without a circle, and inside each game the wings look
only down: rules <- positions <- words <- analysis <- board, with the game's top level (game.py, widget.py, ...)
above all of them. Every import line is read, including the ones inside functions; only imports under
``if TYPE_CHECKING:`` are left out, since they never run (a type hint is not an arrow)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import hickory_widget

PACKAGE = Path(hickory_widget.__file__).parent
GAMES = ("hickory", "clocktowers", "mice")
LAYERS = {"core": set(), "hickory": {"core"}, "clocktowers": {"core"}, "mice": {"core"},
          "lessons": {"core", *GAMES}}
"""Each subpackage and the subpackages it may import."""
WINGS = {
    "rules": set(),
    "positions": {"rules"},
    "words": {"rules", "positions"},
    "analysis": {"rules", "positions", "words"},
    "board": {"rules", "positions", "words", "analysis"},
}
"""Each wing of a game and the wings of the same game it may import (all may import the core). The modules at the
game's top level (``game.py``, ``widget.py``, ``builder.py``, ``engine.py``) may import every wing; no wing imports
them."""
GAME_WINGS = {"hickory": set(WINGS), "clocktowers": set(WINGS) - {"analysis"}, "mice": set(WINGS) - {"analysis"}}


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        if _type_checking_only(node):
            for child in node.orelse:  # type: ignore[attr-defined]
                walk(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def targets(path: Path) -> set[tuple[str, ...]]:
    """What the module at ``path`` imports of hickory_widget, as paths inside the package (relative or absolute);
    ``from . import x`` counts as importing ``x``."""
    here = path.relative_to(PACKAGE).parts[:-1]
    found: set[tuple[str, ...]] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {tuple(a.name.split(".")[1:]) for a in node.names if a.name.startswith("hickory_widget.")}
            continue
        module = node.module.split(".") if node.module else []
        if node.level == 0:
            if module and module[0] == "hickory_widget":
                base = module[1:]
            else:
                continue
        else:
            base = list(here[: len(here) - (node.level - 1)]) + module
        found |= {tuple([*base, a.name]) for a in node.names} if not node.module else {tuple(base)}
    return {t for t in found if t}


def imported(path: Path) -> set[str]:
    """The subpackages of hickory_widget that the module at ``path`` imports."""
    return {t[0] for t in targets(path)}


def wing_of(game: str, parts: tuple[str, ...]) -> str:
    """The wing a path inside ``game`` belongs to ("top" for the game's own modules)."""
    return parts[1] if len(parts) > 2 and parts[1] in WINGS else "top"


def upward(path: Path) -> list[str]:
    """The imports of a game module that look up: to a wing its wing may not import, or to the game's top level."""
    rel = path.relative_to(PACKAGE).parts
    game, wing = rel[0], wing_of(rel[0], rel)
    if game not in GAMES or wing == "top":
        return []
    wrong = []
    for t in sorted(targets(path)):
        if t[0] != game or len(t) < 2:
            continue
        to = t[1] if t[1] in WINGS else "top"
        if to != wing and to not in WINGS[wing]:
            wrong.append(".".join(t))
    return wrong


def test_every_module_of_the_package_sits_in_a_subpackage() -> None:
    flat = sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py")
    assert flat == [], f"modules outside core/, the games and lessons/: {flat}"
    subpackages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert subpackages == set(LAYERS)


@pytest.mark.parametrize("sub", sorted(LAYERS))
def test_a_subpackage_imports_only_what_its_layer_allows(sub: str) -> None:
    modules = sorted((PACKAGE / sub).rglob("*.py"))
    assert modules
    for path in modules:
        wrong = imported(path) - LAYERS[sub] - {sub}
        assert not wrong, f"{path.relative_to(PACKAGE)} imports {sorted(wrong)}; {sub} may import {sorted(LAYERS[sub])}"


def test_no_import_circle_between_subpackages() -> None:
    graph = {sub: set().union(*(imported(p) for p in (PACKAGE / sub).rglob("*.py"))) - {sub} for sub in LAYERS}
    _no_circle(graph)


def _no_circle(graph: dict[str, set[str]]) -> None:
    seen: dict[str, str] = {}

    def visit(node: str, trail: list[str]) -> None:
        if seen.get(node) == "done":
            return
        assert seen.get(node) != "open", f"import circle: {' -> '.join([*trail, node])}"
        seen[node] = "open"
        for nxt in sorted(graph[node] & set(graph)):
            visit(nxt, [*trail, node])
        seen[node] = "done"

    for node in sorted(graph):
        visit(node, [])


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_its_top_level_and_its_wings(game: str) -> None:
    """Each game holds its wings (each with an ``__init__`` that says what it is and what it may import) and a few
    top-level modules; no other folder of Python modules."""
    folders = {p.name for p in (PACKAGE / game).iterdir() if (p / "__init__.py").exists()}
    assert folders == GAME_WINGS[game]
    for wing in folders:
        doc = ast.get_docstring(ast.parse((PACKAGE / game / wing / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "May import" in doc, f"{game}/{wing}/__init__.py should say what it may import"
        assert any((PACKAGE / game / wing).glob("[!_]*.py")), f"{game}/{wing} holds no module"


@pytest.mark.parametrize("game", GAMES)
def test_inside_a_game_the_wings_look_only_down(game: str) -> None:
    for path in sorted((PACKAGE / game).rglob("*.py")):
        wrong = upward(path)
        rel = path.relative_to(PACKAGE)
        wing = wing_of(game, rel.parts)
        assert not wrong, f"{rel} ({wing}) imports {wrong}; {wing} may import {sorted(WINGS.get(wing, ()))}"


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_between_the_wings_of_a_game(game: str) -> None:
    graph: dict[str, set[str]] = {w: set() for w in [*GAME_WINGS[game], "top"]}
    for path in (PACKAGE / game).rglob("*.py"):
        wing = wing_of(game, path.relative_to(PACKAGE).parts)
        for t in targets(path):
            if t[0] == game and len(t) > 1:
                to = t[1] if t[1] in WINGS else "top"
                if to != wing:
                    graph[wing].add(to)
    _no_circle(graph)


def _probe(folder: Path, line: str) -> Path:
    probe = folder / "_probe_layout.py"
    probe.write_text(line + "\n", encoding="utf-8")
    return probe


def test_the_checker_sees_a_forbidden_import() -> None:
    """The test above can fail: a core module that imports a game is caught, relative or absolute."""
    for line in ("from ..hickory.game import Game", "import hickory_widget.mice.rules.cards",
                 "from .. import clocktowers"):
        probe = _probe(PACKAGE / "core", line)
        try:
            assert imported(probe) & set(GAMES), line
        finally:
            probe.unlink()


@pytest.mark.parametrize("line", [
    "from ..words import labels",
    "from ..game import Game",
    "from .. import widget",
    "import hickory_widget.hickory.board.view",
    "from hickory_widget.hickory.analysis.bots import GreedyBot",
    "def f():\n    from ..positions.position import to_data",
])
def test_the_checker_sees_an_upward_import_planted_in_the_rules(line: str) -> None:
    """A rules module that imports a wing above it, or the game's top level, is caught (inside a function too); the
    same line under ``if TYPE_CHECKING:`` is only a hint and passes."""
    probe = _probe(PACKAGE / "hickory" / "rules", line)
    try:
        assert upward(probe), line
        probe.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    " + line.replace("\n", "\n    ")
                         + "\n", encoding="utf-8")
        assert not upward(probe), line
    finally:
        probe.unlink()
