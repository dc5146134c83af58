"""The end-of-round refresh, C.H.I.R.P. (R105-R110): Cat paws, Hour hand, Inner ring, Refill, Priority."""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from . import solo
from .chance import draw_tile, roll_die
from .end_of_game import final_scoring
from .setup import priority_order
from .state import State, clockwise

# solo is imported as a module: its paws scratch and make mice flee as this module's do (R120), so the two call
# each other (see rules/__init__.py).


def refresh(s: State) -> Generator[Ask, str, None]:
    """Runs after the Tick at 12 (R105). Reaching midnight ends the game before Inner ring (R107)."""
    s.emit("round_ended", ("R105",), round=s.round)
    yield from cat_paws(s)
    s.hour = clockwise(s.hour)
    s.emit("hour_hand_moved", ("R107",), hour=s.hour)
    if s.hour == 12:
        final_scoring(s)
        return
    inner_ring(s)
    refill(s)
    s.priority = priority_order(s)[1 % len(s.players)]
    s.emit("priority_moved", ("R110",), color=s.priority)


def cat_paws(s: State) -> Generator[Ask, str, None]:
    """R106: the old paws go; the die is rolled once with 4 players, twice otherwise; mice there flee."""
    s.paws = []
    count = s.c.paws_per_refresh[len(s.players)]
    if s.solo:
        yield from solo.place_paws_with_scratch(s, count)  # R121
        return
    rolled = [roll_die(s) for _ in range(count)]
    s.paws = rolled
    s.emit("cat_paws_placed", ("R106",), numbers=rolled)
    flee_paws(s, rolled, ("R106", "R106a"))


def flee_paws(s: State, covered: list[int], rules: tuple[str, ...], *, same_ring: bool = False) -> None:
    """Mice on a covered number move clockwise to the next free number, in the same ring (R106a, Q10).

    Q10's ``paw_flight_inner`` rules the round-end flight (R106) only; the solo scratch (R120) keeps its mice in
    their ring (``same_ring``), since the solo game replaces that flight (R121)."""
    for m, (where, n) in list(s.loc.items()):
        if where in ("inner", "outer") and n in covered:
            ring = "inner" if s.options.get("paw_flight_inner") and not same_ring else where
            target = clockwise(n)
            while target in covered or (ring == "inner" and target == 12 and s.options.get("no_inner_12")):
                target = clockwise(target)
            s.loc[m] = (ring, target)
            s.emit("mouse_fled", rules, mouse=m, start=n, number=target, ring=ring)


def inner_ring(s: State) -> None:
    """R108: every mouse on an outer space, Lord Cuckoo included, goes to the inner space of its number."""
    moved = []
    for m, (where, n) in s.loc.items():
        if where != "outer":
            continue
        if n == 12 and s.options.get("no_inner_12"):
            # Q7: without an inner space at 12, Lord Cuckoo's mice join the back of the hand (which points at
            # 12 now) while there is room, and otherwise wait on Lord Cuckoo for the next refresh.
            if s.hand_spaces - s.hand_used() >= s.size(m):
                s.hand.append(m)
                s.loc[m] = ("hand", 0)
                s.emit("mouse_joined_hand", ("R108", "Q7"), mouse=m)
            continue
        s.loc[m] = ("inner", n)
        moved.append(m)
    s.emit("mice_moved_inward", ("R108",), mice=moved)


def refill(s: State) -> None:
    """R109, R109a: quests first, then the leaves 1 to 11, then the discount bin; an empty bag leaves gaps."""
    for i, q in enumerate(s.quests_up):
        if q is None and s.quest_deck:
            s.quests_up[i] = s.quest_deck.pop()
            s.emit("quest_revealed", ("R109",), quest=s.quests_up[i])
    for n in s.c.leaf_spaces:
        if s.leaves[n] is None:
            s.leaves[n] = draw_tile(s)
            if s.leaves[n] is not None:
                s.emit("leaf_refilled", ("R109",), number=n, tile=s.leaves[n])
    for i, t in enumerate(s.bin):
        if t is None:
            s.bin[i] = draw_tile(s)
            if s.bin[i] is not None:
                s.emit("bin_refilled", ("R109",), slot=i, tile=s.bin[i])
