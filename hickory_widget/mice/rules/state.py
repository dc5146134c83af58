"""The state of a game of Mice!: plain data (hands, the centre, the face-down commitments, the score piles).

``committed`` maps a player to the card they placed face down this round; in a seat's copy of the game a card
that seat may not see is ``HIDDEN`` and stays counted in its owner's hand (the core's SEALED choice).
``phase`` is "hunt" (a normal round, M7-M10), "seed" (the centre was empty, M12) or "over" (M13).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

HIDDEN = "?"


@dataclass(slots=True)
class MiceState:
    players: list[str]
    colours: dict[str, str]
    options: dict[str, bool]
    hands: dict[str, list[str]]
    centre: list[str]
    piles: dict[str, list[str]]
    committed: dict[str, str] = field(default_factory=dict)
    round: int = 1
    phase: str = "hunt"
    out: list[str] = field(default_factory=list)
    """Cards that left the game: the centre when the hands are empty (M13)."""
    rng: int = 0
    forced: list[tuple[str, str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)

    def clone(self) -> MiceState:
        return MiceState(
            players=list(self.players), colours=dict(self.colours), options=dict(self.options),
            hands={p: list(h) for p, h in self.hands.items()}, centre=list(self.centre),
            piles={p: list(c) for p, c in self.piles.items()}, committed=dict(self.committed), round=self.round,
            phase=self.phase, out=list(self.out), rng=self.rng, forced=list(self.forced),
            events=[dict(e) for e in self.events])

    def emit(self, kind_: str, rules: tuple[str, ...], **data: Any) -> None:
        """Records what just happened and which rules made it happen."""
        data["kind"] = kind_
        data["rules"] = list(rules)
        self.events.append(data)

    @property
    def waiting(self) -> list[str]:
        """Players who have not yet placed their card this round, in seat order."""
        return [p for p in self.players if p not in self.committed]
