"""Game review: every decision of a seat (or of all seats) judged by playouts, for any game on the core.

    >>> from hickory_widget.core.review import review
    >>> result = review(game, seat="blue")           # a finished game, or a saved one loaded with from_json
    >>> result.counts("blue")                        # {'best': 41, 'good': 6, 'inaccuracy': 3, ...}
    >>> result.to_dataframe(); result.plot()         # the decisions; each seat's expected final margin

For each decision with more than one option the position before it is taken as the deciding seat knew it (its
seat's copy: what it could not see is drawn anew), and every option is played out to the end by the game's
default bot ("greedy") through the game's playout engine. Playout ``k`` of every option of a decision gets the
same chance seed (common random numbers), so the difference between two options is measured playout by playout
(a paired interval), which is much narrower than the two values' own intervals.

Sampling is sequential: rounds of playouts until the paired 95% interval of the difference between the played
option and its closest rival lies within one label's band (more playouts would not change the label) or is
narrower than ``precision`` points, or ``max_playouts`` per option are spent; so a late decision whose options
end alike stops after ``min_playouts`` while an early, open one takes more. Options clearly worse than the leader
(their paired 99% interval wholly below it) get no more playouts (a racing algorithm): they cannot be the best,
and the played option is never dropped. docs/REVIEW.md gives the labels' thresholds and why.

Each playout's result depends only on (position, option, seed, k), and the rounds of a decision only on its own
results, so a review is the same on every executor: serially, a local process pool (the default) or Dask
(``executor=client.get_executor()``).
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import statistics
import threading
import warnings
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Protocol

from .bots import GreedyBot, RandomBot, play
from .information import digest_seed, has_information
from .messages import Catalog, check_language
from .protocol import SEALED, IllegalChoice
from .whatif import SEED_STRIDE, THREADS, Cancelled, SerialExecutor, _mean_ci, _png, _progress_bar

__all__ = ["LABELS", "SAVE_FIELD", "Cancelled", "Judgement", "Review", "expected_margins", "load_reviews", "review",
           "review_async", "save_reviews"]

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The labels of a decision with more than one option, best first; a decision with one option is "only"."""
BANDS = (("best", 2.0), ("good", 4.0), ("inaccuracy", 8.0), ("mistake", 14.0))
"""Each label's upper bound (points of final margin lost to the best option found, not included); from 14 on a
blunder. A loss inside the paired 95% interval (not surely a loss) is at most "good". docs/REVIEW.md says why."""
Z = 1.96
"""95% intervals."""
Z_PRUNE = 2.58
"""An option is dropped once its paired 99% interval lies wholly below the leader's value."""
FORMAT = "hickory-widget-review"
TEXTS = Catalog(Path(__file__).parent / "messages" / "review")

Outcome = tuple[tuple[float, ...], dict[str, float]]
"""One playout: every seat's final margin (seat order), and the deciding seat's points by source
("<source>|<rule>,<rule>")."""


# ------------------------------------------------------------------------------------------------ engines
class ReviewEngine(Protocol):
    """What a review needs of a game's playouts: start data for a seat's position, and batches that report every
    seat's final margin and the decider's points by source."""

    bots: dict[str, Callable[[int], Any]]

    def start(self, game: Any) -> Any:
        """The game now as its decider (or, for a seat's copy, that seat) knows it, as picklable data."""

    def seat_batch(self, start: Any, option: str | None, ks: Iterable[int], bot: str | Callable[[int], Any],
                   seed: int) -> list[Outcome]:
        """Playouts ``ks`` after ``option`` (None: the bot decides that too), run in a worker."""


def margins(scores: dict[str, int] | list[tuple[str, int]], goal: int | None = None) -> tuple[float, ...]:
    """Every seat's margin over the best other seat; alone at the table, the points less ``goal`` (or the points
    themselves), as core/whatif.py's ``outcome`` says."""
    items = list(scores.items()) if isinstance(scores, dict) else list(scores)
    if len(items) == 1:
        return (float(items[0][1] - (goal or 0)),)
    out = []
    for i, (_, mine) in enumerate(items):
        out.append(float(mine - max(v for j, (_, v) in enumerate(items) if j != i)))
    return tuple(out)


class ReplayReview:
    """The review engine of any game on the core: the seat's save replayed in the worker, branches played by the
    core's bots (as :class:`~.whatif.ReplayPlayouts`), and the decider's points credited to the kinds of the events
    (with their rule ids) that came with each change of its score: shared equally among that step's events that
    name the decider (all of the step's events if none does)."""

    bots: ClassVar[dict[str, Callable[[int], Any]]] = {"greedy": GreedyBot, "random": RandomBot}

    def start(self, game: Any) -> Any:
        me = game.decision.player if game.decision is not None else game.seat
        seat = me if game.seat is None and (game.sealed(me) or has_information(game.rules)) else None
        return type(game), game.to_json(seat=seat)

    def seat_batch(self, start: Any, option: str | None, ks: Iterable[int], bot: str | Callable[[int], Any],
                   seed: int) -> list[Outcome]:
        cls, text = start
        game = cls.from_json(text)
        me = game.decision.player
        make = self.bots[bot] if isinstance(bot, str) else bot
        out = []
        for k in ks:
            chance = seed * SEED_STRIDE + k
            twin = game.branch(chance)
            gains: dict[str, float] = {}
            last = [twin.scores[me]]

            def credit(g: Any, gains: dict[str, float] = gains, last: list[int] = last) -> None:
                now = g.scores[me]
                if now != last[0]:
                    events = g.events_since(len(g.history) - 1)
                    events = [e for e in events if _names(e, me)] or events
                    for e in events:
                        key = f"{e['kind']}|{','.join(e.get('rules', ()))}"
                        gains[key] = gains.get(key, 0) + (now - last[0]) / len(events)
                    last[0] = now

            if option is not None:
                twin.choose(option)
                credit(twin)
            player = make(chance)
            play(twin, dict.fromkeys(twin.scores, player), after=credit)
            out.append((margins(twin.scores), gains))
        return out


