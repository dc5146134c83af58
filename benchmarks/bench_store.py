"""The classroom's store (lessons/store.py) under a class's load: the latency of one write (a learner's answer, on
the disk before it is said saved), the dashboard's read for 30 learners x 160 exercises, and concurrent writers
(6 processes x 200 writes, half of them on rows another process writes too): lost updates must be 0. Prints the
figures; the exit status is 1 if an update was lost.

    .venv/bin/python benchmarks/bench_store.py                      # 30 learners, 6 x 200 writes
    .venv/bin/python benchmarks/bench_store.py --learners 30 --processes 6 --writes 200
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import tempfile
import time
from pathlib import Path

from bench_dashboard import timed  # the median of repeated runs, in ms (run from benchmarks/ as a script)

from hickory_widget.lessons import curriculum
from hickory_widget.lessons.dashboard import ClassView, Dashboard
from hickory_widget.lessons.games import NAMES
from hickory_widget.lessons.progress import WRONG_KEPT, Progress, read_learners
from hickory_widget.lessons.store import MAX_ANSWER_BYTES, MAX_LEARNERS, MAX_RECORDS, Store


def writer(path: str, n: int, writes: int) -> None:
    """A learner's kernel: ``writes`` notes, alternating between its own learner and one learner all share."""
    own, shared = Progress(path, f"learner{n:02d}"), Progress(path, "shared")
    for i in range(writes):
        (own if i % 2 else shared).note(f"load/{i % 40}", seconds=1.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--processes", type=int, default=6)
    parser.add_argument("--writes", type=int, default=200)
    args = parser.parse_args()
    keys = [ex.key for game in NAMES for lesson in curriculum(game=game) for ex in lesson.exercises]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "classroom.sqlite3"
        # one write: a learner's answer noted (time and a wrong answer), then a solve
        ada = Progress(path, "ada")
        lat = []
        for i in range(200):
            start = time.perf_counter()
            ada.note(keys[i % len(keys)], wrong=f"leap:{i % 12}", seconds=3.0)
            lat.append((time.perf_counter() - start) * 1000)
        lat.sort()
        print(f"one write            median {statistics.median(lat):.2f} ms, p95 {lat[int(len(lat) * .95)]:.2f} ms, "
              f"max {lat[-1]:.2f} ms (200 writes, synchronous=FULL, WAL)")
        ada.reset()

        # the class: every learner tried every exercise, 3 wrong answers kept on each
        store = Store.at(path)
        with store.writing() as db:
            for n in range(args.learners):
                for i, k in enumerate(keys):
                    db.execute("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               (f"learner{n:02d}", k, 1 + i % 3, 1 + i % 4, i % 2, 3, 20.0 + i, time.time(),
                                json.dumps([f"leap:{i % 12}"] * 3)))
        size = sum(p.stat().st_size for p in Path(folder).iterdir()) / 1024
        read = timed(lambda: read_learners(path))
        view = timed(lambda: ClassView.read(path, "en"))
        dash = Dashboard(path, "en", "K7QM-4XPA")
        dash.handle("code", None, {"code": "K7QM-4XPA"})
        full = timed(lambda: dash.refresh(force=True))
        poll = timed(dash.refresh)
        print(f"class                {args.learners} learners x {len(keys)} exercises, every one tried "
              f"({args.learners * len(keys)} rows, store {size:.0f} KiB)")
        print(f"dashboard read       {read:.0f} ms the rows, {view:.0f} ms the whole view (median of 7)")
        print(f"a change: read+draw  {full:.0f} ms; a poll that finds nothing {poll:.2f} ms")
        store.close()

        # concurrent writers
        ctx = multiprocessing.get_context("spawn")
        procs = [ctx.Process(target=writer, args=(str(path), 100 + n, args.writes)) for n in range(args.processes)]
        start = time.perf_counter()
        for p in procs:
            p.start()
        for p in procs:
            p.join()
        wall = time.perf_counter() - start
        learners = read_learners(path)
        mine = {"shared", *(f"learner{100 + n:02d}" for n in range(args.processes))}
        got = sum(r["seconds"] for n, recs in learners.items() if n in mine for r in recs.values())
        expected = args.processes * args.writes
        lost = round(expected - got)
        print(f"concurrent writers   {args.processes} processes x {args.writes} writes = {expected} in {wall:.1f} s "
              f"(with the processes' start); lost updates {lost}; exit codes {[p.exitcode for p in procs]}")
        print(f"bounds               {MAX_RECORDS} exercises and {MAX_ANSWER_BYTES // 1024} KiB of stored answers per "
              f"learner ({WRONG_KEPT} kept per exercise), {MAX_LEARNERS} names per class")
        return 1 if lost or any(p.exitcode for p in procs) else 0


if __name__ == "__main__":
    raise SystemExit(main())
