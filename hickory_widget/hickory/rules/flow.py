"""The flow of a whole game (R37-R38): setup decisions, then Tick after Tick, a refresh after each 12.

``play`` is a generator: it yields an Ask when a player must decide and ``CHECKPOINT`` at each Tick boundary,
where the state is plain data that can be copied, saved or edited. It can be started from any such state.
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import CHECKPOINT, Ask
from .end_of_round import refresh
from .setup import advanced_setup
from .solo import first_paws
from .state import State
from .tick import resolve_tick


def play(s: State) -> Generator[Ask | object, str | None, None]:
    if s.phase == "setup":
        yield from advanced_setup(s)
    if s.phase == "paws":
        yield from first_paws(s)  # R116
    while s.phase == "play":
        yield CHECKPOINT
        yield from resolve_tick(s)
        if s.minute == 12:
            yield from refresh(s)
