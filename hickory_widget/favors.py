"""Favor cards (R93-R99)."""

from __future__ import annotations

from collections.abc import Generator

from .decisions import Ask
from .state import State


def favor_plays(s: State, mouse: str) -> list[str]:
    """Favor cards the active mouse's owner could play now."""
    return []


def play_favor(s: State, mouse: str, choice: str) -> Generator[Ask, str, None]:
    raise NotImplementedError(choice)
    yield
