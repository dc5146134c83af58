"""Performing the action of the number a mouse entered (R70-R72)."""

from __future__ import annotations

from collections.abc import Generator

from .activation import decide
from .decisions import Ask
from .state import State, owner


def perform(s: State, mouse: str, n: int) -> Generator[Ask, str, None]:
    """The action step after entering outer space ``n``. All actions are optional (R71)."""
    choice = yield from decide(s, owner(mouse), "action", ["decline"], mouse, number=n, token=s.tokens[n])
    if choice == "decline":
        s.emit("action_declined", ("R71",), mouse=mouse, number=n)
