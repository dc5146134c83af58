"""The widget's door in a real JupyterLab and Chromium (issue 8): a click the engine refuses shows one short
sentence in the user's language, never a traceback, and changes nothing in the kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

from hickory_widget import Game

pytestmark = pytest.mark.browser

SETUP_CELL = """\
from hickory_widget import Game
game = Game.new(2, seed=1)
w = game.widget(animate=False, language="it")
w
"""
BEHIND_THE_BOARDS_BACK = "w.game.choose(w.game.choice_ids[0])  # the game moves on; the board is not redrawn"
READ_BACK_CELL = 'print(f"kernel: history={len(w.game.history)} log={len(w.developer_log)}")'


def cell_text(page, index: int) -> str:
    return page.evaluate(
        """(index) => {
            const cell = window.jupyterapp.shell.currentWidget.content.model.cells.get(index);
            return cell.outputs.toJSON().map((o) => o.text || "").join("");
        }""",
        index,
    )


def test_a_refused_click_reads_as_one_italian_sentence_and_changes_nothing(page, lab_server, lab,
                                                                        tmp_path: Path) -> None:
    reference = Game.new(2, seed=1)
    first, outdated = reference.choice_ids[0], reference.choice_ids[1]
    page.set_viewport_size({"width": 1280, "height": 1400})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "doors.ipynb", SETUP_CELL,
                                                           BEHIND_THE_BOARDS_BACK, READ_BACK_CELL))
    lab.wait_for(page, '[data-testid=hickory][data-version="1"]', timeout=30_000)
    lab.run_cell(page, 2)
    assert cell_text(page, 2).strip() == "kernel: history=1 log=0"  # cell 1 has run: the board is out of date

    page.locator(f'[data-testid=hickory] button[data-choice-id="{outdated}"]').first.click()
    banner = lab.wait_for(page, "[data-testid=hickory] .hk-error")
    text = banner.inner_text()
    assert f"'{outdated}' non è una scelta valida" in text and "quindi non è stato fatto nulla" in text
    assert "Traceback" not in text and "\n" not in text.strip() and len(text) <= 500
    banner.scroll_into_view_if_needed()
    lab.screenshot(page, "widget-refused-click-it")
    lab.run_cell(page, 2)
    assert cell_text(page, 2).strip() == "kernel: history=1 log=1"  # nothing applied; the engine's reason logged
    assert first != outdated
