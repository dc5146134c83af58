"""Clocktowers in a real JupyterLab and a real Chromium: the board draws what Python holds; picking a card in the
hand lights up where it may go, a click there plays it in the kernel; the decks are draw targets; Undo takes a
move back; hidden cards can be shown; the language switches to Italian; the bots play to the final scoring; the
picture button downloads the SVG."""

from __future__ import annotations

from pathlib import Path

import pytest

from hickory_widget.clocktowers import ClocktowersGame

pytestmark = pytest.mark.browser

SETUP_CELL = """\
from hickory_widget.clocktowers import ClocktowersGame
game = ClocktowersGame.new(players=3, seed=1)
w = game.widget(seats={"P2": "greedy", "P3": "random"}, allow_secrets=True)  # the author shows hidden cards
w
"""
READ_BACK_CELL = 'print(f"kernel: version={w.view[\'version\']} history={w.game.history}")'


def test_play_a_card_on_the_board_draw_from_a_deck_then_undo(page, lab_server, lab, tmp_path: Path) -> None:
    python_side = ClocktowersGame.new(players=3, seed=1)
    page.set_viewport_size({"width": 1280, "height": 1300})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "ct.ipynb", SETUP_CELL, READ_BACK_CELL))
    lab.wait_for(page, '[data-testid=game][data-version="1"][data-decision-kind="play"][data-player="P1"]')
    for choice in python_side.choice_ids:  # every legal play is a button
        assert page.locator(f'[data-testid=game] [data-choice-id="{choice}"]').count() == 1
    hand = page.locator('[data-testid=game] [data-player="P1"] .ct-hand [data-card]')
    assert sorted(hand.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(python_side.state.hands["P1"])
    assert page.locator('[data-testid=game] [data-player="P2"] .ct-hand [data-card]').count() == 0  # hidden
    assert page.locator("[data-testid=game] [data-target-choice]").count() == 0  # nothing picked yet

    page.locator('[data-testid=game] .ct-hand [data-card="floor1.cats.1"]').click()
    new_tower = page.locator('[data-testid=game] [data-target-choice="play:floor1.cats.1:new"]')
    discard = page.locator('[data-testid=game] [data-target-choice="discard:floor1.cats.1"]')
    assert new_tower.count() == 1 and discard.count() == 1
    lab.screenshot(page, "clocktowers-card-picked")
    new_tower.click()
    lab.wait_for(page, '[data-testid=game][data-version="2"][data-decision-kind="draw"]')
    assert page.locator('[data-testid=game] [data-player="P1"] [data-tower="t1"]').count() == 1

    page.locator('[data-testid=game] [data-target-choice="draw:roofs"]').click()
    # P2 and P3 are bots: they play, and it is P1's turn again.
    lab.wait_for(page, '[data-testid=game][data-version="3"][data-decision-kind="play"][data-player="P1"]')
    lab.run_cell(page, 1)
    history = lab.cell_text(page, 1)
    assert "version=3" in history and "'play:floor1.cats.1:new', 'draw:roofs'" in history
    lab.screenshot(page, "clocktowers-after-a-round")

    page.locator('[data-testid=game] [data-control="undo"]').click()  # back to P1's last decision: the draw
    lab.wait_for(page, '[data-testid=game][data-version="4"][data-decision-kind="draw"][data-player="P1"]')
    lab.run_cell(page, 1)
    assert "history=['play:floor1.cats.1:new']" in lab.cell_text(page, 1)

    page.locator('[data-testid=game] [data-control="language"]').select_option("it")
    lab.wait_for(page, '[data-testid=game] .cs-title:text("Torri dell\'Orologio")')
    lab.screenshot(page, "clocktowers-italian")

    # "Show hidden cards" shows the other hands too.
    page.locator('[data-testid=game] [data-control="secrets"]').check()
    lab.wait_for(page, '[data-testid=game] [data-player="P2"] .ct-hand [data-card]')
    assert page.locator('[data-testid=game] [data-player="P2"] .ct-hand [data-card]').count() == 3

    # The bots play the game out; the final scoring is shown, in Italian.
    page.locator('[data-testid=game] [data-control="bots_play"]').click()
    lab.wait_for(page, '[data-testid=game][data-decision-kind="over"]')
    result = page.locator("[data-testid=game] .cs-result").inner_text()
    assert result.startswith("Vince: ") and " punti" in result
    assert page.locator("[data-testid=game] .ct-complete").count() >= 1
    lab.screenshot(page, "clocktowers-final-scoring")

    # The picture button downloads the static SVG of the table.
    with page.expect_download() as download:
        page.locator('[data-testid=game] [data-control="picture"]').click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("clocktowers-") and saved.read_text().startswith("<svg")
    assert " punt" in saved.read_text()  # in the widget's language
    lab.close_everything(page)

