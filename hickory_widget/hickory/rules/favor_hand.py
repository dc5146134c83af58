"""The favor cards a player holds (R93, R94, R97): drawing with the hand limit, discarding, and which bonus
items can pay a cost or join a delivery."""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from .chance import shuffle
from .state import State


def bonus_cards(s: State, color: str) -> list[str]:
    """Favor cards whose bonus item ``color`` may use now: those in hand, and under Q5 those just played for
    their action without a slash."""
    held = [f for f in s.player(color).favors if s.c.favors[f].bonus is not None]
    return held + [f for c, f in s.bonus_left if c == color]


def draw_favor(s: State, color: str, rules: tuple[str, ...]) -> Generator[Ask, str, None]:
    """R93-R94: draw (reshuffling the discard if the deck is empty); a third card must be discarded at once."""
    if not s.favor_deck:
        if not s.favor_discard:
            s.emit("favor_deck_empty", ("R93",), color=color)
            return
        s.favor_deck, s.favor_discard = s.favor_discard, []
        shuffle(s, s.favor_deck)
        s.emit("favor_deck_reshuffled", ("R93",))
    card = s.favor_deck.pop()
    hand = s.player(color).favors
    hand.append(card)
    s.emit("favor_drawn", rules, color=color, card=card)
    if len(hand) > s.c.favor_hand_limit:
        choice = yield Ask(color, "favor_limit", [f"discard_favor:{f}" for f in hand], {})
        discard_favor(s, color, choice.partition(":")[2])
        s.emit("favor_discarded", ("R94",), color=color, card=choice.partition(":")[2])


def discard_favor(s: State, color: str, card: str) -> None:
    """Discards a card from hand; a Q5 card already discarded only gives up its kept bonus item."""
    if (color, card) in s.bonus_left:
        s.bonus_left.remove((color, card))
        return
    s.player(color).favors.remove(card)
    s.favor_discard.append(card)
