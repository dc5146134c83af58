"""Figures of the static site (issue 21): size per part, first board cold and warm, a lesson answer's time, each
example notebook's run time in the browser, and 1,000 random playouts in the browser against CPython.

usage: .venv/bin/python lite/measure.py [SITE_DIR] [--notebooks] [--playouts]   (after bash scripts/lite.sh)
Prints one line per figure. Every request to another host would be listed (and is impossible: see drive.py).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent.parent))
from lite import drive

PLAYOUTS = """
import time
from hickory_widget.core.bots import RandomBot, play
from hickory_widget.hickory.game import Game
t = time.perf_counter()
for k in range({n}):
    g = Game.new(players=2, seed=k)
    play(g, {{c: RandomBot(seed=k) for c in g.state.colors}})
print("PLAYOUTS", {n}, round(time.perf_counter() - t, 2))
"""


def sizes(site: Path) -> None:
    def mb(path: Path) -> float:
        files = [path] if path.is_file() else [f for f in path.rglob("*") if f.is_file()]
        return sum(f.stat().st_size for f in files) / 1e6

    print(f"site total: {mb(site):.1f} MB in {sum(1 for f in site.rglob('*') if f.is_file())} files")
    for part in sorted(site.iterdir(), key=mb, reverse=True)[:6]:
        print(f"  {part.name}: {mb(part):.1f} MB")
    for part in sorted((site / "static" / "pyodide").iterdir(), key=mb, reverse=True)[:10]:
        print(f"    static/pyodide/{part.name}: {mb(part):.2f} MB")


def lessons(p, base: str) -> None:
    with tempfile.TemporaryDirectory() as profile:
        for visit in ("cold", "warm"):
            ctx = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", headless=True,
                                                       args=drive.CHROMIUM_ARGS,
                                                       viewport={"width": 1280, "height": 1000})
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            seconds = drive.open_lessons(page, base)
            print(f"first lesson board, {visit}: {seconds:.1f} s")
            if visit == "cold":
                target = page.locator('[data-testid=lesson] .hk-clock-svg [data-target-key="outer:4"]').first
                t = time.monotonic()
                target.click()
                page.wait_for_selector("[data-testid=verdict][data-verdict]", timeout=60_000)
                print(f"lesson answer (click to verdict): {time.monotonic() - t:.2f} s")
            ctx.close()


def notebooks(p, base: str, site: Path) -> None:
    browser = drive.launch(p)
    for nb in sorted((site / "files" / "examples").glob("*.ipynb")):
        v = drive.visit(browser)
        try:
            t0 = drive.open_notebook(v.page, base, f"examples/{nb.name}")
            outs = drive.wait_all_done(v.page, 900)
            print(f"notebook {nb.stem}: {time.monotonic() - t0:.1f} s, errors: {drive.errors(outs) or 'none'}",
                  flush=True)
        except Exception as exc:
            print(f"notebook {nb.stem}: FAILED {type(exc).__name__}: {str(exc)[:200]}", flush=True)
        v.close()
    browser.close()


def playouts(p, base: str, n: int = 1000) -> None:
    import subprocess
    code = PLAYOUTS.format(n=n)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    print(f"{n} random playouts, CPython {sys.version.split()[0]}: {out.split()[-1]} s")
    browser = drive.launch(p)
    v = drive.visit(browser)
    v.page.goto(f"{base}/repl/index.html?kernel=python&toolbar=1&code=" + __import__("urllib.parse").parse.quote(code))
    v.page.wait_for_function("() => document.body.innerText.includes('PLAYOUTS ')", timeout=1_800_000,
                             polling=1000)
    text = v.page.inner_text("body")
    line = next(x for x in text.splitlines() if x.startswith("PLAYOUTS "))
    print(f"{n} random playouts, browser (Pyodide): {line.split()[-1]} s")
    browser.close()


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    site = Path(args[0] if args else Path(__file__).parent.parent / "build" / "lite")
    sizes(site)
    with drive.served(site) as base, sync_playwright() as p:
        lessons(p, base)
        if "--notebooks" in sys.argv:
            notebooks(p, base, site)
        if "--playouts" in sys.argv:
            playouts(p, base)
    print(json.dumps({"done": True}))


if __name__ == "__main__":
    main()
