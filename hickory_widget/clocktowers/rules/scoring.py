"""Scoring (C12) and the winner (C13).

A complete tower scores by the animals it shows: none 5, only cats 4, cats and mice 3, only mice 2 (a clock with
mice counts as mice). Incomplete towers score nothing. Ties go to the player with a mouse on the highest floor of
a complete tower, then a cat; a floor card's animals sit on its top floor, and clocks are not floors.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.setup_checks import ranked
from .cards import card
from .state import Tower, TowersState

VALUES = {(False, False): 5, (True, False): 4, (True, True): 3, (False, True): 2}
"""(cats?, mice?) -> points of a complete tower."""


def animals(t: Tower) -> tuple[bool, bool]:
    """(cats?, mice?) shown by a tower's floors and clock."""
    shown = [card(f).animals for f in t.floors] + ([card(t.clock).animals] if t.clock else [])
    return "cats" in shown, "mice" in shown


def tower_points(t: Tower) -> int:
    return VALUES[animals(t)] if t.complete else 0


def scores(s: TowersState) -> dict[str, int]:
    return {p: sum(tower_points(t) for t in s.towers_of(p)) for p in s.players}


def highest_floor(s: TowersState, player: str, kind: str) -> int:
    """The highest floor level (1 = ground) showing ``kind`` (mice or cats) in ``player``'s complete towers;
    0 if none does."""
    best = 0
    for t in s.towers_of(player):
        if not t.complete:
            continue
        level = 0
        for f in t.floors:
            c = card(f)
            level += c.floors
            if c.animals == kind:
                best = max(best, level)
    return best


@dataclass(frozen=True, slots=True)
class Standing:
    player: str
    score: int
    mouse_floor: int
    cat_floor: int
    rank: int  # 1 = winner; equal ranks share a place


def standings(s: TowersState) -> list[Standing]:
    """Players best first: points, then the highest mouse floor, then the highest cat floor (C12-C13)."""
    pts = scores(s)
    keys = {p: (pts[p], highest_floor(s, p, "mice"), highest_floor(s, p, "cats")) for p in s.players}
    return [Standing(p, *key, rank) for p, key, rank in ranked(s.players, keys)]


def winners(s: TowersState) -> list[str]:
    """The players ranked first (more than one only if all three measures tie)."""
    return [st.player for st in standings(s) if st.rank == 1]
