"""The widgets' front ends as esbuild bundles (hickory_widget/core/frontend.py, scripts/build_js.py): each widget
loads its own bundle by path (so ANYWIDGET_HMR can watch it), a bundle is one self-contained ES module with a
default export, and a checkout that was not built shows what to run instead of a blank widget."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from support.scripts import load_script

from hickory_widget.clocktowers.widget import ClocktowersWidget
from hickory_widget.core import frontend
from hickory_widget.core.whatif_panel import WhatIfPanel
from hickory_widget.hickory.widget import HickoryWidget
from hickory_widget.lessons.card_widget import ClocktowersLessonWidget, MiceLessonWidget
from hickory_widget.lessons.widget import LessonWidget
from hickory_widget.mice.widget import MiceWidget

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = {"hickory": HickoryWidget, "clocktowers": ClocktowersWidget, "mice": MiceWidget,
           "lesson_hickory": LessonWidget, "lesson_clocktowers": ClocktowersLessonWidget,
           "lesson_mice": MiceLessonWidget, "whatif": WhatIfPanel}


def test_every_entry_module_is_a_named_bundle() -> None:
    assert sorted(p.stem for p in (ROOT / "js" / "widgets").glob("*.mjs")) == sorted(frontend.WIDGETS) == \
        sorted(WIDGETS)


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_each_widget_loads_its_own_bundle_one_module_with_a_default_export(name: str) -> None:
    bundle = frontend.STATIC / f"{name}.js"
    assert bundle.is_file(), f"run `{frontend.BUILD_COMMAND}` first"
    esm = WIDGETS[name]._esm
    assert Path(getattr(esm, "_path", "")) == bundle  # anywidget's FileContents: watched under ANYWIDGET_HMR=1
    text = str(esm)
    assert text == bundle.read_text(encoding="utf-8")
    assert not re.search(r"^\s*import\s", text, re.M), "a bundle imports nothing at run time"
    assert len(re.findall(r"\bas default\b", text)) == 1
    if name == "whatif":
        assert not hasattr(WhatIfPanel, "_css")  # the what-if panel styles itself inline
    else:
        css = WIDGETS[name]._css
        assert Path(getattr(css, "_path", "")) == bundle.with_suffix(".css") and ".cs-" in str(css)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """Which js/ modules each bundle holds, from esbuild's metafile of a fresh build: a check of what goes into a
    bundle that does not depend on function names (the wheel's minified bundles rename them)."""
    build_js = load_script("build_js")
    out = tmp_path_factory.mktemp("bundles")
    build_js.build(out, release=True, metafile=out / "meta.json")
    return build_js.bundle_inputs(out / "meta.json")


def test_the_card_games_draw_their_own_board_inside_the_shell(inputs: dict[str, set[str]]) -> None:
    """The card games' bundles hold the shell's widget and their own board; Hickory's has its own board and none
    of the shell's widget; the lesson bundle adds the lesson module to Hickory's board, again without that widget."""
    assert set(inputs) == set(WIDGETS)
    ct, mice, hd, lesson = (inputs[n] for n in ("clocktowers", "mice", "hickory", "lesson_hickory"))
    assert {"core/widget.mjs", "clocktowers/board.mjs"} <= ct and "mice/board.mjs" not in ct
    assert {"core/widget.mjs", "mice/board.mjs"} <= mice and "clocktowers/board.mjs" not in mice
    assert "hickory/board.mjs" in hd and "core/widget.mjs" not in hd
    assert {"hickory/board.mjs", "lesson.mjs"} <= lesson and "core/widget.mjs" not in lesson


def test_the_functions_named_there_live_in_those_modules() -> None:
    """What the composition test relies on: each module named above defines the function it stands for."""
    for module, function in [("hickory/board.mjs", "drawClock"), ("core/widget.mjs", "gameWidget"),
                             ("clocktowers/board.mjs", "cardPicture"), ("mice/board.mjs", "glyph"),
                             ("lesson.mjs", "lessonStars")]:
        assert f"export function {function}(" in (ROOT / "js" / module).read_text(encoding="utf-8")


def test_a_checkout_without_bundles_says_what_to_run(tmp_path: Path) -> None:
    """Not a blank widget: the module put in its place says which file is missing and the command that builds it."""
    esm = frontend.esm("mice", static=tmp_path)
    assert isinstance(esm, str) and frontend.BUILD_COMMAND in esm and str(tmp_path / "mice.js") in esm
    assert "export default" in esm and "role" in esm
    assert frontend.css("mice", static=tmp_path) == ""
    node = shutil.which("node")
    if node:  # it is a valid module (Node parses it; rendering it needs a page: tests/browser)
        module = tmp_path / "missing.mjs"
        module.write_text(esm, encoding="utf-8")
        done = subprocess.run([node, "--check", str(module)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr


def test_an_unknown_bundle_name_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(ValueError, match="the bundles are hickory, clocktowers, mice"):
        frontend.esm("chess")
