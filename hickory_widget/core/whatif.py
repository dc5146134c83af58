"""What if? Compare the options of a decision by playing many games to the end from each of them, for any game on
the core.

    >>> from hickory_widget.core.whatif import compare
    >>> result = compare(game, playouts=200)          # every legal option of the pending decision
    >>> result.best.choice, result.rows[0].mean_points
    >>> result.plot()                                 # means with 95% intervals, and the score spreads

Playout ``k`` gives every option the same chance seed (common random numbers: the same draws and dice as far as
the options let the games run alike), so the differences between rows come from the options and not from luck.
Work goes to any ``concurrent.futures.Executor`` in batches; each playout's result depends only on (position,
option, seed, k), so the rows are the same whatever runs them: serially, a local process pool (the default) or a
Dask cluster (``Client.get_executor()``).

Each run starts from a branch of the game as the decider knows it (what nobody has seen is dealt anew with the
run's seed; in a simultaneous decision the others' hidden commitments are drawn anew too), so no answer peeks at
hidden cards or future dice. How a game is played out is its :meth:`~.runner.GameRunner.what_if_engine`: by
default :class:`ReplayPlayouts` (a save replayed in the worker, then branches played by the core's bots);
Hickory Dickory brings its faster playout engine.
"""

from __future__ import annotations

import asyncio
import html
import io
import math
import os
import statistics
import sys
import threading
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .bots import LEVELS, Bot, RandomBot, play
from .information import has_information
from .protocol import IllegalChoice

SEED_STRIDE = 1_000_003
"""Playout k of a comparison with seed s uses chance seed s * SEED_STRIDE + k."""
Result = tuple[int, float, float]
"""One playout's (points, margin over the best opponent, share of first place) of the deciding player."""


class PlayoutEngine(Protocol):
    """How a game is played out many times: picklable start data, batches of playouts run in workers, named bots."""

    bots: dict[str, Callable[[int], Any]]

    def start(self, game: Any) -> Any:
        """The game now, as the decider knows it, as picklable data for the workers."""

    def batch(self, start: Any, option: str, ks: Iterable[int], bot: str | Callable[[int], Any],
              seed: int) -> list[Result]:
        """Playouts ``ks`` of ``option`` (runs in a worker)."""


class ReplayPlayouts:
    """Playouts for any game on the core: the decider's save is loaded in the worker, and each playout is a
    branch of it (``branch(chance)``) played to the end by the core's bots."""

    bots: ClassVar[dict[str, Callable[[int], Any]]] = dict(LEVELS)

    def start(self, game: Any) -> Any:
        me = game.decision.player
        seat = me if game.seat is None and (game.sealed(me) or has_information(game.rules)) else None
        return type(game), game.to_json(seat=seat)

    def batch(self, start: Any, option: str, ks: Iterable[int], bot: str | Callable[[int], Any],
              seed: int) -> list[Result]:
        cls, text = start
        game = cls.from_json(text)
        me = game.decision.player
        make = self.bots[bot] if isinstance(bot, str) else bot
        out = []
        for k in ks:
            chance = seed * SEED_STRIDE + k
            twin = game.branch(chance)
            twin.choose(option)
            player = make(chance)
            play(twin, dict.fromkeys(twin.scores, player))
            out.append(outcome(twin, me))
        return out


def question(player: str, prompt: str) -> str:
    """A decision's prompt without a leading "<player>:" (some games' prompts name the player, some do not), for
    texts that say who decides themselves."""
    return prompt.removeprefix(f"{player}:").strip()


def outcome(game: Any, me: str) -> Result:
    """(points, margin over the best opponent, share of first place) of ``me`` in a finished game (first place as
    the game's ``winners`` says, tie-breaks included). Alone at the table, the margin is the points themselves."""
    scores = game.scores
    mine = scores[me]
    others = [v for p, v in scores.items() if p != me]
    first = game.winners
    return mine, float(mine - max(others)) if others else float(mine), (1.0 / len(first) if me in first else 0.0)


