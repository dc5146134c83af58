"""The static pictures (``_repr_svg_`` of each game: what GitHub, nbviewer and an HTML export show) in real
Chromium: each fills the width it is given from 592 to 1,400 px, nothing of it is cut off, and its smallest text is
at least 11 CSS px in an 848 px output area (JupyterLab at 1280x800 with the file browser open) and in a 592 px one
(JupyterLab at 1024x768 with the file browser open). Hickory Dickory's picture is too wide for 592 px: its HTML
(``_repr_html_``, what JupyterLab, Notebook 7 and an nbconvert export show) chooses a one-column layout there.

Screenshots go to test-output/static-svg-*.png to be looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest
from conftest import OUTPUT_DIR

WIDTHS = (592, 848, 1024, 1400)
SMALLEST_TEXT_PX = 11.0
READABLE_AT = (592, 848)
"""The output widths where every text must be 11 px or more: the narrowest JupyterLab output at 1024x768 and at
1280x800 (file browser open). A game's SVG alone is judged at 848 px: at 592 px its HTML shows the narrow layout."""


def hickory_four(language: str = "en", html: bool = False) -> str:
    from hickory_widget import Position
    from hickory_widget.hickory.board.svg import game_html, game_svg

    pos = Position(4, seed=3)
    pos.leaf(3, "wild").leaf(5, "crown").paws(11, 11).minute(6).hour(9)
    pos.tile("wild", "hunt blue 0 2").tile("wild", "blue.scavenger").tile("scepter", "red.spotter")
    pos.mouse("yellow.scurrier", "inner 8").mouse("brown.scurrier", "inner 8").mouse("red.scamp", "outer 1")
    pos.mouse("blue.scurrier", "outer 1").mouse("yellow.spotter", "outer 1").mouse("brown.spotter", "outer 1")
    pos.hand("blue.scavenger", "red.spotter")
    pos.scaler("blue", 4).scaler("red", 5)
    return (game_html if html else game_svg)(pos.game(), language)


def hickory_solo(html: bool = False) -> str:
    from hickory_widget import Game

    game = Game.new(1, seed=2)
    return game._repr_html_() if html else game._repr_svg_()


def clocktowers_midgame(language: str = "en", html: bool = False) -> str:
    from hickory_widget.clocktowers import ClocktowersGame
    from hickory_widget.clocktowers.board.svg import game_html, game_svg
    from hickory_widget.core.bots import GreedyBot

    game = ClocktowersGame.new(players=4, seed=2)
    bots = {p: GreedyBot(i) for i, p in enumerate(game.state.players)}
    for _ in range(60):  # far enough that towers stand, some complete
        if game.over:
            break
        game.choose(bots[game.decision.player].choose(game))
    return (game_html if html else game_svg)(game, language)


def mice_midgame(language: str = "en", html: bool = False) -> str:
    from hickory_widget.core.bots import RandomBot
    from hickory_widget.mice import MiceGame
    from hickory_widget.mice.board.svg import game_html, game_svg

    game = MiceGame.new(players=6, seed=4)
    bots = {p: RandomBot(i) for i, p in enumerate(game.state.players)}
    for _ in range(14):
        game.choose(bots[game.decision.player].choose(game))
    return (game_html if html else game_svg)(game, language)


PICTURES: dict[str, Callable[[], str]] = {
    "hickory-4p": hickory_four,
    "hickory-4p-de": lambda: hickory_four("de"),
    "hickory-solo": hickory_solo,
    "clocktowers-4p": clocktowers_midgame,
    "clocktowers-4p-de": lambda: clocktowers_midgame("de"),
    "mice-6p": mice_midgame,
    "mice-6p-it": lambda: mice_midgame("it"),
}

MEASURE = """(width) => {
    const svg = document.querySelector('#out > svg');
    const box = svg.getBoundingClientRect();
    const out = [];
    let smallest = Infinity, smallestText = '';
    for (const el of svg.querySelectorAll('*')) {
        if (el.closest('defs, title, desc, marker, pattern, linearGradient')) continue;
        if (typeof el.getBBox !== 'function') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const [x0, y0, x1, y1] = [r.left - box.left, r.top - box.top, r.right - box.left, r.bottom - box.top];
        if (x0 < -0.5 || y0 < -0.5 || x1 > box.width + 0.5 || y1 > box.height + 0.5)
            out.push(`${el.tagName} ${(el.textContent || '').slice(0, 40)} [${x0.toFixed(0)},${y0.toFixed(0)} to ` +
                     `${x1.toFixed(0)},${y1.toFixed(0)}]`);
        if (el.tagName === 'text' && el.textContent.trim()) {
            const m = el.getScreenCTM();  // its scale, rotated or not
            const px = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
            if (px < smallest) { smallest = px; smallestText = el.textContent; }
        }
    }
    return { width: box.width, height: box.height, outside: out, smallest, smallestText };
}"""


