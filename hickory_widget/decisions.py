"""Decisions the rules ask of a player, and the choices offered for them.

Rules code ``yield``s an :class:`Ask` and receives the id of the chosen option. Ids are stable strings
("jump_off", "leap:5", "claim:blue.scavenger" ...) so that a history of choices replays exactly; labels are
made only when someone reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Ask:
    """What the engine needs to know next: who decides, what kind of decision, and the legal option ids."""

    player: str
    kind: str
    options: list[str]
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal option: a stable ``id`` to pass to ``Game.choose`` and a human ``label``."""

    id: str
    label: str

    def __str__(self) -> str:
        return f"{self.id}: {self.label}"


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending decision: who decides (a player color), what kind, and a short prompt."""

    player: str
    kind: str
    prompt: str
    context: dict[str, Any]


class IllegalChoice(ValueError):
    """A choice that is not legal now. The message says what was wrong and lists what is legal."""
