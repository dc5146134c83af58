"""The lesson's task and its spot on one screen (issue 18, part 5), in a real JupyterLab and a real Voilà in
Chromium: when an exercise opens, the spots it highlights on the board are inside the viewport at 1280x800 (with
JupyterLab's file browser open) and at 1024x768, not hidden under the task, which sticks to the top while the board
scrolls; a wrong pick is marked on its button and on its board spot; the Voilà page's own title and intro follow
``lang``. Screenshots in test-output/lesson-layout-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = "[data-testid=lesson]"
NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "06_lessons.ipynb"
LESSON_CELL = """\
from hickory_widget.lessons.widget import LessonWidget
w = LessonWidget(learner="ada", language="{lang}", progress_path="progress.json")
w
"""

IN_VIEW = """() => {
    const root = document.querySelector('[data-testid=lesson]');
    const task = root.querySelector('.ls-task').getBoundingClientRect();
    const prompt = root.querySelector('[data-testid=prompt]').getBoundingClientRect();
    const spots = [...root.querySelectorAll('.hk-clock-svg .ls-focus, [data-testid=lesson-board] .ls-focus')];
    const out = [];
    for (const s of spots) {
        const r = s.getBoundingClientRect();
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        const hit = document.elementFromPoint(x, y);
        out.push({ top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                   covered: !(hit && (s === hit || s.contains(hit)
                                      || hit.closest('.hk-clock-svg, [data-testid=lesson-board]'))),
                   what: s.getAttribute('data-outer') || s.getAttribute('data-inner') || s.getAttribute('data-mouse')
                         || s.getAttribute('data-action') || s.getAttribute('class') });
    }
    // the visible area: JupyterLab's notebook scroller (under its toolbar, above its status bar), else the window
    let area = root.parentElement;
    while (area && !(/(auto|scroll|overlay)/.test(getComputedStyle(area).overflowY)
                     && area.scrollHeight > area.clientHeight + 1)) area = area.parentElement;
    const seen = area && area !== document.documentElement && area !== document.body
      ? area.getBoundingClientRect() : { top: 0, bottom: innerHeight };
    return { width: innerWidth, height: innerHeight, top: Math.max(0, seen.top),
             bottom: Math.min(innerHeight, seen.bottom), spots: out, prompt: { top: prompt.top, bottom: prompt.bottom },
             task: { top: task.top, bottom: task.bottom }, widget: root.getBoundingClientRect().height };
}"""


def check_in_view(page: Any, where: str) -> dict[str, Any]:
    page.wait_for_selector(f"{ROOT}[data-shown-exercise]", timeout=60_000)
    page.wait_for_timeout(300)  # the scroll of the frame after drawing
    m = page.evaluate(IN_VIEW)
    assert m["spots"], f"{where}: the exercise highlights no spot"
    for s in m["spots"]:
        assert s["top"] >= m["top"] - 1 and s["bottom"] <= m["bottom"] + 1 and s["left"] >= 0 \
            and s["right"] <= m["width"], \
            f"{where}: the spot {s['what']} is outside the visible area {m['top']:.0f}-{m['bottom']:.0f} ({s})"
        assert not s["covered"], f"{where}: the spot {s['what']} is hidden (under the task?)"
    assert m["prompt"]["top"] >= m["top"] - 1 and m["prompt"]["bottom"] <= m["bottom"] + 1, \
        f"{where}: the task is off screen ({m})"
    return m


def goto(page: Any, key: str) -> None:
    page.click(f'{ROOT} [data-map="{key}"]')
    page.wait_for_selector(f'{ROOT}[data-exercise="{key}"][data-shown-exercise="{key}"]', timeout=30_000)


def open_lesson(page: Any, lab_server: Any, lab: Any, tmp_path: Path, size: tuple[int, int], lang: str = "en") -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    name = f"lesson-layout-{lang}-{size[0]}.ipynb"
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / name, LESSON_CELL.format(lang=lang)))
    lab.wait_for(page, ROOT, timeout=60_000)


@pytest.mark.parametrize(("size", "lang"), [((1280, 800), "en"), ((1024, 768), "de")],
                         ids=["1280x800-en", "1024x768-de"])
def test_an_opened_exercise_shows_its_spots_and_its_task_in_jupyterlab(page, lab_server, lab, tmp_path: Path,
                                                                     size: tuple[int, int], lang: str) -> None:
    open_lesson(page, lab_server, lab, tmp_path, size, lang)
    assert page.locator(".jp-FileBrowser").first.is_visible(), "measured with the file browser open"
    m = check_in_view(page, "the first exercise")
    print(f"\nlesson widget at {size[0]}x{size[1]} ({lang}): {m['widget']:.0f} px tall")
    lab.screenshot(page, f"lesson-layout-{lang}-{size[0]}x{size[1]}-first")
    for key in ("tick/outer-sleep", "setup/advanced-moon", "setup/token-back", "jumping/ride-on"):
        goto(page, key)
        check_in_view(page, key)
    lab.screenshot(page, f"lesson-layout-{lang}-{size[0]}x{size[1]}-later")


def test_every_exercise_opens_with_its_spot_in_the_visible_notebook_area(page, lab_server, lab,
                                                                         tmp_path: Path) -> None:
    """Issue 31: at 1280x800 with the file browser open, each exercise of the Hickory lessons, opened from the map,
    shows its highlighted spots inside the notebook's visible area (below Lab's toolbar, above its status bar)."""
    open_lesson(page, lab_server, lab, tmp_path, (1280, 800))
    assert page.locator(".jp-FileBrowser").first.is_visible(), "measured with the file browser open"
    keys = page.eval_on_selector_all(f"{ROOT} [data-map]", "(es) => es.map((e) => e.getAttribute('data-map'))")
    assert len(keys) > 20, keys
    misses = []
    for key in keys:
        goto(page, key)
        page.wait_for_timeout(300)
        m = page.evaluate(IN_VIEW)
        out = [s["what"] for s in m["spots"] if s["top"] < m["top"] - 1 or s["bottom"] > m["bottom"] + 1]
        if out:
            misses.append((key, out, m["top"], m["bottom"]))
            lab.screenshot(page, f"lesson-layout-miss-{key.replace('/', '-')}")
    print(f"\n{len(keys)} exercises opened, {len(misses)} with a spot out of view")
    assert not misses, misses


def test_a_wrong_pick_is_marked_on_its_button_and_its_spot(page, lab_server, lab, tmp_path: Path) -> None:
    open_lesson(page, lab_server, lab, tmp_path, (1280, 800))
    goto(page, "goal/where-hand")  # predict, one answer: 5 is right
    page.click(f"{ROOT} [data-answer='12']")
    wrong = page.locator(f"{ROOT} [data-answer='12']")
    lab.expect(wrong).to_have_class(re.compile(r"\bls-wrong-pick\b"))
    assert page.locator(f"{ROOT} .ls-wrong-pick").count() == 1
    lab.screenshot(page, "lesson-layout-wrong-answer")
    goto(page, "jumping/move-out")  # do: move_out is right; any other legal move is a wrong pick
    other = page.locator(f'{ROOT} .hk-decision [data-choice-id]:not([data-choice-id="move_out"])').first
    choice = other.get_attribute("data-choice-id")
    other.click()
    lab.expect(page.locator(f"{ROOT} [data-testid=verdict]")).to_have_attribute("data-verdict", "wrong")
    picked = page.locator(f'{ROOT} [data-choice-id="{choice}"]')
    lab.expect(picked).to_have_class(re.compile(r"\bls-wrong-pick\b"))
    key = picked.get_attribute("data-target-key")
    if key:  # a move with a spot on the board: the spot is marked too
        assert page.locator(f"{ROOT} .hk-clock-svg .ls-wrong-spot").count() >= 1
    lab.screenshot(page, "lesson-layout-wrong-move")
    page.click(f"{ROOT} [data-control=retry]")
    lab.expect(page.locator(f"{ROOT} .ls-wrong-pick")).to_have_count(0)


# ------------------------------------------------------------------------------------------------ Voilà
@pytest.fixture(scope="module")
def voila_url(browser_prerequisites: None, lab: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà serving a copy of examples/06_lessons.ipynb as scripts/classroom.sh does (a preheated kernel)."""
    base = tmp_path_factory.mktemp("voila-layout")
    with lab.voila(NOTEBOOK, base, 1, HICKORY_PROGRESS=str(base / "progress.json")) as (url, _log):
        yield url


