"""Clocktowers as a newcomer plays it, in a real JupyterLab and Chromium: one human seat against a greedy bot, a whole
two-player game played by clicking a card in the hand and then a highlighted place (or a deck to draw from), to
the final scoring; then six turns with the keyboard alone. Screenshots: test-output/ct-new-user-*.png.

The newcomer's plan is read from the board only (what lights up): finish a tower with a roof when one is offered,
else put a clock on a tower, else grow a tower, else start one, else discard; draw what the hand lacks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SETUP_CELL = """\
from hickory_widget.clocktowers import ClocktowersGame
game = ClocktowersGame.new(players=2, seed=7)
w = game.widget(seats={"P2": "greedy"})
w
"""
READ_BACK_CELL = 'print(f"kernel: over={w.game.over} scores={w.game.scores} winners={w.game.winners}")'
GAME = "[data-testid=game]"


def version(page: Any) -> int:
    return int(page.locator(GAME).get_attribute("data-version"))


def targets(page: Any) -> list[str]:
    return page.locator(f"{GAME} [data-target-choice]").evaluate_all("els => els.map(e => e.dataset.targetChoice)")


def rank(choice: str) -> tuple[int, str]:
    """The newcomer's taste: a roof on a tower first, then a clock, then a floor on a tower, a new tower, a
    discard (roofs first, as they fit least)."""
    verb, _, rest = choice.partition(":")
    if verb == "discard":
        return 5 if rest.startswith("floor") else 4, choice
    card, where = rest.rsplit(":", 1)
    if where == "new":
        return 3, choice
    return {"roof": 0, "clock": 1}.get(card.split(".")[0], 2), choice


def play_turn(page: Any, lab: Any, shots: dict[str, bool]) -> str:
    """One play by clicks: look at where each card may go, pick the best card again, click its place."""
    hand = page.locator(f'{GAME} [data-player="P1"] .ct-hand .ct-pickable')
    cards = hand.evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards, "it is P1's turn to play but no card in the hand can be picked"
    options: dict[str, str] = {}
    for card in cards:
        page.locator(f'{GAME} .ct-hand [data-card="{card}"]').click()
        for choice in targets(page):
            options[choice] = card
    best = min(options, key=rank)
    chosen = page.locator(f'{GAME} .ct-hand [data-card="{options[best]}"]')
    if "ct-selected" not in (chosen.get_attribute("class") or ""):  # a second click would put it back down
        chosen.click()
    if best.startswith("play:roof") and not shots.get("roof"):
        shots["roof"] = True
        page.locator(f'{GAME} [data-target-choice="{best}"]').scroll_into_view_if_needed()
        lab.screenshot(page, "ct-new-user-03-roof-picked")
    page.locator(f'{GAME} [data-target-choice="{best}"]').click()
    return best


def draw_turn(page: Any) -> str:
    """Draws what the hand lacks: a roof when a tower has its clock, a clock when a tower waits for one, else a
    floor; any deck that still has cards otherwise."""
    offered = [t for t in targets(page) if t.startswith("draw:")]
    assert offered, "P1 must draw but no deck is highlighted"
    board = page.locator(f'{GAME} [data-player="P1"]')
    hand = board.locator(".ct-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    clocked = board.locator('.ct-tower:not(.ct-complete) [data-card^="clock"]').count()
    open_towers = board.locator(".ct-tower:not(.ct-complete)").count()
    wish = ["draw:floors"]
    if open_towers and not any(c.startswith("clock") for c in hand):
        wish.insert(0, "draw:clocks")
    if clocked and not any(c.startswith("roof") for c in hand):
        wish.insert(0, "draw:roofs")
    choice = next((w for w in wish if w in offered), offered[0])
    page.locator(f'{GAME} [data-target-choice="{choice}"]').click()
    return choice


def test_a_newcomer_plays_a_whole_two_player_game_against_the_greedy_bot(page, lab_server, lab,
                                                                         tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1200})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "ct-new-user.ipynb", SETUP_CELL, READ_BACK_CELL))
    lab.wait_for(page, f'{GAME}[data-decision-kind="play"][data-player="P1"]')
    # What a newcomer sees first: whose turn, what to do.
    assert page.locator(f"{GAME} .cs-prompt").inner_text().startswith("P1: play a card")
    assert page.locator(f'{GAME} [data-player="P1"].ct-to-move').count() == 1
    lab.screenshot(page, "ct-new-user-01-start")
    page.locator(f'{GAME} .ct-hand [data-card="floor1.cats.1"]').click()
    lab.screenshot(page, "ct-new-user-02-card-picked")
    page.locator(f'{GAME} .ct-hand [data-card="floor1.cats.1"]').click()  # and put it back down

    shots: dict[str, bool] = {}
    plays: list[str] = []
    draws: list[str] = []
    for _ in range(200):
        kind = page.locator(GAME).get_attribute("data-decision-kind")
        if kind == "over":
            break
        assert page.locator(GAME).get_attribute("data-player") == "P1"  # the bot's turns pass by themselves
        before = version(page)
        if kind == "play":
            plays.append(play_turn(page, lab, shots))
        else:
            draws.append(draw_turn(page))
            if len(draws) == 8:
                lab.screenshot(page, "ct-new-user-04-mid-game")
        page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.version) > {before}")
    assert page.locator(GAME).get_attribute("data-decision-kind") == "over", "the game did not end in 200 turns"
    assert len(plays) >= 20 and len(draws) >= 15  # a whole game: every card of the decks was drawn by someone
    assert any(p.startswith("play:roof") for p in plays), "the newcomer never completed a tower"

    page.locator(f"{GAME} .cs-result").scroll_into_view_if_needed()
    lab.screenshot(page, "ct-new-user-05-final-scoring")
    result = page.locator(f"{GAME} .cs-result").inner_text()
    lab.run_cell(page, 1)
    kernel = lab.cell_text(page, 1)
    assert "over=True" in kernel
    winners = kernel.split("winners=")[1].strip()
    for name in ("P1", "P2"):
        assert (f"'{name}'" in winners) == (name in result.splitlines()[0])
    # every complete tower on the board says what it is worth, and the totals match the kernel's scores
    complete = page.locator(f"{GAME} .ct-complete .ct-tower-points")
    assert complete.count() >= 1
    assert all(t.strip() for t in complete.all_inner_texts())
    # the same end in German: the result and every tower's worth in the reader's language
    page.locator(f'{GAME} [data-control="language"]').select_option("de")
    lab.wait_for(page, f'{GAME} .cs-result:text("Punkte")')
    assert page.locator(f"{GAME} .ct-tower-points").first.inner_text().endswith(("Punkt", "Punkte"))
    lab.screenshot(page, "ct-new-user-05b-final-scoring-de")
    lab.close_everything(page)


def test_turns_can_be_played_with_the_keyboard_alone(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1200})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "ct-keys.ipynb", SETUP_CELL, READ_BACK_CELL))
    lab.wait_for(page, f'{GAME}[data-decision-kind="play"][data-player="P1"]')
    page.locator(f"{GAME} .cs-title").click()  # a click on the widget's title puts the keyboard there

    def tab_to(selector: str, limit: int = 60) -> int:
        """Presses Tab until the focus is on an element matching ``selector``; returns how many presses (0 when
        the focus is there already)."""
        for n in range(limit + 1):
            if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
                return n
            page.keyboard.press("Tab")
        raise AssertionError(f"{limit} presses of Tab never reached {selector}")

    to_board = tab_to(f'{GAME} [data-roving="board"] [tabindex="0"]')  # each group is one Tab stop
    print(f"Tab presses from the title to the board: {to_board}")
    for _ in range(12):  # the arrows move within the board, from card to card
        if page.evaluate("(s) => document.activeElement.matches(s)", f'{GAME} .ct-hand [data-card="floor1.cats.1"]'):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # pick the card
    # the keyboard stays on the board: the first place the card may go has the focus
    focused_on(page, "(el) => (el.dataset.targetChoice || '').startsWith('play:floor1.cats.1')")
    lab.screenshot(page, "ct-new-user-06-keyboard-card-picked")
    presses = tab_to(f'{GAME} [data-target-choice="play:floor1.cats.1:new"]')
    assert presses == 0  # the only place a floor may go at the start: a new tower
    page.keyboard.press("Enter")
    lab.wait_for(page, f'{GAME}[data-decision-kind="draw"]')
    # after the play, the focus is on a deck to draw from
    focused_on(page, "(el) => (el.dataset.targetChoice || '').startsWith('draw:')")
    page.keyboard.press("Space")
    lab.wait_for(page, f'{GAME}[data-decision-kind="play"][data-player="P1"][data-version="3"]')
    # the bot has played; the focus waits on P1's hand for the next turn
    focused_on(page, "(el) => el.classList.contains('ct-pickable')")
    lab.screenshot(page, "ct-new-user-07-keyboard-next-turn")
    # five more turns by Enter alone: pick the focused card, play it where the focus goes, draw, and so on
    for turn in range(5):
        before = version(page)
        page.keyboard.press("Enter")
        focused_on(page, "(el) => Boolean(el.dataset.targetChoice)")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.version) > {before}")
        if page.locator(GAME).get_attribute("data-decision-kind") == "draw":
            focused_on(page, "(el) => (el.dataset.targetChoice || '').startsWith('draw:')")
            page.keyboard.press("Enter")
        lab.wait_for(page, f'{GAME}[data-decision-kind="play"][data-player="P1"]')
        focused_on(page, "(el) => el.classList.contains('ct-pickable')")
        assert version(page) > before + 1, f"turn {turn + 2} did not go by"
    lab.run_cell(page, 1)
    assert "over=False" in lab.cell_text(page, 1)
    lab.close_everything(page)


def focused_on(page: Any, test: str) -> None:
    """Waits (a few frames at most) until the focused element passes ``test``, a JS function of the element."""
    page.wait_for_function(f"() => document.activeElement && ({test})(document.activeElement)", timeout=5000)