@pytest.fixture(scope="module")
def pictures() -> dict[str, str]:
    return {name: make() for name, make in PICTURES.items()}


def show(page: Any, svg: str, width: int) -> dict[str, Any]:
    page.set_content(f'<!doctype html><html><body style="margin:0;background:#fff">'
                     f'<div id="out" style="width:{width}px">{svg}</div></body></html>')
    return page.evaluate(MEASURE, width)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_static_picture_fills_each_width_uncut_and_readable(page: Any, pictures: dict[str, str], name: str) -> None:
    svg = pictures[name]
    OUTPUT_DIR.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1440, "height": 900})
    for width in WIDTHS:
        m = show(page, svg, width)
        page.locator("#out").screenshot(path=str(OUTPUT_DIR / f"static-svg-{name}-{width}.png"))
        assert abs(m["width"] - width) <= 1, f"{name} at {width} px is drawn {m['width']:.0f} px wide"
        assert not m["outside"], f"{name} at {width} px: cut off at the picture's edge: {m['outside'][:6]}"
        # JupyterLab shows image/svg+xml as an <img> of a data URL (max-width 100%, height auto): it fills too.
        page.set_content(f'<!doctype html><html><body style="margin:0"><div style="width:{width}px">'
                         f'<img style="max-width:100%;height:auto" src="data:image/svg+xml,{quote(svg)}"></div>'
                         '</body></html>')
        shown = page.evaluate("() => document.querySelector('img').getBoundingClientRect().width")
        assert abs(shown - width) <= 1, f"{name} as an <img> at {width} px is drawn {shown:.0f} px wide"
        print(f"{name} SVG at {width} px: smallest text {m['smallest']:.1f} px ({m['smallestText']!r})")
        if width >= 848:  # at 592 px JupyterLab shows the HTML picture: measured below
            assert m["smallest"] >= SMALLEST_TEXT_PX, \
                f"{name} at {width} px: {m['smallestText']!r} is {m['smallest']:.1f} px (< {SMALLEST_TEXT_PX})"


HTML_PICTURES: dict[str, Callable[[], str]] = {
    "hickory-4p": lambda: hickory_four(html=True),
    "hickory-4p-de": lambda: hickory_four("de", html=True),
    "hickory-solo": lambda: hickory_solo(html=True),
    "clocktowers-4p": lambda: clocktowers_midgame(html=True),
    "clocktowers-4p-de": lambda: clocktowers_midgame("de", html=True),
    "mice-6p": lambda: mice_midgame(html=True),
    "mice-6p-it": lambda: mice_midgame("it", html=True),
}
"""The same positions as ``PICTURES``, as the HTML JupyterLab, Notebook 7 and an nbconvert export show."""
BELOW = {"hickory": 846, "clocktowers": 800, "mice": 760}
"""Below this output width (CSS px) each game's HTML shows its narrow layout."""

SHOWN = """() => {
    const shown = [...document.querySelectorAll('#out img')].filter((i) => i.getBoundingClientRect().width > 0);
    return shown.map((i) => ({ cls: i.className, width: i.getBoundingClientRect().width,
                               svg: decodeURIComponent(i.src.slice('data:image/svg+xml,'.length)) }));
}"""


@pytest.mark.parametrize("name", sorted(HTML_PICTURES))
def test_html_picture_chooses_a_readable_layout_at_each_width(page: Any, name: str) -> None:
    """The HTML picture shows one of its two layouts, filling the output: the narrow layout in an output narrower
    than the wide one's readable width, the wide one from there; the one shown is not cut off and has every text
    11 px or more in 560, 592 and 848 px outputs."""
    html = HTML_PICTURES[name]()
    OUTPUT_DIR.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1440, "height": 900})
    figures = []
    for width in (560, *WIDTHS):
        page.set_content(f'<!doctype html><html><body style="margin:0;background:#fff">'
                         f'<div id="out" style="width:{width}px">{html}</div></body></html>')
        page.wait_for_function("() => [...document.images].every((i) => i.complete)")
        page.locator("#out").screenshot(path=str(OUTPUT_DIR / f"static-html-{name}-{width}.png"))
        shown = page.evaluate(SHOWN)
        assert len(shown) == 1, f"{name} at {width} px shows {len(shown)} pictures"
        assert abs(shown[0]["width"] - width) <= 1, f"{name} at {width} px is drawn {shown[0]['width']:.0f} px wide"
        narrow = width < BELOW[name.split("-")[0]]
        assert shown[0]["cls"] == ("hw-narrow" if narrow else "hw-wide"), (name, width, shown[0]["cls"])
        m = show(page, shown[0]["svg"], width)  # the same SVG inline, to measure its texts
        figures.append(f"{name} HTML at {width} px: {shown[0]['cls']}, {m['height']:.0f} px tall, smallest text "
                       f"{m['smallest']:.1f} px ({m['smallestText']!r})")
        assert not m["outside"], f"{name} at {width} px: cut off at the picture's edge: {m['outside'][:6]}"
        if width in READABLE_AT or width == 560:
            assert m["smallest"] >= SMALLEST_TEXT_PX, figures[-1]
    print("\n" + "\n".join(figures))


