"""Two learners at one Clocktowers table, each in a browser context of their own, against the classroom app in a
real Voilà (preheated kernels, as scripts/classroom.sh serves it): Ada opens the table from her Tables page, Bob
sits at its free seat from his, and Ada's click on her board reaches Bob's board without a reload (his page polls),
while Bob's board offers him no option until his turn and shows his own hand only; the teacher's Tables tab shows
both hands, and the projector's page it gives (``?watch=``) shows none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.classroom import enter, teacher_tables

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "06_lessons.ipynb"
FIRST_BOARD_TIMEOUT_MS = 90_000
MOVE_TIMEOUT_MS = 10_000  # a poll every 0.5 s; the rest is a loaded machine's slack


@pytest.fixture(scope="module")
def voila_url(browser_prerequisites: None, lab: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str,
                                                                                                                 Path]]:
    base = tmp_path_factory.mktemp("voila-tables")
    store = base / "classroom.sqlite3"
    with lab.voila(NOTEBOOK, base, 2, HICKORY_PROGRESS=str(store), HICKORY_TEACHER_CODE="K7QM-4XPA") as (url, _log):
        yield url, store


def join(page: Any, url: str, query: str) -> None:
    """A new learner joins (a PIN typed twice) and opens the Tables page."""
    enter(page, url, query, FIRST_BOARD_TIMEOUT_MS)


def test_two_browsers_at_one_table(browser: Any, voila_url: tuple[str, Path], lab: Any) -> None:
    from hickory_widget.lessons.tables import classroom_tables

    url, store = voila_url
    ada = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    join(ada, url, "learner=ada&game=clocktowers")
    ada.click("[data-testid=open-go]")  # Clocktowers, 2 players, no computer player: the form's first options
    head = ada.wait_for_selector("[data-testid=seat-head]", timeout=FIRST_BOARD_TIMEOUT_MS)
    table = int(head.get_attribute("data-table"))
    join(bob, url, "learner=bob&lang=de&game=clocktowers")
    bob.wait_for_selector(f"[data-testid=sit-{table}-P2]", timeout=MOVE_TIMEOUT_MS).click()
    bob.wait_for_selector("[data-testid=seat-head]", timeout=FIRST_BOARD_TIMEOUT_MS)

    tables = classroom_tables(store)
    first = tables.view(table, "P1")["decision"]["choices"][0]["id"]
    ada.wait_for_selector(f'[data-choice-id="{first}"]', timeout=FIRST_BOARD_TIMEOUT_MS).click()
    lab.expect(bob.locator("[data-testid=seat-head]")).to_have_attribute("data-version", "1",
                                                                          timeout=MOVE_TIMEOUT_MS)
    assert [r["choice"] for r in tables.log(table)] == [first]

    lab.expect(bob.locator("[data-testid=seat-turn]")).to_contain_text("P1")  # a Clocktowers turn: play, draw
    assert bob.locator("[data-choice-id]").count() == 0, "no option on the board of the seat that waits"
    shown = sorted(c.get_attribute("data-card") for c in bob.query_selector_all(".ct-hand [data-card]"))
    assert shown == sorted(tables.game(table).state.hands["P2"]), "his own hand only: Ada's is a count"

    teacher = browser.new_context().new_page()
    teacher_tables(teacher, url, FIRST_BOARD_TIMEOUT_MS, "de")
    row = teacher.wait_for_selector(f"[data-testid=dash-table-{table}]", timeout=MOVE_TIMEOUT_MS)
    cells = row.query_selector_all("[data-testid=dash-hand]")
    assert len(cells) == 2 and all(c.inner_text().strip() for c in cells), "the teacher sees both hands"
    teacher.click(f"[data-testid=dash-table-project-{table}]")
    address = teacher.wait_for_selector("[data-testid=dash-watch-url]").input_value()
    assert address.endswith(f"?watch={table}&lang=de")

    projector = browser.new_context().new_page()
    projector.goto(address)
    projector.wait_for_selector("[data-testid=watch]", timeout=FIRST_BOARD_TIMEOUT_MS)
    projector.wait_for_selector(".ct-hand", state="attached", timeout=FIRST_BOARD_TIMEOUT_MS)
    assert projector.locator(".ct-hand [data-card]").count() == 0, "the projector shows no hand"
