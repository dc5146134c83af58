"""Clocktowers figures: whole games by random and greedy bots per player count, a save and a load (full replay),
an undo of every move back to the start, and the widget's view model. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_clocktowers.py --games 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test tools in tests/support/

from support.card_bench import bot_game, timed

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core.bots import GreedyBot, RandomBot, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(f"{'players':>7} {'bot':>7} {'ms/game':>8} {'choices':>8} {'save ms':>8} {'load ms':>8} {'undo-all ms':>11}")
    for players in (2, 3, 4):
        for name, make in (("random", RandomBot), ("greedy", GreedyBot)):
            times, choices, saves, loads, undos = [], [], [], [], []
            for seed in range(args.games):
                game, fig = bot_game(ClocktowersGame, players, seed, make)
                times.append(fig["play"])
                choices.append(fig["choices"])
                saves.append(fig["save"])
                loads.append(fig["load"])
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
