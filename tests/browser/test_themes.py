"""Issue 30, part 3 in a real JupyterLab and Chromium: the three games (Hickory Dickory, Clocktowers, Mice!), the
what-if panel, the review panel and the lesson widget are readable in JupyterLab Light, Dark and Dark High Contrast:
every text and every control's label inside each widget has a contrast of 4.5:1 or more against what is painted
behind it (3:1 for large text: 24 px, or 18.66 px bold, as WCAG 2.2 says), measured from the rendered page.

How a text is measured (CONTRAST below), for every non-blank text node inside a widget's root (HTML and SVG
``<text>``) and every select and input:

* its colour: ``color`` for HTML, ``fill`` for SVG text, blended with what is behind it by its alpha and by the
  opacity of the element and its ancestors (a text drawn at 45 % opacity counts as the faded colour it shows);
* what is behind it: the elements painted under the centre of the text's first line box
  (``document.elementsFromPoint``, with pointer events switched on for the measurement so that the decorations
  which ignore the pointer count too), going down from the text's own element: the first HTML element with a
  background colour, or the first SVG shape (rect, path, circle, ellipse, polygon) with a fill; translucent
  backgrounds are blended with what is under them, down to the page;
* a halo counts as the background: SVG text painted with a stroke under its fill (``paint-order: stroke``) is
  measured against its stroke, and HTML text with a solid text-shadow or -webkit-text-stroke against that colour
  (the board's white letters on player colours keep their dark outline this way on every theme);
* the ratio is WCAG's: (L1 + 0.05) / (L2 + 0.05) of the relative luminances of the sRGB colours.

Disabled controls are left out (WCAG 1.4.3 exempts inactive components), as are the screen-reader-only texts
and the hidden ones. The worst text per theme and widget is printed (run with -s) and the page is saved as
test-output/themes-<theme>-<widget>.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

THEMES = ("JupyterLab Light", "JupyterLab Dark", "JupyterLab Dark High Contrast")

SETUP_CELL = """\
import ipywidgets as widgets
from hickory_widget import Game, Position
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.mice import MiceGame
from hickory_widget.hickory.analysis.whatif import SerialExecutor
from hickory_widget.lessons.widget import LessonWidget

