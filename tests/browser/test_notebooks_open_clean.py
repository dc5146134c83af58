"""A notebook a newcomer opens from examples/ is not marked as changed before they do anything (issue 31): JupyterLab
shows "unsaved changes" when opening changed the model, e.g. by rewriting metadata the file did not hold as the
kernel reports it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.ipynb"))


def test_every_example_notebook_opens_without_unsaved_changes(page, lab_server, lab) -> None:
    dirty = {}
    for path in EXAMPLES:
        lab.open_notebook(page, lab_server, path, run_all=False)
        page.wait_for_timeout(1500)  # the kernel's info arrives, the language is set: anything opening changes
        dirty[path.name] = page.evaluate("""() => {
            const widget = window.jupyterapp.shell.currentWidget;
            return widget.context.model.dirty;
        }""")
        page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    assert not [name for name, d in dirty.items() if d], f"marked as changed right after opening: {dirty}"
