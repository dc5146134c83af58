"""Playouts: a game played on by bots as fast as the rules allow, for what-if runs and search.

A :class:`Playout` runs the same flow (``flow.play``) over the same state as a :class:`Game`,
but keeps no history, undo snapshots, events or labels. To look ahead it can :meth:`~Playout.fork`: a fork starts
from a copy of the state at the last Tick boundary and re-sends only the choices made since, which is what a
generator-held flow allows (a running generator cannot be copied).
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import Ask, IllegalChoice
from ..rules.chance import redeal_unseen, reseed
from ..rules.flow import CHECKPOINT, play
from ..rules.state import State


def quiet(s: State) -> State:
    """The state of a playout: identical data and rules, but events are not recorded (``State.quiet``)."""
    s.quiet = True
    return s


class Playout:
    """A game from some point on, without history: ``choose`` an option of ``ask`` until ``over``."""

    __slots__ = ("_gen", "_since", "_tick_start", "ask", "forkable", "state")

    def __init__(self, state: State, since: list[str] | None = None, *, forkable: bool = True) -> None:
        """Starts at a Tick boundary (or a setup state) given by ``state`` (used as is), then applies ``since``."""
        self.state = quiet(state)
        self.forkable = forkable
        self._tick_start: State | None = state.clone() if forkable else None
        self._since: list[str] = []
        self._gen = play(self.state)
        self.ask: Ask | None = None
        self._send(None)
        for entry in since or ():
            self._apply(entry)

    @classmethod
    def from_game(cls, game: Any, seed: int | None = None, *, forkable: bool = True) -> Playout:
        """The game's current point as a playout: its last Tick boundary plus the choices made since."""
        checkpoints, history = game._checkpoints, game._history
        if checkpoints:
            at, snapshot = checkpoints[-1][:2]
            out = cls(snapshot.clone(), history[at:], forkable=forkable)
        else:
            out = cls(game._start.clone(), history, forkable=forkable)
        if seed is not None:
            out.reseed(seed)
        return out

    # ------------------------------------------------------------------------------------------ reading
    @property
    def over(self) -> bool:
        return self.ask is None

    @property
    def player(self) -> str | None:
        """The color that decides now, or None when the game is over."""
        return self.ask.player if self.ask is not None else None

    @property
    def choice_ids(self) -> list[str]:
        return list(self.ask.options) if self.ask is not None else []

    @property
    def scores(self) -> dict[str, int]:
        return {p.color: p.score for p in self.state.players}

    # ------------------------------------------------------------------------------------------ acting
    def choose(self, choice_id: str) -> None:
        """Applies a legal option; anything else raises IllegalChoice and changes nothing."""
        ask = self.ask
        if ask is None or choice_id not in ask.options:
            legal = ", ".join(ask.options) if ask else "none (the game is over)"
            raise IllegalChoice(f"{choice_id!r} is not a legal choice here. Legal now: {legal}")
        self._apply(choice_id)

    def reseed(self, seed: int) -> None:
        """Draws this playout's future chance afresh from ``seed`` (see :meth:`Game.branch`)."""
        if self.ask is None:
            raise IllegalChoice("the game is over; there is no future to reseed")
        self._apply(f"seed:{int(seed)}")

    def redeal(self, viewer: str, seed: int) -> None:
        """Samples what ``viewer`` cannot see (others' favor cards, deck and bag order), for search bots."""
        if self.ask is None:
            raise IllegalChoice("the game is over; there is nothing left to sample")
        self._apply(f"deal:{viewer}:{int(seed)}")

    def fork(self) -> Playout:
        """An independent playout at this same point (same future)."""
        if self._tick_start is None:
            raise ValueError("this playout was made with forkable=False: it keeps nothing to fork from")
        return Playout(self._tick_start.clone(), self._since, forkable=True)

    def run(self, bots: Any) -> Playout:
        """Lets ``bots`` (one bot for every seat, or a mapping color -> bot) play to the end; returns self."""
        pick = bots.get if hasattr(bots, "get") else None
        while self.ask is not None:
            bot = pick(self.ask.player) if pick else bots
            self._apply(bot.choose(self))
        return self

    # ------------------------------------------------------------------------------------------ internals
    def _apply(self, entry: str) -> None:
        if self.forkable:
            self._since.append(entry)
        if entry.startswith("force:"):
            _, what, value = entry.split(":", 2)
            self.state.forced.append((what, value))
        elif entry.startswith("seed:"):
            reseed(self.state, int(entry[5:]))
        elif entry.startswith("deal:"):
            _, viewer, seed = entry.split(":")
            redeal_unseen(self.state, viewer, int(seed))
        else:
            self._send(entry)

    def _send(self, value: str | None) -> None:
        try:
            out = self._gen.send(value)
            while out is CHECKPOINT:
                if self.forkable:
                    self._tick_start = self.state.clone()
                    self._since = []
                out = self._gen.send(None)
            self.ask = out  # type: ignore[assignment]
        except StopIteration:
            self.ask = None
