"""Issue 18 in a real JupyterLab and Chromium: every text on a board is readable at ordinary sizes (11 CSS px or
more at 1024x768 and in the 848 px output area of a 1280x800 screen with the file browser open, English and
German; 16 px or more on Hickory Dickory's projector setting), a panel beside a board never squeezes it, and
nothing moves under the pointer when a message appears or goes.

The sizes are read from the rendered page: an HTML text's computed font size, an SVG text's font size times the
scale its SVG is drawn at. The figures are printed (run with -s to see them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

HICKORY = "[data-testid=hickory]"
SHELL = "[data-testid=game]"

SMALLEST_TEXT = """(root) => {
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest('title, style, script, option, [hidden], .hk-live, .cs-live')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    let px = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      if (m) px *= Math.hypot(m.a, m.b);
    }
    found.push({ px, text: n.textContent.trim().slice(0, 40), cls: el.getAttribute('class') || el.tagName });
  }
  found.sort((a, b) => a.px - b.px);
  return found.slice(0, 5);
}"""
"""The five smallest texts drawn in ``root`` (font size in CSS px as rendered, its text and class)."""

CONTROL_BOXES = """(root) => Array.from(root.querySelectorAll(
    'button, select, input, [role=button], [data-action], [data-choice-id], [data-control]'))
  .filter((e) => !e.closest('[hidden], [data-testid=messages]'))
  .map((e) => { const r = e.getBoundingClientRect(); const o = root.getBoundingClientRect();
    return [r.x - o.x, r.y - o.y, r.width, r.height]; })"""
"""The bounding box of every control in ``root`` (but the messages' own close buttons) relative to ``root``."""

LATE_HICKORY = """\
import random
from hickory_widget import Game
def late(lang, projector=False):
    w = Game.new(4, seed=1).widget(animate=False, language=lang, projector=projector)
    rng = random.Random(1)
    for _ in range(120):
        w.choose(rng.choice(w.game.choice_ids))
    return w
"""


def set_screen(page: Any, width: int, height: int, *, file_browser: bool) -> float:
    """The viewport at width x height with JupyterLab's left area open or closed; the output area's width."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("""(open) => {
        const shell = window.jupyterapp.shell;
        if (open) { shell.activateById('filebrowser'); shell.expandLeft(); } else shell.collapseLeft();
    }""", file_browser)
    page.wait_for_timeout(600)
    return page.evaluate("() => Math.max(...Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
                         ".map((e) => e.getBoundingClientRect().width))")


def smallest(page: Any, selector: str, index: int = 0) -> list[dict[str, Any]]:
    roots = page.locator(selector)
    roots.nth(index).scroll_into_view_if_needed()
    return roots.nth(index).evaluate(SMALLEST_TEXT)


def smallest_outside(page: Any, selector: str, index: int, outside: str) -> list[dict[str, Any]]:
    """The smallest texts of the ``index``-th ``selector`` but those inside ``outside``."""
    return page.locator(selector).nth(index).evaluate(
        "(root, outside) => { const hidden = [...root.querySelectorAll(outside)];"
        " hidden.forEach((e) => { e.dataset.keepVisibility = e.style.visibility; e.style.visibility = 'hidden'; });"
        f" try {{ return ({SMALLEST_TEXT})(root); }} finally {{"
        " hidden.forEach((e) => { e.style.visibility = e.dataset.keepVisibility; }); } }", outside)


def boxes(page: Any, selector: str, index: int = 0) -> list[list[float]]:
    return page.locator(selector).nth(index).evaluate(CONTROL_BOXES)


def assert_still(before: list[list[float]], after: list[list[float]], what: str) -> None:
    assert len(before) == len(after), f"{what}: controls came or went ({len(before)} -> {len(after)})"
    moved = [(i, b, a) for i, (b, a) in enumerate(zip(before, after, strict=True))
             if any(abs(x - y) > 2 for x, y in zip(b, a, strict=True))]
    assert not moved, f"{what}: {len(moved)} control(s) moved, e.g. {moved[:3]}"


def test_hickory_text_is_readable_at_1024_and_in_an_848_px_output_area_in_english_and_german(
        page, lab_server, lab, tmp_path: Path) -> None:
    cells = (LATE_HICKORY, "late('en')", "late('de')", "late('de', projector=True)")
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "readable.ipynb", *cells))
    page.wait_for_function(f"() => document.querySelectorAll('{HICKORY}[data-live=yes]').length === 3",
                           timeout=120_000)
    figures = []
    for width, height, left in ((1280, 800, True), (1024, 768, False), (1024, 768, True)):
        area = set_screen(page, width, height, file_browser=left)
        for index, lang in ((0, "en"), (1, "de")):
            texts = smallest(page, HICKORY, index)
            figures.append(f"{width}x{height} output {area:.0f} px {lang}: smallest {texts[0]['px']:.1f} px "
                           f"({texts[0]['text']!r})")
            assert texts[0]["px"] >= 11, (width, area, lang, texts)
            if index == 1 and width == 1024 and not left:
                lab.screenshot(page, f"layout-hickory-de-{width}")
        # the projector in a compact widget (these outputs): the clock sized to the screen (issue 31, one screen), so
        # the pictures' texts are 11 px or more; the words in large print, 16 px or more, but in the small clock's
        # output (592 px), where large print has no room and the words are the ordinary ones, 11 px or more
        pictures = smallest(page, HICKORY, 2)
        projector = smallest_outside(page, HICKORY, 2, "svg")
        figures.append(f"{width}x{height} output {area:.0f} px de projector: smallest word {projector[0]['px']:.1f} "
                       f"px, smallest in a picture {pictures[0]['px']:.1f} px")
        large = 16 if area >= 830 else 11
        assert projector[0]["px"] >= large and pictures[0]["px"] >= 11, (width, area, projector, pictures)
        if width == 1280:
            height_1280 = page.locator(HICKORY).nth(0).evaluate("(e) => e.getBoundingClientRect().height")
            figures.append(f"widget height at 1280x800 (output {area:.0f} px): {height_1280:.0f} px")
            page.locator(HICKORY).nth(1).scroll_into_view_if_needed()
            lab.screenshot(page, "layout-hickory-de-848")
            page.locator(HICKORY).nth(2).scroll_into_view_if_needed()
            lab.screenshot(page, "layout-hickory-de-projector")
    print("\n" + "\n".join(figures))
    lab.close_everything(page)


LATE_CARD_GAME = """\
import random
from IPython.display import display
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.mice import MiceGame
def late(kind, lang, **options):
    game = (ClocktowersGame if kind == "ct" else MiceGame).new(players=4, seed=1)
    rng = random.Random(1)
    for _ in range(30):
        if game.over:
            break
        game.choose(rng.choice(game.choice_ids))
    return game.widget(language=lang, **options)
"""
"""A cell that defines late(kind, lang, **options): a 4-player Clocktowers ("ct") or Mice! game 30 random moves in,
as a widget (also used by test_card_projector.py)."""
CARD_GAMES = LATE_CARD_GAME + 'display(late("ct", "en"), late("ct", "de"), late("mice", "en"), late("mice", "de"))\n'


def test_card_game_text_is_readable_in_an_848_px_output_area_and_at_1024(page, lab_server, lab,
                                                                          tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "cards.ipynb", CARD_GAMES))
    page.wait_for_function(f"() => document.querySelectorAll('{SHELL}[data-version]').length === 4",
                           timeout=120_000)
    figures = []
    for width, height, left in ((1280, 800, True), (1024, 768, False)):
        area = set_screen(page, width, height, file_browser=left)
        for index, name in enumerate(("Clocktowers en", "Clocktowers de", "Mice! en", "Mice! de")):
            texts = smallest(page, SHELL, index)
            figures.append(f"{width}x{height} output {area:.0f} px {name}: smallest {texts[0]['px']:.1f} px "
                           f"({texts[0]['text']!r})")
            assert texts[0]["px"] >= 11, (width, name, texts)
            if width == 1280 and index in (1, 3):
                lab.screenshot(page, f"layout-{name.split()[0].strip('!').lower()}-de-848")
    print("\n" + "\n".join(figures))
    lab.close_everything(page)


HICKORY_BOARD = """\
from hickory_widget import Game
w = Game.new(2, seed=1).widget(animate=False)
w
"""
REFUSED = 'w._on_msg(w, {"type": "choose", "id": "no-such-choice", "version": w.view["version"]}, [])'
"""A click the kernel refuses (an option that is not one of the choices), sent as the board would send it."""


def board_at_rest(page: Any, lab_server: Any, lab: Any, path: Path, cell: str, ready: str, root: str) -> Any:
    """The board of a notebook of ``cell`` then REFUSED at 1280x800: Run All's refusal is waited for and dismissed,
    so the board is measured at rest."""
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(path, cell, REFUSED))
    lab.wait_for(page, ready, timeout=60_000)
    board = page.locator(root)
    banner = board.locator(".cs-error")
    banner.wait_for(state="visible")  # Run All ran the refused click: dismiss it, measure, then run it again
    banner.locator('[data-control="dismiss"]').click()
    lab.expect(banner).to_be_hidden()
    board.scroll_into_view_if_needed()
    return board


def assert_a_refusal_moves_no_control(page: Any, lab: Any, root: str, before: list[list[float]], shot: str) -> None:
    """REFUSED run again: its message appears and goes in the reserved area, and no control moves by 2 px."""
    banner = page.locator(root).locator(".cs-error")
    lab.run_cell(page, 1)
    banner.wait_for(state="visible")
    assert banner.inner_text().strip()
    lab.screenshot(page, shot)
    assert_still(before, boxes(page, root), "a refusal appeared")
    banner.locator('[data-control="dismiss"]').click()
    lab.expect(banner).to_be_hidden()
    assert_still(before, boxes(page, root), "a refusal went")


def test_hickory_why_not_and_a_refusal_move_no_control(page, lab_server, lab, tmp_path: Path) -> None:
    board = board_at_rest(page, lab_server, lab, tmp_path / "still.ipynb", HICKORY_BOARD, f"{HICKORY}[data-live=yes]",
                          HICKORY)
    before = boxes(page, HICKORY)
    board.locator("[data-action]:not(.hk-target)").first.click()  # not usable now: the board says why not
    explanation = board.locator("[data-testid=explanation]")
    explanation.wait_for(state="visible")
    assert explanation.inner_text().strip()
    lab.screenshot(page, "layout-why-not")
    assert_still(before, boxes(page, HICKORY), "a why-not message appeared")
    board.locator('[data-control="dismiss-info"]').click()
    lab.expect(explanation).to_be_hidden()
    assert_still(before, boxes(page, HICKORY), "a why-not message went")
    assert_a_refusal_moves_no_control(page, lab, HICKORY, before, "layout-refusal")
    lab.close_everything(page)


CLOCKTOWERS_BOARD = """\
from hickory_widget.clocktowers import ClocktowersGame
w = ClocktowersGame.new(players=3, seed=1).widget(language="de")
w
"""


def test_a_card_game_refusal_moves_no_control(page, lab_server, lab, tmp_path: Path) -> None:
    board = board_at_rest(page, lab_server, lab, tmp_path / "still-ct.ipynb", CLOCKTOWERS_BOARD,
                          f'{SHELL}[data-version="1"]', SHELL)
    # no message: the band takes no room (no empty box)
    assert board.locator("[data-testid=messages]").evaluate("(e) => e.getBoundingClientRect().height") == 0
    assert_a_refusal_moves_no_control(page, lab, SHELL, boxes(page, SHELL), "layout-refusal-clocktowers")
    lab.close_everything(page)


WHAT_IF_BESIDE = """\
import ipywidgets
from hickory_widget import Game
from hickory_widget.clocktowers import ClocktowersGame
hw = Game.new(4, seed=1).widget(animate=False, language="de")
ct = ClocktowersGame.new(players=3, seed=1).widget()
ct_panel = ct.what_if(playouts=2)
ipywidgets.VBox([ipywidgets.HBox([hw, hw.what_if(playouts=2)]), ipywidgets.HBox([ct, ct_panel])])
"""


def test_the_what_if_panel_goes_below_a_board_it_would_squeeze_and_its_labels_are_distinct(
        page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "whatif-beside.ipynb", WHAT_IF_BESIDE))
    lab.wait_for(page, f"{HICKORY}[data-live=yes]", timeout=120_000)
    lab.wait_for(page, f'{SHELL}[data-version="1"]')
    panels = page.locator("[data-testid=whatif]")
    assert panels.count() == 2
    boards = (page.locator(HICKORY), page.locator(SHELL))

    def place(i: int) -> tuple[dict[str, float], dict[str, float]]:
        board = boards[i].evaluate("(e) => e.getBoundingClientRect().toJSON()")
        panel = panels.nth(i).evaluate("(e) => e.getBoundingClientRect().toJSON()")
        return board, panel

    figures = []
    for width, left in ((1280, True), (1700, False)):
        area = set_screen(page, width, 800, file_browser=left)
        for i, name in enumerate(("Hickory Dickory", "Clocktowers")):
            board, panel = place(i)
            beside = panel["left"] >= board["right"] - 1 and panel["top"] < board["bottom"]
            figures.append(f"output {area:.0f} px, {name}: board {board['width']:.0f} px wide, panel "
                           f"{'beside' if beside else 'below'}")
            assert board["width"] >= min(area - 20, 580), (name, area, board)
            if not beside:
                assert panel["top"] >= board["bottom"] - 1, (name, area, board, panel)
            texts = smallest(page, HICKORY if i == 0 else SHELL)
            assert texts[0]["px"] >= 11, (name, area, texts)
        if width == 1700:
            assert all("beside" in line for line in figures[-2:]), figures
        else:
            assert all("below" in line for line in figures[-2:]), figures
    set_screen(page, 1280, 800, file_browser=True)
    ct_box = panels.nth(1)
    ct_box.scroll_into_view_if_needed()
    ct_box.locator("[data-testid=whatif-run]").click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=whatif]')[1].dataset.status === 'done'",
                           timeout=120_000)
    labels = ct_box.locator("[data-testid=whatif-label]").all_text_contents()
    assert len(labels) >= 2 and len(set(labels)) == len(labels), labels
    assert ct_box.evaluate(SMALLEST_TEXT)[0]["px"] >= 11
    lab.screenshot(page, "layout-whatif-clocktowers")
    # a click on a bar plays its option on the board: the board's top comes into view (issue 31)
    page.locator(HICKORY).scroll_into_view_if_needed()  # the Clocktowers board out of view, above the fold
    ct_box.scroll_into_view_if_needed()
    version = boards[1].get_attribute("data-version")
    ct_box.locator("[data-testid=whatif-bar]").first.click()
    page.wait_for_function(f"""() => document.querySelector('{SHELL}').dataset.version !== '{version}'""")
    board_top = boards[1].evaluate("""(b) => {
      let area = b.parentElement;
      while (!(/(auto|scroll)/.test(getComputedStyle(area).overflowY) && area.scrollHeight > area.clientHeight)) {
        area = area.parentElement;
      }
      return [b.getBoundingClientRect().top, area.getBoundingClientRect().top, area.getBoundingClientRect().bottom];
    }""")
    lab.screenshot(page, "layout-whatif-took")
    assert board_top[1] - 1 <= board_top[0] <= board_top[2] - 300, board_top
    print("\n" + "\n".join(figures))
    lab.close_everything(page)


IN_VIEW = """(root) => {
  let area = root.parentElement;
  while (area && !(/(auto|scroll)/.test(getComputedStyle(area).overflowY) && area.scrollHeight > area.clientHeight)) {
    area = area.parentElement;
  }
  const view = area.getBoundingClientRect();
  const top = root.getBoundingClientRect().top;
  area.scrollTop += top - view.top;  // the widget scrolled to the top of the notebook's visible area
  const seen = area.getBoundingClientRect();
  const box = (sel) => { const e = root.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect();
    return { top: r.top - seen.top, bottom: r.bottom - seen.top }; };
  return { visible: seen.height, widget: root.getBoundingClientRect().height, clock: box('.hk-clock'),
           decision: box('.hk-decision'), player: box('.hk-current-player') };
}"""
"""The widget scrolled to the top of the notebook's scroll area: the area's visible height, the widget's height and
where the clock, the decision and the deciding player's board are (top and bottom, px from the area's top)."""


MICE_COVERED = """(root) => {
  const marks = Array.from(root.querySelectorAll('.hk-clock-svg .hk-mouse')).map((m) => {
    const r = m.querySelector('.hk-mouse-letter').getBoundingClientRect();
    const body = m.querySelector('.hk-mouse-body, rect, path').getBoundingClientRect();
    return { id: m.dataset.mouse, r, body };
  });
  const out = [];
  for (const [i, a] of marks.entries()) {
    // a letter wider than its token runs onto the board or a neighbour (1 px of the glyphs' side bearing allowed)
    if (a.r.left < a.body.left - 1 || a.r.right > a.body.right + 1) out.push([a.id, 'wider than its token']);
    for (const b of marks.slice(i + 1)) {
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (x > 1 && y > 1) out.push([a.id, b.id, Math.round(x), Math.round(y)]);
    }
  }
  return out;
}"""
"""The clock's mice whose letters overlap another's letters, or run past their own token (px): none is asked."""


def test_hickory_clock_decision_and_deciding_board_are_on_one_screen(page, lab_server, lab, tmp_path: Path) -> None:
    cells = (LATE_HICKORY, "late('en')", "late('de')", "projected = late('de', projector=True)\nprojected",
             "runs = globals().get('runs', -1) + 1  # Run All leaves the game; running it again moves on\n"
             "if runs:\n    projected.choose(projected.game.choice_ids[-1])")
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "one-screen.ipynb", *cells))
    page.wait_for_function(f"() => document.querySelectorAll('{HICKORY}[data-live=yes]').length === 3",
                           timeout=120_000)
    figures, misses = [], []
    # 1024x768 with the file browser open is a 592 px output: too narrow for the column beside the readable clock,
    # so the clock is the small one (its texts 24 units of 892, 11 px or more), the decision heads the board and the
    # deciding player's board stands beside the clock, folded (widget.css .hk-small)
    for width, height, left in ((1024, 768, False), (1280, 800, True), (1024, 768, True)):
        area = set_screen(page, width, height, file_browser=left)
        def measure(index: int, label: str, width: int = width, height: int = height, area: float = area) -> Any:
            """The clock's, decision's and player's boxes of widget ``index``, screenshot and figures taken."""
            page.locator(HICKORY).nth(index).evaluate(IN_VIEW)
            page.wait_for_timeout(400)  # a cell JupyterLab lays out only once in view gets its layout by width
            seen = page.locator(HICKORY).nth(index).evaluate(IN_VIEW)
            page.wait_for_timeout(200)
            lab.screenshot(page, f"one-screen-{width}x{height}-{area:.0f}-{label.replace(' ', '-')}")
            parts = {name: seen[name] for name in ("clock", "decision", "player")}
            figures.append(f"{width}x{height} output {area:.0f} px {label}: visible {seen['visible']:.0f} px, widget "
                           f"{seen['widget']:.0f} px, " + ", ".join(
                               f"{name} {box['top']:.0f}-{box['bottom']:.0f}" for name, box in parts.items()))
            return seen, parts

        for index, lang in ((0, "en"), (1, "de")):
            seen, parts = measure(index, lang)
            misses += [(width, area, lang, name, box) for name, box in parts.items()
                       if box["top"] < -1 or box["bottom"] > seen["visible"] + 1]
            clock_text = page.locator(HICKORY).nth(index).locator(".hk-clock").evaluate(SMALLEST_TEXT)
            assert clock_text[0]["px"] >= 11, (width, area, lang, clock_text)
            assert page.locator(HICKORY).nth(index).evaluate(
                "(r) => r.classList.contains('hk-small')") == (area < 830), (width, area, lang)
            # no mouse covers another's letters (a crowded inner space takes two rows), on either clock
            covered = page.locator(HICKORY).nth(index).evaluate(MICE_COVERED)
            assert not covered, (width, area, lang, covered)
            if area < 830:  # the small clock: its larger boxes hold every label whole
                labels = page.locator(HICKORY).nth(index).locator(".hk-token-text").all_text_contents()
                assert labels and not any("…" in t for t in labels), (lang, [t for t in labels if "…" in t])
                spacing = page.locator(HICKORY).nth(index).evaluate(LINE_SPACING)
                assert not [b for b in spacing if b["ratio"] < 1.15 - 1e-6 or b["widest"] > b["inner"]], spacing
        # The projector (issue 31): on a screen this small its clock is sized to the screen (texts 11 px or more)
        # and the large print is the decision's and the deciding player's. All three are in view whole: the board
        # beside the clock shows its head and score, its cards and hunt board folded behind a button. In a 592 px
        # output the projector's clock is the small one too.
        seen, parts = measure(2, "de projector")
        misses += [(width, area, "de projector", name, box) for name, box in parts.items()
                   if box["top"] < -1 or box["bottom"] > seen["visible"] + 1]
        clock_text = page.locator(HICKORY).nth(2).locator(".hk-clock").evaluate(SMALLEST_TEXT)
        column_text = smallest_outside(page, HICKORY, 2, "svg")
        figures.append(f"  projector texts: clock {clock_text[0]['px']:.1f} px, decision and player "
                       f"{column_text[0]['px']:.1f} px")
        assert clock_text[0]["px"] >= 11, (width, area, clock_text)
        # large print beside the readable clock; in the small clock's output the ordinary print (no room for more)
        assert page.locator(HICKORY).nth(2).evaluate("(r) => r.classList.contains('cs-projector')") == (area >= 830)
        assert column_text[0]["px"] >= (16 if area >= 830 else 11), (width, area, column_text)
    print("\n" + "\n".join(figures))
    assert not misses, misses
    # beside the small clock (592 px) the keyboard opens the folded board too
    small = page.locator(HICKORY).nth(1)
    small.locator('[data-control="board-fold"]').focus()
    page.keyboard.press("Enter")
    lab.expect(small.locator(".hk-current-player .hk-cards")).to_be_visible()
    assert small.locator('[data-control="board-fold"]').get_attribute("aria-expanded") == "true"
    lab.screenshot(page, "one-screen-1024x768-592-de-unfolded")
    page.keyboard.press("Enter")
    lab.expect(small.locator(".hk-current-player .hk-cards")).to_be_hidden()
    # the fold: at 848 px only the projector's board beside the clock has one; the keyboard opens it (the cards and
    # the hunt board appear, in large print) and it stays open when the game moves on
    set_screen(page, 1280, 800, file_browser=True)
    assert page.locator(HICKORY).nth(1).locator('[data-control="board-fold"]').is_hidden()
    board = page.locator(HICKORY).nth(2)
    fold = board.locator('[data-control="board-fold"]')
    assert fold.get_attribute("aria-expanded") == "false" and board.locator(".hk-current-player .hk-cards").is_hidden()
    fold.focus()
    where = ("(b) => b.querySelector('[data-control=board-fold]').getBoundingClientRect().top"
             " - b.getBoundingClientRect().top")
    before = board.evaluate(where)
    page.keyboard.press("Enter")
    lab.expect(board.locator(".hk-current-player .hk-cards")).to_be_visible()
    assert abs(board.evaluate(where) - before) <= 1, "the fold's button moved when it was pressed"
    assert board.locator('[data-control="board-fold"]').get_attribute("aria-expanded") == "true"
    assert smallest_outside(page, HICKORY, 2, "svg")[0]["px"] >= 16
    lab.screenshot(page, "one-screen-1280x800-848-de-projector-unfolded")
    version = board.get_attribute("data-version")
    lab.run_cell(page, 4)  # the game moves on (a choice made from the kernel)
    page.wait_for_function(f"() => document.querySelectorAll('{HICKORY}')[2].dataset.version !== '{version}'",
                           timeout=30_000)
    lab.expect(board.locator(".hk-current-player .hk-cards")).to_be_visible()
    lab.close_everything(page)


