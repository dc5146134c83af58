"""Load test of the classroom app: N learners at once (default 20) open the lessons served by Voilà on
127.0.0.1 in headless Chromium, each in a browser context of its own, join (name in the address, a new PIN typed
twice) and answer the first exercise by clicking on the board. Prints the time to the join form and to first
board (median, worst), the time from the click to the verdict, the memory
each learner costs on the server (its kernel), and the errors (they must be 0).

    python benchmarks/load_classroom.py                 # 20 learners
    python benchmarks/load_classroom.py --learners 5 --timeout 120
    python benchmarks/load_classroom.py --pool-size 20  # Voilà's preheated kernels, as scripts/classroom.sh

With ``--pool-size N`` Voilà keeps N kernels preheated (notebook run up to the learner's address); the learners
arrive once the pool is ready, as in a class where the teacher starts the server before the lesson.

Bounded: at most 40 learners, one overall time limit; the server listens on 127.0.0.1 only and is stopped at
the end (with its kernels). Needs /usr/bin/chromium, playwright and voila (pip install -e '.[test]').
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "examples" / "06_lessons.ipynb"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MAX_LEARNERS = 40
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def process_tree(root: int) -> list[int]:
    """The pid ``root`` and all its descendants, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rpartition(")")[2].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def rss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_SIZE
    return total / 2**20


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def wait_for_pool(server: subprocess.Popen[bytes], size: int, limit: float = 300) -> float:
    """Seconds until ``size`` kernels run and the server's processes have been idle for 2 s (the pool is warm)."""
    start = time.monotonic()
    last, still = -1.0, 0.0
    while time.monotonic() - start < limit:
        tree = process_tree(server.pid)
        used = cpu_seconds(tree)
        still = still + 0.5 if len(tree) - 1 >= size and used - last < 0.05 else 0.0
        if still >= 2:
            return time.monotonic() - start
        last = used
        time.sleep(0.5)
    raise SystemExit(f"the pool of {size} kernels was not ready within {limit:.0f} s")


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes (other work on it slows every figure)."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def start_voila(base: Path, port: int, pool: int = 0, fill_delay: float = 1) -> subprocess.Popen[bytes]:
    shutil.copy(NOTEBOOK, base / NOTEBOOK.name)
    env = dict(os.environ, HICKORY_PROGRESS=str(base / "progress.json"), JUPYTER_RUNTIME_DIR=str(base / "runtime"),
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    log = (base / "voila.log").open("wb")
    preheat = ["--preheat_kernel=True", f"--pool_size={pool}",
               f"--VoilaKernelManager.fill_delay={fill_delay}"] if pool else []
    process = subprocess.Popen([sys.executable, "-m", "voila", NOTEBOOK.name, "--no-browser", f"--port={port}",
                                "--Voila.ip=127.0.0.1", *preheat], cwd=base, env=env, stdin=subprocess.DEVNULL,
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"Voilà exited with code {process.returncode}:\n{(base / 'voila.log').read_text()}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/", timeout=2)
            return process
        except urllib.error.HTTPError:
            return process
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    raise SystemExit("Voilà did not start within 60 s")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


async def learner(browser, url: str, name: str, results: dict, errors: list[str], opened: asyncio.Event,
                  count: list[int], total: int) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    page.on("pageerror", lambda e: errors.append(f"{name}: page error {e}"))
    try:
        start = time.perf_counter()
        await page.goto(f"{url}/?learner={name}", timeout=240_000, wait_until="commit")
        await page.wait_for_selector("[data-testid=join-pin]", timeout=240_000)  # the join form: a new PIN, twice
        results.setdefault("join_form", []).append(time.perf_counter() - start)
        await page.fill("[data-testid=join-pin]", "2468")
        await page.keyboard.press("Enter")
        await page.wait_for_selector("[data-testid=join-pin2]", timeout=60_000)
        await page.fill("[data-testid=join-pin2]", "2468")
        await page.keyboard.press("Enter")
        await page.wait_for_selector('[data-testid=lesson] [data-target-key="outer:4"]', timeout=240_000)
        results.setdefault("first_board", []).append(time.perf_counter() - start)
        clicked = time.perf_counter()
        await page.click('[data-testid=lesson] [data-target-key="outer:4"]')
        await page.wait_for_selector("[data-testid=lesson][data-state=correct]", timeout=120_000)
        results.setdefault("answer", []).append(time.perf_counter() - clicked)
    except Exception as exc:  # counted and reported: a load test must not stop at the first failure
        errors.append(f"{name}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    finally:
        count[0] += 1
        if count[0] == total:
            opened.set()
        await opened.wait()  # keep every kernel alive until the memory is measured
        await context.close()


async def run(n: int, url: str, server_pid: int, baseline: float, timeout: float) -> dict:
    from playwright.async_api import async_playwright

    results: dict = {}
    errors: list[str] = []
    opened = asyncio.Event()
    count = [0]
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        tasks = [asyncio.create_task(learner(browser, url, f"load{i:02d}", results, errors, opened, count, n))
                 for i in range(n)]
        try:
            await asyncio.wait_for(_measure(opened, results, server_pid), timeout)
        except TimeoutError:
            errors.append(f"not every learner was done within {timeout:.0f} s")
            opened.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await browser.close()
    results["errors"] = errors
    results["baseline"] = baseline
    return results


async def _measure(opened: asyncio.Event, results: dict, server_pid: int) -> None:
    await opened.wait()
    tree = process_tree(server_pid)
    results["kernels"] = len(tree) - 1
    results["server_rss"] = rss_mib(tree)
    results["server_own"] = rss_mib([server_pid])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=20, help=f"learners at once (1-{MAX_LEARNERS})")
    parser.add_argument("--timeout", type=float, default=300, help="overall limit in seconds")
    parser.add_argument("--pool-size", type=int, default=0, help=f"preheated kernels (0-{MAX_LEARNERS}, 0: none)")
    parser.add_argument("--fill-delay", type=float, default=1,
                        help="seconds before Voilà replaces a kernel it handed out (its default: 1)")
    args = parser.parse_args()
    if not 1 <= args.learners <= MAX_LEARNERS:
        parser.error(f"--learners must be 1-{MAX_LEARNERS}")
    if not 0 <= args.pool_size <= MAX_LEARNERS:
        parser.error(f"--pool-size must be 0-{MAX_LEARNERS}")
    load_before = load()
    warm = 0.0
    with tempfile.TemporaryDirectory(prefix="hickory-load-") as tmp:
        base = Path(tmp)
        port = free_port()
        server = start_voila(base, port, args.pool_size, args.fill_delay)
        try:
            time.sleep(1)
            if args.pool_size:
                warm = wait_for_pool(server, args.pool_size)
            baseline = rss_mib(process_tree(server.pid))
            t0 = time.perf_counter()
            res = asyncio.run(run(args.learners, f"http://127.0.0.1:{port}", server.pid, baseline, args.timeout))
            wall = time.perf_counter() - t0
        finally:
            stop(server)
        progress = json.loads((base / "progress.json").read_text()) if (base / "progress.json").exists() else {}
    solved = sum(1 for rec in progress.get("learners", {}).values() if rec.get("goal/grab-button", {}).get("stars"))
    first, answer, errors = res.get("first_board", []), res.get("answer", []), res["errors"]
    per = (res.get("server_rss", baseline) - res.get("server_own", baseline)) / max(1, res.get("kernels", 1))
    print(f"learners at once            {args.learners} (Voilà on 127.0.0.1, headless Chromium, "
          f"{os.cpu_count()} cores)")
    print(f"machine load (1/5/15 min)   {load_before} before, {load()} after")
    if args.pool_size:
        print(f"preheated kernels           {args.pool_size}, pool ready {warm:.0f} s after the server started, "
              f"each replaced {args.fill_delay:g} s after it is handed out")
    else:
        print("preheated kernels           none (a kernel is started when a learner arrives)")
    joined = res.get("join_form", [])
    if joined:
        print(f"time to the join form       median {statistics.median(joined):.1f} s, worst {max(joined):.1f} s")
    if first:
        print(f"time to first board (joined) median {statistics.median(first):.1f} s, worst {max(first):.1f} s")
    if answer:
        print(f"click to verdict            median {statistics.median(answer) * 1000:.0f} ms, "
              f"worst {max(answer) * 1000:.0f} ms")
    print(f"server memory               {baseline:.0f} MiB idle, {res.get('server_rss', 0):.0f} MiB with "
          f"{res.get('kernels', 0)} kernels")
    print(f"memory per kernel           {per:.0f} MiB (one kernel per learner; with a pool, Voilà starts a new "
          "kernel for each one handed out)")
    print(f"answers saved               {solved} of {args.learners}")
    print(f"wall time                   {wall:.1f} s")
    print(f"errors                      {len(errors)}")
    for e in errors[:20]:
        print(f"  {e}")
    return 1 if errors or solved != args.learners else 0


if __name__ == "__main__":
    raise SystemExit(main())
