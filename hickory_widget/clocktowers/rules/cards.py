"""The 66 cards of Clocktowers (C1) as data: 28 floor cards, 18 clocks and 20 roofs.

Card ids are stable strings: ``floor1.cats.3`` (a one-floor card with cats, the third of its kind),
``floor2.plain.1``, ``clock.mice.4``, ``clock.plain.9``, ``roof.red.2``. Cards of one kind are identical in play;
the number only tells them apart. The five roof colours are not named by the rulebook; this project calls them
red, blue, green, yellow and purple (docs/RULINGS.md would be the place for a printed list).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

ANIMALS = ("plain", "cats", "mice")
COLOURS = ("red", "blue", "green", "yellow", "purple")
DECKS = ("floors", "roofs", "clocks")
"""The three face-up decks (C3), in the order the table shows them."""

FLOOR_COUNTS = {(1, "plain"): 5, (1, "cats"): 5, (1, "mice"): 4, (2, "plain"): 5, (2, "cats"): 5, (2, "mice"): 4}
CLOCK_COUNTS = {"mice": 9, "plain": 9}
ROOFS_PER_COLOUR = 4


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``floors`` is 1 or 2 for a floor card, 0 otherwise; ``animals`` is plain, cats or mice (a clock
    has plain or mice, a roof plain); ``colour`` is set for roofs only."""

    id: str
    kind: str  # "floor" | "clock" | "roof"
    floors: int = 0
    animals: str = "plain"
    colour: str | None = None

    @property
    def deck(self) -> str:
        return {"floor": "floors", "clock": "clocks", "roof": "roofs"}[self.kind]

    @property
    def type(self) -> str:
        """The id without its number: cards of one type are interchangeable."""
        return self.id.rsplit(".", 1)[0]


@cache
def all_cards() -> dict[str, Card]:
    """Every card by id, in a fixed order: floors, clocks, roofs (C1)."""
    cards: list[Card] = []
    for (floors, animals), n in FLOOR_COUNTS.items():
        cards += [Card(f"floor{floors}.{animals}.{i}", "floor", floors, animals) for i in range(1, n + 1)]
    for animals, n in CLOCK_COUNTS.items():
        cards += [Card(f"clock.{animals}.{i}", "clock", 0, animals) for i in range(1, n + 1)]
    for colour in COLOURS:
        cards += [Card(f"roof.{colour}.{i}", "roof", colour=colour) for i in range(1, ROOFS_PER_COLOUR + 1)]
    return {c.id: c for c in cards}


def card(card_id: str) -> Card:
    """The card with this id; ValueError naming the id forms otherwise."""
    try:
        return all_cards()[card_id]
    except (KeyError, TypeError):
        same = [c for c in all_cards().values() if c.type == card_id]
        if same:  # a type without its number: say which cards it has
            raise ValueError(f"{card_id!r} is a kind of card, not one card; name one of its {len(same)} cards: "
                             f"{same[0].id} to {same[-1].id}") from None
        raise ValueError(f"no card {card_id!r}; card ids look like floor1.cats.3, floor2.plain.1, clock.mice.4, "
                         f"roof.red.2 (colours: {', '.join(COLOURS)})") from None
