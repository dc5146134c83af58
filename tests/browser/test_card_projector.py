"""Issue 18 in a real JupyterLab and Chromium: the card games' projector setting (large print for a classroom).

Clocktowers and Mice!, in English and German (and Italian, switched on the widget), at 1024x768 and in the 848 px
output area of a 1280x800 screen with the file browser open (and a wide output, where the choices sit beside the
board): the shell's checkbox "Projector (large print)" turns every text of the widget (board,
choices, log, controls, messages) to 16 CSS px or more, and the board lays out on more rows instead of shrinking:
nothing sticks out of the widget or its output area, no two texts overlap, no text leaves its card. Turned off
again, the widget is as it was. Sizes are read from the rendered page (run with -s to see the figures); the
screenshots go to test-output/projector-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_readable_and_still import LATE_CARD_GAME, assert_still, boxes, set_screen, smallest

pytestmark = pytest.mark.browser

SHELL = "[data-testid=game]"

CARD_GAMES = (LATE_CARD_GAME + """\
shown = {"pass_and_play": False}  # Mice!'s hand shown: its cards are measured too
ws = [late("ct", "en"), late("ct", "de"), late("mice", "en", **shown), late("mice", "de", **shown)]
display(*ws)
""", """\
for w in (ws[0], ws[3]):  # bots answer the human P1: the message strip lists their moves
    w.set_seats({"P2": "greedy", "P3": "greedy", "P4": "greedy"})
for w in (ws[1], ws[2]):  # a click the kernel refuses, sent as the board would: the strip shows the refusal
    w._on_msg(w, {"type": "choose", "id": "no-such-choice", "version": w.view["version"]}, [])