def _names(event: dict[str, Any], player: str) -> bool:
    """Whether an event names ``player`` (as a value, or in a list of values)."""
    return any(v == player or (isinstance(v, list) and player in v) for v in event.values())


def review_engine(game: Any) -> ReviewEngine:
    """The game's own review engine (``review_engine()`` on its class, as Hickory Dickory's fast playouts), else
    the core's replaying one."""
    own = getattr(type(game), "review_engine", None)
    return own() if own is not None else ReplayReview()


# ------------------------------------------------------------------------------------------------ results
@dataclass(frozen=True)
class Judgement:
    """One decision judged: the value (expected final margin: points minus the best other seat's) of the option
    played and of the best option found, with 95% intervals, the points lost and a label."""

    step: int
    """Index into ``game.history`` of the choice made (the board before it: the game after ``step`` entries)."""
    player: str
    prompt: str
    played: str
    best: str
    options: int
    value: float
    value_ci: tuple[float, float]
    best_value: float
    best_ci: tuple[float, float]
    loss: float
    label: str
    rules: tuple[str, ...]
    playouts: int
    loss_ci: tuple[float, float] = (0.0, 0.0)
    """Paired 95% interval of (best - played), playout by playout (common random numbers)."""
    gains: dict[str, float] = field(default_factory=dict, repr=False)
    """Mean points the best option's line earns the decider more than the played one's, by source
    ("<source>|<rules>"); only sources that differ."""
    rival: float = 0.0
    """How much lower the decider's margin is after ``played`` beyond its own points: what the others gain."""
    words: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)
    """Per language: (played option's label, best option's label)."""
    values: dict[str, tuple[float, int]] = field(default_factory=dict, repr=False)
    """Every option's mean value and its playouts (an option dropped by the race has fewer)."""
    gap_ci: tuple[float, float] = (0.0, 0.0)
    """Paired 95% interval of (best - the next best option): how clearly the best option is best (puzzles)."""

    def played_label(self, lang: str = "en") -> str:
        return self.words.get(check_language(lang), (self.played, self.best))[0]

    def best_label(self, lang: str = "en") -> str:
        return self.words.get(check_language(lang), (self.played, self.best))[1]

    def explain(self, lang: str = "en") -> str:
        """The better option in words and why (the sources of points it gains, with their rule ids)."""
        lang = check_language(lang)
        t = TEXTS.t
        if self.label == "only":
            return t(lang, "review.only")
        if self.best == self.played:
            return t(lang, "review.played_best", played=self.played_label(lang))
        head = t(lang, f"review.label.{self.label}") + ". "
        if self.label == "best":
            return head + t(lang, "review.within", best=self.best_label(lang), loss=_pts(self.loss, lang))
        if label_for(self.loss, self.loss) != self.label and self.loss_ci[0] > 0:  # labelled by what is sure
            return head + t(lang, "review.better_sure", best=self.best_label(lang), loss=_pts(self.loss, lang),
                            low=_pts(self.loss_ci[0], lang), why=self.why(lang))
        return head + t(lang, "review.better", best=self.best_label(lang), loss=_pts(self.loss, lang),
                        why=self.why(lang))

    def why(self, lang: str = "en") -> str:
        """Why the better option is better, without naming it: the sources of points it gains (with their rule
        ids) and what the others score. The widget names the label and the better option itself."""
        lang = check_language(lang)
        t = TEXTS.t
        reasons = [t(lang, "review.gain", source=source_name(key, lang), points=_pts(v, lang),
                     rules=", ".join(rules_of(key)))
                   for key, v in sorted(self.gains.items(), key=lambda kv: -kv[1]) if v >= 0.5][:3]
        reasons += [t(lang, "review.gain_less", source=source_name(key, lang), points=_pts(-v, lang))
                    for key, v in sorted(self.gains.items(), key=lambda kv: kv[1]) if v <= -0.5][:2]
        if self.rival >= 0.5:
            reasons.append(t(lang, "review.rival", points=_pts(self.rival, lang)))
        elif self.rival <= -0.5:
            reasons.append(t(lang, "review.rival_more", points=_pts(-self.rival, lang)))
        return "; ".join(reasons) if reasons else t(lang, "review.no_reason")


def _pts(value: float, lang: str = "en") -> str:
    """Points with one decimal, as each language writes it (5.6, 5,6)."""
    text = f"{value:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def source_name(key: str, lang: str) -> str:
    """A source of points in words: the catalog's name for it, else its event kind in plain letters."""
    name = key.split("|")[0]
    word = f"review.source.{name}"
    return TEXTS.t(lang, word) if TEXTS.has(lang, word) else name.replace("_", " ")


def rules_of(key: str) -> tuple[str, ...]:
    rules = key.split("|", 1)[1] if "|" in key else ""
    return tuple(r for r in rules.split(",") if r)


