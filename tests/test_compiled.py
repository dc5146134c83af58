"""Which build is under test: the engine's listed modules are all compiled in the compiled build, none in the pure.

scripts/test.sh runs the suite twice: with the pure package (the editable install in .venv) and with the compiled
wheel (.venv-compiled, built by scripts/build_compiled.sh), setting ``HICKORY_BUILD=compiled`` for the second run.
These tests make sure neither run tests the other build by mistake: a stray .so next to the sources would make the
"pure" run compiled, and the source tree on ``sys.path`` would make the "compiled" run pure.
"""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = os.environ.get("HICKORY_BUILD", "pure")


def compiled_modules() -> list[str]:
    """The modules pyproject.toml's mypyc hook compiles (its ``include`` list, the one place that names them)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.hatch.build.targets.wheel.hooks.mypyc]", 1)[1].split("\n[", 1)[0]
    listed = re.search(r"^include = \[(.*?)^\]", section, re.S | re.M)
    assert listed is not None, "pyproject.toml's mypyc hook has no include list"
    paths = re.findall(r'"/([^"]+\.py)"', listed.group(1))
    return [p[:-3].replace("/", ".") for p in paths]


def test_the_compiled_module_list_names_existing_engine_modules() -> None:
    modules = compiled_modules()
    assert "hickory_widget.hickory.rules.state" in modules and "hickory_widget.hickory.rules.tick" in modules
    for name in modules:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name


def test_the_build_under_test_is_the_one_this_run_is_for() -> None:
    assert BUILD in ("pure", "compiled"), f"HICKORY_BUILD is 'pure' (the default) or 'compiled', not {BUILD!r}"
    for name in compiled_modules():
        file = Path(importlib.import_module(name).__file__ or "")
        if BUILD == "compiled":
            assert file.suffix in (".so", ".pyd"), f"{name} is not compiled in the compiled run: {file}"
            assert ROOT / "hickory_widget" not in file.parents, f"{name} comes from the source tree: {file}"
        else:
            assert file.suffix == ".py", f"{name} is not pure Python in the pure run: {file}"


def test_a_playout_state_is_quiet_and_its_clone_records_again() -> None:
    """The playout's quiet flag (no event records) replaces a class swap mypyc cannot compile; a clone taken out
    of a playout is an ordinary state again."""
    from hickory_widget import Game

    game = Game.new(2, seed=4)
    p = game.playout(forkable=False)
    while p.ask is not None and not p.state.quiet:
        p.choose(p.choice_ids[0])
    assert p.state.quiet
    p.choose(p.choice_ids[0])
    assert p.state.events == []
    twin = p.state.clone()
    assert not twin.quiet
    twin.emit("test", ("R1",), number=3)
    assert twin.events == [{"number": 3, "kind": "test", "rules": ["R1"]}]
