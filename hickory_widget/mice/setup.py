"""Setting up (M5): every player takes a full set as hand, the starting cards open the centre. The seed only
decides which colour of set each player gets; nothing else in Mice! is left to chance."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng, seed_state
from .cards import COLOURS, STARTING_CARDS, player_set
from .options import check_options
from .state import MiceState

MIN_PLAYERS, MAX_PLAYERS = 3, 6


def check_players(players: Any) -> list[str]:
    """Player names from a count (P1, P2 ...) or a list of distinct names; ValueError otherwise."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Mice! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        return [f"P{i}" for i in range(1, players + 1)]
    if isinstance(players, (list, tuple)):
        names = list(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"Mice! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
        if not all(isinstance(n, str) and n and ":" not in n for n in names) or len(set(names)) != len(names):
            raise ValueError(f"player names must be distinct non-empty strings without ':', got {names!r}")
        return names
    raise ValueError(f"players is a count (3-6) or a list of 3-6 names, not {players!r}")


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
