"""The front ends' pure parts (js/**/*.test.mjs: the shell's, each game's and the lessons'), tested with Node's own
test runner (`node --test js/`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parent.parent / "js"


def test_node_test_runner_passes() -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed, but CI is set: the js/ tests must run in CI")
        pytest.skip("node is not installed: the js/ tests (node --test js/) were not run")
    result = subprocess.run(
        [node, "--test", str(JS)], cwd=JS.parent, capture_output=True, text=True, timeout=120, check=False
    )
    if result.returncode != 0:
        pytest.fail(f"node --test js/ failed (exit {result.returncode}):\n{result.stdout}\n{result.stderr}")


def eslint() -> Path:
    """ESLint's entry point as scripts/test.sh installs it (HICKORY_ESLINT, else the suite's npm cache)."""
    default = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "hickory-widget" / "npm" / "eslint"
    return Path(os.environ.get("HICKORY_ESLINT", default)) / "node_modules" / "eslint" / "bin" / "eslint.js"


def test_eslint_finds_nothing_in_the_front_end() -> None:
    """The front end's linter (eslint.config.mjs: ESLint's recommended rules, unused values included) has no finding
    in js/ and lite/."""
    node, entry = shutil.which("node"), eslint()
    if node is None or not entry.exists():
        if os.environ.get("CI"):
            pytest.fail(f"ESLint is not installed at {entry}, but CI is set: scripts/test.sh installs it from npm")
        pytest.skip(f"ESLint is not installed at {entry}: scripts/test.sh installs it from npm")
    env = {**os.environ, "HICKORY_ESLINT": str(entry.parents[3])}
    result = subprocess.run([node, str(entry), "js", "lite"], cwd=JS.parent, capture_output=True, text=True,
                            timeout=300, check=False, env=env)
    assert result.returncode == 0, f"ESLint's findings (exit {result.returncode}):\n{result.stdout}\n{result.stderr}"


def test_eslint_would_see_an_unused_value(tmp_path: Path) -> None:
    """The control: the same config on a module with an unused value reports it (so the test above can fail)."""
    node, entry = shutil.which("node"), eslint()
    if node is None or not entry.exists():
        if os.environ.get("CI"):
            pytest.fail(f"ESLint is not installed at {entry}, but CI is set")
        pytest.skip(f"ESLint is not installed at {entry}")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "bad.mjs").write_text("const unused = 1;\nexport const used = 2;\n")
    shutil.copy(JS.parent / "eslint.config.mjs", tmp_path / "eslint.config.mjs")
    env = {**os.environ, "HICKORY_ESLINT": str(entry.parents[3])}
    result = subprocess.run([node, str(entry), "js"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                            check=False, env=env)
    assert result.returncode == 1 and "'unused' is assigned a value but never used" in result.stdout, result.stdout
