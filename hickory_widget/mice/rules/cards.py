"""The cards of Mice! (M1-M4): four animals with values 1-4 in six coloured player sets, four black-and-white
starting cards, and the hunting cycle the help cards recall.

A card id is ``<animal>.<value>.<set>``: ``cat.3.red`` is the cat 3 of the red set, ``cat.2.start`` the starting
cat. A hand never holds two cards of the same animal and value, so a play is named by ``<animal>.<value>``.
"""

from __future__ import annotations

from dataclasses import dataclass

ANIMALS = ("elephant", "dog", "cat", "mouse")
"""In the order of the hunting cycle: each hunts the next, the mouse hunts the elephant (M6)."""
PREY = {"elephant": "dog", "dog": "cat", "cat": "mouse", "mouse": "elephant"}
HUNTER = {prey: hunter for hunter, prey in PREY.items()}
VALUES = (1, 2, 3, 4)
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
"""The six player sets (one back colour each, M1)."""
START = "start"
STARTING_CARDS = ("mouse.1.start", "cat.2.start", "dog.3.start", "elephant.4.start")
"""M3: the four black-and-white cards that open the centre."""
HELP_CARDS = tuple(PREY.values())
"""M4: one help card per prey type; the successful hunter of that prey takes it for the round."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    animal: str
    value: int
    set: str

    @property
    def face(self) -> str:
        """``<animal>.<value>``: what the players see face up."""
        return f"{self.animal}.{self.value}"


def card(card_id: object) -> Card:
    """The card with this id; ValueError saying what a card id looks like otherwise. Bots and scoring ask for the
    same hundred cards millions of times in a what-if run, so all are made once, at import, and looked up."""
    try:
        return _KNOWN[card_id]  # type: ignore[index]
    except (KeyError, TypeError):
        return _make(card_id)


_KNOWN: dict[str, Card] = {}


def _make(card_id: object) -> Card:
    parts = card_id.split(".") if isinstance(card_id, str) else []
    if (len(parts) != 3 or parts[0] not in ANIMALS or parts[1] not in {str(v) for v in VALUES}
            or parts[2] not in (*COLOURS, START)):
        raise ValueError(f"{card_id!r} is not a Mice! card id; a card id is <animal>.<value>.<set> with an animal "
                         f"among {', '.join(ANIMALS)}, a value 1-4 and a set among {', '.join(COLOURS)} or "
                         f"{START!r} (e.g. 'cat.3.red')")
    c = Card(card_id, parts[0], int(parts[1]), parts[2])  # type: ignore[union-attr]
    if c.set == START and c.id not in STARTING_CARDS:
        raise ValueError(f"{card_id!r} is not a starting card; those are {', '.join(STARTING_CARDS)}")
    _KNOWN[c.id] = c
    return c


def play_id(card_id: str) -> str:
    """The choice that places this card: ``play:<animal>.<value>`` (made once per card, see :data:`PLAY_IDS`)."""
    try:
        return PLAY_IDS[card_id]
    except KeyError:
        return f"play:{card(card_id).face}"


def player_set(colour: str) -> list[str]:
    """The 16 cards of one set (M2), elephants first."""
    return [f"{a}.{v}.{colour}" for a in ANIMALS for v in VALUES]


def value(card_id: str) -> int:
    return card(card_id).value


def animal(card_id: str) -> str:
    return card(card_id).animal


for _card_id in (*STARTING_CARDS, *(f"{a}.{v}.{c}" for c in COLOURS for a in ANIMALS for v in VALUES)):
    _make(_card_id)
PLAY_IDS: dict[str, str] = {c.id: f"play:{c.face}" for c in _KNOWN.values()}
"""Card id -> the choice id that plays it, for the flow's option lists (asked for at every decision)."""
