"""Clocktowers' doors in the fuzz suite (core/fuzzing.py): saves, seat saves and positions."""

from __future__ import annotations

from ..core.fuzzing import card_doors
from .game import ClocktowersGame

DOORS = card_doors("ct", ClocktowersGame, low=2)
