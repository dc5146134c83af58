"""One layout system for the three games (issue 18): Hickory Dickory, Clocktowers and Mice! are drawn by the same
shell (js/core/shell.mjs) in a real JupyterLab and Chromium. Each widget has the shell's root and live region,
one controls bar with the settings every game has (undo, redo, language, picture, projector), one message area,
the decision panel's frame with a button per choice, and the log's frame; the projector and language settings
work the same way in every game and reach Python; Hickory's picture button downloads its SVG."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CELLS = (  # one output (JupyterLab draws only the cells near the viewport)
    """\
from ipywidgets import VBox
from hickory_widget import Game
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.mice import MiceGame
hk = Game.new(2, seed=1).widget(animate=False)
ct = ClocktowersGame.new(players=2, seed=1).widget()
mi = MiceGame.new(players=3, seed=1).widget()
VBox([hk, ct, mi])
""",
    'print("read", [(w.projector, w.language) for w in (hk, ct, mi)])',
)
ROOTS = ("[data-testid=hickory]", "[data-testid=game] >> nth=0", "[data-testid=game] >> nth=1")

SHELL_PARTS = """(root) => ({
    root: root.classList.contains('cs-root'),
    live: root.querySelectorAll(':scope > .cs-live[data-testid=announcer][aria-live=polite]').length,
    bars: root.querySelectorAll('.cs-controls[role=toolbar][data-roving=controls]').length,
    settings: ['undo', 'redo', 'language', 'picture', 'projector'].filter(
        (name) => root.querySelector(`.cs-controls [data-control="${name}"]`)),
    messages: root.querySelectorAll('.cs-messages[data-testid=messages]').length,
    decisions: root.querySelectorAll('section.cs-decision[data-roving=decision]').length,
    // a button per choice, or the pass-and-play curtain's (Mice! asks P1 to take the screen first)
    buttons: root.querySelectorAll('section.cs-decision :is(.cs-choice[data-choice-id], [data-control=ready])').length,
    logs: root.querySelectorAll('section.cs-history ol.cs-log').length,
})"""


def test_the_three_games_are_drawn_by_one_shell(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1300})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "shell.ipynb", *CELLS))
    lab.wait_for(page, '[data-testid=hickory][data-version="1"]')
    lab.wait_for(page, '[data-testid=game][data-version="1"] >> nth=1')
    for root in ROOTS:
        parts = page.locator(root).evaluate(SHELL_PARTS)
        assert parts.pop("buttons") >= 1, f"{root}: no buttons in the decision panel"
        assert parts == {"root": True, "live": 1, "bars": 1, "settings": ["undo", "redo", "language", "picture",
                         "projector"], "messages": 1, "decisions": 1, "logs": 1}, root

    # The projector (large print) and the language: the same controls in every game, each change sent to Python.
    page.locator('[data-testid=hickory] [data-control="settings"]').click()  # Hickory folds its settings away
    for root in ROOTS:
        page.locator(f'{root} >> [data-control="projector"]').check()
        lab.expect(page.locator(root)).to_have_class(re.compile(r"(^|\s)cs-projector(\s|$)"))
        page.locator(f'{root} >> [data-control="language"]').select_option("de")
        lab.expect(page.locator(root)).to_have_attribute("lang", "de")
    lab.expect(page.locator('[data-testid=hickory] [data-control="undo"]')).to_have_text("↶ Rückgängig")
    lab.expect(page.locator('[data-testid=game] >> nth=0 >> [data-control="undo"]')).to_have_text("Rückgängig")
    lab.run_cell(page, 1)
    assert "read [(True, 'de'), (True, 'de'), (True, 'de')]" in lab.cell_text(page, 1)
    lab.screenshot(page, "one-shell-projector-de")

    # Hickory's picture button downloads the static SVG of its board, as the card games' does.
    with page.expect_download() as download:
        page.locator('[data-testid=hickory] [data-control="picture"]').click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.suffix == ".svg" and saved.read_text(encoding="utf-8").startswith("<svg")

