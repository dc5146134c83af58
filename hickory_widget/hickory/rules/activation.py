"""Activating a mouse (R44-R46, R95): the owner decides, and may trade or play favor cards meanwhile.

Every decision taken during a mouse's activation goes through :func:`decide`, which adds the options that
are open at any point of an activation (trading, R67a; favor cards, R95a) and resolves them before asking
again, so rules code only sees the answer to the question it asked.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from ...core.protocol import Ask
from . import favors, storage, trading
from .state import State

# favors and storage are imported as modules: a favor card resolves actions and a full card is emptied by a
# decision, both of which decide again, so these rules call each other in a cycle (see rules/__init__.py).

SETTLED = "settled"
"""What :func:`decide` returns when a trade or a favor card made the question moot (``settled()`` is true):
the tile to claim is gone, the card is back within its storage."""
MOVED = "moved"
"""What :func:`decide` returns when a favor card moved the active mouse away (a Scamp teleporting itself):
the question it was asked no longer applies, and the caller ends that step."""


def decide(s: State, color: str, kind: str, options: list[str] | Callable[[], list[str]], mouse: str | None = None,
           settled: Callable[[], bool] | None = None, **context: Any) -> Generator[Ask, str, str]:
    """Asks ``color`` to pick one of ``options``; trading and favor plays may come first.

    Pass ``options`` as a function when a trade or a favor card could change them (costs, tiles on a card):
    it is called again each time the question is asked.
    """
    while True:
        base = options() if callable(options) else options
        extra: list[str] = []
        if trading.can_trade(s, color):
            extra.append("trade")
        if mouse is not None:
            extra.extend(favors.favor_plays(s, mouse))
        choice = yield Ask(color, kind, base + extra if extra else base, {"mouse": mouse, **context})
        if choice == "trade":
            yield from trading.trade(s, color)
            if settled is not None and settled():
                return SETTLED
        elif choice.startswith("favor:") and mouse is not None:
            before = s.loc.get(mouse)
            yield from favors.play_favor(s, mouse, choice)
            if s.loc.get(mouse) != before:
                return MOVED
            if settled is not None and settled():
                return SETTLED
        else:
            return choice


def finish_activation(s: State, color: str) -> Generator[Ask, str, None]:
    """What ends with a mouse's activation: Throw partners (R68), bonus tiles kept by a favor card without a
    slash (Q5), and, under Q13, the storage check."""
    s.throws.clear()
    s.bonus_left.clear()
    yield from storage.settle_capacity(s, color)
