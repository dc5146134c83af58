"""Mice! in a real JupyterLab and a real Chromium, played by two people on one screen and a bot: the screen is
handed over between the humans and no one's face-down card is ever on the page before the reveal; a click on a
hand card plays it in the kernel; the reveal is animated hunt by hunt (and shown at once with reduced motion);
the language switches to Italian; the bots play to the final scoring."""

from __future__ import annotations

from pathlib import Path

import pytest

from hickory_widget.mice import MiceGame

pytestmark = pytest.mark.browser

SETUP_CELL = """\
from hickory_widget.mice import MiceGame
game = MiceGame.new(players=3, seed=1)
w = game.widget(seats={"P3": "eager"})  # the eager bot: the hunts below are what it plays
w
"""
READ_BACK_CELL = 'print(f"kernel: round={w.game.state.round} history={w.game.history}")'
GAME = "[data-testid=game]"


def cards_on_page(page) -> list[str]:
    return page.locator(f"{GAME} [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def test_two_people_pass_the_screen_a_bot_plays_and_the_reveal_is_animated(page, lab_server, lab,
                                                                         tmp_path: Path) -> None:
    p1_cat = f"cat.4.{MiceGame.new(players=3, seed=1).state.colours['P1']}"  # the card P1 will place face down
    page.set_viewport_size({"width": 1280, "height": 1400})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "mice.ipynb", SETUP_CELL, READ_BACK_CELL))
    lab.wait_for(page, f'{GAME}[data-curtain="P1"] [data-testid=curtain]')
    assert page.locator(f"{GAME} [data-target-choice]").count() == 0  # no hand before P1 takes the screen
    assert page.locator(f"{GAME} [data-testid=cycle] [data-animal]").count() == 4
    lab.screenshot(page, "mice-pass-to-P1")

    page.locator(f'{GAME} [data-control="ready"]').click()
    lab.wait_for(page, f'{GAME}[data-curtain=""] [data-player="P1"] [data-target-choice="play:cat.4"]')
    assert page.locator(f'{GAME} [data-player="P1"] [data-target-choice]').count() == 16
    assert page.locator(f'{GAME} [data-player="P2"] [data-card]').count() == 0
    lab.screenshot(page, "mice-hand-of-P1")
    page.locator(f'{GAME} [data-target-choice="play:cat.4"]').click()

    # P2 is asked to take the screen; P1's card is face down: its back is there, its face nowhere on the page.
    lab.wait_for(page, f'{GAME}[data-curtain="P2"]')
    assert page.locator(f'{GAME} [data-face-down="P1"].mice-back').count() == 1
    assert p1_cat not in cards_on_page(page)
    lab.screenshot(page, "mice-pass-to-P2")
    page.locator(f'{GAME} [data-control="ready"]').click()
    lab.wait_for(page, f'{GAME} [data-player="P2"] [data-target-choice="play:elephant.1"]')
    assert p1_cat not in cards_on_page(page)
    page.locator(f'{GAME} [data-target-choice="play:elephant.1"]').click()

    # The bot P3 plays, all three cards turn up, the hunts are resolved one type at a time.
    lab.wait_for(page, f"{GAME} [data-testid=reveal].mice-animating")
    lab.wait_for(page, f'{GAME} [data-testid=reveal] [data-step="0"].mice-shown')
    lab.screenshot(page, "mice-reveal-first-hunt")
    lab.wait_for(page, f"{GAME} [data-testid=reveal].mice-done", timeout=15_000)
    lab.screenshot(page, "mice-reveal-done")
    lab.run_cell(page, 1)
    text = lab.cell_text(page, 1)
    assert "round=2" in text and "'play:cat.4', 'play:elephant.1'" in text
    captured = page.locator(f"{GAME} [data-testid=reveal] .mice-captured").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.dataset.capturedBy])")
    assert ["dog.3.start", "P2"] in captured and ["mouse.1.start", "P1"] in captured

    # With reduced motion the replayed reveal is shown at once, nothing flies.
    page.emulate_media(reduced_motion="reduce")
    page.locator(f'{GAME} [data-control="replay"]').click()
    lab.wait_for(page, f"{GAME} [data-testid=reveal].mice-done")
    assert page.locator(f"{GAME} .mice-flying").count() == 0

    page.locator(f'{GAME} [data-control="language"]').select_option("it")
    lab.wait_for(page, f'{GAME} [data-testid=centre] .mice-heading:text("Centro del tavolo")')
    lab.screenshot(page, "mice-italian")

    page.locator(f'{GAME} [data-control="bots_play"]').click()
    lab.wait_for(page, f'{GAME}[data-decision-kind="over"]')
    result = page.locator(f"{GAME} .cs-result").inner_text()
    assert result.startswith("Vince: ") and " punti" in result
    lab.screenshot(page, "mice-final-scoring")
    lab.close_everything(page)
