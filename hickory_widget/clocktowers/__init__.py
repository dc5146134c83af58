"""Clocktowers / Torri dell'Orologio (RULES-SPEC Part H, C1-C13), a card game on the package's core."""

from __future__ import annotations

from .builder import Position
from .game import ClocktowersGame
from .rules.cards import Card, all_cards, card

__all__ = ["Card", "ClocktowersGame", "Position", "all_cards", "card"]
