"""Trading tiles between your own mice at the same number (R67, R67a, R68, Q1).

By default (the English rulebook) only mice at the minute hand's number trade, any time during the Tick.
The option ``trade_any_number`` (the German edition, L1) lets your mice trade wherever they share a number.
A Throw (R68, R83) adds one partner to the active mouse's trading group for the rest of the activation.
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from .state import State, owner


def trade_groups(s: State, color: str) -> list[list[str]]:
    """The groups of ``color``'s mice that may trade among themselves right now."""
    groups: list[list[str]] = []
    if s.options.get("trade_any_number"):
        by_number: dict[int, list[str]] = {}
        for m in s.mice_of(color):
            n = s.number_of(m)
            if n is not None:
                by_number.setdefault(n, []).append(m)
        groups = [g for g in by_number.values() if len(g) > 1]
    else:
        here = s.mice_at(s.minute, color)
        if len(here) > 1:
            groups = [here]
    for active, partner in s.throws:
        if owner(active) == color:
            # A Throw joins the partner's whole group to the active mouse's (with trade_any_number both may
            # already be in groups at different numbers); each mouse stays in one group, so no move is offered
            # twice (D8).
            mine = next((g for g in groups if active in g), None)
            theirs = next((g for g in groups if partner in g), None)
            if mine is None and theirs is None:
                groups.append([active, partner])
            elif mine is None:
                theirs.append(active)  # type: ignore[union-attr]
            elif theirs is None:
                mine.append(partner)
            elif mine is not theirs:
                mine.extend(theirs)
                groups.remove(theirs)
    return groups


def can_trade(s: State, color: str) -> bool:
    """True when some tile could change cards: two mice in a group and at least one tile between them.

    Asked before every decision of an activation, so the usual case (mice at the minute hand's number, no Throw)
    is one pass over the color's own mice; the rest builds the groups."""
    if s.throws or s.options.get("trade_any_number"):
        return any(any(s.card(m) for m in group) for group in trade_groups(s, color))
    n = s.minute
    loc = s.loc
    here = 0
    tiles = False
    for m in s.mice_of(color):
        where, k = loc[m]
        if where == "hand" or (k == n and (where == "inner" or where == "outer")):
            here += 1
            if not tiles and s.card(m):
                tiles = True
    return tiles and here > 1


def anyone_can_trade(s: State) -> bool:
    """Whether any player could trade now (:func:`can_trade` for some color), in one pass over the mice."""
    if s.throws or s.options.get("trade_any_number"):
        return any(can_trade(s, color) for color in s.colors)
    n = s.minute
    here: dict[str, int] = {}
    tiles: set[str] = set()
    for m, (where, k) in s.loc.items():
        if where == "hand" or (k == n and (where == "inner" or where == "outer")):
            color = owner(m)
            here[color] = here.get(color, 0) + 1
            if s.card(m):
                tiles.add(color)
    return any(here[color] > 1 for color in tiles)


def trade_moves(s: State, color: str) -> list[str]:
    """Every single move: give a tile to a mouse with room, or swap two tiles when the receiver is full."""
    moves: list[str] = []
    for group in trade_groups(s, color):
        cards = [s.card(m) for m in group]
        room = [len(card) < s.capacity(m) for m, card in zip(group, cards, strict=True)]
        for i, a in enumerate(group):
            for tile in cards[i]:
                for j, b in enumerate(group):
                    if a == b:
                        continue
                    if room[j]:
                        moves.append(f"give:{tile}:{b}")
                    elif i < j:
                        moves.extend(f"swap:{tile}:{other}" for other in cards[j])
    return moves


def trade(s: State, color: str) -> Generator[Ask, str, None]:
    """A trading session: single moves until the player says done (trades need not be 1:1, R67)."""
    while True:
        moves = trade_moves(s, color)
        choice = yield Ask(color, "trade", [*moves, "done"], {})
        if choice == "done":
            return
        verb, tile, target = choice.split(":")
        giver = holder(s, color, tile)
        if verb == "give":
            s.card(giver).remove(tile)
            s.card(target).append(tile)
            s.emit("tile_traded", ("R67",), tile=tile, giver=giver, receiver=target)
        else:
            taker = holder(s, color, target)
            a, b = s.card(giver), s.card(taker)
            a[a.index(tile)] = target
            b[b.index(target)] = tile
            s.emit("tiles_swapped", ("R67",), tile=tile, other=target, giver=giver, receiver=taker)


def holder(s: State, color: str, tile: str) -> str:
    """The mouse of ``color`` whose card holds ``tile``."""
    for m in s.mice_of(color):
        if tile in s.card(m):
            return m
    raise KeyError(tile)
