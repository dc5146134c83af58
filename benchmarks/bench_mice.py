"""Mice! figures: whole games by random and greedy bots per player count, a save and a load (full replay), a seat
save mid-round, the widget's view model; how one greedy bot fares against random ones; and a what-if comparison
of a secret decision (the core's compare on the default process pool). Prints tables; asserts nothing.

    .venv/bin/python benchmarks/bench_mice.py --games 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test tools in tests/support/

from support.card_bench import bot_game, timed

from hickory_widget.core.bots import GreedyBot, RandomBot, play
from hickory_widget.mice import MiceGame


def speed(games: int) -> None:
    print(f"{'players':>7} {'bot':>7} {'ms/game':>8} {'choices':>8} {'save ms':>8} {'load ms':>8} "
          f"{'seat save ms':>12} {'view ms':>8}")
    for players in (3, 4, 5, 6):
        for name, make in (("random", RandomBot), ("greedy", GreedyBot)):
            times, choices, saves, loads, seat_saves, views = [], [], [], [], [], []
            for seed in range(games):
                _, fig = bot_game(MiceGame, players, seed, make)
                times.append(fig["play"])
                choices.append(fig["choices"])
                saves.append(fig["save"])
                loads.append(fig["load"])
                mid = MiceGame.new(players=players, seed=seed)
                play(mid, {p: RandomBot(i) for i, p in enumerate(mid.state.players)}, limit=8 * players + 2)
                _, t = timed(lambda g=mid: g.to_json(seat=g.decision.player))
                seat_saves.append(t)
                widget = mid.widget(pass_and_play=False)
                _, t = timed(widget._refresh)
                views.append(t)
            ms = lambda xs: 1000 * statistics.mean(xs)  # noqa: E731
            print(f"{players:>7} {name:>7} {ms(times):>8.1f} {statistics.mean(choices):>8.0f} {ms(saves):>8.2f} "
                  f"{ms(loads):>8.1f} {ms(seat_saves):>12.1f} {ms(views):>8.1f}")


def strength(games: int) -> None:
    print(f"\n{'players':>7} {'greedy seats':>12} {'greedy wins':>11} {'random wins':>11} "
          f"{'greedy mean':>11} {'random mean':>11}")
    for players in (3, 4, 6):
        for greedy_seats in (1, 2):
            wins = {"greedy": 0.0, "random": 0.0}
            points: dict[str, list[int]] = {"greedy": [], "random": []}
            for seed in range(games):
                game = MiceGame.new(players=players, seed=seed)
                kinds = {p: ("greedy" if i < greedy_seats else "random") for i, p in enumerate(game.state.players)}
                play(game, {p: (GreedyBot(seed + i) if kinds[p] == "greedy" else RandomBot(seed + i))
                            for i, p in enumerate(game.state.players)})
                for p in game.winners:
                    wins[kinds[p]] += 1 / len(game.winners)
                for p, v in game.scores.items():
                    points[kinds[p]].append(v)
            print(f"{players:>7} {greedy_seats:>12} {wins['greedy']:>11.1f} {wins['random']:>11.1f} "
                  f"{statistics.mean(points['greedy']):>11.1f} {statistics.mean(points['random']):>11.1f}")


def what_if(playouts: int) -> None:
    """P2's 16 options after P1 placed a card face down, ``playouts`` each, greedy and random bots."""
    from hickory_widget.core.whatif import compare

    table = MiceGame.new(players=4, seed=11)
    table.choose(table.choice_ids[0])
    print(f"\nwhat-if, 4 players, P2's {len(table.choice_ids)} options x {playouts} playouts, default process pool:")
    for bot in ("greedy", "random"):
        result, seconds = timed(lambda bot=bot: compare(table, playouts=playouts, bot=bot, seed=1, progress=False))
        n = playouts * len(result.rows)
        print(f"  {bot:>6} bots: {seconds:6.1f} s, {n / seconds:7.1f} playouts/s, best {result.best.label}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    speed(args.games)
    strength(args.games * 2)
    what_if(args.games * 4)


if __name__ == "__main__":
    main()
