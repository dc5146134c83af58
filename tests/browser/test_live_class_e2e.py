"""Live class mode in real browsers against the classroom app in Voilà (preheated kernels, as scripts/classroom.sh
serves it): the teacher asks a lesson exercise from the dashboard's Live question tab; three learners, each in a
browser context of their own, see it in the row above their lessons without a reload and answer (one changes
their answer); the teacher's tab counts them; before the reveal no learner's page holds the explanation; the key R
reveals, and each learner's page says right or wrong."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.classroom import enter

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "06_lessons.ipynb"
FIRST_PAGE_TIMEOUT_MS = 90_000
POLL_TIMEOUT_MS = 10_000  # a poll every 0.5 s; the rest is a loaded machine's slack
KEY = "goal/where-hand"


@pytest.fixture(scope="module")
def voila_url(browser_prerequisites: None, lab: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str,
                                                                                                                 Path]]:
    base = tmp_path_factory.mktemp("voila-live")
    store = base / "classroom.sqlite3"
    with lab.voila(NOTEBOOK, base, 2, HICKORY_PROGRESS=str(store), HICKORY_TEACHER_CODE="K7QM-4XPA") as (url, _log):
        yield url, store


@pytest.fixture(autouse=True)
def close_what_a_test_opened(browser: Any) -> Iterator[None]:
    """The learners' and the teacher's contexts are closed after the test, passed or failed: left open, their pages
    went on polling and drawing (three renderers at a third of a core each) through the rest of the run."""
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


def join(page: Any, url: str, query: str) -> None:
    """A new learner joins (a PIN typed twice): the lessons open under the row of games."""
    enter(page, url, query, FIRST_PAGE_TIMEOUT_MS, tables=False)


def test_three_browsers_answer_a_live_question_and_the_reveal_reaches_each(browser: Any, voila_url: tuple[str, Path],
                                                                          lab: Any) -> None:
    from hickory_widget.lessons.live import exercise
    from hickory_widget.lessons.store import Store

    url, store = voila_url
    learners = {}
    for name, lang in (("ada", "en"), ("bob", "it"), ("cleo", "de")):
        learners[name] = browser.new_context(reduced_motion="reduce").new_page()
        join(learners[name], url, f"learner={name}&lang={lang}")

    teacher = browser.new_context(reduced_motion="reduce").new_page()
    teacher.goto(f"{url}/?teacher")
    teacher.wait_for_selector("[data-testid=dash-code]", timeout=FIRST_PAGE_TIMEOUT_MS).fill("K7QM-4XPA")
    teacher.keyboard.press("Enter")
    teacher.wait_for_selector("[data-testid=dash-tab-live]", timeout=FIRST_PAGE_TIMEOUT_MS).click()
    teacher.wait_for_selector("[data-testid=live-exercise]", timeout=POLL_TIMEOUT_MS).select_option(KEY)
    teacher.click("[data-testid=live-ask]")
    teacher.wait_for_selector("[data-testid=live-tally]", timeout=POLL_TIMEOUT_MS)

    for name, option in (("ada", "5"), ("bob", "4"), ("cleo", "4"), ("bob", "12")):
        page = learners[name]
        page.wait_for_selector(f"[data-testid=live-option-{option}]", timeout=POLL_TIMEOUT_MS).click()
        lab.expect(page.locator(f"[data-testid=live-option-{option}]")).to_have_attribute("aria-pressed", "true",
                                                                                         timeout=POLL_TIMEOUT_MS)
    lab.expect(teacher.locator("[data-testid=live-total]")).to_contain_text("3", timeout=POLL_TIMEOUT_MS)
    for option, count in (("4", "1"), ("5", "1"), ("12", "1")):
        lab.expect(teacher.locator(f"[data-testid=live-count-{option}]")).to_have_attribute("data-count", count)
    for name, lang in (("ada", "en"), ("bob", "it"), ("cleo", "de")):
        html = learners[name].content()
        assert exercise(KEY, lang).explanation[:40] not in html and "live-verdict" not in html, name

    teacher.locator("body").click(position={"x": 5, "y": 5})  # the focus on no field: R is the reveal's key
    teacher.keyboard.press("r")
    lab.expect(teacher.locator("[data-testid=live-count-5]")).to_have_attribute("data-correct", "true",
                                                                                timeout=POLL_TIMEOUT_MS)
    for name, verdict in (("ada", "right"), ("bob", "wrong"), ("cleo", "wrong")):
        lab.expect(learners[name].locator("[data-testid=live-verdict]")).to_have_attribute(
            "data-verdict", verdict, timeout=POLL_TIMEOUT_MS)
    assert exercise(KEY).explanation[:40] in learners["ada"].content()
    records = Store.at(store).learners()
    assert records["ada"][KEY]["stars"] == 3 and records["bob"][KEY]["wrong"] == ["12"]
