"""Climbing the chain (R100-R102): the Scaler moves up, scores point spaces it lands on or passes, and at the
leaf scores the value above the pinecone weight before going back to the start.
"""

from __future__ import annotations

from .state import State


def climb(s: State, color: str, x: int) -> int:
    """Moves ``color``'s Scaler ``x`` spaces up; returns the points scored. Occupied stops are passed (R100)."""
    chain = s.c.chain
    p = s.player(color)
    start = pos = p.scaler
    occupied = {q.scaler for q in s.players if q.color != color and q.scaler > 0}  # R102a: the start is shared
    points = 0
    steps = x
    while True:
        pos += 1
        if pos == chain.leaf:
            return points + _reach_leaf(s, color, start, points)
        points += chain.point_spaces.get(pos, 0)  # R101: landed on or passed
        steps -= 1
        if steps <= 0 and pos not in occupied:
            break
    p.scaler = pos
    p.score_by["chain"] += points
    s.emit("scaler_climbed", ("R74", "R100", "R101"), color=color, start=start, space=pos, climb=x, points=points)
    return points


def _reach_leaf(s: State, color: str, start: int, passed_points: int) -> int:
    """R102: score the value just above the weight, cover it unless it is the last (the 4), back to the start."""
    values = s.c.chain.right_values
    value = values[s.weight]
    if s.weight < len(values) - 1:
        s.weight += 1
    p = s.player(color)
    p.scaler = 0
    p.score_by["chain"] += passed_points + value
    s.emit("scaler_reached_leaf", ("R74", "R101", "R102", "R102a"), color=color, start=start,
           points=passed_points + value, leaf_value=value, passed_points=passed_points)
    return value
