"""What a game review costs, and how far two reviews with different seeds agree on the labels.

A seeded 4-player game is played to the end by greedy bots, the reviewed seat (blue) taking a random option in a
quarter of its decisions so that there is something to find; then blue's decisions are reviewed twice, with two
review seeds, on a process pool of 2 workers (the machine's 2 cores). Prints, for each review: the decisions
judged, playouts, playouts per decision (first and last third of the game), CPU-seconds of the workers and of this
process, wall time, the labels counted; then the share of decisions the two reviews label alike (all, and the
decisions with more than one option), and the labels they disagree on. Run:

    .venv/bin/python benchmarks/bench_review.py                 # --players 4 --game-seed 1 --noise 0.25
    .venv/bin/python benchmarks/bench_review.py --seeds 1 2 3    # every pair of three reviews

Nothing here asserts a time; it prints a plain-text table.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from hickory_widget import Game
from hickory_widget.core.review import Review, review
from hickory_widget.hickory.analysis.bots import GreedyBot, play


class Noisy:
    """Greedy, except for a random option in a share ``noise`` of its decisions (a learner's slips)."""

    def __init__(self, seed: int, noise: float) -> None:
        self.greedy, self.rng, self.noise = GreedyBot(seed), random.Random(seed), noise

    def choose(self, game: Game) -> str:
        if self.rng.random() < self.noise:
            return self.rng.choice(game.choice_ids)
        return self.greedy.choose(game)


def seeded_game(players: int, seed: int, noise: float) -> Game:
    game = Game.new(players, seed=seed)
    bots = {c: GreedyBot(seed * 10 + i) for i, c in enumerate(game.scores)}
    bots["blue"] = Noisy(seed, noise)  # type: ignore[assignment]
    play(game, bots)
    return game


def worker_cpu(_: int) -> float:
    return time.process_time()


def timed_review(game: Game, seat: str, seed: int, workers: int, **kw: object) -> tuple[Review, float, float]:
    """(review, wall seconds, CPU seconds of this process and the workers)."""
    with ProcessPoolExecutor(workers) as pool:
        before = sum(pool.map(worker_cpu, range(workers * 4)))  # starts the workers; their CPU so far
        mine = time.process_time()
        start = time.perf_counter()
        result = review(game, seat, seed=seed, executor=pool, progress=False, **kw)  # type: ignore[arg-type]
        wall = time.perf_counter() - start
        mine = time.process_time() - mine
        cpu = _pool_cpu(pool, workers) - before
    return result, wall, cpu + mine


def _pool_cpu(pool: ProcessPoolExecutor, workers: int) -> float:
    """Total CPU time of the pool's worker processes (from /proc, which counts every worker once)."""
    total = 0.0
    for pid in list(pool._processes):  # type: ignore[attr-defined]
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / 100  # utime + stime, clock ticks (100 Hz)
        except OSError:
            pass
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game-seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.25)
    parser.add_argument("--seat", default="blue")
    parser.add_argument("--seeds", type=int, nargs="+", default=(1, 2), help="two or more review seeds")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--precision", type=float, default=None)
    parser.add_argument("--max-playouts", type=int, default=None)
    parser.add_argument("--save", metavar="PREFIX", help="write each review as PREFIX<seed>.json (Review.to_json)")
    args = parser.parse_args()
    game = seeded_game(args.players, args.game_seed, args.noise)
    print(f"game: {args.players} players, seed {args.game_seed}, {len(game.history)} history entries, "
          f"scores {game.scores}; {args.seat} slips at random in {args.noise:.0%} of its decisions")
    if len(args.seeds) < 2:
        parser.error("--seeds: two or more review seeds, to compare their labels")
    kw: dict[str, object] = {} if args.precision is None else {"precision": args.precision}
    if args.max_playouts is not None:
        kw["max_playouts"] = args.max_playouts
    reviews = []
    for seed in args.seeds:
        result, wall, cpu = timed_review(game, args.seat, seed, args.workers, **kw)
        reviews.append(result)
        if args.save:
            with open(f"{args.save}{seed}.json", "w") as f:
                f.write(result.to_json())
        js = result.for_seat(args.seat)
        many = [j for j in js if j.options > 1]
        third = max(1, len(many) // 3)
        per = [j.playouts / j.options for j in many]
        print(f"\nreview seed {seed}: {len(js)} decisions ({len(many)} with a choice), {result.playouts} playouts, "
              f"wall {wall:.1f} s on {args.workers} workers, CPU {cpu:.1f} s")
        print(f"  playouts per option: mean {statistics.fmean(per):.1f}, "
              f"first third {statistics.fmean(per[:third]):.1f}, "
              f"last third {statistics.fmean(per[-third:]):.1f}, max {max(per):.0f}")
        print(f"  labels: {dict((k, v) for k, v in result.counts(args.seat).items() if v)}")
    for (sa, ra), (sb, rb) in itertools.combinations(zip(args.seeds, reviews, strict=True), 2):
        a, b = ra.for_seat(args.seat), rb.for_seat(args.seat)
        same = sum(x.label == y.label for x, y in zip(a, b, strict=True))
        many = [(x, y) for x, y in zip(a, b, strict=True) if x.options > 1]
        same_many = sum(x.label == y.label for x, y in many)
        print(f"\nlabel agreement between seeds {sa} and {sb}: {same}/{len(a)} = {same / len(a):.1%} "
              f"(decisions with a choice: {same_many}/{len(many)} = {same_many / max(1, len(many)):.1%})")
        pairs = Counter(tuple(sorted((x.label, y.label))) for x, y in many if x.label != y.label)
        print(f"  disagreements: {dict(pairs)}")
        print(f"  same best option: {sum(x.best == y.best for x, y in many)}/{len(many)}")


if __name__ == "__main__":
    main()
