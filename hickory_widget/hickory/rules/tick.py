"""Resolving a Tick of the Clock (R40-R56): the hand moves, mice on it activate front to back, then the
mice on the current inner ring space activate in priority order.
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from . import minute_hand, trading
from .activation import MOVED, decide, finish_activation
from .favors import leap_instead
from .leaps import leap_targets
from .outer_ring import enter
from .setup import priority_order
from .solo import paws_on_hand
from .state import State, clockwise, kind, owner


def back_target(s: State, n: int) -> int:
    """The previous outer space for a bumped mouse, stepping on past cat paws (R52)."""
    target = clockwise(n, -1)
    while s.covered(target):
        target = clockwise(target, -1)
    return target


def resolve_tick(s: State) -> Generator[Ask, str, None]:
    """One Tick (R40). Its flow is kept in this generator; state between Ticks is plain data."""
    s.minute = n = clockwise(s.minute)
    s.emit("hand_moved", ("R40",), number=n)
    if s.covered(n):
        if s.solo and s.hand:
            yield from paws_on_hand(s, n)  # R118: the solo game re-rolls paws under a loaded hand
            if s.covered(n):
                return
        else:
            s.emit("tick_blocked", ("R40a", "R112"), number=n)
            return
    if not s.hand and not s.at_inner(n):
        s.emit("tick_empty", ("R40b",), number=n)
        return
    # Step 2: the hand, front to back, from a snapshot taken now (R40d).
    for mouse in list(s.hand):
        if s.loc[mouse][0] == "hand":
            yield from activate_on_hand(s, mouse)
            yield from finish_activation(s, owner(mouse))
    # Step 3: the inner ring, one mouse per color in priority order, round and round (R42, R42a).
    pending = s.at_inner(n)
    order = priority_order(s)
    while pending:
        for color in order:
            mine = [m for m in pending if owner(m) == color and s.loc[m] == ("inner", n)]
            if not mine:
                continue
            if len(mine) > 1:
                choice = yield from decide(s, color, "activate", [f"activate:{m}" for m in mine], number=n)
                mouse = choice.partition(":")[2]
            else:
                mouse = mine[0]
            pending.remove(mouse)
            yield from activate_on_inner(s, mouse)
            yield from finish_activation(s, color)
        pending = [m for m in pending if s.loc[m] == ("inner", n)]
    yield from trading_before_the_hand_moves(s)


def activate_on_hand(s: State, mouse: str) -> Generator[Ask, str, None]:
    """A mouse on the hand stays or jumps off; a Scurrier may leap 1-2 spaces instead (R45, R89)."""
    n = s.minute
    s.emit("mouse_activated", ("R40", "R44"), mouse=mouse, number=n, where="hand")
    options = ["stay", "jump_off"]
    if kind(mouse) == "scurrier":
        options += [f"leap:{t}" for t in leap_targets(s, n, 2)]
    choice = yield from decide(s, owner(mouse), "hand_mouse", options, mouse, number=n)
    if choice == MOVED:
        return
    if choice == "stay":
        s.emit("mouse_stayed", ("R45",), mouse=mouse, number=n)
        return
    if choice == "jump_off":
        minute_hand.leave(s, mouse)
        s.emit("mouse_jumped_off", ("R45", "R55"), mouse=mouse, number=n)
        yield from enter(s, mouse, n, ("R55",))
    elif choice.startswith("leap:"):
        minute_hand.leave(s, mouse)
        target = int(choice[5:])
        s.emit("mouse_leapt", ("R89",), mouse=mouse, start=n, number=target)
        yield from enter(s, mouse, target, ("R89",))
    else:  # a favor Leap taken instead of the printed options (R46a)
        yield from leap_instead(s, mouse, choice)


def activate_on_inner(s: State, mouse: str) -> Generator[Ask, str, None]:
    """A mouse on the inner ring moves out or jumps on the hand; it may not stay (R46)."""
    n = s.minute
    s.emit("mouse_activated", ("R40", "R42", "R44"), mouse=mouse, number=n, where="inner")
    choice = yield from decide(s, owner(mouse), "inner_mouse", ["move_out", "jump_on"], mouse, number=n)
    if choice == "move_out":
        s.emit("mouse_moved_out", ("R46",), mouse=mouse, number=n)
        yield from enter(s, mouse, n, ("R46",))
    elif choice == "jump_on":
        bumped = minute_hand.jump_on(s, mouse)
        s.emit("mouse_jumped_on", ("R46", "R47", "R48") if bumped else ("R46", "R47"), mouse=mouse, number=n,
               bumped=bumped)
        yield from finish_activation(s, owner(mouse))  # its activation ends on the hand (R51)
        for b in bumped:  # bumped mice activate at once, front one first (R49, R52)
            yield from activate_bumped(s, b)
            yield from finish_activation(s, owner(b))
    elif choice != MOVED:  # a favor Leap taken instead of the printed options (R46a, R54)
        yield from leap_instead(s, mouse, choice)


def activate_bumped(s: State, mouse: str) -> Generator[Ask, str, None]:
    """A bumped mouse must leave for the current or the previous outer space; a Scurrier may leap (R52, R89)."""
    n = s.minute
    back = back_target(s, n)
    s.emit("mouse_bumped", ("R48", "R52"), mouse=mouse, number=n)
    options = ["jump_off", f"back:{back}"]
    if kind(mouse) == "scurrier":
        options += [f"leap:{t}" for t in leap_targets(s, n, 2)]
    choice = yield from decide(s, owner(mouse), "bumped_mouse", options, mouse, number=n)
    if choice == "jump_off":
        yield from enter(s, mouse, n, ("R52",))
    elif choice.startswith("back:"):
        yield from enter(s, mouse, back, ("R52",))
    elif choice.startswith("leap:"):
        target = int(choice[5:])
        s.emit("mouse_leapt", ("R89",), mouse=mouse, start=n, number=target)
        yield from enter(s, mouse, target, ("R89",))
    elif choice != MOVED:  # a favor Leap taken instead of the printed options (R46a, R54)
        yield from leap_instead(s, mouse, choice)


def trading_before_the_hand_moves(s: State) -> Generator[Ask, str, None]:
    """After the last activation, players with mice to trade between may do so before the hand moves (R67a)."""
    if not trading.anyone_can_trade(s):  # the usual case, in one pass; a trade moves only its own player's tiles
        return
    for color in priority_order(s):
        if trading.can_trade(s, color):
            choice = yield Ask(color, "trade_before_move", ["trade", "done"], {"number": s.minute})
            if choice == "trade":
                yield from trading.trade(s, color)
