"""How fast the engine plays, saves, loads and undoes: whole seeded games by uniform-random legal choices.

Bots, search and the property tests all play many games, so this is the number to watch when the rules
grow. Games are normal ``Game`` objects (undo history kept). Run:

    .venv/bin/python benchmarks/bench_engine.py --games 50 --players 4 --seed 1

The last table is the engine's speed next to python-chess (the ``bench`` extra), measured side by side in this
run: a step is one ``Game.choose`` (with undo snapshots, events and the runner's checks) or one ``Playout.choose``
(the bare rules, as what-if and search use them), each by a uniform-random legal choice in whole 4-player games;
python-chess's step is one ply of a uniformly random game (legal moves, push, game-over check). Each build runs in
its own process (``--worker``): the one this script is run with and, when installed, the compiled wheel in
``.venv-compiled`` (docs/SPEED.md), taking turns round by round so both see the same load. The ratio is python-
chess's time per ply over the engine's per step, the median of the rounds (their range in brackets).

Nothing here asserts a time; it prints plain-text tables.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

from hickory_widget import Game
from hickory_widget.hickory.analysis import bots

ROOT = Path(__file__).resolve().parent.parent
COMPILED_PYTHON = ROOT / ".venv-compiled" / "bin" / "python"


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


# ------------------------------------------------------------------------------------ side by side with python-chess
def chess_game(seed: int) -> int:
    """One uniformly random python-chess game from the start position; returns its plies."""
    import chess

    rng = random.Random(seed)
    board = chess.Board()
    plies = 0
    while not board.is_game_over(claim_draw=False):
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return plies


def random_game(seed: int) -> int:
    """One 4-player ``Game`` by uniform-random choices; returns its steps (``Game.choose`` calls)."""
    game = Game.new(4, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        game.choose(rng.choice(game.choice_ids))
        steps += 1
    return steps


def random_playout(seed: int) -> int:
    """The same as a ``Playout`` (no history, events or snapshots); returns its steps (``Playout.choose`` calls)."""
    p = Game.new(4, seed=seed).playout(forkable=False)
    rng = random.Random(seed)
    steps = 0
    while p.ask is not None:
        p.choose(rng.choice(p.ask.options))
        steps += 1
    return steps


def one_round(games: int, seed: int) -> dict[str, float]:
    """CPU seconds per step of each kind, the kinds taking turns game by game so that they share the machine's
    load (the process's CPU time, not the wall clock: waiting for a busy core is not counted)."""
    kinds = {"chess": chess_game, "game": random_game, "playout": random_playout}
    spent = dict.fromkeys(kinds, 0.0)
    steps = dict.fromkeys(kinds, 0)
    for i in range(games):
        for kind, play in kinds.items():
            start = time.process_time()
            steps[kind] += play(seed + i)
            spent[kind] += time.process_time() - start
    return {kind: spent[kind] / steps[kind] for kind in kinds}


def build_name() -> str:
    """"compiled" when the rules run as mypyc extension modules, else "pure" (docs/SPEED.md)."""
    from hickory_widget.hickory.rules import state

    return "compiled" if Path(state.__file__).suffix in (".so", ".pyd") else "pure"


def worker() -> int:
    """Measures one round per line read ("<games> <seed>") and answers with one JSON line."""
    one_round(1, 0)  # loads everything and warms up
    print(json.dumps({"build": build_name(), "python": sys.version.split()[0]}), flush=True)
    for line in sys.stdin:
        games, seed = (int(x) for x in line.split())
        print(json.dumps(one_round(games, seed)), flush=True)
    return 0


class Worker:
    """A measuring process of one build, kept alive across rounds."""

    def __init__(self, python: str, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen([python, str(Path(__file__).resolve()), "--worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=Path(__file__).parent)
        self.about = self._read()

    def _read(self) -> dict[str, object]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the benchmark worker ended early (exit code {self.proc.wait()})")
        return json.loads(line)

    def round(self, games: int, seed: int) -> dict[str, float]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{games} {seed}\n")
        self.proc.stdin.flush()
        return self._read()  # type: ignore[return-value]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def ratio_rows(rounds: int, games: int, compiled: str | None) -> list[tuple[str, str]]:
    """The side-by-side table: each build's time per step and its ratio to python-chess."""
    try:
        import chess  # noqa: F401
    except ImportError:
        return [("python-chess", "not installed: pip install .[bench]")]
    import hickory_widget

    here = dict(os.environ)
    # This interpreter's build: the package this script imported (a source checkout on PYTHONPATH, or installed).
    here["PYTHONPATH"] = os.pathsep.join([str(Path(hickory_widget.__file__).parent.parent),
                                          *filter(None, [os.environ.get("PYTHONPATH")])])
    workers = [Worker(sys.executable, here)]
    if compiled:
        plain = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the wheel installed in that venv
        workers.append(Worker(compiled, plain))
    load_before = os.getloadavg()
    results: list[list[dict[str, float]]] = [[] for _ in workers]
    for r in range(rounds):
        for w, out in zip(workers, results, strict=True):
            out.append(w.round(games, 1 + 100 * r))
    load_after = os.getloadavg()
    for w in workers:
        w.close()
    rows = [("machine", f"{os.cpu_count()} cores, load average {load_before[0]:.2f} before, {load_after[0]:.2f} "
                        f"after; {rounds} rounds per build, each of {games} chess games, {games} Games and "
                        f"{games} playouts, taking turns; CPU time")]
    for w, out in zip(workers, results, strict=True):
        build = f"{w.about['build']} build (Python {w.about['python']})"
        chess_us = statistics.median(o["chess"] for o in out) * 1e6
        rows.append((f"{build}: python-chess ply", f"{chess_us:.1f} µs (median)"))
        for kind, name in (("game", "Game step"), ("playout", "playout step")):
            ratios = [o["chess"] / o[kind] for o in out]
            step_us = statistics.median(o[kind] for o in out) * 1e6
            rows.append((f"{build}: {name}", f"{step_us:.1f} µs, {statistics.median(ratios):.2f}x python-chess "
                                              f"[{min(ratios):.2f}-{max(ratios):.2f}]"))
    return rows


def print_table(title: str, rows: list[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    print(title)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None and sys.argv[1:] == ["--worker"]:
        return worker()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="complete games to play (default 50)")
    parser.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4), help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed + i")
    parser.add_argument("--advanced", action="store_true", help="use the advanced setup (R122-R123)")
    parser.add_argument("--io-games", type=int, default=10,
                        help="finished games on which save/load and undo are timed (default 10)")
    parser.add_argument("--greedy-games", type=int, default=10,
                        help="complete games with the greedy bot in every seat (default 10; 0 to skip)")
    parser.add_argument("--rounds", type=int, default=7,
                        help="rounds of the side-by-side comparison with python-chess (default 7; 0 to skip)")
    parser.add_argument("--step-games", type=int, default=8,
                        help="per round: random python-chess games, and as many random 4-player Games and playouts "
                             "(default 8)")
    parser.add_argument("--compiled", default=str(COMPILED_PYTHON) if COMPILED_PYTHON.exists() else "",
                        help="the Python of a venv with the compiled wheel (default .venv-compiled/bin/python when it "
                             "exists; '' to measure this build only)")
    parser.add_argument("--only-ratio", action="store_true", help="print only the side-by-side table")
    args = parser.parse_args(argv)
    if args.only_ratio:
        print_table("engine step next to python-chess, side by side", ratio_rows(
            max(1, args.rounds), args.step_games, args.compiled or None))
        return 0
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
    print_table(f"hickory_widget engine benchmark (Python {sys.version.split()[0]}, {build_name()} build)", rows)
    if args.rounds:
        print_table("engine step next to python-chess, side by side", ratio_rows(
            args.rounds, args.step_games, args.compiled or None))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
