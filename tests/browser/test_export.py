"""The widget's saved state re-renders in an exported page: ``embed_minimal_html`` of a widget a few moves into a
game, opened from disk in headless Chromium with no kernel and no server, draws that very position.

The page loads require.js, the widget manager and anywidget from public CDNs; ``assets.LocalCDN`` answers those
requests from cached ``npm pack`` tarballs (see tests/browser/assets.py), and the HTML loses its ``integrity=``
hashes so the local copies load.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from assets import LocalCDN, strip_integrity
from ipywidgets.embed import embed_minimal_html

from hickory_widget import Game
from hickory_widget.hickory.widget import HickoryWidget

pytestmark = pytest.mark.browser

MOVES = 3


def exported_page(path: Path) -> tuple[Path, HickoryWidget]:
    """Writes the page of a widget ``MOVES`` choices into a game; returns it and the widget."""
    w = Game.new(4, seed=1).widget(animate=False)
    for _ in range(MOVES):
        w.choose(w.game.choice_ids[0])
    embed_minimal_html(path, views=[w], drop_defaults=False, title="Hickory Dickory, exported")
    html = path.read_text(encoding="utf-8")
    assert "integrity=" in html and "application/vnd.jupyter.widget-state+json" in html  # what the test relies on
    path.write_text(strip_integrity(html), encoding="utf-8")
    return path, w


@pytest.fixture(scope="module")
def npm_cache(browser_prerequisites: None) -> Path:
    """The cached npm packages; fetched before the ``page`` fixture starts, so a failed fetch leaves no blank
    screenshot. Skips, or fails under HICKORY_E2E=1, when npm cannot fetch them."""
    cdn = LocalCDN()
    cdn.fetch_all()
    return cdn.cache


def test_exported_page_draws_the_saved_state(npm_cache: Path, page, lab, tmp_path: Path) -> None:
    cdn = LocalCDN(npm_cache)
    path, w = exported_page(tmp_path / "export.html")
    version, minute = w.view["version"], w.game.state.minute
    assert version == MOVES + 1 and len(w.game.history) == MOVES  # no bot seats: each choice is one version

    cdn.route(page)
    page.goto(path.as_uri())
    selector = f'[data-testid=hickory][data-version="{version}"][data-minute="{minute}"]'
    try:
        root = lab.wait_for(page, selector, timeout=20_000)
    except Exception as error:
        raise AssertionError(f"the exported page did not draw {selector}: {error}\nrequests answered locally:\n  "
                             + "\n  ".join(cdn.served or ["none"]) + "\nrequests refused:\n  "
                             + "\n  ".join(cdn.refused or ["none"])) from None

    assert root.get_attribute("data-decision-kind") == w.game.decision.kind
    buttons = page.locator("[data-testid=hickory] button[data-choice-id]")
    lab.expect(buttons).to_have_count(len(w.game.choice_ids))
    assert buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.choiceId)") == list(w.game.choice_ids)
    lab.expect(page.locator("[data-testid=hickory] .cs-error")).to_be_hidden()

    lab.screenshot(page, "export")
    assert not cdn.refused, "the exported page asked for files the test did not serve:\n" + "\n".join(cdn.refused)
    served = "\n".join(cdn.served)
    for needed in ("require.js", "@jupyter-widgets/html-manager", "anywidget"):
        assert needed in served, f"the page never loaded {needed}; it loaded:\n{served}"


# ------------------------------------------------------------------------------------------------ issue 9: export
def executed_notebook(tmp_path: Path) -> Path:
    """A notebook holding the widget a few moves into a game, executed by a real kernel (nbclient), with the
    widget state nbclient saves in its metadata."""
    import nbclient
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "from hickory_widget import Game\nw = Game.new(4, seed=1).widget(animate=False)\n"
        f"for _ in range({MOVES}):\n    w.choose(w.game.choice_ids[0])\nw")]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    return path


def nbconvert_html(notebook: Path, *, widget_state: bool) -> Path:
    """``jupyter nbconvert --to html`` with default settings, of the notebook with or without its widget state."""
    import subprocess
    import sys

    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    if not widget_state:
        nb.metadata.pop("widgets", None)
    source = notebook.with_name(f"{notebook.stem}-{'state' if widget_state else 'plain'}.ipynb")
    nbformat.write(nb, source)
    subprocess.run([sys.executable, "-m", "nbconvert", "--to", "html", str(source)], check=True,
                   capture_output=True, text=True, timeout=120)
    page = source.with_suffix(".html")
    page.write_text(strip_integrity(page.read_text(encoding="utf-8")), encoding="utf-8")
    return page


def test_default_html_export_shows_the_board_without_widget_state(npm_cache: Path, page, lab, tmp_path: Path
                                                                   ) -> None:
    """File > Save and Export As > HTML of a notebook whose widget state was not saved: the page shows the board's
    static SVG (the widget's output carries it), not ``<HickoryWidget object at 0x...>``."""
    html = nbconvert_html(executed_notebook(tmp_path), widget_state=False)
    text = html.read_text(encoding="utf-8")
    assert "HickoryWidget object at" not in text
    cdn = LocalCDN(npm_cache)
    cdn.route(page)
    page.goto(html.as_uri())
    picture = page.locator('[data-mime-type="image/svg+xml"] img').first
    lab.expect(picture).to_be_visible()
    # the picture fills the output's width (it has no fixed size of its own: issue 18)
    shown = page.evaluate("(img) => [img.getBoundingClientRect().width, img.parentElement.clientWidth]",
                          picture.element_handle())
    assert shown[0] > 600 and abs(shown[0] - shown[1]) <= 2, shown
    import base64

    svg = base64.b64decode(picture.get_attribute("src").split(",", 1)[1]).decode()
    assert svg.startswith("<svg") and "data-mouse" in svg and "minute" in svg
    lab.screenshot(page, "export-default-html")


def test_export_with_widget_state_is_a_read_only_board(npm_cache: Path, page, lab, tmp_path: Path) -> None:
    """With the widget state saved, the exported page draws the live widget from that state; no kernel answers it,
    so its controls are visibly off and a note says how to play."""
    html = nbconvert_html(executed_notebook(tmp_path), widget_state=True)
    cdn = LocalCDN(npm_cache)
    cdn.route(page)
    page.goto(html.as_uri())
    root = lab.wait_for(page, '[data-testid=hickory][data-live="no"]', timeout=30_000)
    assert root.get_attribute("data-steps") == str(MOVES)
    lab.expect(page.locator("[data-testid=hickory] .cs-note")).to_be_visible()
    buttons = page.locator("[data-testid=hickory] .cs-content button")
    assert buttons.count() > 5
    assert buttons.evaluate_all("(bs) => bs.every((b) => b.disabled)")
    assert page.locator("[data-testid=hickory] .hk-target").count() == 0
    lab.screenshot(page, "export-with-state")
    assert not cdn.refused, "the exported page asked for files the test did not serve:\n" + "\n".join(cdn.refused)
