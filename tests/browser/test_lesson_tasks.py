"""A task of several moves in the lesson widget, in a real JupyterLab and a real Chromium: each click plays one
move and the other seats reply, Undo takes the move back, a line that misses the goal is judged wrong, the solution
line reaches it and is judged right; "Show me" plays the whole line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CELL = """\
from hickory_widget.lessons.card_widget import lesson_widget
w = lesson_widget("mice", learner="ada", language="de", progress_path="progress.json")
w.go("mice-rounds", 1)
w
"""
READ_BACK = 'print(f"kernel: {w.exercise.key} done={w.attempt.done} moves={w.attempt.run.moves}")'
ROOT = "[data-testid=lesson]"


def test_a_mice_task_of_two_rounds_with_undo_a_miss_and_the_goal(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1024, "height": 1100})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "task.ipynb", CELL, READ_BACK))
    lab.wait_for(page, f'{ROOT}[data-exercise="mice-rounds/two-rounds"] [data-testid=task-moves]')
    moves = page.locator(f"{ROOT} [data-testid=task-moves]")
    assert moves.inner_text() == "Zug 0 von 2"
    assert page.locator(f'{ROOT} [data-control="undo"]').is_disabled()
    page.locator(f'{ROOT} [data-choice-id="play:cat.4"]').click()
    lab.wait_for(page, f'{ROOT} [data-testid=task-moves]:text("Zug 1 von 2")')
    lab.screenshot(page, "lesson-task-one-move")
    page.locator(f'{ROOT} [data-control="undo"]').click()
    lab.wait_for(page, f'{ROOT} [data-testid=task-moves]:text("Zug 0 von 2")')
    page.locator(f'{ROOT} [data-choice-id="play:cat.4"]').click()
    lab.wait_for(page, f'{ROOT} [data-testid=task-moves]:text("Zug 1 von 2")')
    page.locator(f'{ROOT} [data-choice-id="play:elephant.3"]').click()
    lab.wait_for(page, f'{ROOT}[data-state="wrong"] [data-testid=verdict]')
    assert page.locator(f"{ROOT} [data-testid=verdict]").inner_text().startswith("Deine Züge sind aufgebraucht")
    lab.screenshot(page, "lesson-task-missed")
    page.locator(f'{ROOT} [data-control="retry"]').click()
    lab.wait_for(page, f'{ROOT}[data-state="open"] [data-testid=task-moves]:text("Zug 0 von 2")')
    page.locator(f'{ROOT} [data-choice-id="play:elephant.3"]').click()
    lab.wait_for(page, f'{ROOT} [data-testid=task-moves]:text("Zug 1 von 2")')
    page.locator(f'{ROOT} [data-choice-id="play:cat.4"]').click()
    lab.wait_for(page, f'{ROOT}[data-state="correct"]')
    assert page.locator(f"{ROOT} [data-testid=verdict]").inner_text().startswith("Richtig!")
    # a screen reader hears the live region: the message, then the rules as a sentence, not "…R45R55" run on
    spoken = page.locator(f"{ROOT} [data-testid=verdict] [role=status]").text_content()
    assert re.search(r"[.!] Regeln: M\d+(, M\d+)*\.$", spoken), spoken
    lab.screenshot(page, "lesson-task-reached")
    lab.run_cell(page, 1)
    assert "kernel: mice-rounds/two-rounds done=True moves=['play:elephant.3', 'play:cat.4']" in lab.cell_text(page, 1)
