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