@dataclass(frozen=True)
class Review:
    """What :func:`review` returns: the judged decisions in game order, and each seat's curve of expected final
    margin over the game (from the playouts of the options played)."""

    seats: tuple[str, ...]
    judgements: tuple[Judgement, ...]
    curve: dict[str, list[tuple[int, float]]]
    seed: int
    playouts: int
    bot: str = "greedy"
    precision: float = 0.0

    def for_seat(self, seat: str) -> tuple[Judgement, ...]:
        return tuple(j for j in self.judgements if j.player == seat)

    def counts(self, seat: str) -> dict[str, int]:
        """How many of ``seat``'s decisions got each label ("only" included)."""
        out = dict.fromkeys((*LABELS, "only"), 0)
        for j in self.for_seat(seat):
            out[j.label] += 1
        return out

    def at(self, step: int) -> Judgement | None:
        """The judgement of the choice at history index ``step``, if it was reviewed."""
        return next((j for j in self.judgements if j.step == step), None)

    def to_dataframe(self) -> Any:
        """One row per judged decision (needs pandas: ``pip install hickory-widget[analysis]``)."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError("to_dataframe() needs pandas: pip install 'hickory-widget[analysis]'") from exc
        return pd.DataFrame([{
            "step": j.step, "player": j.player, "prompt": j.prompt, "played": j.played, "best": j.best,
            "options": j.options, "value": j.value, "value_low": j.value_ci[0], "value_high": j.value_ci[1],
            "best_value": j.best_value, "best_low": j.best_ci[0], "best_high": j.best_ci[1], "loss": j.loss,
            "loss_low": j.loss_ci[0], "loss_high": j.loss_ci[1], "label": j.label, "rules": " ".join(j.rules),
            "playouts": j.playouts,
        } for j in self.judgements], columns=[
            "step", "player", "prompt", "played", "best", "options", "value", "value_low", "value_high",
            "best_value", "best_low", "best_high", "loss", "loss_low", "loss_high", "label", "rules", "playouts",
        ]).set_index("step")

    def plot(self) -> Any:
        """A matplotlib figure: each seat's expected final margin over the game, the reviewed seats' mistakes and
        blunders marked."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(10, 4), layout="constrained")
        ax = fig.subplots()
        colors: dict[str, Any] = {}
        for seat, points in self.curve.items():
            if points:
                (line,) = ax.plot([s for s, _ in points], [v for _, v in points], label=seat, marker=".",
                                  markersize=3, color=_color(seat))
                colors[seat] = line.get_color()
        for j in self.judgements:
            if j.label in ("mistake", "blunder"):
                ax.plot([j.step + 1], [j.value], marker="v" if j.label == "blunder" else "o", markersize=8,
                        color=colors.get(j.player, "black"), markerfacecolor="none")
        ax.axhline(0, color="#999", linewidth=0.8)
        ax.set_xlabel("step (choices made)")
        ax.set_ylabel("expected final margin (points)")
        ax.grid(alpha=0.3)
        ax.legend(loc="best", fontsize=8)
        fig.suptitle(f"Review ({self.bot} playouts, seed {self.seed}; ○ mistake, ▽ blunder)", fontsize=10)
        fig._repr_png_ = lambda: _png(fig)  # type: ignore[attr-defined]
        return fig

    def to_json(self) -> str:
        return json.dumps(self.to_data(), separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    def to_data(self) -> dict[str, Any]:
        """The review as plain JSON data (what :meth:`to_json` writes, and a save's ``review`` field holds)."""
        return {"format": FORMAT, "version": 1, "seats": list(self.seats), "seed": self.seed,
                "playouts": self.playouts, "bot": self.bot, "precision": self.precision,
                "curve": {s: [list(p) for p in pts] for s, pts in self.curve.items()},
                "judgements": [_judgement_data(j) for j in self.judgements]}

    @classmethod
    def from_json(cls, text: str) -> Review:
        """A review saved by :meth:`to_json`; anything else raises ValueError saying what was expected."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"a saved review is the JSON text Review.to_json() writes: {exc}") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> Review:
        """A review from :meth:`to_data`'s plain data; anything else raises ValueError saying what was expected."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
            raise ValueError(f"not a saved review: expected format {FORMAT!r}, version 1")
        try:
            judgements = tuple(_judgement_from(j) for j in data["judgements"])
            seats = tuple(data["seats"])
            if not seats or not all(isinstance(s, str) for s in seats):
                raise ValueError("'seats' must be a non-empty list of player names")
            return cls(seats, judgements,
                       {str(s): [(int(a), float(b)) for a, b in pts] for s, pts in data["curve"].items()},
                       int(data["seed"]), int(data["playouts"]), str(data["bot"]), float(data["precision"]))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"the saved review is incomplete or malformed: {type(exc).__name__}: {exc}") from None

    def only(self, seat: str, start: int = 0) -> Review | None:
        """This review cut down to ``seat``'s decisions made at history index ``start`` or later, their steps
        counted from ``start`` (a seat's copy of the game, whose history begins there): what may travel in that
        seat's save. The curve keeps the points measured at those decisions (on the seat's own copy of the
        game, so they say nothing the seat could not know) and the final scores; None if no decision is left."""
        if seat not in self.seats:
            return None
        kept = tuple(replace(j, step=j.step - start) for j in self.judgements if j.player == seat and j.step >= start)
        if not kept:
            return None
        at = {j.step + start + 1 for j in kept if j.options > 1}
        last = max((p[0] for pts in self.curve.values() for p in pts), default=-1)
        final = last if last not in {j.step + 1 for j in self.judgements} else None
        curve = {s: [(a - start, v) for a, v in pts if a in at or a == final] for s, pts in self.curve.items()}
        return Review((seat,), kept, curve, self.seed, sum(j.playouts for j in kept), self.bot, self.precision)

    def check(self, game: Any) -> None:
        """Raises ValueError saying what is wrong unless this review judges ``game``'s own line: its seats are
        the game's players (a seat's copy: that seat alone), each judgement stands at a decision of its player
        with the choice the game made there among as many options, every decision of the reviewed seats is
        judged, and the curve stays within the game. Changes nothing."""
        players = list(game.scores)
        for seat in self.seats:
            if seat not in players:
                raise ValueError(f"it reviews {seat!r}, who is not a player of this game ({', '.join(players)})")
        if game.seat is not None and self.seats != (game.seat,):
            raise ValueError(f"this is {game.seat}'s save: it may hold a review of {game.seat}'s decisions only, "
                             f"not of {', '.join(self.seats)}")
        decided = {step: (player, entry, options) for step, player, entry, options, _ in _walk(game, self.seats)}
        for j in self.judgements:
            if j.step not in decided:
                raise ValueError(f"it judges a decision at step {j.step}, where none of {', '.join(self.seats)} "
                                 f"decided in this game ({len(game.history)} history entries): another game or "
                                 "other moves")
            player, entry, options = decided[j.step]
            if (player, entry) != (j.player, j.played):
                raise ValueError(f"at step {j.step} it judges {j.player} choosing {j.played!r}, but in this game "
                                 f"{player} chose {entry!r}: another game or other moves")
            if j.options != len(options) or j.best not in options:
                raise ValueError(f"at step {j.step} it judges {j.options} options with the best {j.best!r}, but "
                                 f"this game offered {len(options)}: another game or other moves")
        missing = sorted(set(decided) - {j.step for j in self.judgements})
        if missing:
            raise ValueError(f"it judges no decision at step {missing[0]}, where {decided[missing[0]][0]} decided: "
                             "a review judges every decision of its seats")
        for seat, pts in self.curve.items():
            if seat not in players:
                raise ValueError(f"its curve names {seat!r}, who is not a player of this game")
            bad = next((a for a, v in pts if not 0 <= a <= len(game.history) or not math.isfinite(v)), None)
            if bad is not None:
                raise ValueError(f"its curve of {seat} has a point at step {bad} (or not a number), outside this "
                                 f"game's {len(game.history)} history entries")

    def __str__(self) -> str:
        lines = [f"review of {', '.join(self.seats)} ({self.bot} playouts, seed {self.seed}, {self.playouts} playouts)"]
        for seat in self.seats:
            counts = ", ".join(f"{k} {v}" for k, v in self.counts(seat).items() if v)
            lines.append(f"  {seat}: {counts}")
        for j in self.judgements:
            if j.label in ("inaccuracy", "mistake", "blunder"):
                lines.append(f"  step {j.step:4} {j.player:8} {j.label:10} -{j.loss:4.1f}  {j.explain()}")
        return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def _num(v: float) -> float | None:
    """A value for JSON: a decision with one option has no value (NaN), written null."""
    return None if math.isnan(v) else v


