"""Setting up (M5): every player takes a full set as hand, the starting cards open the centre. The seed only
decides which colour of set each player gets; nothing else in Mice! is left to chance."""

from __future__ import annotations

from typing import Any

from ...core import setup_checks
from ...core.rng import Rng, seed_state
from .cards import COLOURS, STARTING_CARDS, player_set
from .options import check_options
from .state import MiceState

MIN_PLAYERS, MAX_PLAYERS = 3, 6


def check_players(players: Any) -> list[str]:
    """Player names from a count (P1, P2 ...) or a list of distinct names; ValueError otherwise."""
    return setup_checks.check_players(players, MIN_PLAYERS, MAX_PLAYERS, "Mice!")


def new_state(players: Any = 4, seed: int = 1, options: dict[str, bool] | None = None
              ) -> tuple[MiceState, dict[str, Any]]:
    names = check_players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    opts = check_options(options)
    rng = Rng(seed_state(seed))
    colours = list(COLOURS)
    rng.shuffle(colours)
    sets = dict(zip(names, colours, strict=False))
    state = MiceState(players=names, colours=sets, options=opts, hands={p: player_set(sets[p]) for p in names},
                      centre=list(STARTING_CARDS), piles={p: [] for p in names}, rng=rng.state)
    state.emit("setup", ("M1", "M2", "M3", "M5"), players=list(names), colours=dict(sets),
               centre=list(STARTING_CARDS))
    return state, {"players": names, "seed": seed, "options": opts}
