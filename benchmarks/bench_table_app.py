"""Tables in the classroom app, in one process: two learners' seat pages (lessons/table_view.py) on one store, as
two kernels would hold them. For each move: the click on one device's board (submitted, the board drawn again),
and the other device's poll that finds it (the table's version read, its view built from the seat save, the board
redrawn). A browser sees a move on another device after the click, plus the wait for its next poll (0 to
``POLL`` seconds, ``POLL``/2 on average), plus this poll's work and the websocket. Prints the figures.

    .venv/bin/python benchmarks/bench_table_app.py                  # Clocktowers, Mice! and Hickory Dickory
    .venv/bin/python benchmarks/bench_table_app.py --moves 20
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from hickory_widget.lessons.table_view import POLL, TableSeat
from hickory_widget.lessons.tables import classroom_tables

SEATS = {"clocktowers": 2, "mice": 3, "hickory": 2}


def _ms(values: list[float]) -> str:
    values = sorted(values)
    return (f"median {statistics.median(values) * 1000:.1f} ms, worst {values[-1] * 1000:.1f} ms "
            f"({len(values)})")


def run(folder: Path, game: str, moves: int) -> None:
    path = folder / f"{game}.sqlite3"
    tables = classroom_tables(path)
    table = tables.open_table(game, SEATS[game], seed=7)
    names = [s["seat"] for s in tables.seats(table)]
    for i, seat in enumerate(names):
        tables.join(table, seat, f"learner{i}")
    pages = [TableSeat(classroom_tables(path), table, seat, f"learner{i}") for i, seat in enumerate(names)]
    clicks, polls, idle = [], [], []
    for _ in range(moves):
        mover = next((p for p in pages if p.view["decision"] is not None), None)
        if mover is None:
            break
        start = time.perf_counter()
        assert mover.choose(mover.view["decision"]["choices"][0]["id"]), mover.message
        clicks.append(time.perf_counter() - start)
        for page in pages:
            if page is mover:
                continue
            start = time.perf_counter()
            assert page.refresh()
            polls.append(time.perf_counter() - start)
            start = time.perf_counter()
            assert not page.refresh()
            idle.append(time.perf_counter() - start)
    print(f"{game}: click {_ms(clicks)}; other device's poll that finds the move {_ms(polls)}; "
          f"a poll with nothing new {_ms(idle)}; + the wait for the poll: {POLL / 2:g} s on average, {POLL:g} s "
          "at most")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game in SEATS:
            run(Path(folder), game, args.moves)


if __name__ == "__main__":
    main()
