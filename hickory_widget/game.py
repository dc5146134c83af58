"""The public face of the engine: a ``Game`` you can ask what is to be decided, answer, undo, save and load.

Between Ticks the state is plain data; inside a Tick the pending flow lives in a generator (``flow.play``).
A copy of the state is kept at every Tick boundary, so undo restores the last boundary and replays the
choices made since. A saved game is its origin (setup or position) plus its history, replayed and checked
on load.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from . import labels
from .chance import FORCE_KINDS, check_force, reseed
from .decisions import Ask, Choice, Decision, IllegalChoice
from .end_of_game import SOLO_GOAL, Standing, standings
from .flow import CHECKPOINT, play
from .options import check_options
from .position import PositionError, from_data, to_data
from .setup import new_state
from .state import State, clockwise

SAVE_FORMAT = "hickory-game"
SAVE_VERSION = 1


class SaveError(ValueError):
    """A saved game that is malformed, from another version, or does not replay to the state it claims."""


class Game:
    """A game of Hickory Dickory. Create one with :meth:`new` or :meth:`from_position`."""

    def __init__(self, state: State, origin: dict[str, Any]) -> None:
        self._origin = origin
        self._start = state.clone()
        self._redo: list[str] = []
        self._restart(self._start.clone())

    # ------------------------------------------------------------------------------------------ creating
    @classmethod
    def new(cls, players: int | Sequence[str] = 4, seed: int = 1, *, options: dict[str, bool] | None = None,
            advanced: bool = False) -> Game:
        """A new game: ``players`` is a count (1 = solo) or a list of colors; the same seed gives the same game."""
        opts = check_options(options)
        if not isinstance(advanced, bool):
            raise ValueError(f"advanced must be True or False, not {advanced!r}")
        state = new_state(players, seed, options=opts, advanced=advanced)
        origin = {"setup": {"players": state.colors, "seed": seed, "options": opts, "advanced": advanced}}
        return cls(state, origin)

    @classmethod
    def from_position(cls, data: dict[str, Any], *, play_on: bool = False) -> Game:
        """A game that starts from a position (plain data, as given by :meth:`position`), validated. A position
        whose first Tick asks nothing raises PositionError rather than being played on silently (empty Ticks, a
        round's end and its die rolls) to the first decision; ``play_on=True`` lets the engine play on."""
        state = from_data(data)
        game = cls(state, {"position": to_data(state)})
        if not play_on:
            passed = [e for e in game._events if e["kind"] in ("hand_moved", "round_ended", "game_over")]
            if len(passed) > 1 or game.over:
                moves = [str(e["number"]) for e in passed if e["kind"] == "hand_moved"]
                ends = sum(e["kind"] == "round_ended" for e in passed)
                rounds = "" if not ends else " and end a round" if ends == 1 else f" and end {ends} rounds"
                raise PositionError(
                    f"nobody decides anything in the first Tick from this position: the engine would move the hand "
                    f"to {', '.join(moves)}{rounds}"
                    f"{' and the game' if game.over else ''} before the first decision. Put a mouse on the hand or "
                    f"on inner {clockwise(data.get('minute', 0) if isinstance(data, dict) else 0)}, or pass "
                    f"play_on=True to let it play on")
        return game

    # ------------------------------------------------------------------------------------------ reading
    @property
    def state(self) -> State:
        """The live state. Read it; change it only through choices."""
        return self._state

    @property
    def over(self) -> bool:
        return self._ask is None

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        ask = self._ask
        if ask is None:
            return None
        return Decision(ask.player, ask.kind, labels.prompt(self._state, ask), dict(ask.context))

    @property
    def choices(self) -> list[Choice]:
        """The legal options of the pending decision, each with a stable id and a label."""
        ask = self._ask
        if ask is None:
            return []
        return [Choice(o, labels.label(self._state, ask, o)) for o in ask.options]

    @property
    def choice_ids(self) -> list[str]:
        """Just the ids of the legal options (cheap: no labels are made)."""
        return list(self._ask.options) if self._ask else []

    @property
    def history(self) -> list[str]:
        """Every choice made (and every forced outcome, as ``force:<kind>:<value>``), in order."""
        return list(self._history)

    @property
    def events(self) -> list[dict[str, Any]]:
        """Everything that happened, in order; each event names the rules it applied."""
        return list(self._events)

    def events_since(self, step: int) -> list[dict[str, Any]]:
        """The events caused by history entries from ``step`` on (0 = from the start)."""
        start = self._marks[step - 1] if step > 0 else 0
        return self._events[start:]

    @property
    def scores(self) -> dict[str, int]:
        return {p.color: p.score for p in self._state.players}

    @property
    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Points per color split by source: deliveries, quests, hunt, chain, relics, pool."""
        return {p.color: dict(p.score_by) for p in self._state.players}

    @property
    def solo_won(self) -> bool | None:
        """Solo only: True once the game is over with at least 100 points (R115); None otherwise."""
        if not self._state.solo or not self.over:
            return None
        return self._state.players[0].score >= SOLO_GOAL

    def standings(self) -> list[Standing]:
        """Players by score, ties broken by filled hunt-board spaces (R114)."""
        return standings(self._state)

    def position(self, *, live: bool = False) -> dict[str, Any]:
        """The position at the start of the current Tick (the last Tick boundary), as plain data. ``live=True``
        gives the board as it is now instead: mid-Tick, or a finished game's final board. (A live board is for
        reading: a game started from it begins a new Tick there.)"""
        if live or not self._checkpoints:
            return to_data(self._state)
        return to_data(self._checkpoints[-1][1])

    def widget(self, **kwargs: Any) -> Any:
        """This game in an interactive widget (``HickoryWidget``); needs Jupyter."""
        from .widget import HickoryWidget

        return HickoryWidget(self, **kwargs)

    def _repr_svg_(self) -> str:
        """A static picture of the board: notebooks show it with no kernel (GitHub, nbviewer, HTML export)."""
        from .svg import game_svg

        return game_svg(self)

    def __repr__(self) -> str:
        s = self._state
        where = "over" if self.over else f"{self._ask.player} to decide {self._ask.kind}"
        return (f"<Game {len(s.players)}p hour {s.hour} minute {s.minute} scores {self.scores} "
                f"{where}, {len(self._history)} choices>")

    # ------------------------------------------------------------------------------------------ acting
    def choose(self, choice_id: str) -> None:
        """Applies one legal option. Anything else raises IllegalChoice and changes nothing."""
        self._check(choice_id)
        self._redo.clear()
        self._apply(choice_id)

    def force(self, what: str, value: str | int) -> None:
        """Fixes the next random outcome of a kind: ``force("die", 5)``, ``force("draw", "red key")``."""
        if self.over:
            raise IllegalChoice("the game is over; nothing random is left to force")
        if what not in FORCE_KINDS:
            raise IllegalChoice(f"cannot force {what!r}; forceable outcomes: {', '.join(FORCE_KINDS)}")
        try:
            value = check_force(self._state, what, str(value))
        except ValueError as exc:
            raise IllegalChoice(str(exc)) from None
        self._redo.clear()
        self._apply(f"force:{what}:{value}")

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
        entry = self._redo.pop()
        self._apply(entry)
        return entry

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def scores_after(self, choice_id: str, *then: str) -> dict[str, int]:
        """The scores once ``choice_id`` (and then each of ``then`` that is legal by its turn) has been applied
        and the engine next asks something; the game itself is left exactly as it was (redo included). Bots and
        what-if questions use it to look ahead, e.g. ``scores_after("deliver:red.key.1", "deliver_done")``."""
        self._check(choice_id)
        redo, start = self._redo[:], len(self._history)
        self._apply(choice_id)
        for follow in then:
            if self._ask is not None and follow in self._ask.options:
                self._apply(follow)
        scores = self.scores
        self._rebuild(self._history[:start])
        self._redo = redo
        return scores

    def copy(self) -> Game:
        """An independent game with the same origin and history (a branch for what-if play). It starts from
        the last Tick boundary's snapshot (shared: snapshots are never changed) and replays only this Tick."""
        twin = Game.__new__(Game)
        twin._origin = self._origin
        twin._start = self._start
        twin._redo = list(self._redo)
        twin._history, twin._events, twin._marks = list(self._history), list(self._events), list(self._marks)
        twin._checkpoints = list(self._checkpoints)
        twin._rebuild(self._history)
        return twin

    def branch(self, seed: int | None = None) -> Game:
        """An independent game from now. With a ``seed`` its future chance (bag draws, die rolls, the order of
        the face-down decks) is drawn afresh from that seed, recorded in the history as ``seed:<seed>``; with
        None it has the same future as this game."""
        twin = self.copy()
        if seed is not None:
            if self.over:
                raise IllegalChoice("the game is over; there is no future to reseed")
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise IllegalChoice(f"a branch seed is a whole number or None, not {seed!r}")
            twin._redo.clear()
            twin._apply(f"seed:{seed}")
        return twin

    def playout(self, seed: int | None = None, *, forkable: bool = True) -> Any:
        """This game from now as a :class:`~hickory_widget.playout.Playout`: the same rules with no history,
        events, labels or undo, for bots and what-if runs. ``seed`` reseeds its future as :meth:`branch` does."""
        from .playout import Playout

        return Playout.from_game(self, seed=seed, forkable=forkable)

    # ------------------------------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The whole game, history and redo included, as JSON text."""
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "origin": self._origin,
            "history": self._history, "redo": self._redo, "state_sha256": self._digest(),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Loads a saved game: replays its history from its origin and checks it reaches the saved state."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise SaveError(f"a saved game must be JSON text made by Game.to_json(): {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a saved game: expected an object with format {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"saved game version {data.get('version')!r} is not supported (this reads {SAVE_VERSION})")
        origin, history, redo = data.get("origin"), data.get("history"), data.get("redo", [])
        for name, value in (("history", history), ("redo", redo)):
            if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
                raise SaveError(f"saved game field {name!r} must be a list of choice ids")
        if not isinstance(origin, dict) or len(origin) != 1 or not ({"setup", "position"} & set(origin)):
            raise SaveError("saved game field 'origin' must be {'setup': {...}} or {'position': {...}}")
        try:
            if "setup" in origin:
                setup = origin["setup"]
                if not isinstance(setup, dict) or set(setup) - {"players", "seed", "options", "advanced"}:
                    raise SaveError("saved game field 'origin.setup' takes players, seed, options, advanced")
                game = cls.new(setup.get("players", 4), setup.get("seed", 1), options=setup.get("options"),
                               advanced=setup.get("advanced", False))
            else:
                game = cls.from_position(origin["position"], play_on=True)
        except SaveError:
            raise
        except ValueError as exc:
            raise SaveError(f"saved game origin is invalid: {exc}") from None
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
        text = json.dumps(to_data(self._state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def _check(self, entry: str) -> None:
        """Raises IllegalChoice unless ``entry`` may be applied now; changes nothing."""
        if not isinstance(entry, str):
            legal = ", ".join(self._ask.options) if self._ask else "none (the game is over)"
            raise IllegalChoice(f"a choice is given by its id (a string), not {entry!r}. Legal ids now: {legal}")
        if entry.startswith("seed:"):
            value = entry[5:]
            if self._ask is None or not value.lstrip("-").isdigit():
                raise IllegalChoice(f"malformed or late reseed {entry!r}: expected seed:<whole number> before the end")
            return
        if entry.startswith("force:"):
            parts = entry.split(":", 2)
            if len(parts) != 3 or self._ask is None:
                raise IllegalChoice(f"malformed or late forced outcome {entry!r}")
            try:
                check_force(self._state, parts[1], parts[2])
            except ValueError as exc:
                raise IllegalChoice(str(exc)) from None
            return
        ask = self._ask
        if ask is None:
            raise IllegalChoice(f"the game is over; no choice can be made (got {entry!r})")
        if entry not in ask.options:
            legal = "; ".join(f"{c.id} ({c.label})" for c in self.choices)
            raise IllegalChoice(f"{entry!r} is not a legal choice for {ask.player}'s decision "
                                f"({labels.prompt(self._state, ask)}). Legal now: {legal}")

    def _apply(self, entry: str) -> None:
        self._history.append(entry)
        if entry.startswith("force:"):
            _, what, value = entry.split(":", 2)
            self._state.forced.append((what, value))
            self._marks.append(len(self._events))
            return
        if entry.startswith("seed:"):
            reseed(self._state, int(entry[5:]))
            self._marks.append(len(self._events))
            return
        self._advance(entry)
        self._marks.append(len(self._events))

    def _restart(self, state: State) -> None:
        self._state = state
        self._history: list[str] = []
        self._events: list[dict[str, Any]] = []
        self._marks: list[int] = []
        self._checkpoints: list[tuple[int, State, int]] = []
        self._gen = play(state)
        self._ask: Ask | None = None
        self._advance(None)

    def _advance(self, value: str | None) -> None:
        state = self._state
        try:
            out = self._gen.send(value)
            while out is CHECKPOINT:
                self._events.extend(state.events)
                state.events.clear()
                self._checkpoint()
                out = self._gen.send(None)
            self._ask = out  # type: ignore[assignment]
        except StopIteration:
            self._ask = None
        self._events.extend(state.events)
        state.events.clear()

    def _checkpoint(self) -> None:
        entry = (len(self._history), self._state.clone(), len(self._events))
        if self._checkpoints and self._checkpoints[-1][0] == entry[0]:
            self._checkpoints[-1] = entry
        else:
            self._checkpoints.append(entry)

    def _rebuild(self, target: list[str]) -> None:
        """Restores the last Tick boundary at or before ``target`` and replays the rest of it."""
        keep = [cp for cp in self._checkpoints if cp[0] <= len(target)]
        if not keep:
            self._restart(self._start.clone())
            self._replay(target)
            return
        at, snapshot, n_events = keep[-1]
        self._checkpoints = keep
        self._state = snapshot.clone()
        self._history = target[:at]
        del self._events[n_events:]
        del self._marks[at:]
        self._gen = play(self._state)
        self._advance(None)
        self._replay(target[at:])

    def _replay(self, entries: list[str]) -> None:
        for entry in entries:
            self._apply(entry)
