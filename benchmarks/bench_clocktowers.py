"""Clocktowers figures: whole games by random and greedy bots per player count, a save and a load (full replay),
an undo of every move back to the start, and the widget's view model. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_clocktowers.py --games 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core.bots import GreedyBot, RandomBot, play

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(f"{'players':>7} {'bot':>7} {'ms/game':>8} {'choices':>8} {'save ms':>8} {'load ms':>8} {'undo-all ms':>11}")
    for players in (2, 3, 4):
        for name, make in (("random", RandomBot), ("greedy", GreedyBot)):
            times, choices, saves, loads, undos = [], [], [], [], []
            for seed in range(args.games):
                game = ClocktowersGame.new(players=players, seed=seed)
                made, t = timed(lambda g=game, m=make: play(g, {p: m(i) for i, p in enumerate(g.state.players)}))
                times.append(t)
                choices.append(made)
                text, t = timed(game.to_json)
                saves.append(t)
                _, t = timed(lambda s=text: ClocktowersGame.from_json(s))
                loads.append(t)
                _, t = timed(lambda g=game: [g.undo() for _ in range(len(g.history))])
                undos.append(t)
            ms = [1000 * statistics.mean(x) for x in (times, saves, loads, undos)]
            print(f"{players:>7} {name:>7} {ms[0]:>8.1f} {statistics.mean(choices):>8.0f} {ms[1]:>8.2f} "
                  f"{ms[2]:>8.1f} {ms[3]:>11.1f}")
    game = ClocktowersGame.new(players=4, seed=1)
    play(game, {p: RandomBot(i) for i, p in enumerate(game.state.players)}, limit=60)
    widget = game.widget()
    _, t = timed(widget._refresh)
    print(f"view model: {len(json.dumps(widget.view))} bytes, built in {1000 * t:.1f} ms (4 players, 60 choices in)")


if __name__ == "__main__":
    main()