LONG_WHY_NOT = 'w.explanation = " ".join([w.explanation or "What you can do: pay a blue feather."] * 5)'
"""The board's why-not answer five times over: a long answer, as the kernel would set it."""


def test_hickory_messages_take_no_room_when_empty_and_show_a_long_answer_whole(page, lab_server, lab,
                                                                               tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "long.ipynb", HICKORY_BOARD, LONG_WHY_NOT),
                      run_all=False)
    lab.run_cell(page, 0)
    lab.wait_for(page, f"{HICKORY}[data-live=yes]", timeout=60_000)
    board = page.locator(HICKORY)
    messages = board.locator("[data-testid=messages]")
    assert messages.evaluate("(e) => e.getBoundingClientRect().height") == 0
    before = boxes(page, HICKORY)
    board.locator("[data-action]:not(.hk-target)").first.click()
    board.locator("[data-testid=explanation]").wait_for(state="visible")
    lab.run_cell(page, 1)
    page.wait_for_timeout(500)
    shown = messages.evaluate("""(m) => { const info = m.querySelector('.cs-info');
      const s = getComputedStyle(m);
      const bottom = info.getBoundingClientRect().bottom;
      const clipped = [];  // the ancestors that would cut the message's end off
      for (let a = m.parentElement; a && !a.matches('.jp-OutputArea-output'); a = a.parentElement) {
        const o = getComputedStyle(a);
        if ((o.overflowY !== 'visible' || o.overflowX !== 'visible') && bottom > a.getBoundingClientRect().bottom + 1)
          clipped.push(a.className);
      }
      return { text: info.innerText, info: [info.scrollHeight, info.clientHeight], clipped,
               area: [m.scrollHeight, m.clientHeight], overflow: s.overflowY }; }""")
    board.scroll_into_view_if_needed()
    lab.screenshot(page, "layout-long-why-not")
    assert len(shown["text"]) > 200, shown
    assert shown["info"][0] <= shown["info"][1] + 1, shown
    assert shown["overflow"] == "visible" or shown["area"][0] <= shown["area"][1] + 1, shown
    assert not shown["clipped"], shown
    assert_still(before, boxes(page, HICKORY), "a long why-not message appeared")
    board.locator('[data-control="dismiss-info"]').click()
    lab.expect(board.locator("[data-testid=explanation]")).to_be_hidden()
    assert messages.evaluate("(e) => e.getBoundingClientRect().height") == 0
    lab.close_everything(page)