hk = Game.new(2, seed=1).widget(animate=False)
panel = hk.what_if(playouts=2, executor=SerialExecutor())
ct = ClocktowersGame.new(players=2, seed=1).widget()
mi = MiceGame.new(players=3, seed=1).widget()
game = Position(players=["blue", "red"], seed=4).hour(11).minute(6).game(play_on=True)
rv = game.widget(seats={"red": "greedy", "blue": "random"}, animate=False)
rv.set_seats({"blue": "human"})
ls = LessonWidget(learner="ada", language="en", progress_path="progress.json")
widgets.VBox([widgets.HBox([hk, panel]), ct, mi, rv, ls])
"""

WIDGETS = {  # name: the root's selector
    "hickory": "[data-testid=hickory] >> nth=0",
    "whatif": "[data-testid=whatif]",
    "clocktowers": "[data-testid=game] >> nth=0",
    "mice": "[data-testid=game] >> nth=1",
    "review": "[data-testid=review]",
    "lesson": "[data-testid=lesson]",
}

CONTRAST = r"""(root) => {
  const parse = (text) => {
    const m = /rgba?\(([^)]+)\)/.exec(text || '');
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {  // top (with alpha) painted over an opaque colour
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const SHAPES = new Set(['rect', 'path', 'circle', 'ellipse', 'polygon', 'polyline']);
  const paintOf = (e) => {  // the colour e paints behind a text, or null; [colour, opaque?]
    const s = getComputedStyle(e);
    if (e instanceof SVGElement) {
      if (!SHAPES.has(e.tagName.toLowerCase()) || s.visibility === 'hidden') return null;
      const f = parse(s.fill);
      if (!f || f[3] === 0) return null;
      return [f[0], f[1], f[2], f[3] * Number(s.fillOpacity) * opacityOf(e)];
    }
    const b = parse(s.backgroundColor);
    if (!b || b[3] === 0) return null;
    return [b[0], b[1], b[2], b[3] * opacityOf(e)];
  };
  const opacityOf = (e) => {
    let o = 1;
    for (let x = e; x && x !== document.documentElement; x = x.parentElement) o *= Number(getComputedStyle(x).opacity);
    return o;
  };
  const behind = (el, x, y) => {
    const stack = document.elementsFromPoint(x, y);
    if (!stack.includes(root)) return null;  // covered by the page's own bars: scrolled and tried again
    let i = stack.indexOf(el);
    if (i < 0) i = stack.findIndex((e) => e.contains(el));  // the text's element is not hit itself
    const layers = [];
    for (const e of stack.slice(Math.max(i, 0))) {  // from the text's own element: its background is behind it
      const p = paintOf(e);
      if (!p) continue;
      layers.push({ p, e });
      if (p[3] >= 0.999) break;
    }
    let c = [255, 255, 255, 1];  // the canvas
    for (const { p } of layers.reverse()) c = over(p, c);
    const top = layers.length ? layers[layers.length - 1].e : null;
    return { c, on: top ? (top.getAttribute('class') || top.tagName) : 'page' };
  };
  const halo = (el, s) => {  // a solid outline drawn under the text: [colour] or null
    if (el instanceof SVGElement) {
      const st = parse(s.stroke);
      if (st && st[3] > 0 && parseFloat(s.strokeWidth) >= 1 && /stroke/.test(s.paintOrder.split(' ')[0])) return st;
      return null;
    }
    const ws = parse(s.webkitTextStroke || s.getPropertyValue('-webkit-text-stroke-color'));
    if (ws && parseFloat(s.webkitTextStrokeWidth) >= 1) return ws;
    if (s.textShadow && s.textShadow !== 'none') {
      const shadows = s.textShadow.split(/,(?![^(]*\))/);
      if (shadows.length >= 2) return parse(shadows[0]);  // a halo needs layered shadows to be solid
    }
    return null;
  };
  const skip = 'title, style, script, option, desc, [hidden], .cs-live, .hk-live, .hk-sr, [aria-hidden=true] *';
  const items = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent.trim()) items.push({ el: n.parentElement, node: n });
  }
  for (const e of root.querySelectorAll('select, input:not([type=checkbox]):not([type=radio]):not([type=range])')) {
    items.push({ el: e, node: null });
  }
  const pe = document.createElement('style');
  pe.textContent = '.th-measuring, .th-measuring * { pointer-events: auto !important; }';
  document.head.appendChild(pe);
  root.classList.add('th-measuring');
  const out = [];
  const dimmed = [];
  try {
    for (const { el, node } of items) {
      if (el.closest(skip)) continue;
      if (el.closest('button:disabled, select:disabled, input:disabled, [aria-disabled=true]')) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.display === 'none') continue;
      const rectOf = () => {
        if (!node) return el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(node);
        return [...range.getClientRects()].find((r) => r.width && r.height) || null;
      };
      let r = rectOf();
      if (!r || !r.width || !r.height) continue;
      if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
        el.scrollIntoView({ block: 'center', inline: 'center' });
        r = rectOf();
        if (!r) continue;
      }
      const centre = () => [Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1),
                            Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1)];
      let back = behind(el, ...centre());
      if (!back) {
        el.scrollIntoView({ block: 'center', inline: 'center' });
        r = rectOf();
        back = r && behind(el, ...centre());
        if (!back) { out.push({ ratio: 0, need: 4.5, px: 0, text: (node ? node.textContent : el.tagName).slice(0, 40),
                                cls: 'not reachable on the page', on: '', fg: '', bg: '' }); continue; }
      }
      const svg = el instanceof SVGElement;
      const fgRaw = parse(svg ? s.fill : s.color);
      if (!fgRaw) continue;
      if (opacityOf(el) < 0.6) {
        dimmed.push(`${(node ? node.textContent : el.tagName).trim().slice(0, 20)} .${el.getAttribute('class') || ''}`);
        continue;
      }  // dimmed on purpose: an inactive part (WCAG 1.4.3)
      const h = halo(el, s);
      const bg = h ? over(h, back.c) : back.c;
      const fg = over([fgRaw[0], fgRaw[1], fgRaw[2], fgRaw[3] * opacityOf(el) * (svg ? Number(s.fillOpacity) : 1)],
                      bg);
      let px = parseFloat(s.fontSize);
      if (svg) { const m = el.getScreenCTM(); if (m) px *= Math.hypot(m.a, m.b); }
      const bold = Number(s.fontWeight) >= 700;
      const large = px >= 24 || (bold && px >= 18.66);
      const text = node ? node.textContent.trim() : (el.value || el.tagName);
      out.push({ ratio: ratio(fg, bg), need: large ? 3 : 4.5, px: Math.round(px * 10) / 10,
                 text: text.slice(0, 40), cls: (el.getAttribute('class') || el.tagName.toLowerCase()).slice(0, 60),
                 on: h ? 'halo' : back.on.slice(0, 60),
                 fg: fg.slice(0, 3).map(Math.round).join(','), bg: bg.slice(0, 3).map(Math.round).join(',') });
    }
  } finally {
    root.classList.remove('th-measuring');
    pe.remove();
  }
  out.sort((a, b) => a.ratio / a.need - b.ratio / b.need);
  return { texts: out, dimmed };
}"""
"""Every text in ``root`` with its contrast ratio, the ratio it needs, its size, colours and what it sits on;
the worst first (by ratio over the ratio needed)."""


def set_theme(page: Any, theme: str) -> None:
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', { theme })", theme)
    page.wait_for_function("(theme) => document.body.dataset.jpThemeName === theme", arg=theme)
    page.wait_for_timeout(800)  # the theme's stylesheet applied and the page redrawn


def save_screenshot(page: Any, root: Any, path: Path) -> None:
    """The widget whole: the viewport made as tall as the widget for the picture, then set back."""
    before = page.viewport_size
    height = root.evaluate("(e) => e.getBoundingClientRect().height")
    page.set_viewport_size({"width": before["width"], "height": min(int(height) + 160, 4000)})
    root.evaluate("(e) => e.scrollIntoView({ block: 'start' })")
    page.wait_for_timeout(300)
    root.screenshot(path=str(path))
    page.set_viewport_size(before)


def test_every_text_is_readable_in_light_dark_and_high_contrast(page, lab_server, lab, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    lab.open_notebook(page, lab_server, lab.write_notebook(tmp_path / "themes.ipynb", SETUP_CELL))
    lab.wait_for(page, '[data-testid=hickory][data-version="1"]', timeout=60_000)
    lab.wait_for(page, '[data-testid=whatif][data-status="idle"]', timeout=60_000)
    lab.wait_for(page, '[data-testid=game][data-version="1"] >> nth=1')
    lab.wait_for(page, '[data-testid=lesson][data-shown-exercise]', timeout=60_000)
    # the what-if panel with its chart, the review panel done: their texts are measured too
    page.locator("[data-testid=whatif-run]").click()
    lab.wait_for(page, '[data-testid=whatif][data-status="done"]', timeout=120_000)
    lab.wait_for(page, '[data-testid=hickory][data-live=yes][data-decision-kind="over"]', timeout=120_000)
    page.locator('[data-testid=hickory][data-decision-kind="over"] [data-control=review-open]').click()
    lab.wait_for(page, '[data-testid=review][data-status="done"]', timeout=300_000)
    # a move in Clocktowers (its recent-moves box, the log, a tower) and Mice!'s hand shown after the curtain
    page.locator(f"{WIDGETS['clocktowers']} >> [data-control=bot_step]").click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=game]')[0]"
                           ".querySelectorAll('ol.cs-log li').length >= 2")
    page.locator(f"{WIDGETS['mice']} >> [data-control=ready]").click()
    lab.wait_for(page, f"{WIDGETS['mice']} >> .mice-playable >> nth=0")

    lab.output_dir.mkdir(exist_ok=True)
    failures: list[str] = []
    try:
        for theme in THEMES:
            set_theme(page, theme)
            slug = theme.lower().replace("jupyterlab ", "").replace(" ", "-")
            print(f"\n{theme}:")
            for name, selector in WIDGETS.items():
                root = page.locator(selector)
                root.scroll_into_view_if_needed()
                measured = root.evaluate(CONTRAST)
                found = measured["texts"]
                assert len(found) >= 5, f"{theme}, {name}: only {len(found)} texts found to measure"
                worst = found[0]
                dimmed = sorted(set(measured["dimmed"]))
                print(f"  {name:12} {len(found):4} texts, worst {worst['ratio']:.2f}:1 (needs {worst['need']}) "
                      f"{worst['text']!r} .{worst['cls']} {worst['fg']} on {worst['bg']} ({worst['on']}, "
                      f"{worst['px']} px); {len(measured['dimmed'])} dimmed on purpose left out "
                      f"{'(' + '; '.join(dimmed[:6]) + ')' if dimmed else ''}")
                failures += [f"{theme}, {name}: {f['ratio']:.2f}:1 < {f['need']} {f['text']!r} ({f['cls']}; "
                             f"{f['fg']} on {f['bg']}, {f['on']}, {f['px']} px)"
                             for f in found if f["ratio"] < f["need"]]
                save_screenshot(page, root, lab.output_dir / f"themes-{slug}-{name}.png")
    finally:
        set_theme(page, "JupyterLab Light")  # the session's other tests expect the default theme
    print("\n".join(failures))
    assert not failures, f"{len(failures)} texts below WCAG contrast:\n" + "\n".join(failures[:80])
