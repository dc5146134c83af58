"""A class of 30 on one machine, at game tables: one classroom app (``hickory-classroom``: Voilà, preheated kernels,
on 127.0.0.1) and 8 tables of 4 seats (Hickory Dickory, Clocktowers and Mice! mixed; 2 seats given to computer
players, so 30 learners), opened beforehand in the class's store as a teacher would. 4 learners use real headless
Chromium (Playwright); the others are simulated clients that speak the browsers' own protocol: each GETs the page
(Voilà hands it a kernel), opens that kernel's websocket (``/api/kernels/<id>/channels``, the Jupyter messaging
protocol as JSON frames), asks the widget states (``jupyter.widget.control``: ``request_states``) and then sends
exactly what panel.mjs and the board's front end send: ``comm_msg`` ``{"method": "custom", "content": ...}`` with
the join form's PIN twice, Tables, ``sit``, a ``poll`` every ``poll`` seconds of each polling page, and a move as
``{"type": "choose", "id": ..., "version": ...}`` on the board; it reads the kernel's ``comm_open`` and ``update``
messages as the browser's widget manager does. Why simulated clients: 30 Chromium would need more memory and CPU
than the 2-core machine has beside the server, and the figures would measure the browsers; the server, its
kernels, the store and the websocket are the real ones.

Measured and printed: move-to-other-devices latency (a click on one device until every other device at that table
shows the new board, i.e. its seat line carries the new version; also per device), with 1 table playing and with
every table playing; time to first board per learner (the page asked until the learner's table board is there,
through the join form and the Tables page); RSS of each kernel process (median, max, total); errors (must be 0);
moves lost (moves a device saw accepted missing from the store's log: must be 0); the live class mode with the same
class (the teacher's dashboard, simulated the same way: code, Live question tab, Ask; every learner's row sees the
question at its next poll and answers; the round trip ends when the teacher's tab counts every answer).

    python benchmarks/load_tables.py                               # 8 tables, 4 browsers
    python benchmarks/load_tables.py --tables 1 --browsers 1 --moves 6

Bounded: at most 40 learners, one overall time limit (--timeout); the server listens on 127.0.0.1 only and is
stopped with its kernels at the end. Needs /usr/bin/chromium, playwright, aiohttp and voila.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_classroom import CHROMIUM, CHROMIUM_ARGS, free_port, load, process_tree, stop, wait_for_pool

from hickory_widget.lessons.tables import classroom_tables

MAX_LEARNERS = 40
GAMES = ("hickory", "clocktowers", "mice")
LIVE_KEY = "goal/where-hand"
PIN = "2468"
POLL = 0.5
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
VERSION = re.compile(r'data-testid="seat-head" data-table="(\d+)" data-seat="([^"]+)" data-version="(\d+)"')


class Failed(Exception):
    """A step of one learner that did not happen in time (counted as an error)."""


# ------------------------------------------------------------------------------------------ a simulated learner
def binary_message(data: bytes) -> dict[str, Any]:
    """A message with buffers as jupyter_server sends it: a count, the offsets, the JSON, then the buffers (the
    buffers themselves are not needed here)."""
    count = int.from_bytes(data[:4], "big")
    offsets = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(data)
    return json.loads(data[offsets[0]:end])


class SimClient:
    """One learner's device without a browser: the kernel websocket and the widget models, as the page keeps them."""

    def __init__(self, http: aiohttp.ClientSession, url: str, name: str) -> None:
        self.http, self.url, self.name = http, url, name
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}
        self.changed = asyncio.Condition()
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.poller: asyncio.Task[None] | None = None
        self.version = -1
        self.kernel = ""
        self.seat_seen: list[tuple[int, float]] = []  # (version, when) of every seat line received
        self.polled: set[str] = set()  # the pages whose last poll the kernel has answered

    async def open(self, query: str) -> None:
        async with self.http.get(f"{self.url}/?{query}", timeout=aiohttp.ClientTimeout(total=300)) as answer:
            page = await answer.text()
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', page)
        if not found:
            raise Failed(f"{self.name}: no kernel id in the page (HTTP {answer.status})")
        self.kernel = found[1]
        self.ws = await self.http.ws_connect(f"{self.url.replace('http', 'ws')}/api/kernels/{found[1]}/channels"
                                             f"?session_id={self.session}", max_msg_size=0, heartbeat=None)
        self.reader = asyncio.create_task(self._read())
        control = uuid.uuid4().hex
        await self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                         {"version": "1.0.0"})  # ipywidgets' control protocol, as the widget manager says
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})

    async def _send(self, kind: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "username": self.name, "session": self.session, "msg_type": kind,
                  "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        await self.ws.send_str(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                           "content": content,
                                           "channel": "shell", "buffers": []}))

    async def custom(self, model: str, content: dict[str, Any]) -> None:
        """What a front end's ``model.send(content)`` puts on the wire."""
        await self._send("comm_msg", {"comm_id": model, "data": {"method": "custom", "content": content}})

    async def _read(self) -> None:
        async for frame in self.ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                msg = json.loads(frame.data)
            elif frame.type == aiohttp.WSMsgType.BINARY:
                msg = binary_message(frame.data)
            else:
                continue
            kind, content = msg["header"]["msg_type"], msg.get("content", {})
            data = content.get("data") or {}
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = dict(data.get("state", {}))
            elif kind == "comm_msg" and data.get("method") == "update_states":
                for model, state in data["states"].items():
                    self.models.setdefault(model, {}).update(state.get("state", {}))
            elif kind == "comm_msg" and data.get("method") == "update":
                self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
                seen = VERSION.search(data.get("state", {}).get("html", ""))
                if seen:
                    self.version = max(self.version, int(seen[3]))
                    self.seat_seen.append((int(seen[3]), time.perf_counter()))
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id"), None)
            elif kind == "comm_msg" and data.get("method") == "custom" and \
                    (data.get("content") or {}).get("type") == "polled":
                self.polled.add(content["comm_id"])
            else:
                continue
            async with self.changed:
                self.changed.notify_all()

    def find(self, needle: str) -> str | None:
        """The panel whose page holds ``needle`` (newest first)."""
        for model, state in reversed(self.models.items()):
            if needle in state.get("html", ""):
                return model
        return None

    async def wait(self, test: Any, limit: float, what: str) -> Any:
        async with self.changed:
            try:
                return await asyncio.wait_for(self.changed.wait_for(test), limit)
            except TimeoutError:
                raise Failed(f"{self.name}: {what} not within {limit:.0f} s") from None

    async def _poll(self) -> None:
        """Every polling page asks the kernel ``poll`` seconds after its last question was answered ("polled"), one
        question at a time, as panel.mjs does (a lost answer is given up after 15 s)."""
        asked: dict[str, float] = {}
        while True:
            await asyncio.sleep(POLL)
            now = time.perf_counter()
            for model, state in list(self.models.items()):
                if state.get("poll", 0) <= 0 or "html" not in state:
                    continue
                if model in asked and model not in self.polled and now - asked[model] < 15:
                    continue  # still waiting for the kernel's answer
                self.polled.discard(model)
                asked[model] = now
                await self.custom(model, {"type": "poll"})

    async def sit(self, table: int, seat: str, game: str) -> None:
        """Join with a new PIN, open Tables, sit at ``seat``: the learner's table board is shown."""
        await self.open(f"learner={self.name}&game={game}")
        form = await self.wait(lambda: self.find('data-testid="join"'), 300, "the join form")
        await self.custom(form, {"type": "join", "arg": None, "fields": {"name": self.name, "pin": PIN}})
        await self.wait(lambda: "join-pin2" in self.models[form].get("html", ""), 60, "the PIN's second field")
        await self.custom(form, {"type": "join", "arg": None, "fields": {"name": self.name, "pin2": PIN}})
        bar = await self.wait(lambda: self.find('data-testid="show-tables"'), 120, "the row of games")
        await self.custom(bar, {"type": "tables", "arg": None, "fields": {}})
        lobby = await self.wait(lambda: self.find(f'data-testid="sit-{table}-{seat}"'), 120, "the free seat")
        await self.custom(lobby, {"type": "sit", "arg": f"{table}:{seat}", "fields": {}})
        await self.wait(lambda: self.find(f'data-table="{table}" data-seat="{seat}"') and self.board(), 120,
                        "the table's board")
        self.version = int(VERSION.search(self.models[self.find("seat-head")]["html"])[3])
        self.poller = asyncio.create_task(self._poll())

    def board(self) -> str | None:
        return next((m for m, s in reversed(self.models.items()) if "version" in (s.get("view") or {})), None)

    async def choose(self, choice: str) -> None:
        board = self.board()
        assert board is not None
        await self.custom(board, {"type": "choose", "id": choice, "version": self.models[board]["view"]["version"]})

    async def answer_live(self, limit: float) -> None:
        """When the row shows the class's question, answers with its first option (as a click on it)."""
        def card() -> str | None:
            return self.find('data-testid="live-option-')
        bar = await self.wait(card, limit, "the live question")
        option = re.search(r'data-action="live-answer" data-arg="([^"]+)"', self.models[bar]["html"])
        assert option
        await self.custom(bar, {"type": "live-answer", "arg": option[1], "fields": {}})

    async def close(self) -> None:
        for task in (self.poller, self.reader):
            if task is not None:
                task.cancel()
        if self.ws is not None:
            await self.ws.close()


