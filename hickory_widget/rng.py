"""Hickory Dickory's random source is the core's (SplitMix64, whole state one integer, saved with the game).

Kept as a module of its own so that ``from hickory_widget.rng import Rng, seed_state`` goes on working; the
generator itself lives in :mod:`hickory_widget.core.rng`, shared by every game.
"""

from __future__ import annotations

from .core.rng import MASK, Rng, seed_state

__all__ = ["MASK", "Rng", "seed_state"]
