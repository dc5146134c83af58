"""Setting up (C2-C3): the starting hands, the three shuffled face-up decks, the cards removed unseen."""

from __future__ import annotations

from typing import Any

from ...core import setup_checks
from ...core.rng import Rng, seed_state
from .cards import DECKS, all_cards
from .options import check_options
from .state import TowersState

STARTING_HAND = ("floor1.cats", "floor1.mice", "clock.mice")
"""C2: one one-floor card with cats, one with mice, one clock with mice."""
REMOVED = {"roofs": 3, "floors": 5}
"""C3: removed at random, unseen, before play."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def check_players(players: Any) -> list[str]:
    """Player names from a count (P1, P2 ...) or a list of distinct names; ValueError otherwise."""
    return setup_checks.check_players(players, MIN_PLAYERS, MAX_PLAYERS, "Clocktowers")


def new_state(players: Any = 3, seed: int = 1, options: dict[str, bool] | None = None,
              first: str | None = None) -> tuple[TowersState, dict[str, Any]]:
    """A game ready for its first turn, and the normalised setup arguments. ``first`` is the player who starts
    (the oldest, C3); by default the first one named."""
    names = check_players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    opts = check_options(options)
    if first is None:
        first = names[0]
    if first not in names:
        raise ValueError(f"first must be one of the players ({', '.join(names)}), not {first!r}")
    cards = all_cards()
    hands: dict[str, list[str]] = {}
    for i, name in enumerate(names, start=1):
        hands[name] = [f"{kind}.{i}" for kind in STARTING_HAND]
    dealt = {c for hand in hands.values() for c in hand}
    rng = Rng(seed_state(seed))
    decks: dict[str, list[str]] = {}
    removed: list[str] = []
    for deck in DECKS:
        pile = [cid for cid, c in cards.items() if c.deck == deck and cid not in dealt]
        rng.shuffle(pile)
        n = REMOVED.get(deck, 0)
        removed += pile[:n]
        decks[deck] = pile[n:]
    state = TowersState(players=names, options=opts, hands=hands, decks=decks, removed=removed,
                        turn=names.index(first), rng=rng.state)
    state.emit("setup", ("C2", "C3"), players=list(names), first=first, removed=len(removed))
    return state, {"players": names, "seed": seed, "options": opts, "first": first}