IN_LAB = """() => [...document.querySelectorAll('.hw-picture-846, .hw-picture-800, .hw-picture-760')].map((box) => {
    const img = [...box.querySelectorAll('img')].find((i) => i.getBoundingClientRect().width > 0);
    const out = box.closest('.jp-OutputArea-output').getBoundingClientRect().width;
    const svg = img ? decodeURIComponent(img.src.slice('data:image/svg+xml,'.length)) : '';
    const across = svg ? parseFloat(svg.match(/viewBox="0 0 ([0-9.]+)/)[1]) : 0;
    return { picture: box.dataset.testid, output: out, box: box.getBoundingClientRect().width,
             shown: img ? img.className : null,
             width: img ? img.getBoundingClientRect().width : 0, across };
})"""
"""Each game picture in the notebook: its output's width, the layout shown, how wide it is drawn and how wide its
drawing is in its own units."""
SMALLEST_UNITS = {"hickory-picture": 13, "clocktowers-picture": 11, "mice-picture": 11}
"""Each picture's smallest text in its drawing's units (test_svg.py and the card games' svg modules keep to it)."""


@pytest.mark.parametrize("prefix", ["/lab/tree", "/notebooks"])
def test_jupyter_shows_the_html_picture_and_its_narrow_layout_in_a_narrow_output(
        page: Any, lab_server: Any, lab: Any, tmp_path: Any, prefix: str, request: Any) -> None:
    """JupyterLab and Notebook 7 show a game's ``_repr_html_`` (they rank HTML above SVG) and the container query
    picks the layout by the width it is drawn at (the output's but JupyterLab's 20 px padding): narrow in
    JupyterLab's 592 px output at 1024x768 with the file browser open, wide in its 1,100 px output at 1280x800 with
    it closed and in Notebook 7's 922 px output at 1024x768; the smallest text is 11 px or more in each."""
    cells = ("from hickory_widget import Game\nfrom hickory_widget.clocktowers import ClocktowersGame\n"
             "from hickory_widget.mice import MiceGame",
             "Game.new(4, seed=1)", "ClocktowersGame.new(players=3, seed=1)", "MiceGame.new(players=4, seed=1)")
    page.set_viewport_size({"width": 1024, "height": 768})
    server = lab_server if prefix == "/lab/tree" else request.getfixturevalue("notebook7_server")
    lab.open_notebook(page, server, lab.write_notebook(tmp_path / "pictures.ipynb", *cells), prefix=prefix)
    page.wait_for_selector(".jp-OutputArea-output [data-testid=hickory-picture]", timeout=60_000)
    screens = ((1024, 768, True), (1280, 800, False)) if prefix == "/lab/tree" else ((1024, 768, False),)
    figures = []
    for width, height, left in screens:
        page.set_viewport_size({"width": width, "height": height})
        if prefix == "/lab/tree":
            page.evaluate("""(open) => { const shell = window.jupyterapp.shell;
                if (open) { shell.activateById('filebrowser'); shell.expandLeft(); } else shell.collapseLeft(); }""",
                          left)
        page.wait_for_timeout(600)
        seen_all = {}
        for cell in (1, 2, 3):  # one at a time: the notebook draws only the cells near its visible area
            page.evaluate("(i) => window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'start')", cell)
            page.wait_for_timeout(400)
            seen_all.update({seen["picture"]: seen for seen in page.evaluate(IN_LAB)})
        assert len(seen_all) == 3, seen_all
        for seen in seen_all.values():
            seen["smallest text px"] = round(SMALLEST_UNITS[seen["picture"]] * seen["width"] / seen["across"], 1)
            figures.append(f"{prefix} {width}x{height}: {seen}")
            below = {"hickory-picture": 846, "clocktowers-picture": 800, "mice-picture": 760}[seen["picture"]]
            assert seen["shown"] == ("hw-narrow" if seen["box"] < below else "hw-wide"), figures[-1]
            assert seen["output"] - 24 <= seen["width"] == seen["box"] <= seen["output"], figures[-1]  # 20 px pad
            assert seen["smallest text px"] >= SMALLEST_TEXT_PX, figures[-1]
        if (width, left) == (1024, True):
            assert all("hw-narrow" in line for line in figures), figures
        lab.screenshot(page, f"static-html-in-{prefix.strip('/').split('/')[0]}-{width}x{height}")
    print("\n" + "\n".join(figures))
    if prefix == "/lab/tree":  # Notebook 7's server is its own, and has no close-all
        lab.close_everything(page)
