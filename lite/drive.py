"""Driving the built site in headless Chromium: shared by the browser tests (tests/browser/test_lite.py) and the
figures script (lite/measure.py). Every request to a host other than 127.0.0.1 fails (Chromium resolves no other
host name) and is recorded, so a test can fail on it. No Playwright route is used: routing turns the browser's
HTTP cache off, and the second visit's time is measured with the cache.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

HERE = Path(__file__).parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


@contextlib.contextmanager
def served(site: Path, port: int = 0) -> Iterator[str]:
    """The site on a plain static server on 127.0.0.1 (lite/serve.py); yields its base address."""
    server = subprocess.Popen([sys.executable, str(HERE / "serve.py"), str(site), str(port)],
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline() if server.stdout else ""
        yield f"http://127.0.0.1:{int(line)}"
    finally:
        server.terminate()
        server.wait(10)


@dataclass
class Visit:
    """One browser context (its own cache and storage: a new visitor, or the same one again)."""

    context: Any
    page: Any
    external: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    bytes_loaded: list[int] = field(default_factory=lambda: [0])

    def close(self) -> None:
        self.context.close()


def visit(browser: Any, *, storage: str | None = None, viewport: dict[str, int] | None = None) -> Visit:
    """A new context that records every request leaving 127.0.0.1 and counts the bytes the site sends."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 1000}, storage_state=storage,
                                  accept_downloads=True)
    page = context.new_page()
    v = Visit(context, page)

    def request(r: Any) -> None:
        if urlparse(r.url).scheme in ("http", "https", "ws", "wss") and urlparse(r.url).hostname != "127.0.0.1":
            v.external.append(r.url)

    context.on("request", request)
    page.on("console", lambda m: v.console.append(f"{m.type}: {m.text}"[:1000]))

    def count(response: Any) -> None:
        with contextlib.suppress(Exception):
            if not response.from_service_worker and response.status == 200:
                v.bytes_loaded[0] += int(response.headers.get("content-length", 0))

    context.on("response", count)
    return v


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)


# ------------------------------------------------------------------------------------------------ JupyterLab
OPENED = """(name) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return Boolean(w && w.sessionContext && w.context && w.context.path === name); }"""
KERNEL_READY = """async () => { const w = window.jupyterapp.shell.currentWidget;
    await w.context.ready; await w.sessionContext.ready; await w.sessionContext.session.kernel.info; }"""
RUN_ALL = """() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"""
ALL_DONE = """() => { const w = window.jupyterapp.shell.currentWidget; const cells = w.content.model.cells;
    if (w.sessionContext.session.kernel.status !== 'idle') return false;
    let pending = false;
    for (let i = 0; i < cells.length; i++) { const c = cells.get(i); if (c.type !== 'code') continue;
      for (let j = 0; j < c.outputs.length; j++) if (c.outputs.get(j).type === 'error') return true;  // run-all stops
      if (c.sharedModel.source.trim() && c.executionCount === null) pending = true; }
    return !pending; }"""
OUTPUTS = """() => { const cells = window.jupyterapp.shell.currentWidget.content.model.cells; const res = [];
    for (let i = 0; i < cells.length; i++) { const c = cells.get(i); if (c.type !== 'code') continue;
      const outs = []; for (let j = 0; j < c.outputs.length; j++) outs.push(c.outputs.get(j).toJSON());
      res.push({index: i, execution_count: c.executionCount, outputs: outs}); }
    return res; }"""


def open_notebook(page: Any, base: str, path: str, timeout_s: float = 300) -> float:
    """Opens ``path`` in JupyterLite's lab, waits for its kernel and runs every cell; returns the start time."""
    t0 = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={path}")
    page.wait_for_function(OPENED, arg=path, timeout=timeout_s * 1000)
    page.evaluate(KERNEL_READY)
    page.evaluate(RUN_ALL)
    return t0


def wait_all_done(page: Any, timeout_s: float = 600) -> list[dict[str, Any]]:
    """Waits until every code cell ran and the kernel is idle; returns the cells' outputs."""
    page.wait_for_function(ALL_DONE, timeout=timeout_s * 1000, polling=500)
    return page.evaluate(OUTPUTS)


def errors(outputs: list[dict[str, Any]]) -> list[str]:
    return [f"cell {c['index']}: {o.get('ename')}: {o.get('evalue')}" for c in outputs for o in c["outputs"]
            if o.get("output_type") == "error"]


# ------------------------------------------------------------------------------------------------ the lessons
def open_lessons(page: Any, base: str, query: str = "", timeout_s: float = 300) -> float:
    """Opens the site's address (the landing page: the lessons); returns seconds to the first lesson board."""
    t0 = time.monotonic()
    page.goto(f"{base}/{'?' + query if query else ''}")
    page.wait_for_selector("[data-testid=lesson] [data-testid=lesson-board], [data-testid=lesson] svg",
                           timeout=timeout_s * 1000)
    return time.monotonic() - t0
