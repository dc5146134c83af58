"""Where the static site's first lesson board spends its time (issue 21): cold (a new browser profile) and warm (the
same profile again, the browser's cache full), split into the front end, Pyodide's start, the packages, the
kernel's start and the lesson itself.

usage: .venv/bin/python benchmarks/bench_lite.py [SITE_DIR] [--runs N]      (after bash scripts/lite.sh)

Each run opens the site's address (the landing page: the lessons) in a fresh profile (cold), then twice more in
that profile (warm), and prints one line per visit with its split, then the medians and the machine's load. The
split comes from the page (JupyterLite's app and the kernel's status, read every 20 ms) and from the requests the
kernel's worker makes (Pyodide's runtime, then the wheels):

- front end: the address opened until the app has started (JupyterLite's JavaScript, its settings, the page);
- pyodide: the app started until the worker asks for its first wheel (the worker, pyodide.asm.wasm compiled, the
  standard library);
- packages: the first wheel asked for until the last one (before the kernel answers) has arrived;
- kernel: that until the kernel's first busy status (the wheels unpacked; imports of IPython, ipykernel's shim,
  jedi, the kernel object);
- lesson: the kernel busy until the lesson's board is drawn (hickory_widget imported, the widget made and drawn).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT))
from lite import drive  # noqa: E402

MARKS = """
window.__marks = {};
const mark = (k) => { if (!(k in window.__marks)) window.__marks[k] = Date.now(); };
const poll = setInterval(() => {
  const app = window.jupyterapp;
  if (!app) return;
  mark('app');
  if (!window.__hooked) { window.__hooked = true; app.started.then(() => mark('started')); }
  const w = app.shell && app.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  if (kernel) mark('kernel_' + kernel.status);
  if (document.querySelector('[data-testid=lesson] svg')) { mark('board'); clearInterval(poll); }
}, 20);
"""
PARTS = ("front end", "pyodide", "packages", "kernel", "lesson")


def visit(p: Any, profile: str, base: str) -> dict[str, float]:
    """One visit in ``profile``: seconds per part, and the total to the first lesson board."""
    ctx = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", headless=True,
                                               args=drive.CHROMIUM_ARGS, viewport={"width": 1280, "height": 1000})
    ctx.add_init_script(MARKS)
    wheels: list[tuple[float, str, str]] = []  # (time, asked or got, address) of every wheel the worker fetches
    ctx.on("request", lambda r: wheels.append((time.time() * 1000, "ask", r.url)) if ".whl" in r.url else None)
    ctx.on("requestfinished", lambda r: wheels.append((time.time() * 1000, "got", r.url)) if ".whl" in r.url else None)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    t0 = time.time() * 1000
    seconds = drive.open_lessons(page, base)
    marks = page.evaluate("window.__marks")
    ctx.close()
    started = marks.get("started", marks.get("app"))
    ready = marks.get("kernel_busy", float("nan"))
    loading = min((t for t, kind, _ in wheels if kind == "ask"), default=float("nan"))
    loaded = max((t for t, kind, _ in wheels if kind == "got" and t <= ready), default=float("nan"))
    board = marks.get("board", t0 + seconds * 1000)
    points = [t0, started, loading, loaded, ready, board]
    split = {part: (b - a) / 1000 for part, a, b in zip(PARTS, points, points[1:], strict=False)}
    split["total"] = seconds
    split["wheels"] = len({url for _, _, url in wheels})
    return split


def line(label: str, split: dict[str, float]) -> str:
    parts = ", ".join(f"{part} {split[part]:.1f}" for part in PARTS)
    return f"{label}: first board {split['total']:.1f} s ({parts}; {split['wheels']:.0f} wheels asked)"


def main() -> None:
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    args = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] != "--runs")]
    site = Path(args[0]) if args else ROOT / "build" / "lite"
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    with drive.served(site) as base, sync_playwright() as p:
        for run in range(runs):
            with tempfile.TemporaryDirectory() as profile:
                cold.append(visit(p, profile, base))
                print(line(f"run {run + 1} cold  ", cold[-1]), flush=True)
                for again in range(2):
                    warm.append(visit(p, profile, base))
                    print(line(f"run {run + 1} warm {again + 1}", warm[-1]), flush=True)
    for label, splits in (("cold", cold), ("warm", warm)):
        median = {k: statistics.median(s[k] for s in splits) for k in (*PARTS, "total", "wheels")}
        print(line(f"median {label} ({len(splits)} visits)", median))
    print(f"load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
