"""The hunt (M8-M10): which played card of each type hunts, what it captures, and what stays in the centre.

Only cards played this round hunt; the centre's cards are only prey. Every type is judged on the cards as they
were revealed, so a card captured this round may still have hunted (a dog taken by an elephant can still take
the cats).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import ANIMALS, PREY, card


@dataclass(frozen=True, slots=True)
class Hunt:
    """The outcome for one hunter type that was played: who hunts (None if nobody does), with which card, the
    values played of that type, and what was captured (empty if no hunt or no prey on the table)."""

    hunter: str
    prey: str
    player: str | None
    card: str | None
    values: list[int]
    captured: list[str]


def winning_value(values: list[int], lower_tiers: bool = False) -> int | None:
    """The value that hunts among the values of one type played this round (M8): the highest if only one card
    has it, else the second-highest if only one card has that; else none. With ``lower_tiers`` the search goes on
    down every lower value."""
    counts = Counter(values)
    tiers = sorted(counts, reverse=True)
    for v in tiers if lower_tiers else tiers[:2]:
        if counts[v] == 1:
            return v
    return None


def resolve(centre: list[str], plays: dict[str, str], lower_tiers: bool = False) -> tuple[list[Hunt], list[str]]:
    """The hunts of one round, in the order of the cycle, and the cards left for the next centre (M10)."""
    table = [*centre, *plays.values()]
    hunts: list[Hunt] = []
    taken: set[str] = set()
    for hunter in ANIMALS:
        mine = {p: c for p, c in plays.items() if card(c).animal == hunter}
        if not mine:
            continue
        values = sorted((card(c).value for c in mine.values()), reverse=True)
        best = winning_value(values, lower_tiers)
        player = next((p for p, c in mine.items() if card(c).value == best), None) if best else None
        prey = PREY[hunter]
        captured = [c for c in table if card(c).animal == prey] if player else []
        taken.update(captured)
        hunts.append(Hunt(hunter, prey, player, mine[player] if player else None, values, captured))
    return hunts, [c for c in table if c not in taken]
