"""Mice! (RULES-SPEC Part G, M1-M14): a card game of secret, simultaneous plays on the package's core."""

from __future__ import annotations

from .game import MiceGame
from .rules.cards import ANIMALS, PREY, Card, card

__all__ = ["ANIMALS", "PREY", "Card", "MiceGame", "card"]
