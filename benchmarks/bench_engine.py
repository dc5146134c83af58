"""How fast the engine plays, saves, loads and undoes: whole seeded games by uniform-random legal choices.

Bots, search and the property tests all play many games, so this is the number to watch when the rules
grow. Games are normal ``Game`` objects (undo history kept). Run:

    .venv/bin/python benchmarks/bench_engine.py --games 50 --players 4 --seed 1

Nothing here asserts a time; it prints a plain-text table.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence

from hickory_widget import Game
from hickory_widget.hickory.analysis import bots


def play_game(players: int, seed: int, advanced: bool = False) -> Game:
    """One complete game; the chooser is seeded per game so any game can be replayed on its own."""
    game = Game.new(players, seed=seed, advanced=advanced)
    rng = random.Random(seed)
    while not game.over:
        game.choose(rng.choice(game.choice_ids))
    return game


def peak_memory_of_one_game(players: int, seed: int, advanced: bool) -> tuple[int, int]:
    """(tracemalloc peak bytes while playing one game, bytes still held by the finished game)."""
    tracemalloc.start()
    try:
        game = play_game(players, seed, advanced)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del game
    return peak, held


def maxrss_bytes() -> int:
    """The process's peak resident set size; Linux reports KiB, macOS bytes."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024


def mean_ms(samples: list[float]) -> str:
    return f"{statistics.fmean(samples) * 1000:.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="complete games to play (default 50)")
    parser.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4), help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed + i")
    parser.add_argument("--advanced", action="store_true", help="use the advanced setup (R122-R123)")
    parser.add_argument("--io-games", type=int, default=10,
                        help="finished games on which save/load and undo are timed (default 10)")
    parser.add_argument("--greedy-games", type=int, default=10,
                        help="complete games with the greedy bot in every seat (default 10; 0 to skip)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    keep = max(1, args.io_games)
    sample: list[Game] = []  # only these stay alive, so the process's RSS is not that of every game at once
    choices: list[int] = []
    winners: list[int] = []
    start = time.perf_counter()
    for i in range(args.games):
        game = play_game(args.players, args.seed + i, args.advanced)
        choices.append(len(game.history))
        winners.append(game.standings()[0].score)
        if len(sample) < keep:
            sample.append(game)
    elapsed = time.perf_counter() - start  # includes standings(), which is negligible next to play
    load_times, undo_times, save_sizes = [], [], []
    for game in sample:
        text = game.to_json()
        save_sizes.append(len(text))
        t = time.perf_counter()
        Game.from_json(text)
        load_times.append(time.perf_counter() - t)
        t = time.perf_counter()
        game.undo()
        undo_times.append(time.perf_counter() - t)
    peak, held = peak_memory_of_one_game(args.players, args.seed, args.advanced)
    greedy_scores: list[int] = []
    t = time.perf_counter()
    for i in range(args.greedy_games):
        game = Game.new(args.players, seed=args.seed + i, advanced=args.advanced)
        bots.play(game, {color: bots.GreedyBot(args.seed + i) for color in game.state.colors})
        greedy_scores.extend(game.scores.values())
    greedy_elapsed = time.perf_counter() - t

    rows = [
        ("games", f"{args.games} x {args.players} player(s){', advanced setup' if args.advanced else ''}, "
                  f"seeds {args.seed}-{args.seed + args.games - 1}"),
        ("total time", f"{elapsed:.2f} s"),
        ("games/s", f"{args.games / elapsed:.1f}"),
        ("choices/s", f"{sum(choices) / elapsed:,.0f}"),
        ("choices per game", f"mean {statistics.fmean(choices):.1f}, min {min(choices)}, max {max(choices)}"),
        ("winner score", f"mean {statistics.fmean(winners):.1f}, min {min(winners)}, max {max(winners)}"),
        (f"from_json(to_json()) (n={len(sample)})", f"mean {mean_ms(load_times)} ms, "
                                                     f"save {statistics.fmean(save_sizes) / 1024:.1f} KiB"),
        (f"undo() on a finished game (n={len(sample)})", f"mean {mean_ms(undo_times)} ms"),
        ("peak memory, one game", f"{peak / 2**20:.2f} MiB traced (tracemalloc), {held / 2**20:.2f} MiB held "
                                  "by the finished game"),
        *([(f"greedy bot, every seat (n={args.greedy_games})",
             f"{args.greedy_games / greedy_elapsed:.1f} games/s; scores min {min(greedy_scores)}, median "
             f"{statistics.median(greedy_scores):g}, mean {statistics.fmean(greedy_scores):.1f}, "
             f"max {max(greedy_scores)}")] if args.greedy_games else []),
        ("peak RSS, process", f"{maxrss_bytes() / 2**20:.1f} MiB (getrusage maxrss)"),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"hickory_widget engine benchmark (Python {sys.version.split()[0]})")
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
