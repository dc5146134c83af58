"""The classroom app in a real Voilà server and a real Chromium: a learner opens the lessons, finishes the first
exercise by clicking on the board, sees it marked correct, reloads and finds the progress kept; another learner's
illegal click gets the why-not answer with its rule; the teacher's presentation mode opens from the address.
Voilà runs as scripts/classroom.sh runs it, with preheated kernels: each page is served by a kernel that ran the
notebook before the visit, so the learner's name, language and mode must reach it afterwards."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "06_lessons.ipynb"
FIRST_BOARD_TIMEOUT_MS = 90_000  # a loaded machine may still be warming the pool's next kernel
POOL_SIZE = 2


@dataclass
class VoilaServer:
    url: str
    progress: Path
    log_path: Path
    process: subprocess.Popen[bytes]

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture(scope="module")
def voila_server(browser_prerequisites: None, lab: Any,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """Voilà serving a copy of examples/06_lessons.ipynb on 127.0.0.1 with a pool of preheated kernels, progress
    in a temporary file."""
    base = tmp_path_factory.mktemp("voila")
    shutil.copy(NOTEBOOK, base / NOTEBOOK.name)
    port = lab.free_port()
    env = dict(os.environ, HICKORY_PROGRESS=str(base / "progress.json"), PYTHONUNBUFFERED="1",
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
               JUPYTER_RUNTIME_DIR=str(base / "runtime"))
    log_path = base / "voila.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "voila", NOTEBOOK.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
             "--preheat_kernel=True", f"--pool_size={POOL_SIZE}"],
            cwd=base, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    server = VoilaServer(f"http://127.0.0.1:{port}", base / "progress.json", log_path, process)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"Voilà exited with code {process.returncode}; its log:\n{server.log()}", pytrace=False)
            try:
                with urllib.request.urlopen(f"{server.url}/voila/static/", timeout=2):
                    break
            except urllib.error.HTTPError:
                break  # it answers: the server is up
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    pytest.fail(f"Voilà did not answer within 60 s; its log:\n{server.log()}", pytrace=False)
                time.sleep(0.2)
        yield server
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)


def open_app(page, server: VoilaServer, query: str):
    page.goto(f"{server.url}/?{query}")
    return page.wait_for_selector("[data-testid=lesson]", timeout=FIRST_BOARD_TIMEOUT_MS)


def test_finish_the_first_exercise_on_the_board_then_reload_and_find_it_kept(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_app(page, voila_server, "learner=ada")
    assert "classroom_app" not in page.inner_text("body"), "the app must show no code"
    root = page.locator("[data-testid=lesson]")
    lab.expect(root).to_have_attribute("data-exercise", "goal/grab-button")
    lab.expect(page.locator("[data-testid=prompt]")).to_contain_text("jump off")
    lab.screenshot(page, "classroom-1-task")
    assert "Using pre-heated kernel" in voila_server.log(), "the page must come from the pool of preheated kernels"
    # the task's spot is highlighted and clickable on the board itself
    target = page.locator('[data-testid=lesson] .hk-clock-svg [data-target-key="outer:4"]')
    lab.expect(target).to_have_class(re.compile(r"\bhk-target\b.*\bls-focus\b"))
    target.click()
    lab.expect(root).to_have_attribute("data-state", "correct")
    verdict = page.locator("[data-testid=verdict]")
    lab.expect(verdict).to_have_attribute("data-verdict", "correct")
    lab.expect(verdict).to_contain_text("Right!")
    lab.expect(verdict.locator("[data-rule=R55]")).to_be_visible()
    lab.expect(page.locator('[data-map="goal/grab-button"]')).to_have_attribute("data-stars", "3")
    lab.screenshot(page, "classroom-2-correct")
    saved = json.loads(voila_server.progress.read_text())
    assert saved["learners"]["ada"]["goal/grab-button"]["stars"] == 3

    page.reload()
    page.wait_for_selector("[data-testid=lesson]", timeout=FIRST_BOARD_TIMEOUT_MS)
    lab.expect(root).to_have_attribute("data-exercise", "goal/where-hand")  # the next unsolved one
    lab.expect(page.locator('[data-map="goal/grab-button"]')).to_have_attribute("data-stars", "3")
    lab.screenshot(page, "classroom-3-after-reload")


def test_an_illegal_click_gets_the_why_not_answer_in_italian(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_app(page, voila_server, "learner=bea&lang=it")
    root = page.locator("[data-testid=lesson]")
    lab.expect(root).to_have_attribute("lang", "it")
    page.locator('[data-testid=lesson] .hk-clock-svg [data-outer="6"]').click()  # a Spotter cannot leap (R89)
    verdict = page.locator("[data-testid=verdict]")
    lab.expect(verdict).to_have_attribute("data-verdict", "wrong")
    lab.expect(verdict).to_contain_text("Questa mossa non è permessa.")
    lab.expect(verdict.locator("[data-rule=R89]")).to_be_visible()
    page.locator("[data-control=hint]").click()
    lab.expect(page.locator("[data-hint='0']")).to_contain_text("casella del cerchio esterno al 4")
    page.locator('[data-testid=lesson] .hk-clock-svg [data-target-key="outer:4"]').click()
    lab.expect(root).to_have_attribute("data-state", "correct")
    lab.expect(page.locator('[data-map="goal/grab-button"]')).to_have_attribute("data-stars", "1")
    lab.screenshot(page, "classroom-4-italian-after-mistake")


def test_the_teachers_presentation_mode_steps_with_the_arrow_keys(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_app(page, voila_server, "learner=teacher&present=1&lang=de")
    root = page.locator("[data-testid=lesson]")
    lab.expect(root).to_have_class(re.compile(r"\bls-presentation\b"))
    assert page.locator(".ls-map").count() == 0
    root.focus()
    page.keyboard.press("s")  # show me: the solution is played with its explanation
    lab.expect(page.locator("[data-testid=verdict]")).to_have_attribute("data-verdict", "shown")
    lab.screenshot(page, "classroom-5-presentation-shown")
    page.keyboard.press("ArrowRight")
    lab.expect(root).to_have_attribute("data-exercise", "goal/where-hand")
    page.locator("[data-answer='5']").click()
    lab.expect(root).to_have_attribute("data-state", "correct")
    assert "teacher" not in json.loads(voila_server.progress.read_text())["learners"]