""")
NAMES = ("Clocktowers en", "Clocktowers de", "Mice! en", "Mice! de")

LAYOUT_FAULTS = """(root) => {
  // Text boxes as drawn (a text node's own rectangles, cut by every scrolling or clipping box around it).
  const clipped = (rect, el) => {
    let r = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    for (let a = el; a && a !== root.parentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      r = { left: Math.max(r.left, c.left), top: Math.max(r.top, c.top), right: Math.min(r.right, c.right),
            bottom: Math.min(r.bottom, c.bottom) };
    }
    return r.right - r.left > 1 && r.bottom - r.top > 1 ? r : null;
  };
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest('title, style, script, option, select, [hidden], .cs-live')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const rect of range.getClientRects()) {
      const r = clipped(rect, el);
      if (r) texts.push({ r, el, text: n.textContent.trim().slice(0, 30) });
    }
  }
  const faults = [];
  const box = root.getBoundingClientRect();
  if (root.scrollWidth > root.clientWidth + 1) {
    faults.push(`the widget scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
  }
  for (const t of texts) {
    if (t.r.left < box.left - 1 || t.r.right > box.right + 1) faults.push(`'${t.text}' sticks out of the widget`);
    // a text on a card or a spot stays on it (a played card's owner is written under it)
    const card = t.el.closest('.ct-card, .mice-card, .mice-spot, .mice-help-card, button, .ct-deck');
    if (card && !t.el.matches('.mice-owner')) {
      const c = card.getBoundingClientRect();
      if (t.r.left < c.left - 1 || t.r.right > c.right + 1 || t.r.top < c.top - 1 || t.r.bottom > c.bottom + 1)
        faults.push(`'${t.text}' leaves its ${card.className || card.tagName}`);
    }
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i].r, b = texts[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      // the messages float over the history by design (shell.css, issue 31): only texts on the same layer count
      const floats = (t) => Boolean(t.el.closest('[data-testid=messages]'));
      if (floats(texts[i]) !== floats(texts[j])) continue;
      if (w > 2 && h > 2) faults.push(`'${texts[i].text}' overlaps '${texts[j].text}'`);
    }
  }
  // Text drawn by CSS (a captured card's "→ P2") counts too.
  for (const el of root.querySelectorAll('.mice-captured')) {
    const px = parseFloat(getComputedStyle(el, '::after').fontSize);
    if (px < 16) faults.push(`a captured card's mark is ${px} px`);
  }
  return faults.slice(0, 8);
}"""
"""What a reader would see as broken in ``root`` on the projector: sideways scrolling, texts outside the widget or
their card or button, two texts on top of each other, CSS-drawn text under 16 px."""


def widget(page: Any, index: int) -> Any:
    return page.locator(SHELL).nth(index)


def whole(page: Any, board: Any, name: str, folder: Path) -> None:
    """A screenshot of the whole widget: the page made as tall as the widget (its width, so its layout, kept)."""
    size = page.viewport_size
    tall = board.evaluate("(e) => e.getBoundingClientRect().height")
    page.set_viewport_size({"width": size["width"], "height": int(tall) + 300})
    page.wait_for_timeout(400)
    board.evaluate("(e) => e.scrollIntoView({ block: 'start' })")
    board.screenshot(path=str(folder / f"{name}.png"))
    page.set_viewport_size(size)
    page.wait_for_timeout(400)


def toggle_projector(page: Any, index: int, on: bool) -> None:
    """Clicks the checkbox (the intent goes to Python, the trait comes back) and waits for the large print."""
    board = widget(page, index)
    box = board.locator("[data-control=projector]")
    box.scroll_into_view_if_needed()
    box.set_checked(on)
    page.wait_for_function(f"([i, on]) => document.querySelectorAll('{SHELL}')[i].matches('.cs-projector') === on",
                           arg=[index, on])
    page.wait_for_timeout(300)


def choose_language(page: Any, index: int, lang: str) -> None:
    widget(page, index).locator("[data-control=language]").select_option(lang)
    page.wait_for_function(f"([i, lang]) => document.querySelectorAll('{SHELL}')[i].lang === lang", arg=[index, lang])
    page.wait_for_timeout(300)


def judge(page: Any, lab: Any, index: int, name: str, area: float) -> str:
    """Checks widget ``index`` on the projector setting (text sizes, layout faults, inside its output area), saves
    its screenshots and returns the figure."""
    board = widget(page, index)
    texts = smallest(page, SHELL, index)
    assert texts[0]["px"] >= 16, (area, name, texts)
    faults = board.evaluate(LAYOUT_FAULTS)
    assert not faults, (area, name, faults)
    right = board.evaluate("(e) => e.getBoundingClientRect().right")
    output = board.evaluate("(e) => e.closest('.jp-OutputArea-output').getBoundingClientRect().right")
    assert right <= output + 1, (area, name, right, output)
    slug = name.replace("!", "").replace(" ", "-").lower()
    board.evaluate("(e) => e.scrollIntoView({ block: 'start' })")
    lab.screenshot(page, f"projector-{slug}-{area:.0f}px")
    whole(page, board, f"projector-{slug}-{area:.0f}px-whole", lab.output_dir)
    size = page.viewport_size
    return (f"{size['width']}x{size['height']} output {area:.0f} px {name} projector: smallest {texts[0]['px']:.1f} px "
            f"({texts[0]['text']!r})")


def test_the_card_games_projector_setting_prints_every_text_at_16_px_or_more_and_turns_off_cleanly(
        page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "card-projector.ipynb", *CARD_GAMES))
    page.wait_for_function(f"() => document.querySelectorAll('{SHELL}[data-version]').length === 4",
                           timeout=120_000)
    page.wait_for_function(f"() => document.querySelectorAll('{SHELL} :is(.cs-error, .cs-recent):not([hidden])')"
                           ".length === 4", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('.mice-animating')", timeout=30_000)  # the reveal shown
    for index in (0, 1):  # a card of the hand picked: the places it may go light up (and say why not)
        widget(page, index).locator(".ct-pickable").first.click()
        widget(page, index).locator(".ct-target").first.wait_for()
    screens = ((1280, 800, True), (1024, 768, False), (1280, 800, False))  # the last: the choices beside the board
    normal: dict[tuple[int, bool, int], tuple[float, list[list[float]]]] = {}
    for width, height, left in screens:
        set_screen(page, width, height, file_browser=left)
        for index in range(4):
            normal[width, left, index] = (smallest(page, SHELL, index)[0]["px"], boxes(page, SHELL, index))

    for index in range(4):
        toggle_projector(page, index, True)
    figures = []
    for width, height, left in screens:
        area = set_screen(page, width, height, file_browser=left)
        for index, name in enumerate(NAMES):
            figures.append(judge(page, lab, index, name, area) + f", normal {normal[width, left, index][0]:.1f} px")
    for index in (0, 3):  # Italian too, switched on the widget's own menu
        choose_language(page, index, "it")
    for width, height, left in screens:
        area = set_screen(page, width, height, file_browser=left)
        for index, name in ((0, "Clocktowers it"), (3, "Mice! it")):
            figures.append(judge(page, lab, index, name, area))
    for index, lang in ((0, "en"), (3, "de")):
        choose_language(page, index, lang)
    for index in (1, 2):  # large print or not, a message goes without moving a control
        before = boxes(page, SHELL, index)
        widget(page, index).locator(".cs-error [data-control=dismiss]").click()
        lab.expect(widget(page, index).locator(".cs-error")).to_be_hidden()
        assert_still(before, boxes(page, SHELL, index), f"{NAMES[index]} on the projector: a refusal went")

    for index in range(4):
        toggle_projector(page, index, False)
    for width, height, left in screens:
        set_screen(page, width, height, file_browser=left)
        for index, name in enumerate(NAMES):
            assert smallest(page, SHELL, index)[0]["px"] == normal[width, left, index][0], (width, name)
            assert_still(normal[width, left, index][1], boxes(page, SHELL, index), f"{name} at {width}, projector off")
    print("\n" + "\n".join(figures))
    lab.close_everything(page)


PANELS = """\
import ipywidgets
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.mice import MiceGame
ct = ClocktowersGame.new(players=3, seed=1).widget(language="de", projector=True)
mice = MiceGame.new(players=3, seed=1).widget(language="de", projector=True, pass_and_play=False)
ipywidgets.VBox([ipywidgets.HBox([ct, ct.what_if(playouts=2)]), ipywidgets.HBox([mice, mice.what_if(playouts=2)])])
"""


def test_on_the_projector_a_what_if_panel_goes_below_the_board_rather_than_squeeze_it(
        page, lab_server, lab, tmp_path: Path) -> None:
    """Set from Python (``game.widget(projector=True)``), the large print is there from the first drawing; the board
    asks for a wider share of a row, so a what-if panel beside it wraps below while the output is too narrow for
    both."""
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "projector-panels.ipynb", PANELS))
    page.wait_for_function(f"() => document.querySelectorAll('{SHELL}.cs-projector[data-version]').length === 2",
                           timeout=120_000)
    panels = page.locator("[data-testid=whatif]")
    names = ("Clocktowers de", "Mice! de")

    def place(index: int) -> tuple[dict[str, float], dict[str, float]]:
        board = widget(page, index).evaluate("(e) => e.getBoundingClientRect().toJSON()")
        return board, panels.nth(index).evaluate("(e) => e.getBoundingClientRect().toJSON()")

    # 1500 px: an output of about 1320 px, room for the normal board and the panel side by side, not the large one
    for width, height, left in ((1280, 800, True), (1024, 768, False), (1280, 800, False), (1500, 900, False)):
        area = set_screen(page, width, height, file_browser=left)
        for index, name in enumerate(names):
            board, panel = place(index)
            assert panel["top"] >= board["bottom"] - 1, (name, area, board, panel)  # below, not beside
            assert board["width"] >= area - 30, (name, area, board)
            texts = smallest(page, SHELL, index)
            assert texts[0]["px"] >= 16, (name, area, texts)
            assert not widget(page, index).evaluate(LAYOUT_FAULTS), (name, area)
    for index, name in enumerate(names):  # the panel follows its board's large print, chart included
        panels.nth(index).locator("[data-testid=whatif-run]").click()
        page.wait_for_function("(i) => document.querySelectorAll('[data-testid=whatif]')[i].dataset.status === "
                               "'done'", arg=index, timeout=120_000)
        texts = smallest(page, "[data-testid=whatif]", index)
        assert texts[0]["px"] >= 16, (name, texts)
        assert panels.nth(index).locator("[data-testid=whatif-label]").count() >= 2, name
    lab.screenshot(page, "projector-whatif-below")
    for index, name in enumerate(names):  # normal print: the panel fits beside the board again
        toggle_projector(page, index, False)
        page.wait_for_timeout(500)
        board, panel = place(index)
        assert panel["left"] >= board["right"] - 1 and panel["top"] < board["bottom"], (name, board, panel)
        texts = smallest(page, "[data-testid=whatif]", index)
        assert 11 <= texts[0]["px"] < 16, (name, texts)  # its normal print again
    lab.screenshot(page, "projector-whatif-off-beside")
    lab.close_everything(page)
