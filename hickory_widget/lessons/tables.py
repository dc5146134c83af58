"""The classroom's game tables: the three games and their bot levels, handed to the core's game-agnostic
:class:`~hickory_widget.core.tables.Tables` over the classroom's store (lessons/store.py).

Bot levels, weakest first: ``random`` (any legal option), ``eager`` (the core's greedy bot on the plain score: takes
the points it can see now), ``greedy`` (the game's own greedy measure: Hickory Dickory's preference-ordered greedy
bot; the card games' ``bot_value``, which also counts progress), ``mcts`` (Hickory Dickory only: its ISMCTS bot).
Every bot decides on its seat's copy of the game (``core.bots.decide``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core import bots
from ..core.tables import Accepted, GameKind, TableError, Tables
from .store import Store

__all__ = ["GAMES", "Accepted", "TableError", "Tables", "classroom_tables", "game_kinds"]


def _eager(seed: int) -> bots.GreedyBot:
    return bots.GreedyBot(seed, value=lambda game, player: float(game.scores[player]))


def _hickory() -> GameKind:
    from ..hickory.analysis.bots import GreedyBot
    from ..hickory.analysis.mcts import MCTSBot
    from ..hickory.game import Game

    def new(players: int | Sequence[str], seed: int, options: dict[str, Any] | None) -> Any:
        return Game.new(players, seed, options=options)

    return GameKind("hickory", new, lambda game: list(game.state.colors),
                    {"random": bots.RandomBot, "eager": _eager, "greedy": GreedyBot, "mcts": MCTSBot},
                    seed_range=(1, 2**31 - 1))


def _card_game(name: str) -> Callable[[], GameKind]:
    def kind() -> GameKind:
        if name == "mice":
            from ..mice import MiceGame as Made
        else:
            from ..clocktowers import ClocktowersGame as Made

        def new(players: int | Sequence[str], seed: int, options: dict[str, Any] | None) -> Any:
            return Made.new(players, seed, options=options)

        return GameKind(name, new, lambda game: list(game.state.players),
                        {"random": bots.RandomBot, "eager": _eager, "greedy": bots.GreedyBot})

    return kind


GAMES: dict[str, Callable[[], GameKind]] = {"hickory": _hickory, "clocktowers": _card_game("clocktowers"),
                                            "mice": _card_game("mice")}
"""The games a classroom table can be of, each made on first use (a game's modules load only when needed)."""


def game_kinds() -> dict[str, GameKind]:
    return {name: make() for name, make in GAMES.items()}


def classroom_tables(store: Store | str | Path) -> Tables:
    """The tables of a classroom store (a path or an open :class:`Store`)."""
    return Tables(store if isinstance(store, Store) else Store.at(store), game_kinds())
