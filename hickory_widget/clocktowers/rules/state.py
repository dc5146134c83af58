"""The state of a game of Clocktowers: plain data (hands, decks, towers, discards), nothing hidden in code.

Decks list their cards top first (the top card is face up, C3). A tower is its owner, its floor cards from the
ground up, then at most a clock and a roof (C5-C7); ``order`` numbers complete towers in the order their roofs
went on, which the height rule (C10) reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import card


@dataclass(slots=True)
class Tower:
    id: str
    owner: str
    floors: list[str] = field(default_factory=list)
    clock: str | None = None
    roof: str | None = None
    order: int | None = None

    @property
    def height(self) -> int:
        """Floors, a two-floor card counting 2 (C10)."""
        return sum(card(f).floors for f in self.floors)

    @property
    def complete(self) -> bool:
        return self.roof is not None

    def cards(self) -> list[str]:
        return [*self.floors, *([self.clock] if self.clock else []), *([self.roof] if self.roof else [])]


@dataclass(slots=True)
class TowersState:
    players: list[str]
    options: dict[str, bool]
    hands: dict[str, list[str]]
    decks: dict[str, list[str]]
    towers: list[Tower] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    turn: int = 0
    step: str = "play"  # "play" | "draw" | "over"
    next_tower: int = 1
    completed: int = 0
    rng: int = 0
    forced: list[tuple[str, str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def mover(self) -> str:
        return self.players[self.turn]

    def tower(self, tower_id: str) -> Tower | None:
        return next((t for t in self.towers if t.id == tower_id), None)

    def towers_of(self, player: str) -> list[Tower]:
        return [t for t in self.towers if t.owner == player]

    def clone(self) -> TowersState:
        """A deep copy, written out (several times faster than copy.deepcopy; undo and bots clone a lot)."""
        return TowersState(
            players=list(self.players), options=dict(self.options),
            hands={p: list(h) for p, h in self.hands.items()}, decks={d: list(c) for d, c in self.decks.items()},
            towers=[Tower(t.id, t.owner, list(t.floors), t.clock, t.roof, t.order) for t in self.towers],
            discard=list(self.discard), removed=list(self.removed), turn=self.turn, step=self.step,
            next_tower=self.next_tower, completed=self.completed, rng=self.rng,
            forced=list(self.forced), events=[dict(e) for e in self.events])

    def emit(self, kind_: str, rules: tuple[str, ...], **data: Any) -> None:
        """Records what just happened and which rules made it happen."""
        data["kind"] = kind_
        data["rules"] = list(rules)
        self.events.append(data)
