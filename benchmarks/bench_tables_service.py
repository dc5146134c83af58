"""The tables service (lessons/tables_service.py) over real HTTP on localhost: the latency of a seat's view, of a
move submitted, and of a page's stamp read (a poll), as a learner's kernel asks them through RemoteTables. One
Clocktowers table of two played to the end by its two learners, each with a token of their own. Prints the figures.

    .venv/bin/python benchmarks/bench_tables_service.py
    .venv/bin/python benchmarks/bench_tables_service.py --moves 100
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import tornado.httpserver

from hickory_widget.lessons.tables import classroom_tables
from hickory_widget.lessons.tables_remote import STAMP_REUSE, RemoteTables
from hickory_widget.lessons.tables_service import TablesService, TokenAuthority

STAMP = "SELECT version, status, changed FROM tables WHERE id = ?"


def serve(store: Path) -> str:
    """The service on a free localhost port, in a thread of its own; returns its URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    ready = threading.Event()

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        service = TablesService(classroom_tables(store), TokenAuthority({"tok-a": "ann", "tok-b": "bob"}))
        tornado.httpserver.HTTPServer(service.application()).listen(port, "127.0.0.1")
        ready.set()
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    ready.wait(10)
    return f"http://127.0.0.1:{port}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=60)
    opts = parser.parse_args()
    store = Path(tempfile.mkdtemp()) / "tables.sqlite3"
    local = classroom_tables(store)
    table = local.open_table("clocktowers", 2, seed=11, by="bench")
    local.join(table, "P1", "ann")
    local.join(table, "P2", "bob")
    url = serve(store)
    remote = {"P1": RemoteTables(url, "tok-a"), "P2": RemoteTables(url, "tok-b")}
    who = {"P1": "ann", "P2": "bob"}
    timings: dict[str, list[float]] = {"view": [], "submit": [], "stamp": []}
    for _ in range(opts.moves):
        decision = local.game(table).decision
        if decision is None:
            break
        seat, tables = decision.player, remote[decision.player]
        started = time.perf_counter()
        view = tables.view(table, seat)
        timings["view"].append(time.perf_counter() - started)
        started = time.perf_counter()
        tables.submit(table, seat, who[seat], view["decision"]["choices"][0]["id"], view["version"])
        timings["submit"].append(time.perf_counter() - started)
        time.sleep(STAMP_REUSE + 0.01)  # a poll after the reuse time: a real request
        started = time.perf_counter()
        tables.store.read(STAMP, (table,))
        timings["stamp"].append(time.perf_counter() - started)
    for name, values in timings.items():
        values.sort()
        print(f"{name:7s} n={len(values):3d}  median {statistics.median(values) * 1000:5.1f} ms  "
              f"worst {values[-1] * 1000:5.1f} ms")


if __name__ == "__main__":
    main()
