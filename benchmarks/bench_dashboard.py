"""The teacher's dashboard with a class at work: reading the progress file, drawing the page (learners x every
exercise), the CSV, and a poll that finds nothing new. Prints the figures; asserts nothing.

    .venv/bin/python benchmarks/bench_dashboard.py --learners 25
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from hickory_widget.lessons import curriculum
from hickory_widget.lessons.dashboard import POLL, ClassView, Dashboard
from hickory_widget.lessons.games import NAMES
from hickory_widget.lessons.progress import write_progress_file


def timed(fn, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, default=25)
    args = parser.parse_args()
    keys = [ex.key for game in NAMES for lesson in curriculum(game=game) for ex in lesson.exercises]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "progress.json"
        learners = {f"learner{n:02d}": {k: {"stars": 1 + i % 3, "tries": 1 + i % 4, "hints": i % 2, "misses": i % 4,
                                            "seconds": 20.0 + i, "at": time.time(),
                                            "wrong": [f"leap:{i % 12}"] * (i % 4)}
                                        for i, k in enumerate(keys)} for n in range(args.learners)}
        write_progress_file(path, learners)
        dash = Dashboard(path, "en", "K7QM-4XPA")
        dash.handle("code", None, {"code": "K7QM-4XPA"})
        read = timed(lambda: ClassView.read(path, "en"))
        draw = timed(dash.draw)
        full = timed(lambda: dash.refresh(force=True))
        poll = timed(dash.refresh)
        view = ClassView.read(path, "en")
        csv_ms = timed(view.csv)
        print(f"class                {args.learners} learners x {len(keys)} exercises, every one tried "
              f"(progress file {path.stat().st_size / 1024:.0f} KiB)")
        print(f"read the files       {read:.0f} ms (median of 7)")
        print(f"draw the page        {draw:.0f} ms; page {len(dash.panel.html) / 1024:.0f} KiB of HTML")
        print(f"a change: read+draw  {full:.0f} ms")
        print(f"a poll, no change    {poll:.2f} ms")
        print(f"CSV                  {csv_ms:.0f} ms, {len(view.csv()) / 1024:.0f} KiB, "
              f"{view.csv().count(chr(10)) - 1} lines")
        print(f"freshness            a learner's answer shows within {POLL:g} s (the poll) + {full:.0f} ms "
              "+ the browser's drawing")


if __name__ == "__main__":
    main()
