"""Bots that can take any seat: a uniform-random bot and a greedy bot, both seeded.

The greedy bot tries each option, looks at its own score once the engine next asks something (for an item added
to a delivery: once that delivery is finished), takes the option that scored most, and undoes the rest. Ties
(most options score nothing right now) go to the first option in this preference: act, deliver items, claim,
take from the market, move out or jump off, leap, return relics, then everything else in the engine's order;
trading and declining come last. It never trades.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from .game import Game

PREFERENCE = ("act:", "deliver:", "deliver_favor:", "deliver_done", "quest:", "claim:", "market:", "take:",
              "return_relic:", "jump_off", "move_out", "leap:", "favor:", "stay", "done")
LAST = ("decline", "skip_claim", "give:", "swap:", "trade")
"""Opening a trade session comes after everything, even declining, so the greedy bot never trades."""


class Bot(Protocol):
    def choose(self, game: Game) -> str: ...


class RandomBot:
    """Picks uniformly among the legal options."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        return self.rng.choice(game.choice_ids)


class GreedyBot:
    """Takes the option that raises its own score most by the next decision; see the module for ties."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @staticmethod
    def rank(option: str) -> int:
        for i, prefix in enumerate(PREFERENCE):
            if option.startswith(prefix):
                return i
        for i, prefix in enumerate(LAST):
            if option.startswith(prefix):
                return len(PREFERENCE) + 1 + i
        return len(PREFERENCE)

    def choose(self, game: Game) -> str:
        ids = game.choice_ids
        if len(ids) == 1:
            return ids[0]
        me = game.decision.player  # type: ignore[union-attr]
        base = game.scores[me]
        best, best_key = ids[0], None
        for option in ids:
            trades = option.startswith(("trade", "give:", "swap:"))  # never score by themselves
            # An item added to a delivery scores only once the delivery is finished: look that far ahead.
            then = ("deliver_done",) if option.startswith(("deliver:", "deliver_favor:")) else ()
            gain = 0 if trades else game.scores_after(option, *then)[me] - base
            key = (-gain, self.rank(option))
            if best_key is None or key < best_key:
                best, best_key = option, key
        return best


def play(game: Game, bots: Mapping[str, Bot], *, until: str = "end", limit: int = 100_000) -> int:
    """Lets bots decide for their colors until the game ends, a seat without a bot must decide, or ``until``
    ("end", "tick", "round") is reached. Returns how many choices were made."""
    start_minute, start_hour = game.state.minute, game.state.hour
    made = 0
    while not game.over and made < limit:
        decision = game.decision
        bot = bots.get(decision.player) if decision else None
        if bot is None:
            break
        game.choose(bot.choose(game))
        made += 1
        if until == "tick" and game.state.minute != start_minute:
            break
        if until == "round" and game.state.hour != start_hour:
            break
    return made
