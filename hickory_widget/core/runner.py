"""The game runner: one class that turns a game's :class:`Rules` into a playable, undoable, savable game.

Between checkpoints the pending rules flow lives in a generator; at each checkpoint (a turn or Tick boundary) the
state is plain data and a copy is kept, so undo restores the last checkpoint at or before the target and replays
the choices made since. A save is the origin (setup arguments or a position) plus the history, with a digest of
the state it reached; loading replays it and checks the digest, so a save either loads exactly or not at all.

Secret choices (an Ask with ``secret=True``) are sealed until the flow yields ``REVEAL``. The runner keeps them (it
is the referee), but :meth:`GameRunner.seat_game` and ``to_json(seat=...)`` give a copy in which the other players'
sealed choices are replaced by ``SEALED``: that is what bots, what-if analysis and a player's own save see.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Generator, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from .protocol import CHECKPOINT, REVEAL, SEALED, Ask, Choice, Decision, IllegalChoice, SaveError
from .rng import Rng, seed_state

T = TypeVar("T")
Flow = Generator[Any, "str | None", None]
"""A rules flow: yields :class:`Ask` (a decision) or ``CHECKPOINT``, receives the chosen option id."""


class Rules(Protocol):
    """What a game implements for the runner (docs/CORE.md). The state may be any object with two lists:
    ``events`` (dicts the rules append; the runner drains them) and ``forced`` (``[kind, value]`` pairs the runner
    queues for the rules' chance functions to use before the random source)."""

    name: str
    """Short game name; the save format is ``"<name>-game"``."""
    save_version: int
    force_kinds: tuple[str, ...]

    def new_state(self, **setup: Any) -> tuple[Any, dict[str, Any]]:
        """A fresh state from setup arguments, and those arguments normalised (stored as the save's origin).
        Raises ValueError (or TypeError for unknown arguments) saying what is allowed."""

    def state_from_data(self, data: Any) -> Any:
        """A state from position data, fully validated; ValueError saying what is wrong."""

    def state_to_data(self, state: Any) -> dict[str, Any]:
        """The state as plain JSON data (a position); ``state_from_data`` reads it back exactly."""

    def clone(self, state: Any) -> Any: ...

    def flow(self, state: Any) -> Flow:
        """The rules, from this state to the end of the game."""

    def check_force(self, state: Any, kind: str, value: str) -> str:
        """The normal form of a forced outcome, or ValueError saying what may be forced now."""

    def reseed(self, state: Any, seed: int) -> None:
        """Gives the state a new random source and re-deals what no player has seen (for ``branch``)."""

    def scores(self, state: Any) -> dict[str, int]: ...

    def prompt(self, state: Any, ask: Ask, lang: str) -> str: ...

    def label(self, state: Any, ask: Ask, option: str, lang: str) -> str: ...


class GameRunner:
    """A game: ask :attr:`decision` and :attr:`choices`, answer with :meth:`choose`, take back with :meth:`undo`.

    Subclasses set ``rules``; they add their own ``new(...)`` with named setup arguments that calls :meth:`_new`.
    """

    rules: ClassVar[Rules]
    language: str = "en"
    """The language of :attr:`decision` and :attr:`choices` labels (en, it, de)."""

    def __init__(self, state: Any, origin: dict[str, Any], seat: str | None = None) -> None:
        self._origin = origin
        self._seat = seat
        self._start = self.rules.clone(state)
        self._redo: list[str] = []
        self._restart(self.rules.clone(self._start))

    # ------------------------------------------------------------------------------------------ creating
    @classmethod
    def _new(cls, **setup: Any) -> Any:
        state, normal = cls.rules.new_state(**setup)
        return cls(state, {"setup": normal})

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Any:
        """A game that starts from a position (plain data, as given by :meth:`position`), validated."""
        state = cls.rules.state_from_data(data)
        return cls(state, {"position": cls.rules.state_to_data(state)})

    # ------------------------------------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        """The live state. Read it; change it only through choices."""
        return self._state

    @property
    def over(self) -> bool:
        return self._ask is None

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        return self.decision_in(self.language)

    @property
    def choices(self) -> list[Choice]:
        """The legal options of the pending decision, each with a stable id and a label."""
        return self.choices_in(self.language)

    def decision_in(self, lang: str) -> Decision | None:
        """:attr:`decision` with its prompt in ``lang``."""
        ask = self._ask
        if ask is None:
            return None
        return Decision(ask.player, ask.kind, self.rules.prompt(self._state, ask, lang), dict(ask.context),
                        getattr(ask, "secret", False))

    def choices_in(self, lang: str) -> list[Choice]:
        """:attr:`choices` labelled in ``lang``."""
        ask = self._ask
        if ask is None:
            return []
        return [Choice(o, self.rules.label(self._state, ask, o, lang)) for o in ask.options]

    @property
    def choice_ids(self) -> list[str]:
        """Just the ids of the legal options (cheap: no labels are made)."""
        return list(self._ask.options) if self._ask else []

    @property
    def history(self) -> list[str]:
        """Every choice made (and every forced outcome, as ``force:<kind>:<value>``), in order."""
        return list(self._history)

    @property
    def seat(self) -> str | None:
        """None for the whole game (the referee's); a player's name for a copy seen from that seat."""
        return self._seat

    def sealed(self, seat: str | None = None) -> list[int]:
        """Positions in :attr:`history` of the secret choices not yet revealed that ``seat`` may not see (all of
        them for ``seat=None``)."""
        since = self._reveals[-1] if self._reveals else 0
        return [i for i, p in self._secret.items() if i >= since and p != seat]

    def history_for(self, seat: str | None) -> list[str]:
        """:attr:`history` as ``seat`` may know it: other players' unrevealed secret choices read ``SEALED``."""
        hidden = set(self.sealed(seat))
        return [SEALED if i in hidden else h for i, h in enumerate(self._history)]

    @property
    def events(self) -> list[dict[str, Any]]:
        """Everything that happened, in order; each event names the rules it applied (``"rules": [...]``)."""
        return list(self._events)

    def events_since(self, step: int) -> list[dict[str, Any]]:
        """The events caused by history entries from ``step`` on (0 = from the start)."""
        start = self._marks[step - 1] if step > 0 else 0
        return self._events[start:]

    @property
    def scores(self) -> dict[str, int]:
        return self.rules.scores(self._state)

    def position(self) -> dict[str, Any]:
        """The position at the last checkpoint (turn or Tick boundary), as plain data."""
        return self.rules.state_to_data(self._checkpoints[-1][1] if self._checkpoints else self._state)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # ------------------------------------------------------------------------------------------ acting
    def choose(self, choice_id: str) -> None:
        """Applies one legal option. Anything else raises IllegalChoice and changes nothing."""
        if choice_id == SEALED:
            raise IllegalChoice(f"{SEALED!r} stands for another player's hidden choice in a seat's copy of a game; "
                                f"it cannot be chosen. Legal ids now: {', '.join(self.choice_ids) or 'none'}")
        self._check(choice_id)
        self._redo.clear()
        self._apply(choice_id)

    def force(self, kind: str, value: str | int) -> None:
        """Fixes the next random outcome of a kind; the game's ``force_kinds`` say which there are."""
        if self.over:
            raise IllegalChoice("the game is over; nothing random is left to force")
        kinds = self.rules.force_kinds
        if kind not in kinds:
            allowed = ", ".join(kinds) if kinds else "none in this game"
            raise IllegalChoice(f"cannot force {kind!r}; forceable outcomes: {allowed}")
        try:
            normal = self.rules.check_force(self._state, kind, str(value))
        except ValueError as exc:
            raise IllegalChoice(str(exc)) from None
        self._redo.clear()
        self._apply(f"force:{kind}:{normal}")

    def undo(self) -> str:
        """Takes back the last history entry and returns it; redo() puts it back."""
        if not self._history:
            raise IllegalChoice("nothing to undo: no choice has been made in this game")
        last = self._history[-1]
        self._rebuild(self._history[:-1])
        self._redo.append(last)
        return last

    def redo(self) -> str:
        """Re-applies the last undone entry and returns it."""
        if not self._redo:
            raise IllegalChoice("nothing to redo: redo follows undo, and a new choice clears it")
        entry = self._redo[-1]
        self._check(entry)
        self._redo.pop()
        self._apply(entry)
        return entry

    def scores_after(self, choice_id: str, *then: str) -> dict[str, int]:
        """The scores once ``choice_id`` (and each of ``then`` that is legal by its turn) is applied; the game is
        left exactly as it was, redo included. Bots and what-if questions look ahead with it."""
        return self.look_ahead(choice_id, lambda game: game.scores, *then)

    def look_ahead(self, choice_id: str, measure: Callable[[Any], T], *then: str) -> T:
        """``measure(game)`` once ``choice_id`` (and each legal one of ``then``) is applied; the game is then put
        back exactly as it was, redo included (restored from the last checkpoint, so it is cheap)."""
        self._check(choice_id)
        redo, start = self._redo[:], len(self._history)
        self._apply(choice_id)
        try:
            for follow in then:
                if self._ask is not None and follow in self._ask.options:
                    self._apply(follow)
            return measure(self)
        finally:
            self._rebuild(self._history[:start])
            self._redo = redo

    def copy(self) -> Any:
        """An independent game with the same origin, history and redo."""
        twin = type(self).__new__(type(self))
        twin._origin = self._origin
        twin._seat = self._seat
        twin._start = self._start
        twin._redo = list(self._redo)
        twin.language = self.language
        twin._restart(self.rules.clone(self._start))
        twin._replay(self._history)
        return twin

    def branch(self, seed: int) -> Any:
        """A new game from the last checkpoint in which what no player has seen is dealt anew with ``seed``;
        the choices made since that checkpoint are replayed (IllegalChoice if one no longer fits). In a seat's
        copy, a sealed choice of another player is replaced by a choice drawn with ``seed`` among that player's
        legal options: the branch is a whole game again, one the seat cannot tell from the real one."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        first_sealed = self._history.index(SEALED) if SEALED in self._history else len(self._history)
        keep = [cp for cp in self._checkpoints if cp[0] <= first_sealed]
        at = keep[-1][0] if keep else 0
        state = self.rules.clone(keep[-1][1] if keep else self._start)
        self.rules.reseed(state, seed)
        twin = type(self)(state, {"position": self.rules.state_to_data(state)})
        twin.language = self.language
        pick = Rng(seed_state(seed))
        for entry in self._history[at:]:
            if entry == SEALED:
                twin._apply(twin.choice_ids[pick.below(len(twin.choice_ids))])
            elif entry.startswith("force:"):
                twin._check(entry)
                twin._apply(entry)
            else:
                twin.choose(entry)
        return twin

    def seat_game(self, seat: str) -> Any:
        """This game as ``seat`` may know it: a copy in which the other players' unrevealed secret choices are
        ``SEALED`` (the rules record an unknown commitment). With nothing sealed from ``seat``, the game itself.
        Bots and what-if analysis decide on this copy, so they never read a hidden commitment."""
        if not self.sealed(seat):
            return self
        hidden = set(self.sealed(seat))
        first = min(hidden)
        keep = [cp for cp in self._checkpoints if cp[0] <= first]
        at, state = (keep[-1][0], keep[-1][1]) if keep else (0, self._start)
        twin = type(self)(self.rules.clone(state), {"position": self.rules.state_to_data(state)}, seat)
        twin.language = self.language
        twin._replay([SEALED if at + i in hidden else h for i, h in enumerate(self._history[at:])])
        return twin

    # ------------------------------------------------------------------------------------------ saving
    @classmethod
    def save_format(cls) -> str:
        return f"{cls.rules.name}-game"

    def to_json(self, seat: str | None = None) -> str:
        """The whole game, history and redo included, as JSON text. With ``seat``: the game as that player may
        know it (a seat save): the other players' unrevealed secret choices are ``SEALED`` and redo is left out;
        it loads into a seat's copy that shows the table up to the reveal."""
        if seat is None and self._seat is None:
            return self._dump(None, self._history, self._redo, self._digest())
        seat = seat if seat is not None else self._seat
        if seat not in self.scores:
            raise ValueError(f"no player {seat!r} in this game; players: {', '.join(self.scores)}")
        if self._seat not in (None, seat):
            raise ValueError(f"this copy is seen from {self._seat}'s seat; it cannot be saved for {seat}")
        twin = type(self)(self.rules.clone(self._start), self._origin, seat)
        twin._replay(self.history_for(seat))
        return self._dump(seat, twin._history, [], twin._digest())

    def _dump(self, seat: str | None, history: list[str], redo: list[str], digest: str) -> str:
        data: dict[str, Any] = {"format": self.save_format(), "version": self.rules.save_version,
                                "origin": self._origin}
        if seat is not None:
            data["seat"] = seat
        data.update({"history": history, "redo": redo, "state_sha256": digest})
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Any:
        """Loads a saved game: replays its history from its origin and checks it reaches the saved state.
        Anything wrong raises SaveError saying what; nothing half-loaded is ever returned."""
        fmt, version = cls.save_format(), cls.rules.save_version
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise SaveError(f"a saved game must be JSON text made by to_json(): {exc}") from None
        if not isinstance(data, dict) or data.get("format") != fmt:
            got = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise SaveError(f"not a saved game of this kind: expected format {fmt!r}, got {got!r}")
        if data.get("version") != version:
            raise SaveError(f"saved game version {data.get('version')!r} is not supported (this reads {version})")
        origin, history, redo = data.get("origin"), data.get("history"), data.get("redo", [])
        seat = data.get("seat")
        for name, value in (("history", history), ("redo", redo)):
            if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
                raise SaveError(f"saved game field {name!r} must be a list of choice ids (strings)")
        if not isinstance(origin, dict) or len(origin) != 1 or not ({"setup", "position"} & set(origin)):
            raise SaveError("saved game field 'origin' must be {'setup': {...}} or {'position': {...}}")
        try:
            if "setup" in origin:
                if not isinstance(origin["setup"], dict):
                    raise SaveError("saved game field 'origin.setup' must be an object of setup arguments")
                game = cls._new(**origin["setup"])
            else:
                game = cls.from_position(origin["position"])
        except SaveError:
            raise
        except (TypeError, ValueError) as exc:
            raise SaveError(f"saved game origin is invalid: {exc}") from None
        if seat is not None:
            if seat not in game.scores:
                raise SaveError(f"saved game field 'seat' must name a player ({', '.join(game.scores)}), "
                                f"not {seat!r}")
            game._seat = seat
        for i, entry in enumerate(history):
            try:
                game._check(entry)
            except IllegalChoice as exc:
                raise SaveError(f"saved game history entry {i} ({entry!r}) is not legal there: {exc}") from None
            game._apply(entry)
        if data.get("state_sha256") != game._digest():
            raise SaveError("the saved game does not replay to the state it was saved with (field 'state_sha256'): "
                            "it was edited or made by a different rules version")
        game._redo = list(redo)
        return game

    # ------------------------------------------------------------------------------------------ internals
    def _digest(self) -> str:
        text = json.dumps(self.rules.state_to_data(self._state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def _check(self, entry: Any) -> None:
        """Raises IllegalChoice unless ``entry`` may be applied now; changes nothing."""
        ask = self._ask
        if not isinstance(entry, str):
            legal = ", ".join(ask.options) if ask else "none (the game is over)"
            raise IllegalChoice(f"a choice is given by its id (a string), not {entry!r}. Legal ids now: {legal}")
        if entry.startswith("force:"):
            parts = entry.split(":", 2)
            if len(parts) != 3 or ask is None or parts[1] not in self.rules.force_kinds:
                raise IllegalChoice(f"malformed or late forced outcome {entry!r}")
            try:
                self.rules.check_force(self._state, parts[1], parts[2])
            except ValueError as exc:
                raise IllegalChoice(str(exc)) from None
            return
        if ask is None:
            raise IllegalChoice(f"the game is over; no choice can be made (got {entry!r})")
        if entry == SEALED and getattr(ask, "secret", False) and self._seat not in (None, ask.player):
            return
        if entry not in ask.options:
            legal = "; ".join(f"{c.id} ({c.label})" for c in self.choices)
            raise IllegalChoice(f"{entry!r} is not a legal choice for {ask.player}'s decision "
                                f"({self.rules.prompt(self._state, ask, self.language)}). Legal now: {legal}")

    def _apply(self, entry: str) -> None:
        if getattr(self._ask, "secret", False) and not entry.startswith("force:"):
            self._secret[len(self._history)] = self._ask.player
        self._history.append(entry)
        if entry.startswith("force:"):
            _, kind, value = entry.split(":", 2)
            self._state.forced.append([kind, value])
        else:
            self._advance(entry)
        self._marks.append(len(self._events))

    def _restart(self, state: Any) -> None:
        self._state = state
        self._history: list[str] = []
        self._events: list[dict[str, Any]] = []
        self._marks: list[int] = []
        self._checkpoints: list[tuple[int, Any, int, int]] = []
        self._secret: dict[int, str] = {}
        """History position -> player, for every answer to a secret Ask."""
        self._reveals: list[int] = []
        """History lengths at which the flow yielded REVEAL."""
        self._gen = self.rules.flow(state)
        self._ask: Ask | None = None
        self._advance(None)

    def _drain(self) -> None:
        self._events.extend(self._state.events)
        self._state.events.clear()

    def _advance(self, value: str | None) -> None:
        try:
            out = self._gen.send(value)
            while out is CHECKPOINT or out is REVEAL:
                if out is REVEAL:
                    self._reveals.append(len(self._history))
                else:
                    self._drain()
                    self._checkpoint()
                out = self._gen.send(None)
            self._ask = out
        except StopIteration:
            self._ask = None
        self._drain()

    def _checkpoint(self) -> None:
        entry = (len(self._history), self.rules.clone(self._state), len(self._events), len(self._reveals))
        if self._checkpoints and self._checkpoints[-1][0] == entry[0]:
            self._checkpoints[-1] = entry
        else:
            self._checkpoints.append(entry)

    def _rebuild(self, target: Sequence[str]) -> None:
        """Restores the last checkpoint at or before ``target`` and replays the rest of it."""
        keep = [cp for cp in self._checkpoints if cp[0] <= len(target)]
        if not keep:
            self._restart(self.rules.clone(self._start))
            self._replay(target)
            return
        at, snapshot, n_events, n_reveals = keep[-1]
        self._checkpoints = keep
        self._state = self.rules.clone(snapshot)
        self._history = list(target[:at])
        del self._events[n_events:]
        del self._marks[at:]
        del self._reveals[n_reveals:]
        self._secret = {i: p for i, p in self._secret.items() if i < at}
        self._gen = self.rules.flow(self._state)
        self._advance(None)
        self._replay(target[at:])

    def _replay(self, entries: Sequence[str]) -> None:
        for entry in entries:
            self._apply(entry)


def reseed_rng(state: Any, seed: int) -> None:
    """The plain part of ``Rules.reseed``: a new generator state in ``state.rng``."""
    state.rng = seed_state(seed)
