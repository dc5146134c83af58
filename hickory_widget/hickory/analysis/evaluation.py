"""A cheap evaluation of a position for one colour: its points so far plus what the final scoring would give it
if the game ended now (R113: 5 a filled hunt-board row or column, the items left on its cards and the bonus tiles
of its favor cards scored as one pool).

Every point a player can still score comes either during play (a delivery, a quest, a chain climb, a relic
returned: already in its score) or at the final scoring, so a move that scores nothing before the next decision
(a leap, a Scamp's target, the tile kept from a Search, the tile returned from a full card) still changes this
number whenever it changes what the final scoring will count. The bots compare options by it. Once the game is
over it is the final score itself.
"""

from __future__ import annotations

from typing import Any

from ..rules.delivery import score_pool
from ..rules.end_of_game import ROW_POINTS, SOLO_GOAL, hunt_lines
from ..rules.state import PlayerState, State

_POOLS: dict[tuple[Any, ...], int] = {}
"""The pool score of each multiset of tile ids and bonus items seen (positions repeat them endlessly)."""


def final_now(s: State, p: PlayerState) -> int:
    """What the final scoring (R113) would add to ``p``'s score if the game ended now."""
    rows, cols = hunt_lines(p)
    tiles, favors = s.c.tiles, s.c.favors
    key: list[Any] = sorted(t for card in p.cards.values() for t in card if tiles[t].is_item)
    for f in p.favors:
        bonus = favors[f].bonus
        if bonus is not None:
            key.append(bonus)
    if not key:
        return ROW_POINTS * (rows + cols)
    frozen = tuple(key)
    pool = _POOLS.get(frozen)
    if pool is None:
        if len(_POOLS) > 50_000:  # a bound on memory in long runs
            _POOLS.clear()
        items = [tiles[k] if isinstance(k, str) else k for k in frozen]
        pool = _POOLS[frozen] = score_pool(items).total
    return ROW_POINTS * (rows + cols) + pool


def evaluate(s: State, color: str) -> int:
    """``color``'s points plus what the final scoring would add now (just its points once the game is over)."""
    p = s.player(color)
    if s.phase == "over":
        return p.score
    return p.score + final_now(s, p)


def margin(s: State, color: str) -> int:
    """``color``'s evaluation minus the best other player's (solo: minus the 100-point goal, R115)."""
    mine = evaluate(s, color)
    if len(s.players) == 1:
        return mine - SOLO_GOAL
    return mine - max(evaluate(s, q.color) for q in s.players if q.color != color)
