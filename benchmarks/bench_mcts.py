"""How strong and how slow MCTSBot is: one MCTS seat against greedy bots in every other seat, many seeded games.

The MCTS seat moves round the table from game to game (game i: seat i mod players). Prints running tallies
every 10 games, then the MCTS seat's win rate (a shared first place counts 1/k) with a 95% interval, its mean
points against the greedy seats' and its time per decision. Run, e.g.:

    .venv/bin/python benchmarks/bench_mcts.py --players 2 --games 200 --budget 16

Nothing here asserts anything; it prints figures.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from hickory_widget import Game
from hickory_widget.hickory.analysis.bots import GreedyBot
from hickory_widget.hickory.analysis.mcts import MCTSBot
from hickory_widget.hickory.analysis.whatif import _wilson, outcome


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=int, default=16, help="MCTS iterations per decision (default 16)")
    parser.add_argument("--horizon", type=int, default=6, help="choices per default-policy run (0: to the end)")
    parser.add_argument("--policy", choices=("random", "greedy"), default="greedy")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    wins = 0.0
    mcts_points: list[int] = []
    greedy_points: list[int] = []
    times: list[float] = []
    start = time.perf_counter()
    for i in range(args.games):
        game = Game.new(args.players, seed=args.seed + i)
        seat = game.state.colors[i % args.players]
        p = game.playout()
        mcts = MCTSBot(args.seed + i, playouts=args.budget, horizon=args.horizon, policy=args.policy)
        greedy = GreedyBot()
        while not p.over:
            if p.player == seat and len(p.choice_ids) > 1:
                t = time.perf_counter()
                choice = mcts.choose(p)
                times.append(time.perf_counter() - t)
            else:
                choice = greedy.choose(p)
            p.choose(choice)
        points, _, share = outcome(p, seat)
        wins += share
        mcts_points.append(points)
        greedy_points.extend(q.score for q in p.state.players if q.color != seat)
        if (i + 1) % 10 == 0 or i + 1 == args.games:
            print(f"{i + 1:4} games: MCTS win rate {wins / (i + 1):.3f}, {time.perf_counter() - start:.0f} s",
                  flush=True)
    n = args.games
    low, high = _wilson(wins, n)
    rows = [
        ("games", f"{n} x {args.players} players, 1 MCTS seat (budget {args.budget}, horizon {args.horizon}, "
                  f"{args.policy} default policy) vs {args.players - 1} greedy, seeds {args.seed}-{args.seed + n - 1}"),
        ("MCTS win rate", f"{wins / n:.3f} (95% interval {low:.3f}-{high:.3f}; an even seat would win "
                          f"{1 / args.players:.3f})"),
        ("mean points", f"MCTS {statistics.fmean(mcts_points):.1f}, greedy {statistics.fmean(greedy_points):.1f}"),
        ("time per MCTS decision", f"mean {statistics.fmean(times) * 1000:.1f} ms, median "
                                   f"{statistics.median(times) * 1000:.1f} ms over {len(times)} decisions "
                                   "(decisions with one option are not searched)"),
        ("total time", f"{time.perf_counter() - start:.0f} s"),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
