"""The end of the game at midnight (R113-R115): hunt-board rows and columns, the leftover pool, standings."""

from __future__ import annotations

from dataclasses import dataclass

from .delivery import score_pool
from .state import PlayerState, State

ROW_POINTS = 5
"""Each filled row and each filled column of a hunt board is worth 5 (R113, R129)."""
SOLO_GOAL = 100


def hunt_lines(p: PlayerState) -> tuple[int, int]:
    """(filled rows, filled columns) of a player's hunt board."""
    rows = sum(all(cell is not None for cell in row) for row in p.hunt)
    cols = sum(all(row[j] is not None for row in p.hunt) for j in range(len(p.hunt[0]) if p.hunt else 0))
    return rows, cols


def filled_spaces(p: PlayerState) -> int:
    return sum(cell is not None for row in p.hunt for cell in row)


def final_scoring(s: State) -> None:
    """R113: 5 a filled row or column; all items left on the cards (and bonus tiles in hand) as one pool.

    Adding a bonus tile to the pool can never lower its score, so every bonus tile in hand is added.
    """
    for p in s.players:
        rows, cols = hunt_lines(p)
        p.score_by["hunt"] += ROW_POINTS * (rows + cols)
        s.emit("hunt_board_scored", ("R113", "R129"), color=p.color, rows=rows, columns=cols,
               points=ROW_POINTS * (rows + cols))
        items = [s.c.tiles[t] for card in p.cards.values() for t in card if s.c.tiles[t].is_item]
        bonus = [s.c.favors[f].bonus for f in p.favors if s.c.favors[f].bonus is not None]
        pool = score_pool([*items, *bonus])
        p.score_by["pool"] += pool.total
        s.emit("pool_scored", ("R113",), color=p.color, items=pool.items, symbol_group=pool.symbol_group,
               color_group=pool.color_group, points=pool.total)
    if s.solo:
        p = s.players[0]
        s.emit("solo_result", ("R115",), color=p.color, score=p.score, goal=SOLO_GOAL, won=p.score >= SOLO_GOAL)
    s.phase = "over"
    s.emit("game_over", ("R107", "R113", "R114"), standings=[st.color for st in standings(s)])


@dataclass(frozen=True, slots=True)
class Standing:
    color: str
    score: int
    filled: int
    place: int
    """1 for the winner(s); tied players who are also tied on filled spaces share a place (R114)."""


def standings(s: State) -> list[Standing]:
    """Most points first; ties broken by filled hunt-board spaces, then shared (R114, Q11)."""
    ranked = sorted(s.players, key=lambda p: (-p.score, -filled_spaces(p)))
    out: list[Standing] = []
    for i, p in enumerate(ranked):
        key = (p.score, filled_spaces(p))
        place = out[-1].place if out and (out[-1].score, out[-1].filled) == key else i + 1
        out.append(Standing(p.color, p.score, filled_spaces(p), place))
    return out