# ------------------------------------------------------------------------------------------ a browser learner
class BrowserClient:
    """One learner in a Chromium context of their own, through the same pages (tests/browser/test_tables_e2e.py)."""

    def __init__(self, browser: Any, url: str, name: str) -> None:
        self.browser, self.url, self.name = browser, url, name
        self.page: Any = None
        self.errors: list[str] = []

    async def sit(self, table: int, seat: str, game: str) -> None:
        context = await self.browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = page = await context.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{self.name}: page error {e}"))
        await page.goto(f"{self.url}/?learner={self.name}&game={game}", timeout=300_000, wait_until="commit")
        await page.wait_for_selector("[data-testid=join-pin]", timeout=300_000)
        await page.fill("[data-testid=join-pin]", PIN)
        await page.keyboard.press("Enter")
        await page.wait_for_selector("[data-testid=join-pin2]", timeout=60_000)
        await page.fill("[data-testid=join-pin2]", PIN)
        await page.keyboard.press("Enter")
        await page.click("[data-testid=show-tables]", timeout=120_000)
        await page.click(f"[data-testid=sit-{table}-{seat}]", timeout=120_000)  # found again if the list redraws
        await page.wait_for_selector(f'[data-testid=seat-head][data-seat="{seat}"]', timeout=120_000)

    @property
    def version(self) -> int:
        raise NotImplementedError  # read through wait_version

    async def wait_version(self, at_least: int, limit: float) -> float:
        await self.page.wait_for_function(
            f"Number(document.querySelector('[data-testid=seat-head]')?.dataset.version ?? -1) >= {at_least}",
            polling="raf", timeout=limit * 1000)
        return time.perf_counter()

    async def choose(self, choice: str) -> None:
        await self.page.click(f'[data-choice-id="{choice}"]', timeout=10_000)

    async def answer_live(self, limit: float) -> None:
        await self.page.click('[data-testid^="live-option-"]', timeout=limit * 1000)

    async def close(self) -> None:
        if self.page is not None:
            await self.page.context.close()