@pytest.mark.parametrize(("lang", "size", "title", "intro"), [
    ("it", (1280, 800), "Impara i giochi giocando", "Ogni lezione propone"),
    ("de", (1024, 768), "Die Spiele lernen – Zug um Zug", "Jede Lektion stellt"),
])
def test_the_voila_page_speaks_the_visitors_language_and_shows_the_spot(page, voila_url, lab, lang: str,
                                                                         size: tuple[int, int], title: str,
                                                                         intro: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{voila_url}/?present=1&lang={lang}")  # the teacher's mode: no joining asked on any branch
    page.wait_for_selector(ROOT, timeout=90_000)
    head = page.locator("[data-testid=page-intro]")
    lab.expect(head.locator("h1")).to_have_text(title)
    lab.expect(head).to_contain_text(intro)
    lab.expect(page).to_have_title(title)
    body = page.inner_text("body")
    for english in ("Learn the games by doing", "Each lesson sets", "For teachers"):
        assert english not in body, f"English page text left in the {lang} page: {english!r}"
    check_in_view(page, f"Voilà ({lang})")
    lab.screenshot(page, f"lesson-layout-voila-{lang}-{size[0]}x{size[1]}")
    page.click(f"{ROOT} [data-control=show]")  # the teacher shows the solution: the page does not jump
    before = page.evaluate("() => document.querySelector('[data-testid=prompt]').getBoundingClientRect().top")
    lab.expect(page.locator(f"{ROOT} [data-testid=verdict]")).to_have_attribute("data-verdict", "shown")
    after = page.evaluate("() => document.querySelector('[data-testid=prompt]').getBoundingClientRect().top")
    assert abs(after - before) <= 2, f"the task moved from {before} to {after} when the solution was shown"
