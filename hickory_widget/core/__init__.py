"""The game-agnostic core every game of the package stands on (see docs/CORE.md).

A game supplies a :class:`~.runner.Rules` object (its state, its rules flow, its position data, its labels); the
core gives it a :class:`~.runner.GameRunner` (decisions, secret simultaneous choices, undo/redo, save/load by
replay, forcing, events, copies, branches and seat copies), a seeded random source, message catalogs, bots and a
widget shell. Nothing here imports a game.
"""

from __future__ import annotations

from .protocol import CHECKPOINT, REVEAL, SEALED, Ask, Choice, Decision, IllegalChoice, SaveError
from .rng import Rng, seed_state
from .runner import GameRunner, Rules

__all__ = ["CHECKPOINT", "REVEAL", "SEALED", "Ask", "Choice", "Decision", "GameRunner", "IllegalChoice", "Rng", "Rules",
           "SaveError", "seed_state"]
