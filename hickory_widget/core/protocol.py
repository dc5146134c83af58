"""The decision protocol: what a game asks (an :class:`Ask`), what a player sees (:class:`Decision`,
:class:`Choice`) and how a wrong answer is refused (:class:`IllegalChoice`).

A rules flow ``yield``s an Ask and receives the id of the chosen option. Ids are stable strings so that a history
of choices replays exactly; labels are made only when someone reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CHECKPOINT = object()
"""Yielded by a rules flow where the state is plain data again (a turn or Tick boundary): undo restores the last
checkpoint and replays from there, and ``position()`` is taken there."""

REVEAL = object()
"""Yielded by a rules flow once every secret choice made so far is public (a simultaneous reveal): from here on the
runner no longer hides those choices from anyone (docs/CORE.md, "Secret, simultaneous choices")."""

SEALED = "sealed"
"""What a seat's copy of a game holds in place of a secret choice it may not see. A flow that yields a secret Ask
must accept it as the answer ("this player has committed something unknown")."""


@dataclass(slots=True, init=False)
class Ask:
    """What the rules need to know next: who decides, what kind of decision, and the legal option ids.

    ``secret``: the choice is one of a simultaneous decision; no one else sees it until the flow yields ``REVEAL``.
    """

    player: str
    kind: str
    options: list[str]
    context: dict[str, Any] = field(default_factory=dict)
    secret: bool = False

    def __init__(self, player: str, kind: str, options: list[str], context: dict[str, Any] | None = None,
                 secret: bool = False) -> None:
        # Written out rather than generated: the compiled build (docs/SPEED.md) compiles a written __init__ only.
        self.player = player
        self.kind = kind
        self.options = options
        self.context = {} if context is None else context
        self.secret = secret


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal option: a stable ``id`` to pass to ``choose`` and a human ``label``."""

    id: str
    label: str

    def __str__(self) -> str:
        return f"{self.id}: {self.label}"


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending decision: who decides, what kind, and a short prompt; ``secret`` when the choice stays hidden
    from the other players until a simultaneous reveal."""

    player: str
    kind: str
    prompt: str
    context: dict[str, Any]
    secret: bool = False


class IllegalChoice(ValueError):
    """A choice that is not legal now. The message says what was wrong and lists what is legal."""


class SaveError(ValueError):
    """A saved game or position that is malformed, from another game or version, or does not replay to the state
    it claims."""


class PositionError(ValueError):
    """A position that is malformed or breaks a rule of its game; the message names the field."""
