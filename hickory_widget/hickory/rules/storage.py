"""Storage on mouse cards (R63-R65): a card holds at most its storage spaces.

The check runs after each gain (R65, Q13); the owner picks which tile goes back to the bag, or trades
first to make room.
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from . import activation
from .chance import to_bag
from .state import State, owner

# activation is imported as a module: emptying a card is a decision, and a decision may play a favor card that
# fills a card again, so these rules call each other in a cycle (see rules/__init__.py).


def check_capacity(s: State, mouse: str, final: bool = False) -> Generator[Ask, str, None]:
    """While ``mouse``'s card is over capacity, its owner returns a tile of that card to the bag (R64).

    With ``capacity_at_end_of_activation`` (Q13) the check waits for :func:`settle_capacity` at the end of
    the activation, so a player may carry extra tiles while the mouse is still acting."""
    if not final and s.options.get("capacity_at_end_of_activation"):
        return
    card = s.card(mouse)
    while len(card) > s.capacity(mouse):
        def options() -> list[str]:
            return [f"return:{t}" for t in dict.fromkeys(card)]

        choice = yield from activation.decide(s, owner(mouse), "return_excess", options, None,
                                   lambda: len(card) <= s.capacity(mouse), card=mouse,
                                   over=len(card) - s.capacity(mouse))
        if choice == activation.SETTLED:
            continue
        tile = choice.partition(":")[2]
        card.remove(tile)
        to_bag(s, tile)
        s.emit("tile_returned_to_bag", ("R64",), mouse=mouse, tile=tile)


def settle_capacity(s: State, color: str) -> Generator[Ask, str, None]:
    """The end-of-activation storage check of Q13; nothing to do under the default ruling (R65)."""
    if not s.options.get("capacity_at_end_of_activation"):
        return
    for m in [m for m in s.loc if owner(m) == color]:
        yield from check_capacity(s, m, final=True)
