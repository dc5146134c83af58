"""Bots for any game on the core, of graded strength (:data:`LEVELS`, weakest first), all seeded, all using only
the protocol:

* ``random`` (:class:`RandomBot`): uniform among the legal options;
* ``eager`` (:class:`EagerBot`): tries each option and takes the one worth most once the game next asks something
  (``look_ahead``; the game's ``bot_value``), so options whose worth shows one decision later all tie;
* ``greedy`` (:class:`GreedyBot`, the default seat bot and what-if policy): also tries its own follow-up decision
  (Clocktowers' draw after a play) and values the position by the game's evaluation (``bot_eval``: towers' progress,
  the hand, the end scoring) or values each option directly (``bot_option_value``: Mice!'s hunt against the cards
  the others may still play), see :mod:`.search`;
* ``search`` (:class:`~.search.SearchBot`): determinized Monte Carlo with the greedy policy.

A bot decides on the game as its seat may know it (:func:`decide` hands it ``game.seat_game(player)``), so in a
simultaneous decision it never reads another player's hidden commitment. A bot that reads nothing but the deciding
seat's own options (``options_only``, the random bots) is handed the game itself: those options are what that seat
sees anyway, and drawing a seat's copy for every move made random playouts about six times slower.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .search import Look, SearchBot, Sim, greedy_choice


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


class EagerBot:
    """Takes the option that raises its own score most by the next decision (the core's first greedy bot).

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


class GreedyBot:
    """Takes the option worth most by one more decision of its own and the game's evaluation of the position
    (:func:`.search.greedy_choice` on a clone of the seat's state); ties go to the game's ``bot_rank``, then a
    seeded coin."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> str:
        ids = game.choice_ids
        if len(ids) == 1:
            return ids[0]
        if not getattr(type(game), "bot_sim", False):  # a flow that cannot restart from a bare state: look as eager
            return EagerBot(self.rng.getrandbits(32)).choose(game)
        look = Look(game)
        sim = Sim(game.rules, game.rules.clone(game.state))
        if sim.ask is None or list(sim.ask.options) != list(ids):
            raise RuntimeError(f"the flow restarted on a clone asks {sim.ask!r}, not the decision {ids}")
        return greedy_choice(look, sim, self.rng)


LEVELS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "eager": EagerBot, "greedy": GreedyBot,
                                           "search": SearchBot}
"""The core's bots by name, weakest first: name -> (seed -> bot). Each beats the one before it (measured in
benchmarks/bench_card_bots.py on Clocktowers and Mice!). "greedy" is the default everywhere a bot is not named."""
DEFAULT = "greedy"


def make(name: str, seed: int = 0) -> Bot:
    """The bot of level ``name`` seeded with ``seed``; ValueError naming the levels otherwise."""
    if name not in LEVELS:
        raise ValueError(f"no bot level {name!r}; levels, weakest first: {', '.join(LEVELS)}")
    return LEVELS[name](seed)


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
