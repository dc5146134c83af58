"""What each seat may see in Mice! (the core's information model, core/information.py).

Every card is known from the sets (M2) and every play is revealed (M7), so a seat misses only the cards the other
players have placed face down this round, and the generator. Another player's hand is shown as that player's
unplayed cards in set order, the face-down card among them: which one went face down is what the seat cannot know.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng, seed_state
from ..rules.cards import player_set
from ..rules.state import HIDDEN, MiceState
from .position import to_data


def _set_order(colour: str, cards: list[str]) -> list[str]:
    order = {c: i for i, c in enumerate(player_set(colour))}
    return sorted(cards, key=lambda c: order.get(c, len(order)))


def unplayed(s: MiceState, player: str) -> list[str]:
    """``player``'s cards not yet revealed: the hand and a face-down card, in set order."""
    mine = s.hands[player] + [c for c in [s.committed.get(player)] if c not in (None, HIDDEN)]
    return _set_order(s.colours[player], mine)


def seat_view(s: MiceState, seat: str) -> dict[str, Any]:
    data = to_data(s)
    del data["rng"], data["forced"]
    for p in s.players:
        if p != seat:
            data["hands"][p] = unplayed(s, p)
            if p in s.committed:
                data["committed"][p] = HIDDEN
    return data


def resample(s: MiceState, seat: str, events: list[dict[str, Any]], later: list[dict[str, Any]],
             rng: Rng) -> MiceState:
    """Each other player's face-down card drawn again among their unplayed cards (a card revealed later keeps
    its place); a new generator."""
    named = {c for e in later for c in (e.get("plays") or {}).values()}
    for p in s.players:
        if p == seat:
            continue
        pool = unplayed(s, p)
        if p in s.committed:
            real = s.committed[p]
            pick = real if real in named else pool[rng.below(len(pool))]
            pool.remove(pick)
            s.committed[p] = pick
        s.hands[p] = pool
    s.rng = seed_state(rng.next64())
    s.forced.clear()
    return s


def event_for(e: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """Events name no face-down card until the reveal, so every seat reads them whole."""
    return e