def _judgement_data(j: Judgement) -> dict[str, Any]:
    return {"step": j.step, "player": j.player, "prompt": j.prompt, "played": j.played, "best": j.best,
            "options": j.options, "value": _num(j.value), "value_ci": [_num(v) for v in j.value_ci],
            "best_value": _num(j.best_value), "best_ci": [_num(v) for v in j.best_ci], "loss": j.loss,
            "label": j.label, "rules": list(j.rules),
            "playouts": j.playouts, "loss_ci": list(j.loss_ci), "gains": j.gains, "rival": j.rival,
            "words": {k: list(v) for k, v in j.words.items()},
            "values": {k: [v[0], v[1]] for k, v in j.values.items()}, "gap_ci": list(j.gap_ci)}


def _judgement_from(d: dict[str, Any]) -> Judgement:
    if d["label"] not in (*LABELS, "only"):
        raise ValueError(f"unknown label {d['label']!r}")
    return Judgement(int(d["step"]), str(d["player"]), str(d["prompt"]), str(d["played"]), str(d["best"]),
                     int(d["options"]), _float(d["value"]), _pair(d["value_ci"]), _float(d["best_value"]),
                     _pair(d["best_ci"]), float(d["loss"]), d["label"], tuple(map(str, d["rules"])),
                     int(d["playouts"]), _pair(d["loss_ci"]), {str(k): float(v) for k, v in d["gains"].items()},
                     float(d["rival"]), {str(k): (str(v[0]), str(v[1])) for k, v in d["words"].items()},
                     {str(k): (float(v[0]), int(v[1])) for k, v in d["values"].items()}, _pair(d["gap_ci"]))


def _float(v: Any) -> float:
    return math.nan if v is None else float(v)


def _pair(v: Any) -> tuple[float, float]:
    a, b = v
    return _float(a), _float(b)


def label_for(loss: float, loss_low: float) -> str:
    """The label of a decision that lost ``loss`` points to the best option found, the paired 95% interval of that
    difference starting at ``loss_low``: the band (BANDS) of the loss the review is sure of, the interval's lower
    end. A loss whose interval still straddles a band's edge when sampling stops is labelled by the lower band, so
    two reviews with different seeds rarely disagree there; a loss of 2 points or more whose interval reaches 0 is
    "good" (not surely a loss, not surely nothing)."""
    if loss_low <= 0 and loss >= BANDS[0][1]:
        return "good"
    sure = max(0.0, min(loss, loss_low))
    for name, below in BANDS:
        if sure < below:
            return name
    return "blunder"


def settled(low: float, high: float) -> bool:
    """Whether a paired interval of (best - played) lies within one label's band: more playouts would not move
    the label (short of a rare draw outside the interval)."""
    return not any(low < below < high for _, below in BANDS)


