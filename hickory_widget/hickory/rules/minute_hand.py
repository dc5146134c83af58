"""The minute hand: jumping on, pushing and bumping, jumping off (R13, R47-R56).

The hand is a list of mice from front to back; a mouse's spaces follow from the sizes of the mice ahead of
it, so the hand is always packed from the front (R13, R53, R56) without extra bookkeeping.
"""

from __future__ import annotations

from .state import State


def free_spaces(s: State) -> int:
    return s.hand_spaces - s.hand_used()


def jump_on(s: State, mouse: str) -> list[str]:
    """Puts ``mouse`` behind the mice on the hand (R47), pushing them forward as far as it needs room (R48).

    Returns the bumped mice, front one first. A mouse with any of its spaces pushed past the front is bumped
    whole (R50, a half-off Scavenger), and the rest close up behind the front.
    """
    need = s.size(mouse) - free_spaces(s)
    bumped: list[str] = []
    start = 0
    while need > 0 and s.hand and start < need:
        front = s.hand.pop(0)
        bumped.append(front)
        start += s.size(front)
    for m in bumped:
        s.loc[m] = ("bumped", 0)
    s.hand.append(mouse)
    s.loc[mouse] = ("hand", 0)
    return bumped


def leave(s: State, mouse: str) -> None:
    """Takes a mouse off the hand; the mice behind it move up (R55, R56)."""
    s.hand.remove(mouse)

