"""The classroom app in a real Voilà server and a real Chromium: a learner joins with a PIN of her own, finishes the
first exercise by clicking on the board, sees it marked correct, reloads, types her PIN and finds the progress kept;
another learner's illegal click gets the why-not answer with its rule; a visitor who tries to open the first
learner's progress by her name or a look-alike of it is refused; the teacher's dashboard opens with the teacher's
code only, shows both learners' work live, exports a CSV that matches and resets one learner; the teacher's
presentation mode opens from the address; a learner changes to Mice! on the page and the dashboard shows that
work in its Mice! tab.
Voilà runs as scripts/classroom.sh runs it, with preheated kernels: each page is served by a kernel that ran the
notebook before the visit, so the learner's name, language and mode must reach it afterwards."""

from __future__ import annotations

import csv
import io
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "06_lessons.ipynb"
FIRST_BOARD_TIMEOUT_MS = 90_000  # a loaded machine may still be warming the pool's next kernel
POOL_SIZE = 2
TEACHER_CODE = "K7QM-4XPA"


@dataclass
class VoilaServer:
    url: str
    progress: Path
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture(scope="module")
def voila_server(browser_prerequisites: None, lab: Any,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """Voilà serving a copy of examples/06_lessons.ipynb on 127.0.0.1 with a pool of preheated kernels, the class's
    store in a temporary folder."""
    base = tmp_path_factory.mktemp("voila")
    progress = base / "classroom.sqlite3"
    with lab.voila(NOTEBOOK, base, POOL_SIZE, HICKORY_PROGRESS=str(progress),
                   HICKORY_TEACHER_CODE=TEACHER_CODE) as (url, log_path):
        yield VoilaServer(url, progress, log_path)


def saved(server: VoilaServer) -> dict[str, Any]:
    """Every learner's records, as the store holds them."""
    from hickory_widget.lessons.progress import read_learners

    return read_learners(server.progress)


def open_form(page, server: VoilaServer, query: str):
    page.goto(f"{server.url}/?{query}")
    return page.wait_for_selector("[data-testid=join]", timeout=FIRST_BOARD_TIMEOUT_MS)


def open_app(page, server: VoilaServer, query: str, pin: str, *, new: bool = False):
    """Opens the app at ``query``, joins with ``pin`` (typed twice for a ``new`` learner) and waits for the lessons:
    the learner's steps, one by one."""
    open_form(page, server, query)
    page.fill("[data-testid=join-pin]", pin)
    page.keyboard.press("Enter")
    if new:
        page.wait_for_selector("[data-testid=join-new]")
        page.fill("[data-testid=join-pin2]", pin)
        page.keyboard.press("Enter")
    return page.wait_for_selector("[data-testid=lesson]", timeout=FIRST_BOARD_TIMEOUT_MS)


def test_finish_the_first_exercise_on_the_board_then_reload_and_find_it_kept(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_form(page, voila_server, "learner=ada")
    assert "classroom_app" not in page.inner_text("body"), "the app must show no code"
    lab.expect(page.locator("[data-testid=join-name]")).to_have_value("ada")
    lab.screenshot(page, "classroom-0-join")
    page.fill("[data-testid=join-pin]", "2468")
    page.keyboard.press("Enter")
    lab.expect(page.locator("[data-testid=join-new]")).to_contain_text("ada is new here")
    page.fill("[data-testid=join-pin2]", "2468")
    page.click("[data-testid=join-go]")
    page.wait_for_selector("[data-testid=lesson]", timeout=FIRST_BOARD_TIMEOUT_MS)
    root = page.locator("[data-testid=lesson]")
    lab.expect(root).to_have_attribute("data-exercise", "goal/grab-button")
    lab.expect(page.locator("[data-testid=prompt]")).to_contain_text("jump off")
    lab.screenshot(page, "classroom-1-task")
    assert "Using pre-heated kernel" in voila_server.log(), "the page must come from the pool of preheated kernels"
    # the task's spot is highlighted and clickable on the board itself
    target = page.locator('[data-testid=lesson] .hk-clock-svg [data-target-key="outer:4"]')
    lab.expect(target).to_have_class(re.compile(r"\bhk-target\b.*\bls-focus\b"))
    target.click()
    lab.expect(root).to_have_attribute("data-state", "correct")
    verdict = page.locator("[data-testid=verdict]")
    lab.expect(verdict).to_have_attribute("data-verdict", "correct")
    lab.expect(verdict).to_contain_text("Right!")
    lab.expect(verdict.locator("[data-rule=R55]")).to_be_visible()
    lab.expect(page.locator('[data-map="goal/grab-button"]')).to_have_attribute("data-stars", "3")
    lab.screenshot(page, "classroom-2-correct")
    assert saved(voila_server)["ada"]["goal/grab-button"]["stars"] == 3

    page.reload()
    page.wait_for_selector("[data-testid=join]", timeout=FIRST_BOARD_TIMEOUT_MS)
    page.fill("[data-testid=join-pin]", "2468")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=lesson]", timeout=FIRST_BOARD_TIMEOUT_MS)
    lab.expect(root).to_have_attribute("data-exercise", "goal/where-hand")  # the next unsolved one
    lab.expect(page.locator('[data-map="goal/grab-button"]')).to_have_attribute("data-stars", "3")
    lab.screenshot(page, "classroom-3-after-reload")


def test_an_illegal_click_gets_the_why_not_answer_in_italian(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_form(page, voila_server, "learner=bea&lang=it")
    lab.expect(page.locator("[data-testid=join]")).to_contain_text("Scrivi il tuo nome e il tuo PIN")
    page.fill("[data-testid=join-pin]", "1357")
    page.keyboard.press("Enter")
    page.fill("[data-testid=join-pin2]", "1375")  # a slip: the two PINs differ, so it starts again
    page.keyboard.press("Enter")
    lab.expect(page.locator("[data-testid=join-error]")).to_have_text(
        "I due PIN non sono uguali: scegline uno e scrivilo due volte.")
    page.fill("[data-testid=join-pin]", "1357")
    page.keyboard.press("Enter")
    page.fill("[data-testid=join-pin2]", "1357")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=lesson]", timeout=FIRST_BOARD_TIMEOUT_MS)
    root = page.locator("[data-testid=lesson]")
    lab.expect(root).to_have_attribute("lang", "it")
    page.locator('[data-testid=lesson] .hk-clock-svg [data-outer="6"]').click()  # a Spotter cannot leap (R89)
    verdict = page.locator("[data-testid=verdict]")
    lab.expect(verdict).to_have_attribute("data-verdict", "wrong")
    lab.expect(verdict).to_contain_text("Questa mossa non è permessa.")
    lab.expect(verdict.locator("[data-rule=R89]")).to_be_visible()
    page.locator("[data-control=hint]").click()
    lab.expect(page.locator("[data-hint='0']")).to_contain_text("casella esterna del 4")
    page.locator('[data-testid=lesson] .hk-clock-svg [data-target-key="outer:4"]').click()
    lab.expect(root).to_have_attribute("data-state", "correct")
    lab.expect(page.locator('[data-map="goal/grab-button"]')).to_have_attribute("data-stars", "1")
    lab.screenshot(page, "classroom-4-italian-after-mistake")


def test_the_teachers_presentation_mode_steps_with_the_arrow_keys(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{voila_server.url}/?learner=teacher&present=1&lang=de")
    page.wait_for_selector("[data-testid=lesson]", timeout=FIRST_BOARD_TIMEOUT_MS)
    root = page.locator("[data-testid=lesson]")
    lab.expect(root).to_have_class(re.compile(r"\bls-presentation\b"))
    assert page.locator(".ls-map").count() == 0
    root.focus()
    page.keyboard.press("s")  # show me: the solution is played with its explanation
    lab.expect(page.locator("[data-testid=verdict]")).to_have_attribute("data-verdict", "shown")
    lab.screenshot(page, "classroom-5-presentation-shown")
    page.keyboard.press("ArrowRight")
    lab.expect(root).to_have_attribute("data-exercise", "goal/where-hand")
    page.locator("[data-answer='5']").click()
    lab.expect(root).to_have_attribute("data-state", "correct")
    assert "teacher" not in saved(voila_server), "presentation mode keeps no record"


def test_a_visitor_cannot_open_or_reset_adas_progress_by_her_name_or_a_look_alike(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    before = saved(voila_server)
    open_form(page, voila_server, "learner=ada")
    for guess in ("0000", "1234"):
        page.fill("[data-testid=join-pin]", guess)
        page.keyboard.press("Enter")
        lab.expect(page.locator("[data-testid=join-error]")).to_have_text("That PIN does not go with this name.")
        lab.expect(page.locator("[data-testid=join-pin]")).to_have_value("")  # the refused PIN is gone
    assert page.locator("[data-testid=lesson]").count() == 0
    assert page.locator("[data-control=reset]").count() == 0, "no reset button before the learner is who she says"
    lab.screenshot(page, "classroom-6-wrong-pin")
    # a look-alike: Cyrillic а (U+0430) in front of Latin "da" mixes alphabets and is refused
    page.fill("[data-testid=join-name]", "\u0430da")
    page.fill("[data-testid=join-pin]", "9999")
    page.keyboard.press("Enter")
    lab.expect(page.locator("[data-testid=join-error]")).to_contain_text("one alphabet only")
    # full-width letters and capitals fold onto ada: her PIN is asked, not a new learner made
    page.fill("[data-testid=join-name]", "\uff21\uff24\uff21")
    page.fill("[data-testid=join-pin]", "9999")
    page.keyboard.press("Enter")
    lab.expect(page.locator("[data-testid=join-error]")).to_have_text("That PIN does not go with this name.")
    assert page.locator("[data-testid=join-new]").count() == 0
    # an all-Cyrillic name drawn like "ace" is the learner "ace" (who is new: the look-alike would become ace)
    page.fill("[data-testid=join-name]", "\u0410\u0441\u0435")
    page.fill("[data-testid=join-pin]", "9999")
    page.keyboard.press("Enter")
    lab.expect(page.locator("[data-testid=join-new]")).to_contain_text("\u0410\u0441\u0435")
    page.click("[data-testid=join-other]")
    # a made-up join link
    open_form(page, voila_server, "learner=ada&key=0123456789abcdef0123")
    lab.expect(page.locator("[data-testid=join-error]")).to_contain_text("join link is not valid")
    assert saved(voila_server) == before, "Ada's progress is untouched"
    from hickory_widget.lessons.identity import Identities

    assert {who: n for who, n, _ in Identities(voila_server.progress).locks()}["pin:ada"] == 3
    stored = b"".join(p.read_bytes() for p in voila_server.progress.parent.glob("classroom.sqlite3*"))
    assert b"2468" not in stored, "only a salted hash of the PIN is kept"


def test_the_teachers_dashboard_shows_the_class_live_exports_csv_and_resets_one(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_server.url}/?teacher&lang=en")
    page.wait_for_selector("[data-testid=dash-login]", timeout=FIRST_BOARD_TIMEOUT_MS)
    page.fill("[data-testid=dash-code]", "AAAA-BBBB")
    page.keyboard.press("Enter")
    lab.expect(page.locator("[data-testid=dash-message]")).to_have_text("That is not the teacher's code.")
    page.fill("[data-testid=dash-code]", TEACHER_CODE.lower())
    page.keyboard.press("Enter")
    grid = page.locator("[data-testid=dash-grid]")
    lab.expect(grid).to_be_visible()
    ada, bea = grid.locator('tr[data-learner="ada"]'), grid.locator('tr[data-learner="bea"]')
    lab.expect(ada.locator('td[data-key="goal/grab-button"]')).to_have_attribute("data-stars", "3")
    lab.expect(bea.locator('td[data-key="goal/grab-button"]')).to_have_attribute("data-stars", "1")
    missed = page.locator('[data-testid=dash-missed] li[data-key="goal/grab-button"]')
    lab.expect(missed).to_contain_text("wrong answers: 1, by learners: 1")
    lab.screenshot(page, "classroom-7-dashboard")

    # live: another kernel records a new learner's work; the page shows it at the next poll
    from hickory_widget.lessons.progress import Progress

    Progress(voila_server.progress, "cleo").solve("goal/where-hand", mistakes=0, hints=1)
    lab.expect(grid.locator('tr[data-learner="cleo"] td[data-key="goal/where-hand"]')).to_have_attribute(
        "data-stars", "2", timeout=10_000)

    # a hand-in from the static site joins the grid as a row of its own
    from hickory_widget.lessons.handin import export_handin

    text = export_handin({"goal/grab-button": {"stars": 2, "tries": 1, "hints": 1}}, "dora")
    page.set_input_files("[data-testid=dash-handin]", files=[
        {"name": "dora.json", "mimeType": "application/json", "buffer": text.encode()}])
    lab.expect(grid.locator('tr[data-learner="dora"][data-source="hand-in"] td[data-key="goal/grab-button"]')
               ).to_have_attribute("data-stars", "2")

    with page.expect_download() as download:
        page.click("[data-testid=dash-csv]")
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    records = saved(voila_server)
    assert {r["learner"] for r in rows} == {*records, "dora"}
    assert {r["source"] for r in rows if r["learner"] == "dora"} == {"hand-in"}
    for row in (r for r in rows if r["source"] == "classroom"):
        record = records[row["learner"]].get(row["key"], {})
        assert int(row["stars"]) == record.get("stars", 0), row
        assert int(row["hints"]) == record.get("hints", 0), row
        attempts = record.get("tries", 0) if record.get("stars") else record.get("misses", 0)
        assert int(row["attempts"]) == attempts, row
    bea_first = next(r for r in rows if r["learner"] == "bea" and r["key"] == "goal/grab-button")
    wrong = records["bea"]["goal/grab-button"]["wrong"]
    assert bea_first["wrong_answer_ids"] == " | ".join(wrong) != ""
    # the answers as the board named them (a move's label, not its id such as "leap:6")
    assert bea_first["wrong_answers"] and not set(bea_first["wrong_answers"].split(" | ")) & set(wrong), bea_first

    # reset one learner, after a second click that confirms it with the teacher's code typed again
    grid.locator('a[data-arg="bea"]').click()
    page.click("[data-testid=dash-reset]")
    page.click("[data-testid=dash-reset-yes]")  # no code typed: nothing is reset
    lab.expect(page.locator("[data-testid=dash-message]")).to_have_text("That is not the teacher's code.")
    assert "bea" in saved(voila_server)
    page.fill("[data-testid=dash-code-again]", TEACHER_CODE)  # the question stays until answered or cancelled
    page.click("[data-testid=dash-reset-yes]")
    lab.expect(page.locator("[data-testid=dash-message]")).to_contain_text("bea's progress is reset")
    lab.expect(bea).to_have_count(0)
    assert "bea" not in saved(voila_server)
    lab.expect(ada.locator('td[data-key="goal/grab-button"]')).to_have_attribute("data-stars", "3")


def test_the_dashboard_in_german_draws_a_class_of_25(page, voila_server, lab) -> None:
    from hickory_widget.lessons import curriculum
    from hickory_widget.lessons.store import Store

    keys = [ex.key for lesson in curriculum() for ex in lesson.exercises]
    with Store.at(voila_server.progress).writing() as db:  # a class of 25 at work, written at once
        for n in range(25):
            for i, key in enumerate(keys[: 10 + 4 * n]):
                db.execute("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (f"learner{n:02d}", key, 1 + i % 3, 1 + i % 4, i % 2, i % 4, 20.0 + i, time.time(),
                            json.dumps([f"move:outer:{i % 12}"] * (i % 4))))
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_server.url}/?teacher&lang=de")
    page.wait_for_selector("[data-testid=dash-login]", timeout=FIRST_BOARD_TIMEOUT_MS)
    lab.expect(page.locator("[data-testid=dash-login]")).to_contain_text("Code der Lehrkraft")
    page.fill("[data-testid=dash-code]", TEACHER_CODE)
    started = time.monotonic()
    page.keyboard.press("Enter")
    lab.expect(page.locator("[data-testid=dash-grid] tr[data-learner]")).to_have_count(28)  # 25, ada, cleo, dora
    print(f"\ndashboard of 28 learners x {len(keys)} exercises: code typed to grid drawn in "
          f"{time.monotonic() - started:.2f} s; {page.inner_text('[data-testid=status]')}")
    lab.expect(page.locator("[data-testid=dash-summary]")).to_contain_text("Lernende: 28")
    lab.screenshot(page, "classroom-8-dashboard-25-de")


def test_a_learner_answers_a_mice_exercise_and_the_dashboard_shows_it_under_mice(page, voila_server, lab) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, voila_server, "learner=finn&lang=de", "8642", new=True)
    games = page.locator("[data-testid=games]")
    lab.expect(games).to_have_attribute("data-game", "hickory")
    lab.expect(page.locator("[data-testid=game-hickory]")).to_have_text("Die Stunde der Maus")
    page.click("[data-testid=game-mice]")  # the visible choice: Mice! without joining again
    root = page.locator("[data-testid=lesson]")
    lab.expect(root).to_have_attribute("data-exercise", "mice-table/set-size", timeout=FIRST_BOARD_TIMEOUT_MS)
    lab.expect(games).to_have_attribute("data-game", "mice")
    lab.expect(page.locator("[data-testid=game-mice]")).to_have_attribute("aria-pressed", "true")
    games.scroll_into_view_if_needed()
    lab.screenshot(page, "classroom-9-mice-chosen-de")
    page.fill("[data-control=number]", "15")
    page.click("[data-control=check]")
    lab.expect(page.locator("[data-testid=verdict]")).to_have_attribute("data-verdict", "wrong")
    page.fill("[data-control=number]", "16")
    page.click("[data-control=check]")
    lab.expect(root).to_have_attribute("data-state", "correct")
    lab.screenshot(page, "classroom-9-mice-lesson-de")
    record = saved(voila_server)["finn"]["mice-table/set-size"]
    assert record["stars"] == 1 and record["wrong"] == ["15"]

    page.goto(f"{voila_server.url}/?teacher&lang=de")
    page.wait_for_selector("[data-testid=dash-login]", timeout=FIRST_BOARD_TIMEOUT_MS)
    page.fill("[data-testid=dash-code]", TEACHER_CODE)
    page.keyboard.press("Enter")
    grid = page.locator("[data-testid=dash-grid]")
    lab.expect(grid).to_have_attribute("data-game", "hickory")
    assert grid.locator('td[data-key="mice-table/set-size"]').count() == 0, "Hickory's tab holds Hickory's exercises"
    lab.expect(page.locator("[data-testid=dash-game-mice]")).to_contain_text("Mice! (1)")
    page.click("[data-testid=dash-game-mice]")
    lab.expect(grid).to_have_attribute("data-game", "mice")
    lab.expect(grid.locator('tr[data-learner="finn"] td[data-key="mice-table/set-size"]')).to_have_attribute(
        "data-stars", "1")
    lab.expect(page.locator('[data-testid=dash-missed] li[data-key="mice-table/set-size"]')).to_contain_text(
        "falsche Antworten: 1, von Lernenden: 1")
    lab.screenshot(page, "classroom-10-dashboard-mice-de")
    with page.expect_download() as download:
        page.click("[data-testid=dash-csv]")
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    finn = next(r for r in rows if r["learner"] == "finn" and r["key"] == "mice-table/set-size")
    assert finn["game"] == "mice" and finn["stars"] == "1" and finn["wrong_answers"] == "15"
    assert {r["game"] for r in rows} == {"hickory", "clocktowers", "mice"}
