"""Mice!'s doors in the fuzz suite (core/fuzzing.py): saves, seat saves and positions."""

from __future__ import annotations

from hickory_widget.mice.game import MiceGame
from support.fuzz_core import card_doors

DOORS = card_doors("mice", MiceGame, low=3)
