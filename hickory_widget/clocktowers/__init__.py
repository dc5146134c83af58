"""Clocktowers / Torri dell'Orologio (RULES-SPEC Part H, C1-C13), a card game on the package's core."""

from __future__ import annotations

from .builder import Position
from .cards import Card, all_cards, card
from .game import ClocktowersGame

__all__ = ["Card", "ClocktowersGame", "Position", "all_cards", "card"]
