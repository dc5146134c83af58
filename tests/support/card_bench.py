"""What the card games' benchmarks share (benchmarks/bench_clocktowers.py, bench_mice.py): a timer, and one whole
game by bots of one kind with its save and load (full replay) timed, through the core's protocol only."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from hickory_widget.core.bots import play

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """``fn()`` and the seconds it took."""
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def bot_game(game_type: Any, players: int, seed: int, make: Callable[[int], Any]) -> tuple[Any, dict[str, float]]:
    """A new game played to its end by ``make(seat index)`` bots: the game and its figures (seconds to play, to
    save, to load; choices made)."""
    game = game_type.new(players=players, seed=seed)
    made, t_play = timed(lambda: play(game, {p: make(i) for i, p in enumerate(game.state.players)}))
    text, t_save = timed(game.to_json)
    _, t_load = timed(lambda: game_type.from_json(text))
    return game, {"play": t_play, "choices": made, "save": t_save, "load": t_load}
