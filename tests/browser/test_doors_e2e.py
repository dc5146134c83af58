"""The widget's door in a real JupyterLab and Chromium (issue 8): a click the engine refuses shows one short
sentence in the user's language, never a traceback, and changes nothing in the kernel.

Two boards show one game. A move made on the first leaves the second's picture out of date (no cell ran, so
nothing redrew it); a click on that older picture must be refused, in Italian, and the game must not move."""

from __future__ import annotations

from pathlib import Path

import pytest

from hickory_widget import Game

pytestmark = pytest.mark.browser

SETUP_CELL = """\
from IPython.display import display
from hickory_widget import Game
game = Game.new(2, seed=1)
w = game.widget(animate=False, language="it")
w2 = game.widget(animate=False, language="it")
display(w, w2)
"""
READ_BACK_CELL = 'print(f"kernel: history={len(game.history)}")'


def test_a_click_on_an_out_of_date_board_reads_as_one_italian_sentence_and_changes_nothing(
        page, lab_server, lab, tmp_path: Path) -> None:
    reference = Game.new(2, seed=1)
    first, outdated = reference.choice_ids[0], reference.choice_ids[1]
    page.set_viewport_size({"width": 1280, "height": 1400})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "doors.ipynb", SETUP_CELL, READ_BACK_CELL))
    boards = page.locator("[data-testid=hickory]")
    lab.wait_for(page, "[data-testid=hickory] button[data-choice-id]")
    assert boards.count() == 2
    # both boards have heard from the kernel (a board that has not after 4 s shows itself as a saved picture, its
    # buttons off, until the kernel answers: on a loaded machine the second one can take that long)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=hickory][data-live=yes]').length === 2",
                           timeout=60_000)
    version_before = boards.nth(0).get_attribute("data-version")
    boards.nth(0).locator(f'button[data-choice-id="{first}"]').first.click()
    page.wait_for_function(
        "(v) => document.querySelectorAll('[data-testid=hickory]')[0].dataset.version !== v", arg=version_before)
    # No cell runs in between: running one would redraw every board of the game (the after-cell check).
    boards.nth(1).locator(f'button[data-choice-id="{outdated}"]').first.click()  # the second board is older
    banner = boards.nth(1).locator(".cs-error")
    banner.wait_for(state="visible")
    text = banner.locator(".cs-message-text").inner_text()
    assert "non è stato fatto nulla" in text and "altro tabellone" in text  # the wording fits two boards
    assert "Traceback" not in text and "\n" not in text.strip() and len(text) <= 500
    banner.scroll_into_view_if_needed()
    lab.screenshot(page, "widget-refused-click-it")
    lab.run_cell(page, 1)
    assert lab.cell_text(page, 1).strip() == "kernel: history=1"  # only the first board's move counted
    assert first != outdated
