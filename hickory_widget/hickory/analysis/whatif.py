"""What if? for Hickory Dickory: the core's comparison (core/whatif.py: common random numbers, any executor,
intervals, plots) run on Hickory Dickory's fast playouts and its own bots.

    >>> from hickory_widget.hickory.analysis.whatif import compare      # the core's compare, re-exported
    >>> result = compare(game, playouts=200)
    >>> result.best.choice, result.rows[0].mean_points

A worker rebuilds the game from its last Tick boundary plus the choices made since (plain, picklable data), forks
a :class:`~.playout.Playout` per run, reseeds it with the run's chance seed and lets the bot play every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...core.whatif import (
    SEED_STRIDE,
    Cancelled,
    Comparison,
    Result,
    Row,
    SerialExecutor,
    _wilson,
    compare,
)
from ..positions.position import from_data, to_data
from ..rules.end_of_game import SOLO_GOAL, standings
from .bots import LEVELS, GreedyBot
from .playout import Playout

__all__ = ["BOTS", "SEED_STRIDE", "Cancelled", "Comparison", "HickoryPlayouts", "Row", "SerialExecutor", "_wilson",
           "compare", "outcome", "run_batch"]

BOTS: dict[str, Callable[[int], Any]] = dict(LEVELS)
"""Bots by name, the levels of :data:`.bots.LEVELS` (random, eager, greedy, mcts); each takes a seed."""


class HickoryPlayouts:
    """Hickory Dickory's playout engine for the core's ``compare`` (``Game.what_if_engine``)."""

    @property
    def bots(self) -> dict[str, Callable[[int], Any]]:
        return BOTS

    def start(self, game: Any) -> tuple[dict[str, Any], list[str]]:
        """The game's current point as the deciding seat knows it (its seat's copy), as plain, picklable data: its
        last Tick boundary and the choices made since."""
        if game.seat is None and game.decision is not None:
            game = game.seat_game(game.decision.player)
        at, snapshot = game.last_checkpoint()
        return to_data(snapshot), game._history[at:]

    def batch(self, start: tuple[dict[str, Any], list[str]], option: str, ks: Iterable[int],
              bot: str | Callable[[int], Any], seed: int) -> list[Result]:
        return run_batch(start, option, ks, bot, seed)


def run_batch(start: tuple[dict[str, Any], list[str]], option: str, ks: Iterable[int], bot: str | Callable[[int], Any],
              seed: int) -> list[Result]:
    """Playouts ``ks`` of one option (runs in a worker): (points, margin, win share) of the deciding player."""
    base = Playout(from_data(start[0]), start[1])
    me = base.player
    make = HickoryPlayouts().bots[bot] if isinstance(bot, str) else bot
    out = []
    for k in ks:
        chance = seed * SEED_STRIDE + k
        p = base.fork()
        p.reseed(chance)
        p.choose(option)
        follow_up(p, me)  # type: ignore[arg-type]
        p.run(make(chance))
        out.append(outcome(p, me))  # type: ignore[arg-type]
    return out


FOLLOW_UP_DEPTH = 2
"""Own decisions looked through by the search that plays the decider's follow-ups of the option's Tick."""
_SEARCH = GreedyBot(depth=FOLLOW_UP_DEPTH, budget=200)


def follow_up(p: Playout, me: str) -> None:
    """Plays ``me``'s own follow-up decisions of the current Tick by a search over its continuations (the greedy
    bot looking :data:`FOLLOW_UP_DEPTH` decisions ahead), so a row is the value of the option's best continuation
    found, not of the first line a playout bot happens to take (a jump off that allows a large delivery is worth
    that delivery)."""
    minute, hour = p.state.minute, p.state.hour
    while p.ask is not None and p.ask.player == me and p.state.minute == minute and p.state.hour == hour:
        p.choose(_SEARCH.choose(p))


def outcome(p: Playout, me: str) -> Result:
    """(points, margin over the best opponent, share of first place) of ``me`` in a finished playout; solo: the
    margin is over the 100-point goal and a win is reaching it (R115)."""
    s = p.state
    mine = s.player(me).score
    if s.solo:
        return mine, float(mine - SOLO_GOAL), float(mine >= SOLO_GOAL)
    best_other = max(q.score for q in s.players if q.color != me)
    first = [st.color for st in standings(s) if st.place == 1]
    return mine, float(mine - best_other), (1.0 / len(first) if me in first else 0.0)
