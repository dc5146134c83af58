"""How strong and how slow each bot level is: every level against the one below it, in seeded two-player games.

For each pair of neighbouring levels of ``LEVELS`` (random < eager < greedy < mcts) it plays ``--games`` games, the
stronger level's seat alternating, and prints the stronger level's win rate (a shared first place counts 1/2) with
its 95% Wilson interval, both levels' mean points, and each level's milliseconds per decision (decisions with one
option are not counted; the slowest decision also in CPU time of its thread, which a busy machine does not
inflate). Run, e.g.:

    .venv/bin/python benchmarks/bench_bots.py --games 40
    .venv/bin/python benchmarks/bench_bots.py --games 10 --pairs greedy:mcts
    .venv/bin/python benchmarks/bench_bots.py --games 20 --pairs greedy:mcts --mcts-budget 0.6

``--mcts-budget`` plays the ``mcts`` level in MCTSBot's timed mode (iterating until that much CPU time per decision).

Nothing here asserts anything; it prints figures.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Sequence

from hickory_widget import Game
from hickory_widget.hickory.analysis.bots import LEVELS
from hickory_widget.hickory.analysis.mcts import MCTSBot
from hickory_widget.hickory.analysis.whatif import _wilson, outcome


def match(weak: str, strong: str, games: int, seed: int) -> list[str]:
    wins = 0.0
    points: dict[str, list[int]] = {weak: [], strong: []}
    times: dict[str, list[float]] = {weak: [], strong: []}
    cpu: list[float] = []  # the stronger level's CPU time per decision (this thread), which its deadline counts
    start = time.perf_counter()
    for i in range(games):
        game = Game.new(2, seed=seed + i)
        colors = game.state.colors
        seat = colors[i % 2]
        level = {seat: strong, colors[1 - i % 2]: weak}
        bots = {c: LEVELS[level[c]](seed + i) for c in colors}
        p = game.playout()
        while not p.over:
            c = p.player
            assert c is not None
            if len(p.choice_ids) > 1:
                t, t_cpu = time.perf_counter(), time.thread_time()
                choice = bots[c].choose(p)
                times[level[c]].append(time.perf_counter() - t)
                if level[c] == strong:
                    cpu.append(time.thread_time() - t_cpu)
            else:
                choice = p.choice_ids[0]
            p.choose(choice)
        mine, _, share = outcome(p, seat)
        wins += share
        points[strong].append(mine)
        points[weak].append(p.scores[colors[1 - i % 2]])
        print(f"  {strong} vs {weak}: {i + 1} games, {strong} win rate {wins / (i + 1):.3f}, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    low, high = _wilson(wins, games)
    return [f"{strong} vs {weak}", f"{games}", f"{wins / games:.3f} ({low:.3f}-{high:.3f})",
            f"{statistics.fmean(points[strong]):.1f} / {statistics.fmean(points[weak]):.1f}",
            f"{statistics.fmean(times[strong]) * 1000:.2f} / {statistics.fmean(times[weak]) * 1000:.2f}",
            f"{max(times[strong]) * 1000:.0f} ({max(cpu) * 1000:.0f} CPU)"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5000)
    names = list(LEVELS)
    default = ",".join(f"{a}:{b}" for a, b in itertools.pairwise(names))
    parser.add_argument("--pairs", default=default, help=f"weak:strong pairs, comma-separated (default {default})")
    parser.add_argument("--mcts-budget", type=float, default=None,
                        help="CPU seconds per decision for the mcts level's timed mode (default: its fixed mode)")
    args = parser.parse_args(argv)
    if args.mcts_budget is not None:
        budget = args.mcts_budget
        LEVELS["mcts"] = lambda seed: MCTSBot(seed, budget=budget)
    rows = [["match (strong vs weak)", "games", "strong win rate (95% interval)", "mean points strong / weak",
             "ms per decision strong / weak", "slowest strong decision ms (CPU ms)"]]
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        rows.append(match(weak, strong, args.games, args.seed))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(f"{cell:<{w}}" for cell, w in zip(r, widths, strict=True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
