"""The solo game's cat paws (R116-R121): paws placed before round 1, re-rolled when a loaded hand arrives,
and scratching the mice wherever they land.
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from . import end_of_round
from .activation import finish_activation
from .chance import roll_die, to_bag
from .outer_ring import enter
from .state import State, clockwise, owner

# end_of_round is imported as a module: its refresh places the solo paws with this module, so the two call each
# other (see rules/__init__.py).


def first_paws(s: State) -> Generator[Ask, str, None]:
    """R116, R119: before the first round the two paws are placed, scratching any mice there."""
    s.paws = []
    yield from place_paws_with_scratch(s, s.c.paws_per_refresh[1], ("R116", "R119"))
    s.phase = "play"


def place_paws_with_scratch(s: State, count: int, rules: tuple[str, ...] = ("R121", "R119")
                            ) -> Generator[Ask, str, None]:
    """R121 (or R116 before round 1): each paw is rolled and placed in turn; each placement scratches (R119-R120)."""
    for _ in range(count):
        n = roll_die(s)
        s.paws.append(n)
        s.emit("cat_paw_placed", rules, number=n)
        yield from scratch(s, n)


def paws_on_hand(s: State, n: int) -> Generator[Ask, str, None]:
    """R118: the hand, with mice on it, reaches a paw: each paw there is rolled again and moved."""
    for _ in range(s.paws.count(n)):
        s.paws.remove(n)
        rolled = roll_die(s)
        s.paws.append(rolled)
        s.emit("cat_paw_rerolled", ("R118",), start=n, number=rolled)
        yield from scratch(s, rolled)
    if not s.covered(n):
        s.emit("hand_freed", ("R118",), number=n)


def scratch(s: State, n: int) -> Generator[Ask, str, None]:
    """R119-R120: one tile per mouse at ``n`` is discarded to the bag; then the mice there move on.

    The hand's mice count only when the hand points at ``n``. Mice on the rings flee clockwise in their ring;
    mice on the hand leap to the next free outer space and resolve it (no Scurrier ability).
    """
    mice = s.mice_at(n)
    if not mice:
        return
    color = owner(mice[0])
    for _ in range(len(mice)):
        tiles = [t for m in mice for t in s.card(m)]
        if not tiles:
            break
        choice = yield Ask(color, "scratch_discard", [f"discard:{t}" for t in dict.fromkeys(tiles)],
                           {"number": n})
        tile = choice.partition(":")[2]
        for m in mice:
            if tile in s.card(m):
                s.card(m).remove(tile)
                break
        to_bag(s, tile)
        s.emit("tile_scratched", ("R119",), tile=tile, number=n)
    if any(s.loc[m][0] in ("inner", "outer") for m in mice):
        # R120: in the same ring, whatever Q10's option says
        end_of_round.flee_paws(s, s.paws, ("R120",), same_ring=True)
    if s.minute == n and s.hand:
        target = clockwise(n)
        while s.covered(target):
            target = clockwise(target)
        for m in list(s.hand):
            s.hand.remove(m)
            s.emit("mouse_scratched_off", ("R120",), mouse=m, number=target)
            s.emit("mouse_activated", ("R120",), mouse=m, number=target, where="scratch")  # it claims and acts
            yield from enter(s, m, target, ("R120",))
            yield from finish_activation(s, owner(m))
