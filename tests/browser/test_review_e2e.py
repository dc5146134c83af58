"""The review of a game in a real JupyterLab and a real Chromium (issue 27): the Review button runs the review with
its progress shown, the decisions' labels show in the panel and the history, a click on a reviewed decision takes
the board back there with its better option marked, and "Retry from here" is judged; in English and German, at
1024x768 and in the 848 px output area of a 1280x800 screen with the file browser open.

One small game keeps it short: two players from the last hour, played to the end by bots (Blue at random, Red
greedy); Blue's seat is then a person's, whose decisions the review judges."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_readable_and_still import set_screen

pytestmark = pytest.mark.browser

SETUP_CELL = """\
from hickory_widget import Position
game = Position(players=["blue", "red"], seed=4).hour(11).minute(6).game(play_on=True)
w = game.widget(seats={"red": "greedy", "blue": "random"}, animate=False)  # the bots play it to the end
w.set_seats({"blue": "human"})  # Blue's random decisions are now a person's to review
w
"""
READ_BACK_CELL = 'print(f"kernel: steps={len(w.game.history)} over={w.game.over} status={w.review.get(\'status\')}")'
GERMAN_CELL = 'w.language = "de"'
PROJECTOR_CELL = "w.projector = True"
HICKORY = "[data-testid=hickory]"
REVIEW = "[data-testid=review]"


SMALLEST_REVIEW_TEXT = """(root) => {
    const sizes = [];
    for (const e of root.querySelectorAll('*')) {
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        const box = e.getBoundingClientRect();
        if (!own || !box.width || e.closest('.hk-sr')) continue;
        const svg = e.closest('svg');
        let px = parseFloat(getComputedStyle(e).fontSize);
        if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
            px *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        }
        sizes.push({ px, text: e.textContent.trim().slice(0, 40) });
    }
    return sizes.sort((a, b) => a.px - b.px).slice(0, 3);
}"""


def smallest_text(page: Any) -> list[dict[str, Any]]:
    return page.locator(REVIEW).evaluate(SMALLEST_REVIEW_TEXT)


def jump_to_first_mistake(page: Any, lab: Any) -> dict[str, str]:
    """Clicks the first decision the panel lists; returns its step and the better option's id."""
    item = page.locator(f"{REVIEW} .hk-review-item").first
    step = item.get_attribute("data-review-step")
    item.click()
    lab.wait_for(page, f'{HICKORY}[data-looking="{step}"] [data-testid=review-focus][data-review-step="{step}"]')
    best = page.locator(f"{HICKORY} .cs-choice.hk-review-best")
    played = page.locator(f"{HICKORY} .cs-choice.hk-review-played")
    return {"step": step, "best": best.get_attribute("data-choice-id"),
            "played": played.get_attribute("data-choice-id")}