class Cancelled(Exception):
    """Raised by :func:`compare` when its ``cancel`` event was set before every playout finished."""


@dataclass(frozen=True)
class Row:
    """The results of one option: the deciding player's points, margin over the best opponent and wins."""

    choice: str
    label: str
    playouts: int
    mean_points: float
    points_ci: tuple[float, float]
    """95% interval of the mean points (normal approximation)."""
    mean_margin: float
    """Points minus the best opponent's; solo: minus the 100-point goal (R115)."""
    margin_ci: tuple[float, float]
    win_rate: float
    """Wins over playouts; a first place shared by k players counts 1/k. Solo: reaching the goal."""
    win_ci: tuple[float, float]
    """95% Wilson interval of the win rate."""
    points: tuple[int, ...] = field(repr=False)
    """The deciding player's final points in playout 0, 1, 2, ... (for distributions and paired tests)."""


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` returns: one :class:`Row` per option, in the order the options were given."""

    player: str
    prompt: str
    rows: tuple[Row, ...]
    bot: str
    seed: int

    @property
    def best(self) -> Row:
        """The row with the highest mean margin over the best opponent (then the highest mean points)."""
        return max(self.rows, key=lambda r: (r.mean_margin, r.mean_points))

    def row(self, choice: str) -> Row:
        for r in self.rows:
            if r.choice == choice:
                return r
        raise KeyError(f"{choice!r} was not compared; compared: {[r.choice for r in self.rows]}")

    def to_dataframe(self) -> Any:
        """The rows as a pandas DataFrame (needs pandas: ``pip install hickory-widget[analysis]``)."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError("to_dataframe() needs pandas: pip install 'hickory-widget[analysis]'") from exc
        return pd.DataFrame([{
            "choice": r.choice, "label": r.label, "playouts": r.playouts, "mean_points": r.mean_points,
            "points_low": r.points_ci[0], "points_high": r.points_ci[1], "mean_margin": r.mean_margin,
            "margin_low": r.margin_ci[0], "margin_high": r.margin_ci[1], "win_rate": r.win_rate,
            "win_low": r.win_ci[0], "win_high": r.win_ci[1],
        } for r in self.rows]).set_index("choice")

    def plot(self) -> Any:
        """A matplotlib figure: mean points with 95% intervals per option, and each option's score spread. Where
        matplotlib is missing (in the browser, JupyterLite), the what-if panel's own chart as a picture instead."""
        try:
            from matplotlib.figure import Figure
        except ImportError:
            return MeansChart(self)

        labels = [_short(r.label) for r in self.rows]
        ys = range(len(self.rows))
        fig = Figure(figsize=(10, 0.55 * len(self.rows) + 1.8), layout="constrained")
        means, spread = fig.subplots(1, 2, sharey=True)
        best = self.best
        for y, r in enumerate(self.rows):
            color = "#1b6ca8" if r is best else "#7a7a7a"
            means.errorbar(r.mean_points, y, xerr=[[r.mean_points - r.points_ci[0]], [r.points_ci[1] - r.mean_points]],
                           fmt="o", color=color, capsize=4)
            means.annotate(f"{r.mean_points:.1f}  win {r.win_rate:.0%}", (r.points_ci[1], y), xytext=(6, 0),
                           textcoords="offset points", va="center", fontsize=8)
        spread.boxplot([r.points for r in self.rows], positions=list(ys), orientation="horizontal", widths=0.6,
                       showmeans=True, manage_ticks=False)
        means.set_yticks(list(ys), labels)
        means.invert_yaxis()
        means.set_xlabel(f"{self.player.capitalize()}'s final points: mean and 95% interval")
        means.margins(x=0.3)
        means.grid(axis="x", alpha=0.3)
        spread.set_xlabel(f"{self.player.capitalize()}'s final points in each playout")
        spread.grid(axis="x", alpha=0.3)
        fig.suptitle(f"{self.prompt}  ({self.rows[0].playouts} playouts per option, {self.bot} bots)", fontsize=10)
        fig._repr_png_ = lambda: _png(fig)  # type: ignore[attr-defined]  # shows in notebooks without pyplot
        return fig

    def __str__(self) -> str:
        lines = [f"{self.player}: {question(self.player, self.prompt)} ({self.bot} bots, seed {self.seed})",
                 f"{'choice':28} {'n':>5} {'points':>7} {'95% interval':>15} {'margin':>7} {'win':>5}"]
        for r in self.rows:
            lines.append(f"{_short(r.label, 28):28} {r.playouts:5} {r.mean_points:7.1f} "
                         f"{r.points_ci[0]:7.1f}-{r.points_ci[1]:<7.1f} {r.mean_margin:7.1f} {r.win_rate:5.0%}")
        return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


class SerialExecutor(Executor):
    """Runs each submitted call at once in this process: for tests, debugging and tiny comparisons."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future, as a real executor does
            future.set_exception(exc)
        return future


THREADS = sys.platform not in ("emscripten", "wasi")
"""Whether this Python can start threads and processes: not in a browser (Pyodide, JupyterLite), where compare
runs the playouts one batch after another and the what-if panel runs them cooperatively (:func:`compare_async`)."""


class MeansChart:
    """The what-if panel's chart of a comparison as an SVG picture: each option's mean points with its 95%
    interval, the best option in blue (what :meth:`Comparison.plot` shows where matplotlib is missing)."""

    def __init__(self, comparison: Comparison) -> None:
        self.comparison = comparison

    def _repr_svg_(self) -> str:
        rows = self.comparison.rows
        lows = [r.points_ci[0] for r in rows]
        highs = [r.points_ci[1] for r in rows]
        lo, hi = min(0.0, *lows), max(1.0, *highs)
        left, width, step = 250, 380, 26
        height = 40 + step * len(rows)

        def x(v: float) -> float:
            return left + (v - lo) / (hi - lo) * width

        best = self.comparison.best
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 90}" height="{height}" '
                 f'font-family="sans-serif" font-size="13" role="img">',
                 f'<title>{html.escape(question(self.comparison.player, self.comparison.prompt))}</title>']
        for i, r in enumerate(rows):
            y = 24 + i * step
            color = "#1b6ca8" if r is best else "#666"
            parts += [f'<text x="{left - 8}" y="{y + 4}" text-anchor="end" fill="{color}">'
                      f'{html.escape(_short(r.label, 34))}</text>',
                      f'<line x1="{x(r.points_ci[0]):.1f}" x2="{x(r.points_ci[1]):.1f}" y1="{y}" y2="{y}" '
                      f'stroke="{color}" stroke-width="2"/>',
                      f'<circle cx="{x(r.mean_points):.1f}" cy="{y}" r="5" fill="{color}"/>',
                      f'<text x="{x(r.points_ci[1]) + 8:.1f}" y="{y + 4}" fill="{color}">{r.mean_points:.1f} '
                      f'({r.win_rate:.0%})</text>']
        parts.append(f'<text x="{left}" y="{height - 4}" fill="#444">{lo:.0f} – {hi:.0f} '
                     f'({rows[0].playouts} × {html.escape(self.comparison.bot)})</text></svg>')
        return "".join(parts)


def compare(game: Any, choices: Sequence[str] | None = None, playouts: int = 200, bot: str | Callable[[int], Any]
            = "greedy", seed: int = 0, executor: Executor | None = None, progress: bool | Callable[[int, int], None]
            = True, *, batch: int | None = None, cancel: threading.Event | None = None) -> Comparison:
    """Plays ``playouts`` games to the end from each option of ``game``'s pending decision (or of ``choices``),
    ``bot`` in every seat, and sums up the deciding player's results.

    ``bot`` names one of the game's bots ("greedy", "random"; Hickory Dickory also "mcts") or is a function
    seed -> bot (picklable for process pools).
    ``executor``: any ``concurrent.futures.Executor``; None starts a process pool over the local cores for this
    call. ``progress``: True for a tqdm bar (a widget in notebooks), False for none, or a function (done, total).
    ``batch``: playouts per task (default: about four tasks per worker per option). Setting ``cancel`` stops
    the work early and raises :class:`Cancelled`. The game itself is not changed. Where there are no threads or
    processes (:data:`THREADS` false: in the browser) every executor's work runs here, one batch after another.
    """
    steps = _comparison(game, choices, playouts, bot, seed, executor, progress, batch, cancel)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


async def compare_async(game: Any, choices: Sequence[str] | None = None, playouts: int = 200,
                        bot: str | Callable[[int], Any] = "greedy", seed: int = 0,
                        progress: bool | Callable[[int, int], None] = True, *, batch: int | None = None,
                        cancel: threading.Event | None = None) -> Comparison:
    """:func:`compare` run cooperatively in this thread's event loop: one small batch at a time, handing control
    back between batches, so the kernel answers clicks and sends the progress while it runs (the what-if panel
    in the browser, where threads cannot start). Same rows as :func:`compare`."""
    steps = _comparison(game, choices, playouts, bot, seed, SerialExecutor(), progress,
                        batch or max(1, math.ceil(playouts / 10)), cancel)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        await asyncio.sleep(0)


def _comparison(game: Any, choices: Sequence[str] | None, playouts: int, bot: str | Callable[[int], Any], seed: int,
                executor: Executor | None, progress: bool | Callable[[int, int], None], batch: int | None,
                cancel: threading.Event | None) -> Generator[None, None, Comparison]:
    """compare's work, pausing (a yield) after each finished batch."""
    if game.over:
        raise IllegalChoice("the game is over: there is no decision to compare options of")
    legal = {c.id: c.label for c in game.choices}
    options = list(legal) if choices is None else list(choices)
    wrong = [c for c in options if c not in legal]
    if wrong or not options:
        raise IllegalChoice(f"cannot compare {wrong or 'no options'}: the legal options of {game.decision.player}'s "
                            f"decision are {list(legal)}")
    if len(set(options)) != len(options):
        raise ValueError(f"each option once, please: {options}")
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number >= 1, not {playouts!r}")
    engine = type(game).what_if_engine()
    if isinstance(bot, str) and bot not in engine.bots:
        raise ValueError(f"unknown bot {bot!r}; bots: {sorted(engine.bots)} or a function seed -> bot")
    start = engine.start(game)
    player, prompt = game.decision.player, game.decision.prompt
    if not THREADS and not isinstance(executor, SerialExecutor):
        if executor is not None:
            warnings.warn(f"this Python cannot start threads or processes (in the browser): the playouts run here, "
                          f"one after another, not in the {type(executor).__name__}", RuntimeWarning, stacklevel=3)
        executor = SerialExecutor()
    own = executor is None
    pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1) if own else executor
    workers = 1 if isinstance(pool, SerialExecutor) else getattr(pool, "_max_workers", None) or os.cpu_count() or 1
    size = batch or max(1, math.ceil(playouts / (4 * workers)))
    tasks = [(i, k, min(k + size, playouts)) for i in range(len(options)) for k in range(0, playouts, size)]
    results: list[list[Result | None]] = [[None] * playouts for _ in options]
    bar = _progress_bar(progress, len(options) * playouts, f"what if ({player})")
    try:
        for i, k, batch_results in _batches(pool, engine, start, options, tasks, bot, seed, cancel):
            results[i][k:k + len(batch_results)] = batch_results
            bar(len(batch_results))
            yield
    finally:
        bar(None)
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    rows = tuple(_row(option, legal[option], results[i]) for i, option in enumerate(options))  # type: ignore[arg-type]
    name = bot if isinstance(bot, str) else getattr(bot, "__name__", "custom")
    return Comparison(player, prompt, rows, name, seed)


def _batches(pool: Executor, engine: PlayoutEngine, start: Any, options: list[str], tasks: list[tuple[int, int, int]],
             bot: str | Callable[[int], Any], seed: int, cancel: threading.Event | None
             ) -> Iterator[tuple[int, int, list[Result]]]:
    """Each finished batch as (option index, first playout, results). A serial executor runs one batch per step
    (so a cooperative caller gets control back between batches); a real pool gets every batch at once."""
    if isinstance(pool, SerialExecutor):
        for i, k, end in tasks:
            if cancel is not None and cancel.is_set():
                raise Cancelled("the comparison was cancelled")
            yield i, k, engine.batch(start, options[i], range(k, end), bot, seed)
        return
    futures = {pool.submit(engine.batch, start, options[i], range(k, end), bot, seed): (i, k) for i, k, end in tasks}
    for future in as_completed(futures):
        if cancel is not None and cancel.is_set():
            for f in futures:
                f.cancel()
            raise Cancelled("the comparison was cancelled")
        i, k = futures[future]
        yield i, k, future.result()


# ------------------------------------------------------------------------------------------------ one option
@dataclass(frozen=True, slots=True)
class Outlook:
    """One option's average final scores over ``runs`` play-outs, and the decider's average margin over the best
    other player (positive: ahead)."""

    option: str
    runs: int
    scores: dict[str, float]
    margin: float


def outlook(game: Any, option: str, *, runs: int = 8, seed: int = 0,
            bot: Callable[[int], Bot] = RandomBot) -> Outlook:
    """Plays ``option`` then the rest of the game by ``bot`` for every seat, ``runs`` times; the game itself is not
    changed. IllegalChoice if ``option`` is not legal now."""
    if game.over:
        raise IllegalChoice("the game is over; there is no option to look at")
    if option not in game.choice_ids:
        raise IllegalChoice(f"{option!r} is not a legal choice now; legal: {', '.join(game.choice_ids)}")
    if not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a whole number of at least 1, not {runs!r}")
    me = game.decision.player
    seen = game.seat_game(me) if hasattr(game, "seat_game") else game
    totals: dict[str, float] = dict.fromkeys(game.scores, 0.0)
    margin = 0.0
    for r in range(runs):
        twin = seen.branch(seed + r)
        twin.choose(option)
        play(twin, {p: bot(seed * 1000 + r * 10 + i) for i, p in enumerate(totals)})
        final = twin.scores
        for p, v in final.items():
            totals[p] += v
        others = [v for p, v in final.items() if p != me]
        margin += final[me] - (max(others) if others else 0)
    return Outlook(option, runs, {p: v / runs for p, v in totals.items()}, margin / runs)


# ------------------------------------------------------------------------------------------------ helpers
def _mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, (mean, mean)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


def _wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))  # exact at 0 and 1 despite rounding


def _row(option: str, label: str, results: list[Result]) -> Row:
    points = [r[0] for r in results]
    mean_points, points_ci = _mean_ci(points)
    mean_margin, margin_ci = _mean_ci([r[1] for r in results])
    wins = sum(r[2] for r in results)
    n = len(results)
    return Row(option, label, n, mean_points, points_ci, mean_margin, margin_ci, wins / n, _wilson(wins, n),
               tuple(points))


def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96)
    return buffer.getvalue()


def _short(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _progress_bar(progress: bool | Callable[[int, int], None], total: int, desc: str,
                  unit: str = "playout") -> Callable[[int | None], None]:
    """A function taking the number of ``unit``s just finished (None when done): the caller's callback, a tqdm bar
    named ``desc``, or nothing. The review counts judged decisions with it."""
    if callable(progress):
        done = [0]

        def report(n: int | None) -> None:
            if n is not None:
                done[0] += n
                progress(done[0], total)

        return report
    if not progress:
        return lambda n: None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return lambda n: None
    bar = tqdm(total=total, desc=desc, unit=unit)

    def advance(n: int | None) -> None:
        if n is None:
            bar.close()
        else:
            bar.update(n)

    return advance
