"""Playouts: a game played on by bots as fast as the rules allow, for what-if runs and search.

A :class:`Playout` runs the same flow (``flow.play``) over the same state as a :class:`Game`,
but keeps no history, undo snapshots, events or labels. To look ahead it can :meth:`~Playout.fork`: a fork starts
from a copy of the state at the last Tick boundary and re-sends only the choices made since, which is what a
generator-held flow allows (a running generator cannot be copied). The snapshot of that boundary is never changed,
only copied, so a fork shares its parent's instead of taking its own: a fork costs one copy of the state and the
replay, and a look-ahead fork (``fork(this_tick=True)``) takes no snapshot at the next boundary either.
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

    __slots__ = ("_gen", "_origin", "_since", "_tick_start", "_tick_trail", "_trail", "_until_tick", "ask",
                 "forkable", "state")

    def __init__(self, state: State, since: list[str] | None = None, *, forkable: bool = True,
                 _shared: State | None = None, _until_tick: bool = False, _origin: object = None,
                 _trail: int = 0) -> None:
        """Starts at a Tick boundary (or a setup state) given by ``state`` (used as is), then applies ``since``.
        The underscored arguments are for forks (:meth:`_replay`): the snapshot ``state`` was copied from, shared."""
        self.state = quiet(state)
        self.forkable = forkable
        self._until_tick = _until_tick
        self._tick_start: State | None = _shared if _shared is not None else state.clone() if forkable else None
        self._since: list[str] = []
        self._origin: object = object() if _origin is None else _origin
        self._trail = self._tick_trail = _trail
        self._gen = play(self.state)
        self.ask: Ask | None = None
        self._start()
        for entry in since or ():
            self._apply(entry)

    @classmethod
    def _replay(cls, snapshot: State, since: list[str], until_tick: bool, origin: object, trail: int) -> Playout:
        """A playout from a copy of ``snapshot`` (a Tick boundary's, shared: never changed) with ``since`` applied."""
        # Through __init__ (not cls.__new__, which mypyc cannot compile): the same fields, set in the same order.
        return cls(snapshot.clone(), since, forkable=True, _shared=snapshot, _until_tick=until_tick, _origin=origin,
                   _trail=trail)

    @classmethod
    def from_game(cls, game: Any, seed: int | None = None, *, forkable: bool = True) -> Playout:
        """The game's current point as a playout: its last Tick boundary plus the choices made since."""
        at, snapshot = game.last_checkpoint()
        out = cls(snapshot.clone(), game._history[at:], forkable=forkable)
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
    def tick_snapshot(self) -> State | None:
        """The state at the last Tick boundary this playout forks from (shared with its forks; never to be
        changed), or None if it cannot fork. With :attr:`since` it names the position: two playouts with the same
        snapshot object and the same choices since are at the same position with the same future."""
        return self._tick_start

    @property
    def point(self) -> tuple[object, int]:
        """Names this position across Ticks: the playout it was forked from (at any depth) and a hash of every
        entry applied since that one started. Two playouts with the same point are at the same position with the
        same future (up to a 64-bit hash collision)."""
        return self._origin, self._trail

    @property
    def since(self) -> tuple[str, ...]:
        """The entries applied since the last Tick boundary (choices, reseeds, redeals)."""
        return tuple(self._since)

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

    def fork(self, *, this_tick: bool = False) -> Playout:
        """An independent playout at this same point (same future). ``this_tick``: the fork can be forked in turn
        only until the Tick ends (it takes no snapshot at the next Tick boundary: cheaper for a look-ahead that stops
        there)."""
        if self._tick_start is None:
            why = "made with forkable=False" if not self._until_tick else "a this_tick fork past its Tick"
            raise ValueError(f"this playout was {why}: it keeps nothing to fork from")
        return Playout._replay(self._tick_start, self._since, this_tick, self._origin, self._tick_trail)

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
        self._trail = hash((self._trail, entry))
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

    def _start(self) -> None:
        """Runs the flow to its first question; a first Tick boundary is the state the snapshot was taken of."""
        try:
            out = next(self._gen)
            if out is CHECKPOINT:  # the state is still the snapshot's: no copy needed
                out = self._gen.send(None)
            self._settle(out)
        except StopIteration:
            self.ask = None

    def _send(self, value: str | None) -> None:
        try:
            self._settle(self._gen.send(value))
        except StopIteration:
            self.ask = None

    def _settle(self, out: object) -> None:
        """Passes Tick boundaries (a snapshot at each, when forkable) until the flow asks something."""
        while out is CHECKPOINT:
            if self.forkable:
                if self._until_tick:
                    self.forkable = False
                    self._tick_start = None
                else:
                    self._tick_start = self.state.clone()
                self._since = []
                self._tick_trail = self._trail
            out = self._gen.send(None)
        self.ask = out  # type: ignore[assignment]
