"""Where a leap may land (R81-R82a, Q3): the outer spaces up to its reach clockwise, never one under a cat paw.

Mice leap from the hand and the inner ring (a Scurrier's ability, R89; a favor card's Leap, R46a) and from an
outer space (a token's Leap action, R81); all of them count the same way.
"""

from __future__ import annotations

from .state import State, clockwise


def leap_targets(s: State, n: int, reach: int) -> list[int]:
    """Outer spaces 1..reach numbers clockwise of n; a paw counts toward the distance but is no target (R82a)."""
    out: list[int] = []
    if s.options.get("leap_skips_paws"):  # Q3: covered numbers do not count
        target = n
        while len(out) < reach:
            target = clockwise(target)
            if target == n:
                break
            if not s.covered(target):
                out.append(target)
        return out
    for k in range(1, reach + 1):
        target = clockwise(n, k)
        if not s.covered(target):
            out.append(target)
    return out
