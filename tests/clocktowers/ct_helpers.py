"""Positions for the Clocktowers tests, built through the public API (``ClocktowersGame.from_position``)."""

from __future__ import annotations

from typing import Any

from hickory_widget.clocktowers import ClocktowersGame, all_cards

FULL = {"floors": ["floor2.mice.4", "floor1.mice.4"], "roofs": ["roof.purple.4", "roof.purple.3"],
        "clocks": ["clock.plain.9", "clock.plain.8"]}
"""Decks made of cards the tests do not place elsewhere."""


def position(hands: dict[str, list[str]], towers: list[dict[str, Any]] | None = None, *, turn: str = "A",
             decks: dict[str, list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    """A position for players A and B (and whoever else ``hands`` names); the cards not placed are boxed."""
    return {"players": list(hands), "turn": turn, "hands": hands, "decks": decks if decks is not None else FULL,
            "towers": towers or [], **extra}


def game(hands: dict[str, list[str]], towers: list[dict[str, Any]] | None = None, **kw: Any) -> ClocktowersGame:
    return ClocktowersGame.from_position(position(hands, towers, **kw))


def accounted(g: ClocktowersGame) -> list[str]:
    """Every card's place, to check that the 66 cards are always each in exactly one place."""
    s = g.state
    return sorted([c for h in s.hands.values() for c in h] + [c for d in s.decks.values() for c in d]
                  + [c for t in s.towers for c in t.cards()] + s.discard + s.removed)


ALL = sorted(all_cards())
