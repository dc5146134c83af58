"""Bots for any game on the core: a uniform-random bot and a greedy bot, both seeded, both using only the
protocol (``choice_ids``, ``decision``, ``scores``, ``scores_after``, ``choose``).

The greedy bot tries each option, looks at its own score once the game next asks something (and, where the game
names a follow-up through ``then``, once that is done too), and takes the option that scores most; ties go to a
game-given preference order (``rank``), then to the engine's order.

A bot decides on the game as its seat may know it (:func:`decide` hands it ``game.seat_game(player)``), so in a
simultaneous decision it never reads another player's hidden commitment. A bot that reads nothing but the deciding
seat's own options (``options_only``, the random bots) is handed the game itself: those options are what that seat
sees anyway, and drawing a seat's copy for every move made random playouts about six times slower.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol


class Bot(Protocol):
    def choose(self, game: Any) -> str: ...


class RandomBot:
    """Picks uniformly among the legal options."""

    options_only = True
    """It reads only ``choice_ids``, the deciding seat's own options (see :func:`decide`)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> str:
        return self.rng.choice(game.choice_ids)


class GreedyBot:
    """Takes the option that raises its own score most by the next decision.

    ``rank(option)`` orders ties (lower first); ``value(game, player)`` replaces the plain score when a game has a
    better short-sighted measure (Clocktowers: points plus a little for progress on unfinished towers). Both
    default to the game's own ``bot_rank`` / ``bot_value`` methods when it has them.
    """

    def __init__(self, seed: int = 0, *, rank: Callable[[str], int] | None = None,
                 value: Callable[[Any, str], float] | None = None) -> None:
        self.rng = random.Random(seed)
        self.rank = rank
        self.value = value

    def _worth(self, game: Any, me: str) -> float:
        if self.value is not None:
            return self.value(game, me)
        own = getattr(game, "bot_value", None)
        return own(me) if own is not None else game.scores[me]

    def choose(self, game: Any) -> str:
        ids = game.choice_ids
        if len(ids) == 1:
            return ids[0]
        me = game.decision.player
        rank = self.rank or getattr(game, "bot_rank", None) or (lambda option: 0)
        best, best_key = ids[0], None
        for option in ids:
            worth: float = game.look_ahead(option, lambda g: self._worth(g, me))
            key = (-worth, rank(option), self.rng.random())
            if best_key is None or key < best_key:
                best, best_key = option, key
        return best


def decide(game: Any, bot: Bot) -> str:
    """The bot's choice for the player to decide, made on that seat's copy of the game (no sealed choices), or on
    the game itself for a bot that reads only the seat's own options (``options_only``)."""
    seat_game = getattr(game, "seat_game", None)
    if seat_game is None or getattr(bot, "options_only", False):
        return bot.choose(game)
    return bot.choose(seat_game(game.decision.player))


def play(game: Any, bots: Mapping[str, Bot], *, limit: int = 100_000,
         after: Callable[[Any], None] | None = None) -> int:
    """Lets bots decide for their players until the game ends or a seat without a bot must decide; ``after`` is
    called with the game after every choice (tests check invariants there). Returns how many choices were made."""
    made = 0
    while not game.over and made < limit:
        bot = bots.get(game.decision.player)
        if bot is None:
            break
        game.choose(decide(game, bot))
        made += 1
        if after is not None:
            after(game)
    return made
