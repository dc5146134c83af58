"""Building Clocktowers positions by kinds of card, without counting card numbers:

    >>> from hickory_widget.clocktowers import Position
    >>> pos = Position(["Ann", "Bob"]).hand("Ann", "roof.red", "floor1.cats").hand("Bob", "clock")
    >>> pos.tower("Ann", "floor1.plain", clock="clock").deck("floors", "floor2.mice", "floor1.plain")
    >>> game = pos.game()        # Ann to play: her red roof fits her tower of height 1

A kind is a card id without its number (``floor2.cats``, ``clock.mice``, ``roof.green``; ``clock`` alone is a
clock without mice); each names the next card of that kind not placed yet. Full ids (``roof.red.3``) work too.
Each step checks what it can and raises ValueError saying what is wrong; ``game()`` checks the whole position
(docs/CLOCKTOWERS.md, "Building a position").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .game import ClocktowersGame
from .rules.cards import DECKS, all_cards

ALIASES = {"clock": "clock.plain"}


class Position:
    """A position under construction, kept as the plain data :meth:`ClocktowersGame.from_position` takes."""

    def __init__(self, players: Sequence[str] = ("P1", "P2"), *, turn: str | None = None, step: str = "play",
                 options: dict[str, bool] | None = None) -> None:
        names = list(players)
        self.data: dict[str, Any] = {"players": names, "turn": turn or (names[0] if names else None), "step": step,
                                     "hands": {p: [] for p in names}, "decks": {d: [] for d in DECKS},
                                     "towers": [], "discard": [], "options": dict(options or {})}

    def _take(self, *kinds: str) -> list[str]:
        """For each kind, the next card of it not placed yet (or the card itself, for a full id). Nothing is placed
        here, so a failure changes nothing."""
        taken: list[str] = []
        for kind in kinds:
            taken.append(self._next(kind, self._placed() | set(taken)))
        return taken

    def _next(self, kind: str, placed: set[str]) -> str:
        kind = ALIASES.get(kind, kind)
        cards = all_cards()
        if kind in cards:
            if kind in placed:
                raise ValueError(f"{kind} is placed already")
            return kind
        same = [cid for cid, c in cards.items() if c.type == kind]
        if not same:
            kinds = sorted({c.type for c in cards.values()})
            raise ValueError(f"no kind of card {kind!r}; the kinds are {', '.join(kinds)} (or 'clock')")
        free = [cid for cid in same if cid not in placed]
        if not free:
            raise ValueError(f"all {len(same)} cards of kind {kind} are placed already")
        return free[0]

    def _placed(self) -> set[str]:
        d = self.data
        out = {c for h in d["hands"].values() for c in h} | {c for p in d["decks"].values() for c in p}
        out |= {c for t in d["towers"] for c in [*t["floors"], t.get("clock"), t.get("roof")] if c}
        return out | set(d["discard"])

    def _player(self, player: str) -> str:
        if player not in self.data["players"]:
            raise ValueError(f"no player {player!r}; the players are {', '.join(self.data['players'])}")
        return player

    def hand(self, player: str, *kinds: str) -> Position:
        """Adds these cards to ``player``'s hand."""
        self.data["hands"][self._player(player)] += self._take(*kinds)
        return self

    def tower(self, owner: str, *floors: str, clock: str | None = None, roof: str | None = None,
              tower_id: str | None = None) -> Position:
        """Adds a tower of ``owner``: floors from the ground up, then a clock and a roof if given. Complete towers
        count as finished in the order they are added (the height rule, C10, reads that order)."""
        self._player(owner)
        if not floors:
            raise ValueError("a tower needs at least one floor card (C5)")
        tops = {name: kind for name, kind in (("clock", clock), ("roof", roof)) if kind is not None}
        cards = self._take(*floors, *tops.values())
        taken, top = cards[:len(floors)], dict(zip(tops, cards[len(floors):], strict=True))
        tid = tower_id or f"t{len(self.data['towers']) + 1}"
        self.data["towers"].append({"id": tid, "owner": owner, "floors": taken, **top})
        return self

    def deck(self, deck: str, *kinds: str) -> Position:
        """Puts these cards on the bottom of a deck (``floors``, ``roofs``, ``clocks``); the first card given to an
        empty deck is its face-up top card."""
        if deck not in DECKS:
            raise ValueError(f"no deck {deck!r}; the decks are {', '.join(DECKS)}")
        self.data["decks"][deck] += self._take(*kinds)
        return self

    def discarded(self, *kinds: str) -> Position:
        """Puts these cards on the face-down discard pile."""
        self.data["discard"] += self._take(*kinds)
        return self

    def game(self) -> ClocktowersGame:
        """The game from this position (every card not placed goes to the box); PositionError saying what is
        wrong otherwise."""
        return ClocktowersGame.from_position(self.data)
