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
from hickory_widget.widget import HickoryWidget

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
    lab.expect(page.locator("[data-testid=hickory] .hk-error")).to_be_hidden()

    lab.screenshot(page, "export")
    assert not cdn.refused, "the exported page asked for files the test did not serve:\n" + "\n".join(cdn.refused)
    served = "\n".join(cdn.served)
    for needed in ("require.js", "@jupyter-widgets/html-manager", "anywidget"):
        assert needed in served, f"the page never loaded {needed}; it loaded:\n{served}"