async def seen_version(device: Any, at_least: int, limit: float) -> float:
    """When ``device`` showed a board at version ``at_least`` or later."""
    if isinstance(device, BrowserClient):
        return await device.wait_version(at_least, limit)
    await device.wait(lambda: device.version >= at_least, limit, f"version {at_least}")
    return next(t for v, t in device.seat_seen if v >= at_least)


# ------------------------------------------------------------------------------------------ the class
def layout(n_tables: int, bots: int) -> list[dict[str, Any]]:
    """The tables: games in turn, 4 seats each, the last seat of the first ``bots`` tables a computer player."""
    return [{"game": GAMES[i % len(GAMES)], "bot": i < bots} for i in range(n_tables)]


async def play(tables: Any, table: int, devices: dict[str, Any], moves: int, rng: random.Random,
               out: dict[str, list[Any]], label: str) -> None:
    """``moves`` moves at one table, each clicked on the device of a seat that may play, then seen by the others."""
    for _ in range(moves):
        ready = [(seat, v) for seat in devices if (v := tables.view(table, seat))["decision"]]
        if not ready:
            return  # over, or only computer players to move (they play within the learners' moves)
        seat, view = rng.choice(ready)
        choice = rng.choice(view["decision"]["choices"])["id"]
        before = view["version"]
        device = devices[seat]
        clicked = time.perf_counter()
        try:
            await device.choose(choice)
            await seen_version(device, before + 1, 30)
            target = tables.view(table, seat)["version"]
            row = next((r for r in tables.log(table) if r["version"] == before + 1), None)
            out["accepted"].append((table, before + 1, seat, choice, row))
            out["browser_clicks" if isinstance(device, BrowserClient) else "sim_clicks"].append(1)
            others = [d for s, d in devices.items() if s != seat]
            times = await asyncio.gather(*(seen_version(d, target, 30) for d in others))
        except (Failed, Exception) as exc:  # counted: a load test must not stop at the first failure
            out["errors"].append(f"table {table} seat {seat} {choice}: {type(exc).__name__}: {str(exc)[:160]}")
            return
        out[f"{label}_move"].append(max(times) - clicked)
        out[f"{label}_device"].extend(t - clicked for t in times)


