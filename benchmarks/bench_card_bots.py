"""The core's bot levels (core/bots.py LEVELS) against each other in Clocktowers and Mice!: each level against the
one below it, seats alternated, with the win rate's 95% Wilson interval and the time per decision of each level.

Clocktowers is played by 2 (the level and the one below). Mice! needs 3 players: the level sits with two bots of
the level below, in every seat in turn, and a game counts once per lower opponent: a win when it outscores that
opponent (M14's tie-break on captured mice included), a half when they tie (the 2-player reading of "beats").

    python benchmarks/bench_card_bots.py [games per pair, default 40] [clocktowers|mice ...]
        [--pairs=eager:random,...] [--start=K]

``--start=K`` plays games K.. (the seeds of a longer run), so one long run can be split across processes and the
wins added up.

Time per decision is CPU time of this process (``time.process_time``): one core's cost, which a loaded machine
does not inflate the way it inflates wall time.
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from collections import defaultdict

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core.bots import LEVELS, decide
from hickory_widget.mice import MiceGame


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: object, seats: dict[str, object], clock: dict[str, list[float]], names: dict[str, str]) -> None:
    g = game
    while not g.over:  # type: ignore[attr-defined]
        player = g.decision.player  # type: ignore[attr-defined]
        t = time.process_time()
        choice = decide(g, seats[player])  # type: ignore[arg-type]
        clock[names[player]].append(time.process_time() - t)
        g.choose(choice)  # type: ignore[attr-defined]


def rank_of(game: object, player: str) -> int:
    return next(s.rank for s in game.standings() if s.player == player)  # type: ignore[attr-defined]


def pair(game_name: str, strong: str, weak: str, games: int, clock: dict[str, list[float]],
         start: int = 0) -> tuple[float, int]:
    wins, n = 0.0, 0
    for k in range(start, start + games):
        if game_name == "clocktowers":
            g = ClocktowersGame.new(players=2, seed=1000 + k // 2)
            players = list(g.scores)
            me = players[k % 2]
        else:
            g = MiceGame.new(players=3, seed=1000 + k // 3)
            players = list(g.scores)
            me = players[k % 3]
        names = {p: strong if p == me else weak for p in players}
        seats = {p: LEVELS[names[p]](k * 10 + i) for i, p in enumerate(players)}
        play(g, seats, clock, names)
        for p in players:
            if p != me:
                mine, theirs = rank_of(g, me), rank_of(g, p)
                wins += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                n += 1
        times = clock[strong]
        print(f"  {game_name} {strong}/{weak} game {k + 1 - start}/{games} (seed index {k}): {wins:.1f}/{n}; "
              f"{strong} {1000 * sum(times) / len(times):.0f} ms mean, {1000 * max(times):.0f} ms max, "
              f"{len(times)} decisions", file=sys.stderr, flush=True)
    return wins, n


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    start = int(next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--start=")), 0))
    picked = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--pairs=")), None)
    games = int(args[0]) if args else 40
    which = args[1:] or ["clocktowers", "mice"]
    levels = list(LEVELS)
    pairs = list(itertools.pairwise(levels))
    if picked:
        pairs = [tuple(reversed(p.split(":"))) for p in picked.split(",")]  # strong:weak -> (weak, strong)
    for game_name in which:
        clock: dict[str, list[float]] = defaultdict(list)
        print(f"{game_name}: {games} games per pair, seats alternated")
        print(f"{'level':>8} {'vs':>8} {'wins':>7} {'rate':>6}  95% interval")
        for weak, strong in pairs:
            wins, n = pair(game_name, strong, weak, games, clock, start)
            lo, hi = wilson(wins, n)
            print(f"{strong:>8} {weak:>8} {wins:>5.1f}/{n:<3} {wins / n:6.1%}  [{lo:.1%}, {hi:.1%}]", flush=True)
        for level in levels:
            times = clock[level]
            if times:
                print(f"  {level:>8}: {1000 * sum(times) / len(times):8.2f} ms/decision (mean), "
                      f"{1000 * max(times):8.1f} ms max, {len(times)} decisions")


if __name__ == "__main__":
    main()
