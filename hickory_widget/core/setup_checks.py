"""Checks every game's setup shares: player names from a count or a list, and rule options over their defaults.
Each says what is allowed when it refuses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .doors import excerpt

MAX_NAME = 40
"""Longest player name: it must fit every save and every line of the board."""


def check_players(players: Any, low: int, high: int, game: str) -> list[str]:
    """Player names from a count (P1, P2 ...) or a list of distinct names; ValueError otherwise."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not low <= players <= high:
            raise ValueError(f"{game} is for {low} to {high} players, not {players}")
        return [f"P{i}" for i in range(1, players + 1)]
    if isinstance(players, (list, tuple)):
        names = list(players)
        if not low <= len(names) <= high:
            raise ValueError(f"{game} is for {low} to {high} players, not {len(names)}")
        if not all(type(n) is str and 0 < len(n) <= MAX_NAME and ":" not in n and n.isprintable() and n == n.strip()
                   for n in names) or len(set(names)) != len(names):
            raise ValueError(f"player names must be distinct texts of 1 to {MAX_NAME} printable characters, without "
                             f"':' or spaces at either end, got {excerpt(names)}")
        return names
    raise ValueError(f"players is a count ({low}-{high}) or a list of {low}-{high} names, not {excerpt(players)}")


def check_options(options: Any, defaults: Mapping[str, bool]) -> dict[str, bool]:
    """All options with their values (defaults filled in); ValueError naming the known ones otherwise."""
    if options is None:
        return dict(defaults)
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict of {', '.join(defaults)} to True/False, not {excerpt(options)}")
    for name, value in options.items():
        if name not in defaults:
            raise ValueError(f"unknown option {excerpt(name)}; the options are {', '.join(defaults)}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} must be True or False, not {excerpt(value)}")
    return {**defaults, **options}


def ranks(order: list[str], keys: Mapping[str, Any]) -> list[int]:
    """Places for players already sorted best first: equal keys share a place (1, 1, 3 ...)."""
    out: list[int] = []
    for i, p in enumerate(order):
        out.append(out[-1] if out and keys[order[i - 1]] == keys[p] else i + 1)
    return out


def ranked(players: list[str], keys: Mapping[str, tuple[Any, ...]]) -> list[tuple[str, tuple[Any, ...], int]]:
    """Players best first by their key (highest first), each with its key and place; equal keys share a place.
    Both card games build their standings on it, each with its own tie-breaks in the key."""
    order = sorted(players, key=lambda p: keys[p], reverse=True)
    return [(p, keys[p], place) for p, place in zip(order, ranks(order, keys), strict=True)]


def check_position_head(data: Any, game: str, fmt: str, fields: set[str] | frozenset[str]) -> None:
    """The checks every card game's position starts with: an object, for this game, with no unknown field;
    ValueError saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"a {game} position is an object (a dict), not {type(data).__name__}")
    if data.get("game", fmt) != fmt:
        raise ValueError(f"this position is for {data.get('game')!r}, not {fmt!r}")
    unknown = set(data) - set(fields)
    if unknown:
        raise ValueError(f"unknown position fields {sorted(unknown)}; the fields are {sorted(fields)}")


def whole(value: Any, field: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` for a position's ``field``; ValueError naming the field otherwise."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{field} must be a whole number from {low} to {high}, not {excerpt(value)}")
    return value
