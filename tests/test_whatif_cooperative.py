"""What-if with no threads or processes (the browser, issue 21): compare_async plays one batch at a time and hands
control back between batches, the panel runs it as an asyncio task (the board still answers meanwhile), and
Comparison.plot() draws the panel's own chart where matplotlib is missing. Same rows as the threaded runs."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hickory_widget.core.whatif import MeansChart, compare, compare_async
from hickory_widget.core.whatif_panel import WhatIfPanel
from hickory_widget.hickory.analysis.whatif import SerialExecutor
from tests.test_whatif_panel import delivery_position


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Runs ``coroutine`` in an event loop of its own, on a thread of its own, as a kernel's loop would run it: in a
    full test run the browser tests' Playwright driver keeps a loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_compare_async_gives_the_rows_of_compare_and_lets_others_run_between_batches() -> None:
    game = delivery_position()
    serial = compare(game, playouts=4, executor=SerialExecutor(), seed=2, progress=False)
    seen: list[tuple[int, int]] = []
    ticks = [0]

    async def other_work() -> None:  # stands for the kernel answering a click while the playouts run
        while True:
            ticks[0] += 1
            await asyncio.sleep(0)

    async def main():
        other = asyncio.ensure_future(other_work())
        result = await compare_async(game, playouts=4, seed=2, batch=1, progress=lambda d, t: seen.append((d, t)))
        other.cancel()
        return result

    result = run(main())
    assert result.rows == serial.rows
    total = 4 * len(game.choice_ids)
    assert seen[-1] == (total, total) and len(seen) == total  # one report per one-playout batch
    assert ticks[0] >= total - 1  # the other task ran between batches


def test_the_cooperative_panel_runs_as_a_task_the_board_can_move_during() -> None:
    async def main():
        w = delivery_position().widget()
        panel = WhatIfPanel(w, playouts=3, cooperative=True)
        panel.run()
        assert panel.status == "running" and panel.task is not None
        await asyncio.sleep(0)
        assert not panel.task.done()  # still going: the kernel is free meanwhile
        await panel.task
        assert panel.status == "done" and panel.done == panel.total == 3 * len(w.game.choice_ids)
        expected = compare(w.game, playouts=3, executor=SerialExecutor(), progress=False)
        assert [(r["id"], r["mean"]) for r in panel.rows] == [(r.choice, r.mean_points) for r in expected.rows]

        panel.run()
        await asyncio.sleep(0)
        panel.cancel()
        await panel.task
        assert panel.status == "cancelled"

        panel.run()
        key = panel.decision["key"]
        await asyncio.sleep(0)
        w.choose("jump_off")  # a click on the board while the panel works: the board moves on
        assert w.game.history == ["jump_off"]
        await panel.task
        assert panel.rows == [] and panel.decision["key"] != key  # the old question's answer is not shown

    run(main())


def test_plot_without_matplotlib_is_the_panels_chart() -> None:
    result = compare(delivery_position(), playouts=3, executor=SerialExecutor(), progress=False)
    svg = MeansChart(result)._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == len(result.rows)
    assert '"#1b6ca8"' in svg  # the best option in blue
    code = ("import sys; sys.modules['matplotlib'] = None\n"
            "from tests.test_whatif_panel import delivery_position\n"
            "from hickory_widget.core.whatif import compare, SerialExecutor\n"
            "r = compare(delivery_position(), playouts=2, executor=SerialExecutor(), progress=False)\n"
            "print(type(r.plot()).__name__, r.plot()._repr_svg_()[:4])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["MeansChart", "<svg"]
