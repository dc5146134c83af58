"""The widget in a real JupyterLab and a real Chromium: it draws the state Python holds, a click on a
highlighted target on the board advances the game in the browser and in the kernel, and Undo takes it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from hickory_widget import Game

pytestmark = pytest.mark.browser

SETUP_CELL = """\
from hickory_widget import Game
game = Game.new(4, seed=1)
w = game.widget(animate=False)
w
"""
READ_BACK_CELL = 'print(f"kernel: version={w.view[\'version\']} history={len(w.game.history)}")'


def test_click_a_board_target_then_undo(page, lab_server, lab, tmp_path: Path) -> None:
    python_side = Game.new(4, seed=1)
    page.set_viewport_size({"width": 1280, "height": 1600})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "widget.ipynb", SETUP_CELL, READ_BACK_CELL))

    root = lab.wait_for(page, f'[data-testid=hickory][data-version="1"][data-minute="{python_side.state.minute}"]',
                        timeout=30_000)
    assert root.get_attribute("data-decision-kind") == python_side.decision.kind
    for choice in python_side.choice_ids:  # every legal option is offered as a button
        assert page.locator(f'[data-testid=hickory] [data-choice-id="{choice}"]').count() >= 1

    target = page.locator("[data-testid=hickory] [data-target-choice]").first
    chosen = target.get_attribute("data-target-choice").split()[0]
    assert chosen in python_side.choice_ids
    target.click()
    lab.wait_for(page, '[data-testid=hickory][data-version="2"]')
    python_side.choose(chosen)
    lab.wait_for(page, f'[data-testid=hickory][data-decision-kind="{python_side.decision.kind}"]')

    lab.run_cell(page, 1)
    assert lab.cell_text(page, 1).strip() == "kernel: version=2 history=1"
    lab.screenshot(page, "widget-after-click")

    page.locator("[data-testid=hickory] button", has_text="Undo").first.click()
    lab.wait_for(page, '[data-testid=hickory][data-version="3"]')
    lab.run_cell(page, 1)
    assert lab.cell_text(page, 1).strip() == "kernel: version=3 history=0"
    lab.screenshot(page, "widget-after-undo")
