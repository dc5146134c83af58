"""The what-if panel in a real JupyterLab and a real Chromium: Run shows progress and a chart with intervals,
and a click on an option's bar takes that option on the board (in the browser and in the kernel)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SETUP_CELL = """\
import ipywidgets as widgets
from hickory_widget import Position
from hickory_widget.hickory.analysis.whatif import SerialExecutor

pos = (Position(players=["blue", "red"], seed=3).empty_leaves().no_favors().hour(10).quests("Q07")
       .minute(5).mouse("blue.scavenger", "hand").leaf(6, "purple thimble").only("blue.scavenger"))
for spec in ("purple button", "red button", "green feather", "wild"):
    pos.tile(spec, "blue.scavenger")
w = pos.game().widget(animate=False)
panel = w.what_if(playouts=4, executor=SerialExecutor())
widgets.HBox([w, panel])
"""
READ_BACK_CELL = 'print(f"kernel: history={w.game.history} status={panel.status}")'


def test_run_the_panel_then_click_a_bar_to_take_that_option(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1600, "height": 1400})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "whatif.ipynb", SETUP_CELL, READ_BACK_CELL))
    panel = lab.wait_for(page, '[data-testid=whatif][data-status="idle"]', timeout=60_000)
    assert "stay, or jump off" in panel.inner_text()

    page.locator("[data-testid=whatif-playouts]").fill("6")
    page.locator("[data-testid=whatif-run]").click()
    lab.wait_for(page, '[data-testid=whatif][data-status="done"]', timeout=120_000)
    assert page.locator("[data-testid=whatif-progress]").get_attribute("value") == "12"
    bars = page.locator("[data-testid=whatif-chart] [data-choice]")
    assert sorted(bars.evaluate_all("els => els.map(e => e.dataset.choice)")) == ["jump_off", "stay"]
    assert page.locator("[data-testid=whatif-chart] line").count() >= 6  # an interval (3 lines) per option
    lab.screenshot(page, "whatif-panel-results")

    page.locator('[data-testid=whatif-chart] [data-choice="jump_off"] [data-testid=whatif-bar]').click()
    lab.wait_for(page, '[data-testid=hickory][data-decision-kind="claim"]')
    lab.wait_for(page, '[data-testid=whatif][data-status="idle"]')
    assert "claim" in page.locator("[data-testid=whatif-prompt]").inner_text()
    lab.run_cell(page, 1)
    assert lab.cell_text(page, 1).strip() == "kernel: history=['jump_off'] status=idle"
    lab.screenshot(page, "whatif-panel-after-click")


CARD_CELL = """\
import ipywidgets as widgets
from hickory_widget.clocktowers import Position
from hickory_widget.core.whatif import SerialExecutor

built = (Position(players=["A", "B"]).hand("A", "roof.red", "floor1.cats").hand("B", "floor1.plain")
         .tower("A", "floor2.plain", clock="clock.plain").deck("floors", "floor1.mice", "floor2.cats"))
w = built.game().widget(seats={"B": "greedy"})
panel = w.what_if(playouts=4, executor=SerialExecutor())
widgets.HBox([w, panel])
"""
CARD_READ_BACK = 'print(f"kernel: history={w.game.history[:1]} status={panel.status}")'


def test_the_same_panel_beside_a_clocktowers_table(page, lab_server, lab, tmp_path: Path) -> None:
    """C12: the red roof on t1 finishes a tower worth 5 at once, so the panel ranks it best; a click on its bar
    plays it on the table."""
    page.set_viewport_size({"width": 1600, "height": 1300})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "ct-whatif.ipynb", CARD_CELL, CARD_READ_BACK))
    panel = lab.wait_for(page, '[data-testid=whatif][data-status="idle"]', timeout=60_000)
    assert "A decides: play a card, or discard one face down" in panel.inner_text()
    page.locator("[data-testid=whatif-run]").click()
    lab.wait_for(page, '[data-testid=whatif][data-status="done"]', timeout=120_000)
    bars = page.locator("[data-testid=whatif-chart] [data-choice]")
    assert "play:roof.red.1:t1" in bars.evaluate_all("els => els.map(e => e.dataset.choice)")
    lab.screenshot(page, "whatif-panel-clocktowers")
    page.locator('[data-testid=whatif-chart] [data-choice="play:roof.red.1:t1"] [data-testid=whatif-bar]').click()
    lab.wait_for(page, '[data-testid=game][data-decision-kind="draw"][data-player="A"]')
    lab.run_cell(page, 1)
    assert lab.cell_text(page, 1).strip() == "kernel: history=['play:roof.red.1:t1'] status=idle"
    lab.close_everything(page)
