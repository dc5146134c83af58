"""The widget's coach: a review of the game run in the background and shown as data the front end draws, a retry of
a reviewed decision judged like a lesson task, and each seat's expected final margin on demand.

The numbers come from :mod:`hickory_widget.core.review` (``review``, ``review_async``, ``expected_margins``); this
module only runs them off the kernel's thread (a thread, or where threads cannot start, an asyncio task as the
what-if panel does), turns their results into plain JSON in the widget's language, and judges a retried pick.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.whatif import THREADS
from ..words.i18n import t

if TYPE_CHECKING:
    from ..game import Game

RETRY_PLAYOUTS = 24
"""Playouts that value a retried pick the review did not value itself (neither the played nor the best option)."""
MARGIN_PLAYOUTS = 24
"""Playouts per refresh of the evaluation on demand (the toggle)."""


def history_key(game: Game) -> str:
    """Names a game's line: its length and a hash of its choices (a review belongs to one line)."""
    history = tuple(game.history)
    return f"{len(history)}:{hash(history) & 0xFFFFFFFF:08x}"


def number(lang: str, value: float, signed: bool = False) -> str:
    """A value with one decimal, written as the language writes it (3.5 / 3,5; a true minus sign)."""
    text = f"{value:+.1f}" if signed else f"{abs(value):.1f}"
    if lang in ("it", "de"):
        text = text.replace(".", ",")
    return text.replace("-", "−")


def points(lang: str, value: float) -> str:
    """A number of points with one decimal: "3.5 points" (a decimal takes the plural in en, it and de, "1.0 points")."""
    return t(lang, "ui.review.points", n=2, x=number(lang, value))


class Background:
    """Runs one piece of work at a time off the kernel's thread and calls ``done(result or exception)`` after it.

    In a thread where Python can start threads; otherwise (Pyodide) as an asyncio task running ``run_async`` (or
    ``run`` itself, which then holds the kernel for its duration). ``cancel`` is set to stop the running work."""

    def __init__(self) -> None:
        self.cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._task: asyncio.Future | None = None

    @property
    def running(self) -> bool:
        return (self._thread is not None and self._thread.is_alive()) or (
            self._task is not None and not self._task.done())

    def start(self, run: Callable[[threading.Event], Any], done: Callable[[Any], None], *,
              run_async: Callable[[threading.Event], Any] | None = None) -> None:
        self.cancel = cancel = threading.Event()

        def work() -> None:
            try:
                result = run(cancel)
            except Exception as exc:  # shown by ``done``: a failure in the background must not pass unseen
                result = exc
            done(result)

        if THREADS:
            self._thread = threading.Thread(target=work, daemon=True)
            self._thread.start()
            return

        async def cooperative() -> None:
            try:
                result = await run_async(cancel) if run_async is not None else run(cancel)
            except Exception as exc:
                result = exc
            done(result)

        self._task = asyncio.ensure_future(cooperative())

    def wait(self, timeout: float | None = None) -> None:
        """Waits for the work in its thread (tests and notebooks; a cooperative task is awaited instead)."""
        if self._thread is not None:
            self._thread.join(timeout)


# ------------------------------------------------------------------------------------------------ the review's data
def label_text(lang: str, label: str) -> str:
    return t(lang, f"ui.review.label.{label}")


def decision_row(j: Any, game: Game, lang: str) -> dict[str, Any]:
    """One reviewed decision as the front end draws it (in the widget's language)."""
    return {"step": j.step, "move": j.step + 1, "player": j.player, "seat": game.player_name(j.player, lang),
            "label": j.label, "label_text": label_text(lang, j.label), "played": j.played, "best": j.best,
            "played_label": j.played_label(lang), "best_label": j.best_label(lang), "loss": round(j.loss, 2),
            "loss_text": points(lang, j.loss), "value": round(j.value, 2), "best_value": round(j.best_value, 2),
            "ci": [round(x, 2) for x in j.value_ci], "best_ci": [round(x, 2) for x in j.best_ci],
            "explain": j.why(lang) + "." if j.played != j.best else "", "rules": list(j.rules), "options": j.options}


def review_rows(reviews: list[Any], game: Game, lang: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The reviewed decisions of every review, in game order, and each seat's curve and label counts."""
    judgements = sorted((j for r in reviews for seat in r.seats for j in r.for_seat(seat)), key=lambda j: j.step)
    curve: dict[str, list[list[float]]] = {}
    counts: dict[str, dict[str, int]] = {}
    for r in reviews:
        for seat in r.seats:
            curve[seat] = [[step, round(m, 2)] for step, m in r.curve.get(seat, [])]
            counts[seat] = dict(r.counts(seat))
    return [decision_row(j, game, lang) for j in judgements], {"curve": curve, "counts": counts}


# ------------------------------------------------------------------------------------------------ retry from here
@dataclass
class Retry:
    """A reviewed decision played again: the position before it (``game``, a separate game), the judgement the
    review made of it, and the learner's tries so far."""

    judgement: Any
    start: Game
    game: Game
    tries: int = 0
    picks: list[str] = field(default_factory=list)
    verdict: dict[str, Any] | None = None

    @property
    def seat(self) -> str:
        return self.judgement.player

    @property
    def solved(self) -> bool:
        return bool(self.verdict and self.verdict["correct"])


def judge(retry: Retry, pick: str, lang: str, value_of: Callable[[Game, str], float]) -> dict[str, Any]:
    """The verdict on a retried pick, like a lesson's *best* task: the best option found (correct), or how many
    points the pick loses against it. The played and the best option keep the review's values; any other pick
    is valued by ``value_of(game after the pick, seat)`` (the same measure: the seat's expected final margin)."""
    j = retry.judgement
    names = {c.id: c.label for c in retry.start.choices_in(lang)}
    if pick == j.best:
        value, correct = j.best_value, True
    elif pick == j.played:
        value, correct = j.value, j.label in ("best", "only")
    else:
        after = retry.start.copy()
        after.choose(pick)
        value = value_of(after, j.player)
        correct = value >= j.best_ci[0]  # within the best option's interval: as good as the review can tell
    loss = max(0.0, j.best_value - value)
    pick_name, best_name = names.get(pick, pick), names.get(j.best, j.best)
    if pick == j.best:
        message = t(lang, "ui.review.verdict_best", pick=pick_name)
    elif correct:
        message = t(lang, "ui.review.verdict_close", pick=pick_name, best=best_name)
    else:
        message = t(lang, "ui.review.verdict_loses", pick=pick_name, points=points(lang, loss), best=best_name)
    tries = t(lang, "ui.review.tries", n=retry.tries)
    return {"correct": correct, "pick": pick, "best": j.best, "loss": round(loss, 2), "value": round(value, 2),
            "message": message, "tries_text": tries,
            "explain": j.why(lang) + "." if not correct and j.played != j.best else ""}


# ------------------------------------------------------------------------------------------------ evaluation on demand
def margins_row(result: dict[str, tuple[float, tuple[float, float]]], game: Game, lang: str) -> list[dict[str, Any]]:
    """Each seat's expected final margin, as the front end lists it (in seat order)."""
    return [{"player": seat, "seat": game.player_name(seat, lang), "value": round(mean, 2),
             "low": round(ci[0], 2), "high": round(ci[1], 2), "text": number(lang, mean, signed=True)}
            for seat, (mean, ci) in result.items()]


__all__ = ["MARGIN_PLAYOUTS", "RETRY_PLAYOUTS", "Background", "Retry", "decision_row", "history_key", "judge",
           "margins_row", "number", "points", "review_rows"]
