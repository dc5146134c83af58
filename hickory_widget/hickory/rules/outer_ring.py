"""Entering an outer ring space (R57-R61, R69): claim the leaf tile, then perform the number's action.

Both steps are optional and come in this order. Only the first mouse to claim gets the tile (R58); the
action can be done again by every mouse that enters (R58a). Lord Cuckoo (12) has no tile (R59).
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from . import actions, activation, storage
from .state import State, owner

# actions, activation and storage are imported as modules: these rules call each other in a cycle (an action may
# leap onto another space; see rules/__init__.py).


def claim_receivers(s: State, mouse: str, n: int) -> list[str]:
    """Which of your mice may take the claimed tile (R69, R69a, Q2).

    At the minute hand's number the claim is a trade, so any of your mice there may receive it; elsewhere
    only the claiming mouse (or, with ``trade_any_number``, your mice sharing that number).
    """
    color = owner(mouse)
    if n == s.minute or s.options.get("trade_any_number"):
        others = [m for m in s.mice_at(n, color) if m != mouse]
        return [mouse, *others]
    return [mouse]


def enter(s: State, mouse: str, n: int, rules: tuple[str, ...]) -> Generator[Ask, str, None]:
    """``mouse`` lands on outer space ``n`` (by ``rules``) and resolves it."""
    s.loc[mouse] = ("outer", n)
    s.emit("mouse_entered", (*rules, "R57"), mouse=mouse, number=n)
    color = owner(mouse)
    tile = s.leaves[n]
    if tile is not None:
        options = [f"claim:{m}" for m in claim_receivers(s, mouse, n)]
        choice = yield from activation.decide(s, color, "claim", [*options, "skip_claim"], mouse,
                                   lambda: s.leaves[n] != tile, number=n, tile=tile)
        if choice == activation.MOVED:
            return
        if choice not in ("skip_claim", activation.SETTLED):
            receiver = choice.partition(":")[2]
            s.leaves[n] = None
            s.card(receiver).append(tile)
            s.emit("tile_claimed", ("R57", "R58", "R69"), mouse=mouse, receiver=receiver, tile=tile, number=n)
            yield from storage.check_capacity(s, receiver)
    yield from actions.perform(s, mouse, n)
