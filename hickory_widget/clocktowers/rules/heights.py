"""The height rule per roof colour (C10): the first complete tower of a colour is 1 or 2 floors high, and each
later one of that colour exactly one floor higher than the one before.

By default all players share one sequence per colour (the rulebook names no player); with ``shared_heights`` off
each player has a sequence per colour, and a tower counts in its owner's.
"""

from __future__ import annotations

from .cards import card
from .state import Tower, TowersState

FIRST_HEIGHTS = (1, 2)


def sequence(s: TowersState, player: str, colour: str) -> list[Tower]:
    """The complete towers of ``colour`` that count for the next roof of it on a tower of ``player``'s, in the order
    finished."""
    shared = s.options.get("shared_heights", True)
    done = [t for t in s.towers if t.complete and card(t.roof).colour == colour and (shared or t.owner == player)]
    return sorted(done, key=lambda t: t.order or 0)


def allowed_heights(s: TowersState, player: str, colour: str) -> tuple[int, ...]:
    """The heights a tower of ``player``'s may have to take the next roof of ``colour`` (with shared heights, any
    tower's)."""
    done = sequence(s, player, colour)
    return FIRST_HEIGHTS if not done else (done[-1].height + 1,)


def sequence_error(heights: list[int]) -> str | None:
    """Why a run of heights (in the order finished) breaks C10, or None if it keeps it."""
    for i, h in enumerate(heights):
        if i == 0 and h not in FIRST_HEIGHTS:
            return f"the first tower of a colour is 1 or 2 floors high, not {h}"
        if i > 0 and h != heights[i - 1] + 1:
            before = heights[i - 1]
            return f"after a tower of height {before} the next one must have height {before + 1}, not {h}"
    return None