def test_review_a_game_jump_to_a_mistake_and_retry_it_in_english_and_german(page, lab_server, lab,
                                                                              tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    notebook = lab.write_notebook(tmp_path / "review.ipynb", SETUP_CELL, READ_BACK_CELL, GERMAN_CELL, PROJECTOR_CELL)
    lab.open_notebook(page, lab_server, notebook, run_all=False)
    lab.run_cell(page, 0)
    lab.wait_for(page, f'{HICKORY}[data-live=yes][data-decision-kind="over"]', timeout=120_000)
    set_screen(page, 1024, 768, file_browser=False)

    # the Review button (keyboard: it is a button of the controls bar) runs the review with its progress shown
    page.locator(f"{HICKORY} [data-control=review-open]").click()
    lab.wait_for(page, f'{REVIEW}[data-status="running"], {REVIEW}[data-status="done"]', timeout=60_000)
    lab.wait_for(page, f'{REVIEW}[data-status="done"]', timeout=300_000)
    assert page.locator(f"{REVIEW} [data-testid=review-graph] path[data-seat=blue]").count() == 1
    marks = page.locator(f"{HICKORY} .cs-log .hk-review-badge")
    assert marks.count() >= 1, "the history list shows the review's labels"
    words = page.locator(f"{HICKORY} .cs-log .hk-review-logmark.hk-sr").first.text_content()
    assert words.startswith("Review: ")
    items = page.locator(f"{REVIEW} .hk-review-item")
    assert items.count() >= 1, "this game has a decision that lost points"
    assert items.first.get_attribute("data-review-label") in ("inaccuracy", "mistake", "blunder")
    lab.screenshot(page, "review-en-1024")

    # a click on a reviewed decision looks back there and marks its better option; Enter does the same
    shown = jump_to_first_mistake(page, lab)
    assert shown["best"] and shown["best"] != shown["played"]
    assert "Better: " in page.locator("[data-testid=review-better]").inner_text()
    page.locator(f"{HICKORY} [data-control=review-now]").click()
    lab.wait_for(page, f'{HICKORY}[data-looking=""]')
    page.locator(f"{REVIEW} .hk-review-item").first.focus()
    page.keyboard.press("Enter")
    lab.wait_for(page, f'{HICKORY}[data-looking="{shown["step"]}"] [data-testid=review-focus]')
    page.locator(f"{HICKORY} [data-control=review-now]").click()  # and from the history list: its marked entry
    lab.wait_for(page, f'{HICKORY}[data-looking=""]')
    page.locator(f'{HICKORY} .cs-log li[data-review-step="{shown["step"]}"]').click()
    lab.wait_for(page, f'{HICKORY}[data-looking="{shown["step"]}"] [data-testid=review-focus]')
    page.locator(f"{HICKORY} .hk-decision").scroll_into_view_if_needed()
    lab.screenshot(page, "review-en-jump-1024")

    # Retry from here: the option played is judged as losing points, the better one as best, tries counted
    page.locator(f"{HICKORY} [data-control=review-retry]").click()
    lab.wait_for(page, f'{HICKORY} [data-testid=review-retry][data-tries="0"]')
    page.locator(f'{HICKORY} button.cs-choice[data-choice-id="{shown["played"]}"]').click()
    verdict = lab.wait_for(page, f'{HICKORY} [data-testid=review-verdict][data-correct="no"]')
    assert "Not the best" in verdict.inner_text() and "Tries: 1" in verdict.inner_text()
    page.locator(f"{HICKORY} [data-control=review-again]").click()
    page.locator(f'{HICKORY} button.cs-choice[data-choice-id="{shown["best"]}"]').click()
    verdict = lab.wait_for(page, f'{HICKORY} [data-testid=review-verdict][data-correct="yes"]')
    assert verdict.inner_text().startswith("Best!") and "Tries: 2" in verdict.inner_text()
    # after a verdict the state is clear where the eye is, above the board: which move was retried, the verdict,
    # and the ways on (another try, back to the decision, now); nothing is left to pick on the board
    bar = lab.wait_for(page, f'{HICKORY} [data-testid=review-retrybar][data-judged="yes"]')
    assert bar.inner_text().startswith(f"Move {int(shown['step']) + 1} retried") and "Best!" in bar.inner_text()
    for control in ("retrybar-again", "retrybar-back"):
        assert bar.query_selector(f"[data-control={control}]").is_visible()
    # the message slot takes no room and its message floats whole (issue 31): the bar is not cut
    assert bar.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1"), bar.evaluate("(e) => [e.scrollHeight, "
                                                                                      "e.clientHeight]")
    assert "Pick an option" not in page.locator(f"{HICKORY} [data-testid=review-retry]").inner_text()
    assert page.locator(f"{HICKORY} .hk-decision button.cs-choice").count() == 0
    lab.screenshot(page, "review-en-retry-1024")
    lab.run_cell(page, 1)  # the game itself was not changed by the look back nor by the retry
    assert "over=True status=done" in lab.cell_text(page, 1)

    # in German: the panel, the labels and the verdict
    page.locator(f"{HICKORY} [data-control=review-now]").click()
    lab.run_cell(page, 2)
    lab.wait_for(page, f'{HICKORY}[lang="de"]')
    assert "Auswertung der Partie" in page.locator(REVIEW).inner_text()
    assert page.locator(f"{HICKORY} .cs-log .hk-review-logmark.hk-sr").first.text_content().startswith("Auswertung: ")
    shown = jump_to_first_mistake(page, lab)
    assert "Besser: " in page.locator("[data-testid=review-better]").inner_text()
    page.locator(f"{HICKORY} [data-control=review-retry]").click()
    lab.wait_for(page, f'{HICKORY} [data-testid=review-retry][data-tries="0"]')
    page.locator(f'{HICKORY} button.cs-choice[data-choice-id="{shown["best"]}"]').click()
    verdict = lab.wait_for(page, f'{HICKORY} [data-testid=review-verdict][data-correct="yes"]')
    assert verdict.inner_text().startswith("Bestens!") and "Versuche: 1" in verdict.inner_text()
    page.locator(f"{HICKORY} [data-control=review-back]").click()
    lab.wait_for(page, f'{HICKORY}[data-looking="{shown["step"]}"] [data-testid=review-focus]')

    figures = []
    for width, height, left, name in ((1024, 768, False, "review-de-1024"), (1280, 800, True, "review-de-848")):
        area = set_screen(page, width, height, file_browser=left)
        page.locator(REVIEW).scroll_into_view_if_needed()
        texts = smallest_text(page)
        figures.append(f"{width}x{height} output {area:.0f} px: smallest review text {texts[0]['px']:.1f} px "
                       f"({texts[0]['text']!r})")
        assert texts[0]["px"] >= 11, (width, area, texts)
        lab.screenshot(page, name)
    # the evaluation on demand: off by default, on by its checkbox, each seat's expected margin for the board shown
    assert page.locator("[data-testid=margins]").count() == 0
    page.locator(f"{HICKORY} [data-control=show_margins]").check()
    lab.wait_for(page, '[data-testid=margins][data-status="done"]', timeout=60_000)
    assert page.locator("[data-testid=margins] [data-margin-player]").count() == 2
    page.locator("[data-testid=margins]").scroll_into_view_if_needed()
    lab.screenshot(page, "review-margins-de-848")

    # large print for a projector: the review's texts at 16 px or more
    lab.run_cell(page, 3)
    lab.wait_for(page, f"{HICKORY}.cs-projector")
    set_screen(page, 1024, 768, file_browser=False)
    page.locator(REVIEW).scroll_into_view_if_needed()
    texts = smallest_text(page)
    figures.append(f"projector at 1024x768: smallest review text {texts[0]['px']:.1f} px ({texts[0]['text']!r})")
    assert texts[0]["px"] >= 16, texts
    lab.screenshot(page, "review-de-projector-1024")
    print("\n" + "\n".join(figures))
    lab.close_everything(page)


SAVE_CELL = """\
import json
from hickory_widget import Game, Position
game = Position(players=["blue", "red"], seed=4).hour(11).minute(6).game(play_on=True)
w = game.widget(seats={"red": "greedy", "blue": "random"}, animate=False)
w.set_seats({"blue": "human"})
w.start_review(wait=True)  # reviewed once, then saved with its review
text = w.to_json()
print("saved with review:", "review" in json.loads(text), w.review["status"])
"""
LOAD_CELL = """\
w2 = Game.from_json(text).widget(animate=False)  # loaded back: no review is run
w2
"""
LOADED_CELL = ('print(f"kernel: ran={w2._review_job._thread is not None} status={w2.review.get(\'status\')} "'
               'f"decisions={len(w2.review.get(\'decisions\', []))}")')


def test_a_saved_game_loads_back_with_its_review_shown_without_running_it(page, lab_server, lab,
                                                                           tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    notebook = lab.write_notebook(tmp_path / "review-save.ipynb", SAVE_CELL, LOAD_CELL, LOADED_CELL, GERMAN_CELL
                                  .replace("w.", "w2."))
    lab.open_notebook(page, lab_server, notebook, run_all=False)
    lab.run_cell(page, 0)
    assert "saved with review: True done" in lab.cell_text(page, 0)
    lab.run_cell(page, 1)
    lab.wait_for(page, f"{HICKORY}[data-live=yes]", timeout=120_000)
    set_screen(page, 1024, 768, file_browser=False)
    # the panel is open and done at once, its labels in the panel and in the history list
    lab.wait_for(page, f'{REVIEW}[data-status="done"]', timeout=30_000)
    assert page.locator(f"{REVIEW} [data-testid=review-progress]").count() == 0
    assert page.locator(f"{REVIEW} [data-testid=review-graph] path[data-seat=blue]").count() == 1
    assert page.locator(f"{HICKORY} .cs-log .hk-review-badge").count() >= 1
    assert page.locator(f"{HICKORY} .cs-log .hk-review-logmark.hk-sr").first.text_content().startswith("Review: ")
    assert page.locator(f"{REVIEW} .hk-review-item").count() >= 1
    lab.run_cell(page, 2)
    assert "ran=False status=done decisions=" in lab.cell_text(page, 2)  # from the save, never run in this widget
    assert "decisions=0" not in lab.cell_text(page, 2)
    page.locator(REVIEW).scroll_into_view_if_needed()
    lab.screenshot(page, "review-loaded-en-1024")
    page.locator(f"{HICKORY} .cs-log .hk-review-badge").first.scroll_into_view_if_needed()
    lab.screenshot(page, "review-loaded-log-en-1024")  # the labels in the history list
    shown = jump_to_first_mistake(page, lab)  # a saved review jumps like a fresh one
    assert shown["best"] and shown["best"] != shown["played"]
    page.locator(f"{HICKORY} [data-control=review-now]").click()
    lab.wait_for(page, f'{HICKORY}[data-looking=""]')

    lab.run_cell(page, 3)  # in German: worded again from the save's ids
    lab.wait_for(page, f'{HICKORY}[lang="de"]')
    assert "Auswertung der Partie" in page.locator(REVIEW).inner_text()
    assert page.locator(f"{HICKORY} .cs-log .hk-review-logmark.hk-sr").first.text_content().startswith("Auswertung: ")
    page.locator(REVIEW).scroll_into_view_if_needed()
    texts = smallest_text(page)
    assert texts[0]["px"] >= 11, texts
    lab.screenshot(page, "review-loaded-de-1024")
    lab.close_everything(page)