# ------------------------------------------------------------------------------------------------ one decision
@dataclass
class _Decision:
    """A decision under review: its options' playouts so far, the options still racing, the next round."""

    index: int
    step: int
    player: str
    seat_index: int
    prompt: str
    played: str
    options: list[str]
    words: dict[str, dict[str, str]]
    start: Any
    seed: int
    results: dict[str, list[Outcome]] = field(default_factory=dict)
    alive: list[str] = field(default_factory=list)
    n: int = 0
    waiting: int = 0
    done: bool = False

    def mine(self, option: str, upto: int | None = None) -> list[float]:
        rows = self.results[option] if upto is None else self.results[option][:upto]
        return [r[0][self.seat_index] for r in rows]

    def leader(self) -> str:
        return max(self.alive, key=lambda o: (statistics.fmean(self.mine(o)), o == self.played))

    def rival(self) -> str | None:
        """The option the played one is measured against: the leader, or if the played option leads, the next."""
        lead = self.leader()
        if lead != self.played:
            return lead
        others = [o for o in self.alive if o != self.played]
        return max(others, key=lambda o: statistics.fmean(self.mine(o))) if others else None

    def diff(self, a: str, b: str) -> tuple[float, float]:
        """Mean and half-width (95%) of a - b over their common playouts."""
        n = min(len(self.results[a]), len(self.results[b]))
        d = [x - y for x, y in zip(self.mine(a, n), self.mine(b, n), strict=True)]
        mean = statistics.fmean(d)
        half = Z * statistics.stdev(d) / math.sqrt(n) if n > 1 else math.inf
        return mean, half


def _round(d: _Decision, min_playouts: int, step: int, max_playouts: int, precision: float) -> int:
    """How many more playouts each racing option of ``d`` gets now (0: the decision is settled)."""
    if d.n == 0:
        return min_playouts
    lead = d.leader()
    for o in list(d.alive):  # racing: drop what is clearly below the leader (never the played option)
        if o not in (lead, d.played):
            mean, half = d.diff(lead, o)
            if mean - half * Z_PRUNE / Z > 0:
                d.alive.remove(o)
    if d.n >= max_playouts:
        return 0
    rival = d.rival()
    if rival is None:
        return 0
    mean, half = d.diff(rival, d.played)
    if 2 * half <= precision or settled(mean - half, mean + half):  # narrow enough, or the label is known
        return 0
    return min(step, max_playouts - d.n)


def _judge(d: _Decision) -> tuple[Judgement, list[tuple[int, tuple[float, ...]]]]:
    played_rows = d.results[d.played]
    value, value_ci = _mean_ci(d.mine(d.played))
    best = d.leader()
    best_value, best_ci = _mean_ci(d.mine(best))
    if best == d.played:
        loss, loss_ci = 0.0, (0.0, 0.0)
        rival = d.rival()
        if rival is not None:  # how sure the played option leads: its margin over the next one
            mean, half = d.diff(rival, d.played)
            loss_ci = (mean - half, mean + half) if math.isfinite(half) else (mean, mean)
    else:
        mean, half = d.diff(best, d.played)
        loss = max(0.0, mean)
        loss_ci = (mean - half, mean + half) if math.isfinite(half) else (mean, mean)
    label = label_for(loss, loss_ci[0])
    n = min(len(played_rows), len(d.results[best]))
    gains: dict[str, float] = {}
    rival_gain = 0.0
    if best != d.played and n:
        keys = {k for r in played_rows[:n] + d.results[best][:n] for k in r[1]}
        for key in keys:
            g = statistics.fmean(b[1].get(key, 0) - p[1].get(key, 0)
                                 for b, p in zip(d.results[best][:n], played_rows[:n], strict=True))
            if abs(g) >= 0.05:
                gains[key] = round(g, 3)
        rival_gain = round(loss - sum(gains.values()), 3)
    rules = tuple(dict.fromkeys(r for key, g in sorted(gains.items(), key=lambda kv: -kv[1]) if g >= 0.5
                                for r in rules_of(key)))
    seats = len(played_rows[0][0])
    curve = [(i, statistics.fmean(r[0][i] for r in played_rows)) for i in range(seats)]
    words = {lang: (w[d.played], w[best]) for lang, w in d.words.items()}
    values = {o: (statistics.fmean(d.mine(o)), len(d.results[o])) for o in d.options}
    gap_ci = (0.0, 0.0)
    others = [o for o in d.options if o != best]
    if others:
        mean, half = d.diff(best, max(others, key=lambda o: values[o][0]))
        gap_ci = (mean - half, mean + half) if math.isfinite(half) else (mean, mean)
    judgement = Judgement(d.step, d.player, d.prompt, d.played, best, len(d.options), value, value_ci, best_value,
                          best_ci, loss, label if len(d.options) > 1 else "only", rules,
                          sum(len(v) for v in d.results.values()), loss_ci, gains, rival_gain, words, values,
                          gap_ci)
    return judgement, [(i, (v,)) for i, v in curve]


