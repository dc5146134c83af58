"""Clocktowers' doors in the fuzz suite (core/fuzzing.py): saves, seat saves and positions."""

from __future__ import annotations

from hickory_widget.clocktowers.game import ClocktowersGame
from support.fuzz_core import card_doors

DOORS = card_doors("ct", ClocktowersGame, low=2)