def kernel_rss(server: int) -> dict[str, float]:
    """RSS in MiB of each kernel of the server (a child, with its own children), by kernel id (read from the
    connection file's name on its command line)."""
    out = {}
    for kid in process_tree(server):
        if kid == server or not _parent_is(kid, server):
            continue
        with contextlib.suppress(OSError):
            named = re.search(r"kernel-([0-9a-f-]+)\.json", Path(f"/proc/{kid}/cmdline").read_text())
            total = 0
            for pid in process_tree(kid):
                with contextlib.suppress(OSError):
                    total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_SIZE
            out[named[1] if named else str(kid)] = total / 2**20
    return out


def _parent_is(pid: int, parent: int) -> bool:
    with contextlib.suppress(OSError):
        return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1]) == parent
    return False


async def run_class(args: argparse.Namespace, url: str, store: Path, server: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    rng = random.Random(args.seed)
    tables = classroom_tables(store)
    seats: list[tuple[int, str, str]] = []  # (table, seat, game) of every learner
    for spec in args.plan:
        table = next(iter(spec["ids"]))
        names = [s["seat"] for s in tables.seats(table)]
        seats += [(table, s, spec["game"]) for s in (names[:-1] if spec["bot"] else names)]
    out: dict[str, list[Any]] = {k: [] for k in ("errors", "accepted", "first_board", "one_move", "one_device",
                                                  "all_move", "all_device", "browser_first", "sim_first",
                                                  "browser_clicks", "sim_clicks", "live_answered")}
    async with async_playwright() as p, aiohttp.ClientSession() as http:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS) \
            if args.browsers else None
        browser_at = {i * len(seats) // args.browsers for i in range(args.browsers)} if args.browsers else set()
        devices: dict[tuple[int, str], Any] = {}
        for i, (table, seat, _game) in enumerate(seats):
            name = f"learner{i:02d}"
            devices[(table, seat)] = BrowserClient(browser, url, name) if i in browser_at else \
                SimClient(http, url, name)

        seated: set[tuple[int, str]] = set()
        teacher: SimClient | None = None

        async def arrive(key: tuple[int, str], game: str, delay: float) -> None:
            await asyncio.sleep(delay)
            start = time.perf_counter()
            device = devices[key]
            try:
                await device.sit(key[0], key[1], game)
            except Exception as exc:  # counted
                out["errors"].append(f"{device.name} at {key}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
                return
            took = time.perf_counter() - start
            seated.add(key)
            out["first_board"].append(took)
            out["browser_first" if isinstance(device, BrowserClient) else "sim_first"].append(took)

        try:
            async with asyncio.timeout(args.timeout):
                teacher = await teacher_desk(http, url)
                await asyncio.gather(*(arrive((t, s), g, i * args.stagger) for i, (t, s, g) in enumerate(seats)))
                # the tables where every learner sat play (a learner who could not sit is an error already)
                whole = [t for t in sorted({s[0] for s in seats}) if all((t, s) in seated for tt, s, _g in seats
                                                                         if tt == t)]
                at = lambda t: {s: d for (tt, s), d in devices.items() if tt == t}  # noqa: E731
                if whole:
                    await play(tables, whole[0], at(whole[0]), args.moves, rng, out, "one")
                    await asyncio.gather(*(play(tables, t, at(t), args.moves, rng, out, "all") for t in whole))
                rss = kernel_rss(server)
                used = {d.kernel for d in [*devices.values(), teacher] if isinstance(d, SimClient)}
                out["rss"] = list(rss.values())
                out["rss_used"] = [v for k, v in rss.items() if k in used]
                out["live"] = [await live_round(teacher, {k: d for k, d in devices.items() if k in seated}, out)]
        except TimeoutError:
            out["errors"].append(f"the class was not done within {args.timeout:.0f} s (figures so far)")
        finally:
            for device in [*devices.values(), *([teacher] if teacher else [])]:
                with contextlib.suppress(Exception):
                    await device.close()
            if browser is not None:
                for device in devices.values():
                    if isinstance(device, BrowserClient):
                        out["errors"] += device.errors
                await browser.close()
    out["lost"] = [lost(tables, out["accepted"])]
    return out


def lost(tables: Any, accepted: list[tuple[Any, ...]]) -> int:
    """Accepted moves (seen as accepted on the clicking device) missing from the store's log, read anew."""
    missing = 0
    for table, version, seat, choice, _row in accepted:
        row = next((r for r in tables.log(table) if r["version"] == version), None)
        missing += row is None or row["seat"] != seat or row["choice"] != choice
    return missing


TEACHER_CODE = "K7QM-4XPA"


async def teacher_desk(http: aiohttp.ClientSession, url: str) -> SimClient:
    """The teacher's dashboard, simulated like a learner's page: the code typed, the Live question tab opened."""
    teacher = SimClient(http, url, "teacher")
    await teacher.open("teacher")
    dash = await teacher.wait(lambda: teacher.find('data-testid="dash-code"'), 300, "the teacher's code field")
    await teacher.custom(dash, {"type": "code", "arg": None, "fields": {"code": TEACHER_CODE}})
    await teacher.wait(lambda: "dash-tab-live" in teacher.models[dash].get("html", ""), 120, "the dashboard")
    await teacher.custom(dash, {"type": "tab", "arg": "live", "fields": {}})
    await teacher.wait(lambda: 'data-testid="live-pick"' in teacher.models[dash].get("html", ""), 120,
                       "the Live question tab")
    teacher.poller = asyncio.create_task(teacher._poll())
    return teacher


def counted(html: str) -> int:
    """The answers the teacher's tab shows (the sum of its counts per option)."""
    return sum(int(n) for n in re.findall(r'data-testid="live-count-[^"]*" data-count="(\d+)"', html))


async def live_round(teacher: SimClient, devices: dict[tuple[int, str], Any], out: dict[str, list[Any]]) -> float:
    """The teacher asks a lesson exercise on the Live tab; every learner answers when their row shows it; seconds
    from the teacher's click until the teacher's tab counts every answer."""
    dash = teacher.find('data-testid="dash-live"')
    assert dash is not None
    asked = time.perf_counter()
    await teacher.custom(dash, {"type": "live-ask", "arg": None, "fields": {"live-exercise": LIVE_KEY}})

    async def answer(device: Any) -> None:
        await device.answer_live(60)
        out["live_answered"].append(time.perf_counter() - asked)

    results = await asyncio.gather(*(answer(d) for d in devices.values()), return_exceptions=True)
    for device, result in zip(devices.values(), results, strict=True):
        if isinstance(result, BaseException):
            out["errors"].append(f"{device.name} live: {type(result).__name__}: {str(result)[:160]}")
    try:
        await teacher.wait(lambda: counted(teacher.models[dash].get("html", "")) >= len(devices), 60,
                           f"{len(devices)} answers on the teacher's tab")
    except Failed as exc:
        out["errors"].append(str(exc))
    return time.perf_counter() - asked


# ------------------------------------------------------------------------------------------ the server
def open_tables(store: Path, n_tables: int, bots: int, level: str) -> list[dict[str, Any]]:
    """The tables as the teacher opens them before the lesson (4 seats; a computer player where planned)."""
    tables = classroom_tables(store)
    plan = layout(n_tables, bots)
    for i, spec in enumerate(plan):
        table = tables.open_table(spec["game"], 4, by="teacher", seed=100 + i)
        if spec["bot"]:
            tables.give_bot(table, tables.seats(table)[-1]["seat"], level)
        spec["ids"] = {table}
    return plan


def start_server(base: Path, port: int, pool: int, fill_delay: int = 60) -> subprocess.Popen[bytes]:
    """The classroom as a class runs it: ``hickory-classroom`` (Voilà, the hickory template, preheated kernels)."""
    env = dict(os.environ, HICKORY_PROGRESS=str(base / "classroom.sqlite3"), HICKORY_TEACHER_CODE=TEACHER_CODE,
               JUPYTER_RUNTIME_DIR=str(base / "runtime"),
               PYTHONPATH=os.pathsep.join([str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]),
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    log = (base / "voila.log").open("wb")
    return subprocess.Popen([sys.executable, "-m", "hickory_widget.lessons.serve", "--host", "127.0.0.1", "--port",
                             str(port), "--pool-size", str(pool), "--fill-delay", str(fill_delay)], cwd=base, env=env,
                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values) * 1000:.0f} ms, worst {max(values) * 1000:.0f} ms ({len(values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="tables of 4 seats (1-10)")
    parser.add_argument("--bots", type=int, default=2, help="tables whose last seat is a computer player")
    parser.add_argument("--browsers", type=int, default=4, help="learners in real Chromium (0-8)")
    parser.add_argument("--moves", type=int, default=12, help="moves clicked at each table, in each phase")
    parser.add_argument("--level", default="eager", help="the computer players' level")
    parser.add_argument("--stagger", type=float, default=0.2, help="seconds between two learners' arrivals")
    parser.add_argument("--timeout", type=float, default=900, help="overall limit in seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fill-delay", type=int, default=60,
                        help="seconds before Voilà replaces a kernel it handed out (hickory-classroom's default: 60)")
    parser.add_argument("--pool", type=int, default=-1,
                        help="preheated kernels (default: one per learner and the teacher's; 0: none, a kernel is "
                             "started when a learner arrives)")
    args = parser.parse_args()
    args.bots = max(0, min(args.bots, args.tables))
    learners = 4 * args.tables - args.bots
    if not 1 <= args.tables <= 10 or learners > MAX_LEARNERS:
        parser.error(f"--tables must be 1-10 with at most {MAX_LEARNERS} learners")
    if not 0 <= args.browsers <= min(8, learners):
        parser.error("--browsers must be 0-8 and at most the learners")
    load_before = load()
    with tempfile.TemporaryDirectory(prefix="hickory-load-tables-") as tmp:
        base = Path(tmp)
        store = base / "classroom.sqlite3"
        args.plan = open_tables(store, args.tables, args.bots, args.level)
        port = free_port()
        pool = learners + 1 if args.pool < 0 else min(args.pool, MAX_LEARNERS + 1)  # and the teacher's
        server = start_server(base, port, pool, args.fill_delay)
        try:
            warm = wait_for_pool(server, pool, limit=args.timeout) if pool else 0.0
            started = len(process_tree(server.pid)) - 1
            t0 = time.perf_counter()
            res = asyncio.run(run_class(args, f"http://127.0.0.1:{port}", store, server.pid))
            wall = time.perf_counter() - t0
        finally:
            stop(server)
    rss = res.get("rss", [])
    errors = res["errors"]
    print(f"class                       {learners} learners ({args.browsers} in Chromium, "
          f"{learners - args.browsers} simulated over the kernel websocket), {args.tables} tables of 4 "
          f"({', '.join(s['game'] for s in args.plan)}), {args.bots} seats to {args.level} computer players")
    print(f"machine                     {os.cpu_count()} cores; load (1/5/15 min) {load_before} before, "
          f"{load()} after")
    print(f"server                      hickory-classroom on 127.0.0.1, {pool} preheated kernels"
          + (f", ready {warm:.0f} s after start ({started} kernels running then)" if pool else
             " (a kernel started when each visitor arrives)"))
    print(f"first board per learner     {_ms(res['first_board'])}; Chromium {_ms(res['browser_first'])}")
    print(f"move to the other devices   1 table playing: {_ms(res['one_move'])}")
    print(f"  (every other device)      1 table playing: {_ms(res['one_device'])}")
    print(f"move to the other devices   {args.tables} tables playing: {_ms(res['all_move'])}")
    print(f"  (every other device)      {args.tables} tables playing: {_ms(res['all_device'])}")
    used = res.get("rss_used", [])
    if used:
        print(f"memory per kernel in use    median {statistics.median(used):.0f} MiB, max {max(used):.0f} MiB "
              f"(RSS of the {len(used)} kernels of simulated learners and the teacher, after the moves)")
    if rss:
        print(f"memory of every kernel      median {statistics.median(rss):.0f} MiB, max {max(rss):.0f} MiB, "
              f"total {sum(rss):.0f} MiB over {len(rss)} kernels (with the pool's refill: Voilà replaces each "
              f"kernel handed out {args.fill_delay} s later)")
    if res.get("live"):
        print(f"live class, {learners} answers    the teacher's Ask until the teacher's tab counts them all: "
              f"{res['live'][0]:.2f} s; "
              f"each learner's answer sent {_ms(res['live_answered'])} after the question")
    print(f"moves accepted / lost       {len(res['accepted'])} / {res['lost'][0]} ({len(res['browser_clicks'])} "
          f"clicked in Chromium, {len(res['sim_clicks'])} sent by simulated clients)")
    print(f"wall time                   {wall:.0f} s")
    print(f"errors                      {len(errors)}")
    for e in errors[:20]:
        print(f"  {e}")
    return 1 if errors or res["lost"][0] else 0


if __name__ == "__main__":
    raise SystemExit(main())
