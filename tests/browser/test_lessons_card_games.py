"""The lesson widget for Clocktowers and Mice! in a real JupyterLab and a real Chromium: the game's own table is
drawn, a wrong move is refused with its rule, the right one is accepted; a Mice! question about the M11 round is
answered by picking the hunts, and the page never shows another seat's face-down card. A wrong pick is marked
on its button (issue 18 part 5), as in Hickory Dickory's lessons."""

from __future__ import annotations

from pathlib import Path

import pytest

from hickory_widget.lessons import curriculum

pytestmark = pytest.mark.browser

CLOCKTOWERS_CELL = """\
from hickory_widget.lessons.card_widget import lesson_widget
w = lesson_widget("clocktowers", learner="ada", progress_path="progress.json")
w.go("ct-towers", 2)
w
"""
MICE_CELL = """\
from hickory_widget.lessons.card_widget import lesson_widget
w = lesson_widget("mice", learner="ada", language="it", progress_path="progress.json")
w.go("mice-hunt", 0)
w
"""
READ_BACK = 'print(f"kernel: {w.exercise.key} done={w.attempt.done} mistakes={w.attempt.mistakes}")'
ROOT = "[data-testid=lesson]"


def by_key(game: str, key: str):
    return next(ex for lesson in curriculum(game=game) for ex in lesson.exercises if ex.key == key)


def test_clocktowers_lesson_a_wrong_move_then_the_right_roof(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1100})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "ct.ipynb", CLOCKTOWERS_CELL, READ_BACK))
    lab.wait_for(page, f'{ROOT}[data-game="clocktowers"][data-exercise="ct-towers/next-blue-roof"]')
    assert page.locator(f"{ROOT} [data-testid=lesson-board] svg").count() >= 1  # the game's own drawing
    lab.screenshot(page, "lesson-clocktowers-open")
    page.locator(f'{ROOT} [data-choice-id="discard:roof.blue.1"]').click()
    lab.wait_for(page, f'{ROOT}[data-state="wrong"] [data-testid=verdict] [data-rule="C10"]')
    wrong = page.locator(f'{ROOT} [data-choice-id="discard:roof.blue.1"][data-wrong="yes"]')  # marked as picked
    assert wrong.count() >= 1 and wrong.first.get_attribute("aria-description")
    assert page.locator(f'{ROOT} [data-wrong="yes"]').count() == wrong.count()  # and nothing else
    lab.screenshot(page, "lesson-clocktowers-wrong")
    page.locator(f'{ROOT} [data-control="retry"]').click()
    lab.wait_for(page, f'{ROOT}[data-state="open"]')  # the retried board, so the next click is made on it
    page.locator(f'{ROOT} [data-choice-id="play:roof.blue.1:t3"]').click()
    lab.wait_for(page, f'{ROOT}[data-state="correct"]')
    assert "t3" in page.locator(f"{ROOT} [data-testid=verdict]").inner_text()
    lab.screenshot(page, "lesson-clocktowers-right")
    lab.run_cell(page, 1)
    assert "kernel: ct-towers/next-blue-roof done=True mistakes=1" in lab.cell_text(page, 1)


def test_mice_lesson_the_M11_hunts_are_picked_in_italian(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1300})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "mice.ipynb", MICE_CELL, READ_BACK))
    lab.wait_for(page, f'{ROOT}[data-game="mice"][lang="it"][data-exercise="mice-hunt/m11-captures"]')
    lab.wait_for(page, f"{ROOT} [data-testid=lesson-board] [data-testid=centre]")
    # P1's hand is the learner's; no other seat's card is on the page (the task names the plays in words).
    shown = page.locator(f"{ROOT} [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    hidden = {c for seat, hand in by_key("mice", "mice-hunt/m11-captures").data.position["hands"].items()
              if seat != "P1" for c in hand}
    assert shown and not hidden & set(shown), shown
    lab.screenshot(page, "lesson-mice-m11")
    for answer in ("P1:dog", "P2:cat", "P4:mouse"):
        page.locator(f'{ROOT} [data-answer="{answer}"]').click()
    page.locator(f'{ROOT} [data-control="check"]').click()
    lab.wait_for(page, f'{ROOT}[data-state="correct"]')
    assert page.locator(f"{ROOT} [data-testid=verdict]").inner_text().startswith("Giusto!")
    lab.screenshot(page, "lesson-mice-m11-right")
    lab.run_cell(page, 1)
    assert "kernel: mice-hunt/m11-captures done=True mistakes=0" in lab.cell_text(page, 1)
