"""Widget figures: the view model's size and build time, and in a real JupyterLab + Chromium the time to first
render and from a click to the redrawn board.

    python benchmarks/bench_widget.py            # all figures (needs /usr/bin/chromium and playwright)
    python benchmarks/bench_widget.py --no-browser

The browser part reuses the JupyterLab set-up of the browser tests (tests/browser/conftest.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from hickory_widget import Game
from hickory_widget.hickory.board.view import build

ROOT = Path(__file__).resolve().parent.parent


CLICK_TO_REDRAW = """() => new Promise((resolve) => {
    const root = document.querySelector('[data-testid=hickory]');
    const version = root.getAttribute('data-version');
    const button = root.querySelector('[data-choice-id]');
    const observer = new MutationObserver(() => {
        if (root.getAttribute('data-version') !== version) {
            observer.disconnect();
            const drawn = performance.now() - start;
            // and to the next frame: the browser's own style, layout and paint of the new board
            requestAnimationFrame(() => setTimeout(() => resolve([drawn, performance.now() - start]), 0));
        }
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-version'] });
    const start = performance.now();
    button.click();
})"""
"""Measured inside the page: from the click on a choice to the board redrawn at the next version, and to the
next frame after it (the browser's layout and paint included)."""


CARD_CLICK_TO_REDRAW = """(index) => new Promise((resolve) => {
    const root = document.querySelectorAll('[data-testid=game]')[index];
    const version = root.dataset.version;
    const button = root.querySelector('.cs-choice');
    const observer = new MutationObserver(() => {
        if (root.dataset.version !== version) {
            observer.disconnect();
            const drawn = performance.now() - start;
            requestAnimationFrame(() => setTimeout(() => resolve([drawn, performance.now() - start]), 0));
        }
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-version'] });
    const start = performance.now();
    button.click();
})"""
"""The card games' figure: from a click on a choice to the shell's board redrawn at the next version, and to the
next frame after it (the browser's style, layout and paint of what changed)."""

CARD_GAMES = """\
import random
from IPython.display import display
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.mice import MiceGame
def after(kind, moves):
    game = (ClocktowersGame if kind == "ct" else MiceGame).new(players=4, seed=1)
    rng = random.Random(1)
    for _ in range(moves):
        game.choose(rng.choice(game.choice_ids))
    return game.widget(pass_and_play=False)
display(after("ct", 0), after("ct", 80), after("mice", 0), after("mice", 44))
"""
"""Each card game early (no move yet) and late (Clocktowers after 80 of about 104 moves, Mice! after 44 of 64)."""


def card_game_figures(page, lab, server, base: Path, clicks: int) -> list[tuple[str, str]]:
    """Click to redrawn board in the card games, early and late in a 4-player game (every seat human)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(CARD_GAMES)]
    nbformat.write(nb, base / "cards.ipynb")
    lab.open_notebook(page, server, base / "cards.ipynb")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=game][data-version]').length === 4",
                           timeout=120_000)
    rows = []
    for index, name in enumerate(("Clocktowers, early", "Clocktowers, late", "Mice!, early", "Mice!, late")):
        times, draws, frames = [], [], []
        for _ in range(clicks):
            if page.evaluate("(i) => !document.querySelectorAll('[data-testid=game]')[i]"
                             ".querySelector('.cs-choice')", index):
                break  # the game is over
            drawn, painted = page.evaluate(CARD_CLICK_TO_REDRAW, index)
            times.append(drawn / 1e3)
            frames.append(painted)
            drawn = page.evaluate("(i) => document.querySelectorAll('[data-testid=game]')[i].dataset.drawMs", index)
            if drawn is not None:
                draws.append(float(drawn))
        drawing = (f"; drawing median {statistics.median(draws):.1f} ms, max {max(draws):.1f} ms" if draws else "")
        drawing += f"; to the next frame median {statistics.median(frames):.0f} ms, max {max(frames):.0f} ms"
        rows.append((f"{name}: click to redrawn board (n={len(times)})",
                     f"median {statistics.median(times) * 1e3:.0f} ms, max {max(times) * 1e3:.0f} ms{drawing}"))
    return rows


def view_model_figures(games: int) -> list[tuple[str, str]]:
    """Per move of random 4-player games: the widget's view model (the board; the log travels apart), what one
    click sends in all (every message to the browser: the changed traits, the log's new entries), and the Python
    side of a click (the intent handled, the view built and sent), early and late in the game."""
    from hickory_widget.hickory.widget import HickoryWidget

    sizes, times, sent, handled = [], [], [], {"early": [], "late": []}
    for seed in range(games):
        w = HickoryWidget(Game.new(4, seed=seed), animate=False)
        out: list[int] = []
        w._send = lambda msg, buffers=None, into=out: into.append(len(json.dumps(msg, separators=(",", ":"))))
        rng = random.Random(seed)
        while not w.game.over:
            t = time.perf_counter()
            build(w.game, 1, with_log=False)
            times.append(time.perf_counter() - t)
            sizes.append(len(json.dumps(w.view, separators=(",", ":"))))
            out.clear()
            click = {"type": "choose", "id": rng.choice(w.game.choice_ids), "version": w.view["version"]}
            t = time.perf_counter()
            w._on_msg(w, click, [])  # as a click in the browser arrives
            handled["late" if len(w.game.history) > 200 else "early"].append(time.perf_counter() - t)
            sent.append(sum(out))
    return [
        ("view model, 4 players (bytes of JSON)", f"median {statistics.median(sizes):,.0f}, max {max(sizes):,}"),
        ("sent per click (every message to the browser, bytes)", f"median {statistics.median(sent):,.0f}, "
                                                                 f"max {max(sent):,}"),
        ("view model build time", f"median {statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms"),
        *((f"Python side of a click, {when} (move {'> 200' if when == 'late' else '<= 200'})",
           f"median {statistics.median(ts) * 1e3:.1f} ms, max {max(ts) * 1e3:.1f} ms") for when, ts in handled.items()),
    ]


def history_figures() -> list[tuple[str, str]]:
    """A look back from the end of a whole 4-player game (about 300 moves): the widget's own handling of a
    "look" intent (the game at that step, rebuilt from the nearest Tick snapshot, and its view model)."""
    from hickory_widget.hickory.widget import HickoryWidget

    w = HickoryWidget(Game.new(4, seed=1), animate=False)
    w.play("end")
    total = len(w.game.history)
    times = []
    for step in (300, 10, 150, 299, 1, 250, 75, 200):
        step = min(step, total - 1)
        t = time.perf_counter()
        w._on_msg(w, {"type": "look", "step": step}, [])
        times.append(time.perf_counter() - t)
        assert w.view["looking"]["step"] == step and not w.error, w.error
    t = time.perf_counter()
    w._on_msg(w, {"type": "look", "step": None}, [])
    back = time.perf_counter() - t
    size = {name: len(json.dumps(getattr(w, name), separators=(",", ":")))
            for name in ("view", "log_pages", "log_tail", "rule_texts")}
    return [
        (f"history jump in a {total}-move game (Python side)",
         f"median {statistics.median(times) * 1e3:.0f} ms, max {max(times) * 1e3:.0f} ms; back to now "
         f"{back * 1e3:.0f} ms"),
        ("view model at the end of that game (bytes of JSON)", f"{size['view']:,}"),
        ("its log, sent apart (bytes of JSON)", f"pages {size['log_pages']:,}, tail {size['log_tail']:,}, "
                                                 f"rule table {size['rule_texts']:,}"),
    ]


def browser_figures(clicks: int) -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("browser_conftest", ROOT / "tests" / "browser" / "conftest.py")
    lab = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["browser_conftest"] = lab  # dataclasses look their module up there
    spec.loader.exec_module(lab)  # type: ignore[union-attr]
    from playwright.sync_api import sync_playwright

    base = Path(tempfile.mkdtemp(prefix="hickory-bench-"))
    root = base / "root"
    root.mkdir()
    port = lab.free_port()
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
               "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
               f"--ServerApp.root_dir={root}", "--expose-app-in-browser", "--allow-root"]
    log_path = base / "lab.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=root, env=lab.lab_environment(base), stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    server = lab.LabServer(url=f"http://127.0.0.1:{port}", root_dir=root, log_path=log_path, process=process)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    source = "from hickory_widget import Game\nw = Game.new(4, seed=1).widget(animate=False)\nw"
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nbformat.write(nb, base / "bench.ipynb")
    try:
        lab.wait_until_ready(server)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(lab.CHROMIUM), headless=True, args=lab.CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 1400})
            t = time.perf_counter()
            lab.open_notebook(page, server, base / "bench.ipynb")
            page.wait_for_selector('[data-testid=hickory][data-version="1"]', timeout=60_000)
            first_render = time.perf_counter() - t
            times, draws, frames = [], [], []
            for _ in range(clicks):
                drawn, painted = page.evaluate(CLICK_TO_REDRAW)
                times.append(drawn / 1e3)
                frames.append(painted / 1e3)
                draws.append(float(page.get_attribute("[data-testid=hickory]", "data-draw-ms")))
            # late in the game (a long log): whole rounds played by the bots, then clicks again
            while (int(page.get_attribute("[data-testid=hickory]", "data-steps")) < 230
                   and page.get_attribute("[data-testid=hickory]", "data-decision-kind") != "over"):
                version = page.get_attribute("[data-testid=hickory]", "data-version")
                page.click('[data-testid=hickory] [data-control="play-round"]')
                page.wait_for_function("(v) => document.querySelector('[data-testid=hickory]').dataset.version !== v",
                                       arg=version, timeout=60_000)
            late_steps = int(page.get_attribute("[data-testid=hickory]", "data-steps"))
            late, late_draws, late_frames = [], [], []
            for _ in range(max(5, clicks // 2)):
                if page.get_attribute("[data-testid=hickory]", "data-decision-kind") == "over":
                    break
                drawn, painted = page.evaluate(CLICK_TO_REDRAW)
                late.append(drawn / 1e3)
                late_frames.append(painted / 1e3)
                late_draws.append(float(page.get_attribute("[data-testid=hickory]", "data-draw-ms")))
            heights = {}
            for width, height in ((1280, 800), (1024, 768)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(500)
                heights[f"{width}x{height}"] = page.evaluate(
                    "() => document.querySelector('[data-testid=hickory]').getBoundingClientRect().height")
            page.set_viewport_size({"width": 1280, "height": 1400})
            # a whole game, then a look back at move 10 from the end: click on the log entry to redrawn board
            page.click('[data-testid=hickory] [data-control="play-end"]')
            page.wait_for_selector('[data-testid=hickory][data-decision-kind="over"]', timeout=120_000)
            steps = int(page.get_attribute("[data-testid=hickory]", "data-steps"))
            jumps = []
            for target in (10, steps - 1, 150, 1, 299):
                target = min(target, steps - 1)
                jumps.append(page.evaluate(
                    """(step) => new Promise((resolve) => {
                        const root = document.querySelector('[data-testid=hickory]');
                        const entry = root.querySelector(`.cs-log li[data-step="${step}"]`);
                        const observer = new MutationObserver(() => {
                            if (root.getAttribute('data-looking') === String(step)) {
                                observer.disconnect();
                                resolve(performance.now() - start);
                            }
                        });
                        observer.observe(root, { attributes: true, attributeFilter: ['data-looking'] });
                        const start = performance.now();
                        entry.click();
                    })""", target) / 1e3)
            cards = card_game_figures(page, lab, server, base, max(5, clicks // 3))
            browser.close()
    finally:
        lab.stop(process)
    return [
        ("time to first render (open + run + draw)", f"{first_render:.2f} s"),
        (f"click to redrawn board (n={clicks})", f"median {statistics.median(times) * 1e3:.0f} ms, "
                                                  f"max {max(times) * 1e3:.0f} ms"),
        ("of which drawing the board", f"median {statistics.median(draws):.1f} ms, max {max(draws):.1f} ms"),
        ("click to the next frame (layout and paint included)",
         f"median {statistics.median(frames) * 1e3:.0f} ms, max {max(frames) * 1e3:.0f} ms"),
        (f"click to redrawn board after move {late_steps} (n={len(late)})",
         f"median {statistics.median(late) * 1e3:.0f} ms, max {max(late) * 1e3:.0f} ms; drawing median "
         f"{statistics.median(late_draws):.1f} ms, max {max(late_draws):.1f} ms; to the next frame median "
         f"{statistics.median(late_frames) * 1e3:.0f} ms, max {max(late_frames) * 1e3:.0f} ms"),
        ("widget height in JupyterLab (file browser open)", ", ".join(f"{k}: {v:.0f} px" for k, v in heights.items())),
        (f"history jump in the browser, {steps}-move game (click on a log entry to redrawn board)",
         f"median {statistics.median(jumps) * 1e3:.0f} ms, max {max(jumps) * 1e3:.0f} ms"),
        *cards,
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="random games for the view-model figures")
    parser.add_argument("--clicks", type=int, default=30, help="clicks timed in the browser")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    rows = view_model_figures(args.games) + history_figures()
    if not args.no_browser:
        rows += browser_figures(args.clicks)
    width = max(len(name) for name, _ in rows)
    print("hickory_widget widget benchmark")
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
