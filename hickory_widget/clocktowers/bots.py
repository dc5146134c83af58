"""What the core's bots (core/bots.py, core/search.py) need to know of Clocktowers: a cheap worth of a position,
read from what the deciding seat's copy holds (its hand, the towers, the height each roof colour asks next).

A complete tower counts its points (C12). An unfinished tower counts part of what it would score: more once it has
a clock (C6) and its height is the one a roof colour asks next (C10), more still with such a roof in the owner's
hand; nothing once it has a clock and every colour asks a greater height (no floor may go under a clock, C5, and
heights only grow, C10: it can never be roofed). A card in hand counts a little, as a tie-break (counting only the
cards that fit a tower now played worse: it threw away cards a later tower would use). Worth is the player's less
the best other player's.

Everything the height rule needs is read in one pass over the towers (the evaluation runs thousands of times in
one search decision).
"""

from __future__ import annotations

from .rules.cards import COLOURS, ROOFS_PER_COLOUR, all_cards
from .rules.heights import FIRST_HEIGHTS
from .rules.scoring import VALUES
from .rules.state import TowersState

FITS, FITS_IN_HAND, LATER, NO_CLOCK, CLOCK_IN_HAND = 0.3, 0.2, 0.15, 0.1, 0.1
"""Shares of a tower's points counted before it is complete (see the module's text)."""
SEARCH = {"deals": 12, "horizon": 8, "playouts": 48, "steps": 320}
"""The search bot's budget: 12 deals of the hidden deck order, 8 decisions after each option, and at most 48
option playouts and 320 policy decisions a decision (a late turn may offer 50 plays: floors go on any tower
without a clock), which keeps a decision under a second on one core."""
IN_HAND = 0.05
"""A little for each card held that has a use: options for later turns (a tie-break more than a worth)."""


_CARDS = all_cards()
FLOORS = {cid: c.floors for cid, c in _CARDS.items()}
ANIMALS = {cid: c.animals for cid, c in _CARDS.items()}
COLOUR = {cid: c.colour or "" for cid, c in _CARDS.items()}
"""Each card's fields by id, read once (the evaluation runs thousands of times in one search decision)."""


def _animals(floors: list[str], clock: str | None) -> tuple[bool, bool]:
    shown = {ANIMALS[f] for f in floors}
    if clock is not None:
        shown.add(ANIMALS[clock])
    return "cats" in shown, "mice" in shown


def worths(s: TowersState) -> dict[str, float]:
    """Every player's worth: points, part of each unfinished tower's points (see the module's text) and a little
    for the usable cards held."""
    if s.step == "over":
        points = dict.fromkeys(s.players, 0.0)
        for t in s.towers:
            if t.roof is not None:
                points[t.owner] += VALUES[_animals(t.floors, t.clock)]
        return points
    shared = s.options.get("shared_heights", True)
    last: dict[tuple[str | None, str], tuple[int, int]] = {}  # (owner or None, colour) -> (order, height)
    used = dict.fromkeys(COLOURS, 0)
    heights = {}
    for t in s.towers:
        h = sum(FLOORS[f] for f in t.floors)
        heights[t.id] = h
        if t.roof is not None:
            colour = COLOUR[t.roof]
            used[colour] += 1
            key = (None if shared else t.owner, colour)
            order = t.order or 0
            if key not in last or order > last[key][0]:
                last[key] = (order, h)
    left = [c for c in COLOURS if used[c] < ROOFS_PER_COLOUR]

    def allowed(owner: str, colour: str) -> tuple[int, ...]:
        done = last.get((None if shared else owner, colour))
        return FIRST_HEIGHTS if done is None else (done[1] + 1,)

    total = dict.fromkeys(s.players, 0.0)
    for t in s.towers:
        points = VALUES[_animals(t.floors, t.clock)]
        if t.roof is not None:
            total[t.owner] += points
            continue
        hand = s.hands[t.owner]
        if t.clock is None:
            if t.floors:
                held = any(c.startswith("clock") for c in hand)
                total[t.owner] += points * (NO_CLOCK + (CLOCK_IN_HAND if held else 0.0))
            continue
        h = heights[t.id]
        fits = [c for c in left if h in allowed(t.owner, c)]
        if fits:
            held = any(COLOUR[c] in fits for c in hand)
            total[t.owner] += points * (FITS + (FITS_IN_HAND if held else 0.0))
        elif any(h > max(allowed(t.owner, c)) for c in left):
            total[t.owner] += points * LATER
    for p in s.players:
        total[p] += IN_HAND * len(s.hands[p])
    return total


def worth(s: TowersState, player: str) -> float:
    """One player's worth (see :func:`worths`)."""
    return worths(s)[player]


def evaluate(s: TowersState, player: str) -> float:
    """The greedy bot's worth of a position to ``player``: its worth less the best other player's."""
    all_ = worths(s)
    others = [v for p, v in all_.items() if p != player]
    return all_[player] - (max(others) if others else 0.0)
