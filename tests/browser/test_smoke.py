"""Smoke test of the browser-test setup: an inline anywidget in real JupyterLab and headless Chromium.

It proves the whole path the widget will take: Python's value reaches the view, a click in the browser reaches
the kernel (a Python observer answers it, and a cell run after the click prints the new value), and the view
re-renders from Python's answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

WIDGET_CELL = '''\
import anywidget
import traitlets


class Smoke(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const div = document.createElement("div");
      div.dataset.testid = "smoke";
      div.style.cssText = "padding: 8px; border: 1px solid #888; cursor: pointer; width: max-content";
      const show = () => {
        div.dataset.value = String(model.get("value"));
        div.dataset.echo = String(model.get("echo"));
        div.textContent = `value ${model.get("value")}, Python saw ${model.get("echo")}`;
      };
      show();
      model.on("change:value", show);
      model.on("change:echo", show);
      div.addEventListener("click", () => {
        model.set("value", model.get("value") + 1);
        model.save_changes();
      });
      el.appendChild(div);
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)
    echo = traitlets.Int(0).tag(sync=True)  # set only by Python, from the value it received


smoke = Smoke(value=41)
smoke.observe(lambda change: setattr(smoke, "echo", change["new"] * 10), names="value")
smoke
'''

READ_BACK_CELL = 'print(f"kernel sees value={smoke.value} echo={smoke.echo}")'


def test_inline_anywidget_round_trip(page, lab_server, lab, tmp_path: Path) -> None:
    expect = lab.expect
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "smoke.ipynb", WIDGET_CELL, READ_BACK_CELL))

    # Python's value reached the view.
    div = lab.wait_for(page, '[data-testid=smoke][data-value="41"][data-echo="0"]')
    assert div.inner_text() == "value 41, Python saw 0"
    read_back = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output")
    expect(read_back).to_have_text("kernel sees value=41 echo=0")

    # A click sets value in the browser; the kernel's observer answers with echo, which re-renders the view.
    div.click()
    lab.wait_for(page, '[data-testid=smoke][data-value="42"][data-echo="420"]')

    # The kernel itself holds the new value.
    lab.run_cell(page, 1)
    expect(read_back).to_have_text("kernel sees value=42 echo=420")

    shot = lab.screenshot(page, "smoke")
    assert shot.stat().st_size > 0