# ------------------------------------------------------------------------------------------------ the walk
def _check(game: Any, seat: str | None, min_playouts: int, max_playouts: int, step: int, precision: float,
           seed: int, bot: Any, engine: ReviewEngine) -> tuple[str, ...]:
    players = list(game.scores)
    for name, value in (("min_playouts", min_playouts), ("max_playouts", max_playouts), ("step", step)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, not {value!r}")
    if max_playouts < min_playouts:
        raise ValueError(f"max_playouts ({max_playouts}) must be at least min_playouts ({min_playouts})")
    if isinstance(precision, bool) or not isinstance(precision, (int, float)) or not precision > 0 or not math.isfinite(
            precision):
        raise ValueError(f"precision (the widest interval of a difference, in points) must be > 0, not {precision!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if isinstance(bot, str) and bot not in engine.bots:
        raise ValueError(f"unknown bot {bot!r}; bots: {sorted(engine.bots)} or a function seed -> bot")
    if seat is not None and seat not in players:
        raise ValueError(f"no player {seat!r} in this game; players: {', '.join(players)}")
    if game.seat is not None:
        if seat not in (None, game.seat):
            raise ValueError(f"this game is {game.seat}'s copy: only {game.seat}'s decisions can be reviewed")
        return (game.seat,)
    return (seat,) if seat is not None else tuple(players)


def _walk(game: Any, seats: tuple[str, ...], texts: bool = False
          ) -> Iterable[tuple[int, str, str, list[str], Any]]:
    """(step, player, choice made, options offered, texts) of each decision of ``seats`` a review judges in
    ``game``; with ``texts`` the last is (the English prompt, every option's label per language), else None."""
    twin = game.copy()
    twin._rebuild([])
    for step, entry in enumerate(game.history):
        decision = twin.decision
        if (decision is not None and decision.player in seats and entry != SEALED
                and not entry.startswith(("force:", "seed:"))):
            words = None
            if texts:
                words = (twin.decision_in("en").prompt,
                         {lang: {c.id: c.label for c in twin.choices_in(lang)} for lang in ("en", "it", "de")})
            yield step, decision.player, entry, list(twin.choice_ids), words
        twin._check(entry)
        twin._apply(entry)


SAVE_FIELD = "review"
"""A saved game's field holding its finished reviews (a list of :func:`_to_save`'s data), read by ``from_json``."""
UNIT = 1_000_000
"""A save holds whole numbers only (core/doors.py): a review's values are written in millionths of a point."""
_FLOAT_KEYS = ("value", "best_value", "loss", "rival")
_PAIR_KEYS = ("value_ci", "best_ci", "loss_ci", "gap_ci")


def _whole(v: float) -> int | None:
    return None if math.isnan(v) else round(v * UNIT)


def _point(v: Any, where: str) -> float:
    if v is None:
        return math.nan
    if type(v) is not int:
        raise ValueError(f"{where} must be a whole number (millionths of a point) or null, not {v!r}")
    return v / UNIT


def _to_save(r: Review) -> dict[str, Any]:
    """A review as a save holds it: ids and whole numbers only (the texts are worded again from the game on load)."""
    judgements = []
    for j in r.judgements:
        d = {"step": j.step, "player": j.player, "played": j.played, "best": j.best, "options": j.options,
             "label": j.label, "rules": list(j.rules), "playouts": j.playouts}
        d.update({k: _whole(getattr(j, k)) for k in _FLOAT_KEYS})
        d.update({k: [_whole(v) for v in getattr(j, k)] for k in _PAIR_KEYS})
        d["gains"] = {k: _whole(v) for k, v in j.gains.items()}
        d["values"] = {k: [_whole(v[0]), v[1]] for k, v in j.values.items()}
        judgements.append(d)
    return {"format": FORMAT, "version": 1, "seats": list(r.seats), "seed": r.seed, "playouts": r.playouts,
            "bot": r.bot, "precision": _whole(r.precision),
            "curve": {s: [[a, _whole(v)] for a, v in pts] for s, pts in r.curve.items()}, "judgements": judgements}


def _from_save(data: Any, game: Any) -> Review:
    """A review from :func:`_to_save`'s data, checked against ``game`` (:meth:`Review.check`), its texts (prompt,
    the options' labels) worded from the game. ValueError says what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise ValueError(f"not a saved review: expected format {FORMAT!r}, version 1")
    unknown = sorted(set(data) - {"format", "version", "seats", "seed", "playouts", "bot", "precision", "curve",
                                  "judgements"})
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}")
    try:
        seats = tuple(data["seats"])
        if not seats or not all(type(x) is str for x in seats):
            raise ValueError("'seats' must be a non-empty list of player names")
        judgements = []
        for i, d in enumerate(data["judgements"]):
            if d["label"] not in (*LABELS, "only"):
                raise ValueError(f"judgement {i}: unknown label {d['label']!r} (labels: {', '.join(LABELS)}, only)")
            for k in ("step", "options", "playouts"):
                if type(d[k]) is not int or d[k] < 0:
                    raise ValueError(f"judgement {i}: {k!r} must be a whole number >= 0, not {d[k]!r}")
            for k in ("player", "played", "best"):
                if type(d[k]) is not str:
                    raise ValueError(f"judgement {i}: {k!r} must be a text, not {d[k]!r}")
            floats = {k: _point(d[k], f"judgement {i}: {k!r}") for k in _FLOAT_KEYS}
            pairs = {}
            for k in _PAIR_KEYS:
                a, b = d[k]
                pairs[k] = (_point(a, f"judgement {i}: {k!r}"), _point(b, f"judgement {i}: {k!r}"))
            values = {}
            for k, v in d["values"].items():
                mean, n = v
                if type(n) is not int:
                    raise ValueError(f"judgement {i}: the playouts of option {k!r} must be a whole number")
                values[k] = (_point(mean, f"judgement {i}: the value of option {k!r}"), n)
            judgements.append(Judgement(
                d["step"], d["player"], "", d["played"], d["best"], d["options"], floats["value"], pairs["value_ci"],
                floats["best_value"], pairs["best_ci"], floats["loss"], d["label"],
                tuple(str(x) for x in d["rules"]), d["playouts"], pairs["loss_ci"],
                {str(k): _point(v, f"judgement {i}: gain {k!r}") for k, v in d["gains"].items()}, floats["rival"],
                {}, values, pairs["gap_ci"]))
        curve = {str(x): [(int(a), _point(v, f"the curve of {x}")) for a, v in pts]
                 for x, pts in data["curve"].items()}
        for k in ("seed", "playouts"):
            if type(data[k]) is not int:
                raise ValueError(f"{k!r} must be a whole number, not {data[k]!r}")
        review = Review(seats, tuple(judgements), curve, data["seed"], data["playouts"], str(data["bot"]),
                        _point(data["precision"], "'precision'"))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"the saved review is incomplete or malformed ({type(exc).__name__}: {exc})") from None
    review.check(game)
    texts = {step: words for step, _, _, _, words in _walk(game, seats, texts=True)}
    worded = []
    for j in review.judgements:
        prompt, words = texts[j.step]
        worded.append(replace(j, prompt=prompt, words={lang: (w[j.played], w[j.best]) for lang, w in words.items()}))
    return replace(review, judgements=tuple(worded))


def save_reviews(reviews: Iterable[Review], game: Any, seat: str | None = None) -> list[dict[str, Any]]:
    """The reviews of ``game`` as its save (``game.to_json(seat)``) may carry them: all of them in the referee's
    save; in ``seat``'s save only that seat's own judgements, counted from where the seat's copy begins (hidden is
    hidden: another seat's review was measured on what that seat knew). Each is checked against the saved game."""
    reviews = list(reviews)
    if seat is None and game.seat is None:
        for r in reviews:
            r.check(game)
        return [_to_save(r) for r in reviews]
    seat = seat if seat is not None else game.seat
    copy = type(game).from_json(game.to_json(seat=seat))
    start = len(game.history) - len(copy.history) if game.seat is None else 0
    out = []
    for r in reviews:
        mine = r.only(seat, start)
        if mine is not None:
            mine.check(copy)
            out.append(_to_save(mine))
    return out


def load_reviews(data: Any, game: Any) -> tuple[Review, ...]:
    """The reviews a save's ``review`` field holds, each checked against the loaded ``game`` (:meth:`Review.check`);
    ValueError says which one and what is wrong."""
    if not isinstance(data, list):
        raise ValueError("it must be a list of saved reviews, as HickoryWidget.to_json() writes them")
    out = []
    seen: set[str] = set()
    for i, item in enumerate(data):
        try:
            r = _from_save(item, game)
        except ValueError as exc:
            raise ValueError(f"review {i}: {exc}") from None
        twice = seen & set(r.seats)
        if twice:
            raise ValueError(f"review {i}: {sorted(twice)[0]} is reviewed twice")
        seen |= set(r.seats)
        out.append(r)
    return tuple(out)


def _decisions(game: Any, seats: tuple[str, ...], seed: int, engine: ReviewEngine) -> Iterable[_Decision]:
    """Each decision of ``seats`` with its start data, walking a copy of the game from its start."""
    history = game.history
    players = list(game.scores)
    twin = game.copy()
    twin._rebuild([])
    for step, entry in enumerate(history):
        decision = twin.decision
        if (decision is not None and decision.player in seats and entry != SEALED
                and not entry.startswith(("force:", "seed:"))):
            options = twin.choice_ids
            words = {lang: {c.id: c.label for c in twin.choices_in(lang)} for lang in ("en", "it", "de")}
            start = engine.start(twin) if len(options) > 1 else None
            yield _Decision(0, step, decision.player, players.index(decision.player),
                            twin.decision_in("en").prompt, entry, options, words, start,
                            digest_seed("review", seed, step) % 2**40)
        twin._check(entry)
        twin._apply(entry)


def _review(game: Any, seat: str | None, seed: int, bot: str | Callable[[int], Any], precision: float,
            min_playouts: int, step: int, max_playouts: int, executor: Executor | None,
            progress: bool | Callable[[int, int], None], cancel: threading.Event | None
            ) -> Generator[None, None, Review]:
    """review's work, pausing (a yield) after each finished batch."""
    engine = review_engine(game)
    seats = _check(game, seat, min_playouts, max_playouts, step, precision, seed, bot, engine)
    decisions = list(_decisions(game, seats, seed, engine))
    if not decisions:
        who = ", ".join(seats)
        raise IllegalChoice(f"nothing to review: {who} made no decision in this game ({len(game.history)} "
                            "history entries)")
    for i, d in enumerate(decisions):
        d.index = i
        d.alive = list(d.options)
        d.results = {o: [] for o in d.options}
    if not THREADS and not isinstance(executor, SerialExecutor):
        if executor is not None:
            warnings.warn(f"this Python cannot start threads or processes (in the browser): the review runs here, "
                          f"one batch after another, not in the {type(executor).__name__}", RuntimeWarning,
                          stacklevel=3)
        executor = SerialExecutor()
    own = executor is None
    pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1) if own else executor
    bar = _progress_bar(progress, len(decisions), "review", "decision")
    judged: dict[int, Judgement] = {}
    curve: dict[str, list[tuple[int, float]]] = {p: [] for p in game.scores}
    players = list(game.scores)
    total = 0
    pending: dict[Future, tuple[_Decision, str]] = {}

    def settle(d: _Decision) -> None:
        nonlocal total
        d.done = True
        if d.start is None:
            judgement = Judgement(d.step, d.player, d.prompt, d.played, d.played, 1, math.nan, (math.nan, math.nan),
                                  math.nan, (math.nan, math.nan), 0.0, "only", (), 0, (0.0, 0.0), {}, 0.0,
                                  {lang: (w[d.played], w[d.played]) for lang, w in d.words.items()})
        else:
            judgement, points = _judge(d)
            total += judgement.playouts
            for i, (v,) in points:
                curve[players[i]].append((d.step + 1, v))
        judged[d.index] = judgement
        bar(1)

    def advance(d: _Decision) -> list[tuple[_Decision, str, range]]:
        """The next round's tasks of ``d`` (none when it is settled: then it is judged)."""
        more = _round(d, min_playouts, step, max_playouts, precision) if d.start is not None else 0
        if more == 0:
            settle(d)
            return []
        ks = range(d.n, d.n + more)
        d.n += more
        d.waiting = len(d.alive)
        return [(d, o, ks) for o in d.alive]

    try:
        if isinstance(pool, SerialExecutor):
            for d in decisions:
                tasks = advance(d)
                while tasks:
                    for dd, o, ks in tasks:
                        if cancel is not None and cancel.is_set():
                            raise Cancelled("the review was cancelled")
                        dd.results[o].extend(engine.seat_batch(dd.start, o, ks, bot, dd.seed))
                        yield
                    tasks = advance(d)
        else:
            workers = getattr(pool, "_max_workers", None) or os.cpu_count() or 1
            queue = iter(decisions)

            def submit(tasks: list[tuple[_Decision, str, range]]) -> None:
                for dd, o, ks in tasks:
                    pending[pool.submit(engine.seat_batch, dd.start, o, ks, bot, dd.seed)] = (dd, o)

            def feed() -> None:  # keep the pool busy, a few decisions at a time (rounds depend on results)
                while len(pending) < 4 * workers:
                    d = next(queue, None)
                    if d is None:
                        return
                    submit(advance(d))

            feed()
            while pending:
                finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                if cancel is not None and cancel.is_set():
                    raise Cancelled("the review was cancelled")
                for future in finished:
                    d, o = pending.pop(future)
                    d.results[o].extend(future.result())
                    d.waiting -= 1
                    if d.waiting == 0:
                        submit(advance(d))
                feed()
                yield
    finally:
        for f in pending:
            f.cancel()
        bar(None)
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    if game.over:
        final = margins(game.scores, getattr(engine, "goal", None))
        for i, p in enumerate(players):
            curve[p].append((len(game.history), final[i]))
    for pts in curve.values():
        pts.sort()
    name = bot if isinstance(bot, str) else getattr(bot, "__name__", "custom")
    return Review(seats, tuple(judged[i] for i in range(len(decisions))), curve, seed, total, name, float(precision))


PRECISION = 1.5
"""Default widest 95% interval (points) of the played option's difference to its closest rival."""
MIN_PLAYOUTS = 8
STEP = 8
MAX_PLAYOUTS = 128


def review(game: Any, seat: str | None = None, *, seed: int = 0, bot: str | Callable[[int], Any] = "greedy",
           precision: float = PRECISION, min_playouts: int = MIN_PLAYOUTS, max_playouts: int = MAX_PLAYOUTS,
           step: int = STEP, executor: Executor | None = None, progress: bool | Callable[[int, int], None] = True,
           cancel: threading.Event | None = None) -> Review:
    """Judges every decision of ``seat`` (None: of every seat) in ``game`` (finished or not; the game is not
    changed). Options are played out by ``bot`` in every seat, ``min_playouts`` each first, then ``step`` more at a
    time until the played option's paired 95% interval against its closest rival lies within one label's band or
    is narrower than ``precision`` points, or ``max_playouts``. ``executor``: any ``concurrent.futures.Executor``
    (None: a local process pool for this call); ``progress``: True for a tqdm bar, False, or a function
    (decisions judged, decisions); setting ``cancel`` stops the review and raises :class:`~.whatif.Cancelled`."""
    steps = _review(game, seat, seed, bot, precision, min_playouts, step, max_playouts, executor, progress, cancel)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


async def review_async(game: Any, seat: str | None = None, *, seed: int = 0, bot: str | Callable[[int], Any] = "greedy",
                       precision: float = PRECISION, min_playouts: int = MIN_PLAYOUTS,
                       max_playouts: int = MAX_PLAYOUTS, step: int = STEP,
                       progress: bool | Callable[[int, int], None] = True,
                       cancel: threading.Event | None = None) -> Review:
    """:func:`review` run cooperatively in this thread's event loop, one batch at a time (the browser, where threads
    cannot start); the same review as :func:`review` with the same arguments."""
    steps = _review(game, seat, seed, bot, precision, min_playouts, step, max_playouts, SerialExecutor(), progress,
                    cancel)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        await asyncio.sleep(0)


def expected_margins(game: Any, *, playouts: int = 24, seed: int = 0, viewer: str | None = None,
                     bot: str | Callable[[int], Any] = "greedy") -> dict[str, tuple[float, tuple[float, float]]]:
    """Each seat's expected final margin (points minus the best other seat's) for the position now, with its 95%
    interval, from ``playouts`` games played on by ``bot`` from the position as ``viewer`` (default: the seat to
    decide) may know it. A finished game gives the final margins. Runs here, in this process."""
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number >= 1, not {playouts!r}")
    players = list(game.scores)
    if viewer is not None and viewer not in players:
        raise ValueError(f"no player {viewer!r} in this game; players: {', '.join(players)}")
    engine = review_engine(game)
    if game.over:
        final = margins(game.scores, getattr(engine, "goal", None))
        return {p: (final[i], (final[i], final[i])) for i, p in enumerate(players)}
    if isinstance(bot, str) and bot not in engine.bots:
        raise ValueError(f"unknown bot {bot!r}; bots: {sorted(engine.bots)} or a function seed -> bot")
    seen = game.seat_game(viewer) if viewer is not None and game.seat is None else game
    rows = engine.seat_batch(engine.start(seen), None, range(playouts), bot,
                             digest_seed("margins", seed, len(game.history)) % 2**40)
    return {p: _mean_ci([r[0][i] for r in rows]) for i, p in enumerate(players)}


# ------------------------------------------------------------------------------------------------ helpers
_COLORS = {"blue": "#1f5fbf", "red": "#c0392b", "yellow": "#d4a017", "brown": "#7b4a26", "green": "#2e8b57"}


def _color(seat: str) -> str | None:
    return _COLORS.get(seat)
