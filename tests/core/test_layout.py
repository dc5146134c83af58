"""The package's layout (issue 13, docs/CORE.md): the core imports no game, a game imports the core and nothing of
another game, and the subpackages import each other without a circle. Every import line is read, including the
ones inside functions."""

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


def imported(path: Path) -> set[str]:
    """The subpackages of hickory_widget that the module at ``path`` imports (relative or absolute)."""
    here = path.relative_to(PACKAGE).parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name.split(".")[1:] for a in node.names if a.name.startswith("hickory_widget.")]
        elif isinstance(node, ast.ImportFrom):
            module = (node.module or "").split(".") if node.module else []
            if node.level == 0:
                targets = [module[1:]] if module[0] == "hickory_widget" else []
            else:
                base = list(here[: len(here) - (node.level - 1)])
                parts = base + module
                targets = [parts] if parts else [[a.name] for a in node.names]
        else:
            continue
        found |= {t[0] for t in targets if t}
    return found


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
    seen: dict[str, str] = {}

    def visit(node: str, trail: list[str]) -> None:
        if seen.get(node) == "done":
            return
        assert seen.get(node) != "open", f"import circle: {' -> '.join([*trail, node])}"
        seen[node] = "open"
        for nxt in sorted(graph[node] & set(LAYERS)):
            visit(nxt, [*trail, node])
        seen[node] = "done"

    for sub in sorted(graph):
        visit(sub, [])


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The test above can fail: a core module that imports a game is caught, relative or absolute."""
    for line in ("from ..hickory.game import Game", "import hickory_widget.mice.cards", "from .. import clocktowers"):
        core = PACKAGE / "core"
        probe = core / "_probe_layout.py"
        probe.write_text(line + "\n", encoding="utf-8")
        try:
            assert imported(probe) & set(GAMES), line
        finally:
            probe.unlink()