LINE_SPACING = """(root) => Array.from(root.querySelectorAll('.hk-action')).map((box) => {
  const lines = Array.from(box.querySelectorAll('.hk-token-text'));
  const size = lines.length ? Math.max(...lines.map((t) => parseFloat(getComputedStyle(t).fontSize))) : 0;
  const gaps = lines.slice(1).map((t, i) => parseFloat(t.getAttribute('y')) - parseFloat(lines[i].getAttribute('y')));
  const rect = box.querySelector('.hk-action-box');
  const inner = parseFloat(rect.getAttribute('width')) - 4;
  const widest = Math.max(0, ...lines.map((t) => t.getBBox().width));
  return { n: box.getAttribute('data-action'), size, ratio: gaps.length ? Math.min(...gaps) / size : null,
           widest, inner, text: lines.map((t) => t.textContent).join(' / ') };
}).filter((b) => b.ratio !== null)"""
"""Each action box of more than one line: its number, the font size its lines are drawn at (as rendered, not as
asked), their smallest line distance / font size, its widest line and the box's inner width (viewBox units)."""


def test_german_action_boxes_space_their_lines_by_more_than_their_font_size(page, lab_server, lab,
                                                                             tmp_path: Path) -> None:
    cells = ("from hickory_widget import Game\nGame.new(4, seed=1).widget(animate=False, language='de')",)
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "de-boxes.ipynb", *cells))
    lab.wait_for(page, f"{HICKORY}[data-live=yes]", timeout=60_000)
    spacing = page.locator(HICKORY).evaluate(LINE_SPACING)
    print("\n" + ", ".join(f"{b['n']}: {b['ratio']:.2f}" for b in spacing))
    assert spacing
    tight = [b for b in spacing if b["ratio"] < 1.15 - 1e-6]
    assert not tight, tight
    wide = [b for b in spacing if b["widest"] > b["inner"]]  # a line drawn larger than fitted runs past its box
    assert not wide, wide
    lab.close_everything(page)


def test_hickory_language_menu_is_in_the_top_bar(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "menu.ipynb", HICKORY_BOARD))
    lab.wait_for(page, f"{HICKORY}[data-live=yes]", timeout=60_000)
    menu = page.locator(HICKORY).locator('[data-control="language"]')
    lab.expect(menu).to_be_visible()  # without opening "Seats and settings"
    menu.select_option("de")
    lab.wait_for(page, f'{HICKORY}[lang="de"]', timeout=30_000)
    lab.close_everything(page)
