"""What the core's bots (core/bots.py, core/search.py) need to know of Clocktowers: a cheap worth of a position,
read from what the deciding seat's copy holds (its hand, the towers, the height each roof colour asks next).

A complete tower counts its points (C12). An unfinished tower counts part of what it would score: more once it has
a clock (C6) and its height is the one a roof colour asks next (C10), more still with such a roof in the owner's
hand; nothing once it has a clock and every colour asks a greater height (no floor may go under a clock, C5, and
heights only grow, C10: it can never be roofed). Worth is the player's less the best other player's.
"""

from __future__ import annotations

from .rules.cards import COLOURS, ROOFS_PER_COLOUR, card
from .rules.heights import allowed_heights
from .rules.scoring import VALUES, animals, scores
from .rules.state import Tower, TowersState

FITS, FITS_IN_HAND, LATER, NO_CLOCK, CLOCK_IN_HAND = 0.55, 0.3, 0.25, 0.2, 0.15
"""Shares of a tower's points counted before it is complete (see the module's text)."""
CARD_IN_HAND = {"floor": 0.2, "clock": 0.3, "roof": 0.4}
"""A little for each card held: options for later turns."""


def _roofs_left(s: TowersState) -> dict[str, int]:
    used = {c: 0 for c in COLOURS}
    for t in s.towers:
        if t.roof is not None:
            used[card(t.roof).colour or ""] += 1
    return {c: ROOFS_PER_COLOUR - n for c, n in used.items()}


def _tower_worth(s: TowersState, t: Tower, hand: list[str], left: dict[str, int]) -> float:
    cats, mice = animals(t)
    points = VALUES[(cats, mice)]
    if t.clock is None:
        if not t.floors:
            return 0.0
        held = any(card(c).kind == "clock" for c in hand)
        return points * (NO_CLOCK + (CLOCK_IN_HAND if held else 0.0))
    height = t.height
    fits = [c for c in COLOURS if left[c] > 0 and height in allowed_heights(s, t.owner, c)]
    if fits:
        held = any(card(c).kind == "roof" and card(c).colour in fits for c in hand)
        return points * (FITS + (FITS_IN_HAND if held else 0.0))
    later = any(left[c] > 0 and height > max(allowed_heights(s, t.owner, c)) for c in COLOURS)
    return points * LATER if later else 0.0


def worth(s: TowersState, player: str) -> float:
    """Points, part of each unfinished tower's points (see the module's text) and a little for the cards held."""
    if s.step == "over":
        return float(scores(s)[player])
    hand = s.hands[player]
    left = _roofs_left(s)
    total = float(sum(VALUES[animals(t)] for t in s.towers if t.owner == player and t.complete))
    total += sum(_tower_worth(s, t, hand, left) for t in s.towers if t.owner == player and not t.complete)
    return total + sum(CARD_IN_HAND[card(c).kind] for c in hand)


def evaluate(s: TowersState, player: str) -> float:
    """The greedy bot's worth of a position to ``player``: its worth less the best other player's."""
    others = [worth(s, p) for p in s.players if p != player]
    return worth(s, player) - (max(others) if others else 0.0)
