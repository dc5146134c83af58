"""Mice!'s doors in the fuzz suite (core/fuzzing.py): saves, seat saves and positions."""

from __future__ import annotations

from ..core.fuzzing import card_doors
from .game import MiceGame

DOORS = card_doors("mice", MiceGame, low=3)
