"""Game tables (core/tables.py over the classroom's store): the latency of one move submitted (checked at the
table's version, legal in the game rebuilt from the log, written on the disk before it is said accepted), of a
seat's view (what a device is given), of a new kernel's first view of a table (the game rebuilt from the whole
log), and two processes racing at one version for many rounds: moves lost must be 0. Prints the figures; the
exit status is 1 if an accepted move is missing from the log.

    .venv/bin/python benchmarks/bench_tables.py                      # Clocktowers, Mice! and Hickory Dickory
    .venv/bin/python benchmarks/bench_tables.py --rounds 40
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from hickory_widget.core.tables import TableError
from hickory_widget.lessons.tables import classroom_tables

SEATS = {"clocktowers": 2, "mice": 3, "hickory": 2}


def _ms(values: list[float]) -> str:
    values = sorted(values)
    return (f"median {statistics.median(values) * 1000:.2f} ms, p95 {values[int(len(values) * 0.95)] * 1000:.2f} "
            f"ms, worst {values[-1] * 1000:.2f} ms ({len(values)})")


def play_game(folder: Path, game: str) -> None:
    """Learners on every seat play first options to the end (or 300 moves): each submit and view timed."""
    tables = classroom_tables(folder / f"{game}.sqlite3")
    table = tables.open_table(game, SEATS[game], seed=7)
    seats = [s["seat"] for s in tables.seats(table)]
    for i, seat in enumerate(seats):
        tables.join(table, seat, f"learner{i}")
    submits, views = [], []
    while len(submits) < 300:
        start = time.perf_counter()
        view = tables.view(table, seats[0])
        to_move = view["to_move"]
        if view["over"] or to_move is None:
            break
        view = tables.view(table, to_move)
        views.append(time.perf_counter() - start)
        start = time.perf_counter()
        tables.submit(table, to_move, f"learner{seats.index(to_move)}", view["decision"]["choices"][0]["id"],
                      view["version"])
        submits.append(time.perf_counter() - start)
    fresh = []
    for _ in range(5):
        start = time.perf_counter()
        classroom_tables(folder / f"{game}.sqlite3").view(table, seats[0])
        fresh.append(time.perf_counter() - start)
    print(f"{game}: submit {_ms(submits)}")
    print(f"{game}: two seat views {_ms(views)}")
    print(f"{game}: a new kernel's first view after {len(submits)} moves {_ms(fresh)}")


def _racer(path: str, table: int, index: int, rounds: int, barrier: Any, out: Any) -> None:
    tables = classroom_tables(path)
    for _ in range(rounds):
        view = tables.view(table, "P1")
        barrier.wait()
        ids = [c["id"] for c in view["decision"]["choices"]]
        choice = ids[0] if index == 0 else ids[-1]
        try:
            tables.submit(table, "P1", "ada", choice, view["version"])
            out.put(("accepted", choice))
        except TableError as exc:
            out.put((exc.reason, choice))
        barrier.wait()


def race(folder: Path, rounds: int) -> int:
    """Two processes click for one seat at the same version, ``rounds`` times (the other seat a bot)."""
    path = folder / "race.sqlite3"
    tables = classroom_tables(path)
    table = tables.open_table("clocktowers", 2, seed=7)
    tables.join(table, "P1", "ada")
    tables.give_bot(table, "P2", "random")
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_racer, args=(str(path), table, i, rounds, barrier, out)) for i in (0, 1)]
    start = time.perf_counter()
    for p in procs:
        p.start()
    results = [out.get(timeout=300) for _ in range(2 * rounds)]
    for p in procs:
        p.join(60)
    took = time.perf_counter() - start
    accepted = [c for o, c in results if o == "accepted"]
    logged = [r["choice"] for r in tables.log(table) if r["seat"] == "P1"]
    lost = sum(1 for c in accepted if c not in logged) + max(0, len(accepted) - len(logged))
    refused = {o for o, _ in results if o != "accepted"}
    print(f"race: {rounds} rounds of 2 clicks at one version in {took:.1f} s: {len(accepted)} accepted, "
          f"{len(results) - len(accepted)} refused ({', '.join(sorted(refused))}), {lost} accepted moves lost")
    return lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game in SEATS:
            play_game(Path(folder), game)
        lost = race(Path(folder), args.rounds)
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
