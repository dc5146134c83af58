"""How fast what-if questions are answered: playouts per second from one round-3 4-player position.

Prints, from the same position: random and greedy playouts per second on one core and their ratio; 1,000
greedy playouts through ``compare`` with the default process pool and through a Dask LocalCluster; the engine's
cost per choice next to python-chess's random-playout cost per ply, measured in this same run. Run:

    .venv/bin/python benchmarks/bench_whatif.py            # needs the analysis and bench extras

Nothing here asserts a time; it prints a plain-text table.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Sequence

from hickory_widget import Game
from hickory_widget.hickory.analysis.bots import GreedyBot, RandomBot
from hickory_widget.hickory.analysis.whatif import compare


def round3_position(seed: int = 1) -> Game:
    """A 4-player game played at random into round 3, stopped at a decision with several options."""
    game = Game.new(4, seed=seed)
    rng = random.Random(seed)
    while game.state.round < 3 or len(game.choice_ids) < 2 or any(
            c.startswith(("trade", "give:", "swap:")) for c in game.choice_ids):
        game.choose(rng.choice(game.choice_ids))
    return game


def playouts_per_second(game: Game, bot: type, n: int) -> tuple[float, int]:
    """(playouts per second, choices made) for ``n`` reseeded playouts of ``bot`` in every seat, one core."""
    choices = 0
    start = time.perf_counter()
    for k in range(n):
        p = game.playout(seed=k, forkable=bot is not RandomBot)
        b = bot(k)
        while not p.over:
            p.choose(b.choose(p))
            choices += 1
    return n / (time.perf_counter() - start), choices


def replaying_greedy_per_second(game: Game, n: int) -> float:
    """The greedy rule as it was before cheap branches: every option tried on a full Game with scores_after
    (each look-ahead undoes by replaying the Tick), for the side-by-side figure."""
    start = time.perf_counter()
    for k in range(n):
        g = game.branch(seed=k)
        while not g.over:
            ids = g.choice_ids
            if len(ids) > 1:
                me, base = g.decision.player, g.scores[g.decision.player]

                def key(o: str, me: str = me, base: int = base, g: Game = g) -> tuple[int, int]:
                    then = ("deliver_done",) if o.startswith(("deliver:", "deliver_favor:")) else ()
                    gain = 0 if o.startswith(("trade", "give:", "swap:")) else g.scores_after(o, *then)[me] - base
                    return -gain, GreedyBot.rank(o)

                g.choose(min(ids, key=key))
            else:
                g.choose(ids[0])
    return n / (time.perf_counter() - start)


def engine_cost_per_choice(game: Game, n: int) -> float:
    """Seconds per choice of random playouts (engine plus a uniform pick), no look-ahead."""
    choices = 0
    start = time.perf_counter()
    for k in range(n):
        p = game.playout(seed=k, forkable=False)
        rng = random.Random(k)
        while p.ask is not None:
            p.choose(rng.choice(p.ask.options))
            choices += 1
    return (time.perf_counter() - start) / choices


def chess_cost_per_ply(games: int) -> float | None:
    """python-chess: seconds per ply of uniformly random games from the start position."""
    try:
        import chess
    except ImportError:
        return None
    plies = 0
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return (time.perf_counter() - start) / plies


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=300, help="random playouts on one core (default 300)")
    parser.add_argument("--greedy", type=int, default=100, help="greedy playouts on one core (default 100)")
    parser.add_argument("--pool", type=int, default=1000, help="greedy playouts through compare (default 1000)")
    parser.add_argument("--chess-games", type=int, default=40, help="random python-chess games (default 40)")
    parser.add_argument("--replaying", type=int, default=10,
                        help="greedy playouts the old way, replaying look-aheads on a Game (default 10; 0 skips)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster run")
    args = parser.parse_args(argv)

    game = round3_position()
    options = game.choice_ids
    rows: list[tuple[str, str]] = [
        ("position", f"4 players, round {game.state.round} (hour {game.state.hour}, minute {game.state.minute}), "
                     f"{len(game.history)} choices in; {game.decision.player} to decide among {len(options)}"),
        ("cores", f"{os.cpu_count()} (shared)"),
    ]
    start = time.perf_counter()
    for _ in range(50):
        game.copy()
    copy_ms = (time.perf_counter() - start) / 50 * 1000
    since = len(game.history) - game._checkpoints[-1][0]
    rows.append(("Game.copy()", f"{copy_ms:.2f} ms ({len(game.history)} choices in, {since} since the Tick began)"))
    rand_rate, rand_choices = playouts_per_second(game, RandomBot, args.random)
    greedy_rate, greedy_choices = playouts_per_second(game, GreedyBot, args.greedy)
    rows += [
        ("random playouts, one core", f"{rand_rate:.1f}/s ({rand_choices / args.random:.0f} choices each)"),
        ("greedy playouts, one core", f"{greedy_rate:.1f}/s ({greedy_choices / args.greedy:.0f} choices each)"),
        ("greedy / random speed", f"{greedy_rate / rand_rate:.2f} (1/{rand_rate / greedy_rate:.1f})"),
    ]
    if args.replaying:
        old = replaying_greedy_per_second(game, args.replaying)
        rows.append(("greedy on a Game via scores_after (before)", f"{old:.1f}/s (n={args.replaying}; "
                                                                   f"now {greedy_rate / old:.1f}x faster)"))
    per_option = max(1, args.pool // len(options))
    total = per_option * len(options)
    start = time.perf_counter()
    pooled = compare(game, playouts=per_option, progress=False)
    pool_time = time.perf_counter() - start
    rows.append((f"{total} greedy playouts, compare(), default pool", f"{pool_time:.1f} s "
                                                                      f"({total / pool_time:.0f}/s)"))
    if not args.no_dask:
        from dask.distributed import Client, LocalCluster

        start = time.perf_counter()
        with LocalCluster(n_workers=os.cpu_count() or 2, processes=True, threads_per_worker=1,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            ready = time.perf_counter() - start
            start = time.perf_counter()
            on_dask = compare(game, playouts=per_option, progress=False, executor=client.get_executor())
            dask_time = time.perf_counter() - start
        rows.append((f"{total} greedy playouts, Dask LocalCluster", f"{dask_time:.1f} s ({total / dask_time:.0f}/s; "
                                                                    f"cluster start {ready:.1f} s; rows equal the "
                                                                    f"pool's: {on_dask.rows == pooled.rows})"))
    engine = engine_cost_per_choice(game, max(20, args.random // 3))
    chess_ply = chess_cost_per_ply(args.chess_games)
    rows.append(("engine, random playout, per choice", f"{engine * 1e6:.1f} µs"))
    rows.append(("python-chess, random playout, per ply",
                 f"{chess_ply * 1e6:.1f} µs" if chess_ply else "python-chess missing: pip install --group bench"))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
