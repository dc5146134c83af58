"""The core's widget shell from the keyboard alone, in a real JupyterLab and Chromium (Clocktowers and Mice!): keys
pressed in the widget never reach the notebook's shortcuts, Tab goes from group to group and the arrows within
one, Enter plays, the focus stays on the decision after each move (so Enter after Enter plays a whole game against
a bot), and the decision is announced through a live region."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = "[data-testid=game]"
CLOCKTOWERS_CELL = """\
from hickory_widget.clocktowers import ClocktowersGame
w = ClocktowersGame.new(players=2, seed=4).widget(seats={"P2": "greedy"})
w
"""
MICE_CELL = """\
from hickory_widget.mice import MiceGame
w = MiceGame.new(players=3, seed=2).widget(seats={"P2": "greedy", "P3": "random"})
w
"""
KERNEL_CELL = 'print(f"kernel: over={w.game.over} moves={len(w.game.history)} scores={w.game.scores}")'


def notebook_state(page: Any) -> dict[str, Any]:
    """What a notebook shortcut would change: the cells, the active cell and the mode."""
    return page.evaluate(
        """() => {
            const nb = window.jupyterapp.shell.currentWidget.content;
            const cells = [];
            for (let i = 0; i < nb.model.cells.length; i++) cells.push(nb.model.cells.get(i).sharedModel.getSource());
            return { cells, active: nb.activeCellIndex, mode: nb.mode };
        }"""
    )


def focused(page: Any, script: str) -> Any:
    return page.evaluate(f"() => {{ const e = document.activeElement; return {script}; }}")


def version(page: Any) -> int:
    return int(page.get_attribute(ROOT, "data-version"))


def press_and_wait(page: Any, key: str) -> None:
    v = version(page)
    page.keyboard.press(key)
    page.wait_for_function(f"() => Number(document.querySelector('{ROOT}').dataset.version) > {v}")


def test_clocktowers_by_keyboard_alone_to_the_final_scoring(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1200})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "keys.ipynb", CLOCKTOWERS_CELL, KERNEL_CELL))
    lab.wait_for(page, f'{ROOT}[data-decision-kind="play"][data-player="P1"]')
    page.evaluate("() => { const nb = window.jupyterapp.shell.currentWidget.content; nb.activeCellIndex = 0; "
                  "nb.mode = 'command'; }")  # the widget's own cell: focusing the widget keeps it active
    before = notebook_state(page)

    # the notebook's most dangerous shortcuts, pressed in the widget, leave the notebook alone
    page.locator(f'{ROOT} [data-roving="controls"] [tabindex="0"]').focus()
    for key in ("d", "d", "x", "a", "b", "m", "j", "k", "z"):
        page.keyboard.press(key)
    assert notebook_state(page) == before, "a key pressed in the widget reached JupyterLab"

    # one Tab stop per group: from the controls, the decision is a few Tabs away
    presses = 0
    while presses < 6 and not focused(page, "e.classList.contains('cs-choice')"):
        page.keyboard.press("Tab")
        presses += 1
    assert focused(page, "e.classList.contains('cs-choice')"), "the decision has no Tab stop"
    assert presses <= 3, f"{presses} Tabs from the controls to the decision"
    assert page.locator(f'{ROOT} [data-roving="decision"] [tabindex="0"]').count() == 1
    first = focused(page, "e.dataset.choiceId")
    page.keyboard.press("ArrowDown")
    second = focused(page, "e.dataset.choiceId")
    assert second and second != first  # the arrows move within the group
    page.keyboard.press("ArrowUp")
    assert focused(page, "e.dataset.choiceId") == first

    # the board is one group too: its hand cards rove with the arrows, and Enter picks one
    page.locator(f'{ROOT} [data-roving="board"] [tabindex="0"]').focus()
    card = focused(page, "e.dataset.card || e.dataset.targetChoice")
    page.keyboard.press("ArrowRight")
    assert focused(page, "e.dataset.card || e.dataset.targetChoice") != card
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{ROOT} .ct-selected")
    assert page.locator(f"{ROOT} [data-target-choice]").count() >= 1
    lab.screenshot(page, "keyboard-clocktowers-card-picked")
    assert notebook_state(page) == before

    # Enter after Enter on the decision plays P1's whole game while the greedy bot answers
    page.locator(f'{ROOT} [data-roving="decision"] [tabindex="0"]').focus()
    moves, answered = 0, 0
    while page.get_attribute(ROOT, "data-decision-kind") != "over" and moves < 200:
        assert focused(page, "e.classList.contains('cs-choice')"), f"focus lost after {moves} moves"
        press_and_wait(page, "Enter")
        moves += 1
        recent = page.locator(f"{ROOT} [data-testid=recent] li")
        if recent.count():  # the bot's answer to P1's turn, shown above the next question
            answered += 1
            lines = recent.all_inner_texts()  # P2's play and draw (and what the table did, e.g. a deck run out)
            assert any(line.startswith("P2") for line in lines) and not any(line.startswith("P1") for line in lines)
            if answered == 1:
                lab.screenshot(page, "keyboard-clocktowers-bot-answered")
    assert answered >= 5, "the bot's moves were not shown as recent"
    assert page.get_attribute(ROOT, "data-decision-kind") == "over", f"not over after {moves} Enter presses"
    announced = page.locator(f"{ROOT} [data-testid=announcer]").inner_text().split()
    assert announced and announced == page.locator(f"{ROOT} .cs-result").inner_text().split()  # the result, read out
    lab.screenshot(page, "keyboard-clocktowers-over")
    lab.run_cell(page, 1)
    assert "kernel: over=True" in lab.cell_text(page, 1)
    print(f"\nClocktowers by keyboard: {moves} Enter presses to the final scoring")
    lab.close_everything(page)


def test_mice_secret_plays_by_keyboard_and_the_prompt_is_announced(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1200})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "mice.ipynb", MICE_CELL, KERNEL_CELL))
    lab.wait_for(page, f'{ROOT}[data-player="P1"][data-curtain="P1"]')  # pass and play: the screen goes to P1
    assert page.locator(f"{ROOT} [data-testid=announcer]").inner_text().startswith("Pass the screen to P1")
    page.locator(f'{ROOT} [data-roving="decision"] [tabindex="0"]').focus()
    page.keyboard.press("Enter")  # "I am P1: show my cards"
    lab.wait_for(page, f'{ROOT}[data-curtain=""] .cs-prompt')
    prompt = page.locator(f"{ROOT} .cs-prompt").inner_text()
    assert page.locator(f"{ROOT} [data-testid=announcer]").inner_text() == prompt
    assert page.locator(f"{ROOT} [data-testid=announcer]").get_attribute("aria-live") == "polite"
    page.locator(f'{ROOT} [data-roving="decision"] [tabindex="0"]').focus()
    for _ in range(3):  # three rounds of secret plays; the bots answer in between
        press_and_wait(page, "Enter")
        lab.wait_for(page, f'{ROOT}[data-player="P1"], {ROOT}[data-decision-kind="over"]')
        if page.get_attribute(ROOT, "data-decision-kind") == "over":
            break
        assert focused(page, "e.classList.contains('cs-choice')"), "focus lost after a reveal"
    lab.screenshot(page, "keyboard-mice-after-three-plays")
    lab.run_cell(page, 1)
    assert "kernel: over=" in lab.cell_text(page, 1)
    lab.close_everything(page)
