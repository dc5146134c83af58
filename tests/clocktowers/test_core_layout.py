"""The core imports no game (issue 13): every module of hickory_widget/core is checked by its import lines."""

from __future__ import annotations

import ast
from pathlib import Path

import hickory_widget

PACKAGE = Path(hickory_widget.__file__).parent
GAMES = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name not in ("core", "messages", "data", "static")
         and not p.name.startswith("_")}
FLAT = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
"""Hickory Dickory's modules, still at the top of the package until it moves into its own subpackage."""


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_no_core_module_imports_a_game() -> None:
    modules = sorted((PACKAGE / "core").rglob("*.py"))
    assert modules
    for path in modules:
        for name in imported(path):
            parts = name.lstrip(".").split(".")
            up = len(name) - len(name.lstrip("."))
            absolute = name.startswith("hickory_widget.") and parts[1] != "core"
            relative_out = up >= 2 and parts[0] and (parts[0] in GAMES or parts[0] in FLAT)
            assert not absolute and not relative_out, f"{path.name} imports {name}: the core imports no game"


def test_clocktowers_imports_only_the_core_and_itself() -> None:
    for path in sorted((PACKAGE / "clocktowers").rglob("*.py")):
        for name in imported(path):
            up = len(name) - len(name.lstrip("."))
            top = name.lstrip(".").split(".")[0]
            if name.startswith("hickory_widget."):
                assert name.split(".")[1] in ("core", "clocktowers"), f"{path.name} imports {name}"
            elif up >= 2:
                assert top == "core", f"{path.name} imports {name}: a game imports only the core"
