"""Checks every game's setup shares: player names from a count or a list, and rule options over their defaults.
Each says what is allowed when it refuses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


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
        if not all(isinstance(n, str) and n and ":" not in n for n in names) or len(set(names)) != len(names):
            raise ValueError(f"player names must be distinct non-empty strings without ':', got {names!r}")
        return names
    raise ValueError(f"players is a count ({low}-{high}) or a list of {low}-{high} names, not {players!r}")


def check_options(options: Any, defaults: Mapping[str, bool]) -> dict[str, bool]:
    """All options with their values (defaults filled in); ValueError naming the known ones otherwise."""
    if options is None:
        return dict(defaults)
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict of {', '.join(defaults)} to True/False, not {options!r}")
    for name, value in options.items():
        if name not in defaults:
            raise ValueError(f"unknown option {name!r}; the options are {', '.join(defaults)}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} must be True or False, not {value!r}")
    return {**defaults, **options}


def ranks(order: list[str], keys: Mapping[str, Any]) -> list[int]:
    """Places for players already sorted best first: equal keys share a place (1, 1, 3 ...)."""
    out: list[int] = []
    for i, p in enumerate(order):
        out.append(out[-1] if out and keys[order[i - 1]] == keys[p] else i + 1)
    return out
