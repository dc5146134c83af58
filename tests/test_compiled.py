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


BOT_GAME = """
import hashlib, json, sys
from pathlib import Path
from hickory_widget import Game
from hickory_widget.hickory.analysis import bots
from hickory_widget.hickory.analysis.mcts import MCTSBot
from hickory_widget.hickory.rules import state

game = Game.new(2, seed=5)
first, second = game.state.colors
bots.play(game, {first: bots.GreedyBot(seed=1), second: MCTSBot(seed=2, playouts=4, horizon=4, deadline=None)},
          limit=40)
digest = hashlib.sha256(json.dumps([game.history, game.scores, game.position(live=True)]).encode()).hexdigest()
print(json.dumps({"digest": digest, "steps": len(game.history), "file": Path(state.__file__).suffix}))
"""


def bot_game(env: dict[str, str] | None = None) -> dict[str, object]:
    """A seeded 2-player game's first 40 decisions by a greedy and an MCTS bot (no deadline: iteration counts
    decide), in a process of its own."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", BOT_GAME], capture_output=True, text=True, check=True, env=env,
                          cwd=ROOT / "tests")
    return json.loads(done.stdout)


def test_the_greedy_and_mcts_bots_choose_the_same_in_this_build_as_in_pure_python() -> None:
    """The bots (compiled too in the compiled build) make the same choices as the pure sources, whatever the
    process's hash seed: this build's game against one run from the source tree (pure Python) with another
    PYTHONHASHSEED. In the pure run both are pure, and the test checks the choices do not depend on the process."""
    here = bot_game({**os.environ, "PYTHONHASHSEED": "1"})
    assert here["file"] in ((".so", ".pyd") if BUILD == "compiled" else (".py",))
    pure = bot_game({**os.environ, "PYTHONHASHSEED": "2", "PYTHONPATH": str(ROOT)})
    assert pure["file"] == ".py"
    assert here["steps"] == pure["steps"] == 40
    assert here["digest"] == pure["digest"]
