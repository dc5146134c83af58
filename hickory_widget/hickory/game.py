"""The public face of the engine: a ``Game`` you can ask what is to be decided, answer, undo, save and load.

Between Ticks the state is plain data; inside a Tick the pending flow lives in a generator (``flow.play``).
A copy of the state is kept at every Tick boundary, so undo restores the last boundary and replays the
choices made since. The same copy makes every door all or nothing without copying anything per choice: if a
rule fails inside choose, force, undo or redo, the game goes back to that boundary, replays to where it was and
raises EngineError. A saved game is its origin (setup or position) plus its history, replayed and checked on load;
its redo list must replay legally too (doors.py bounds what a loader reads at all).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from ..core.doors import MAX_STR, EngineError, PlainDataError, bounded, excerpt, load_json
from ..core.protocol import Ask, Choice, Decision, IllegalChoice, SaveError
from . import labels
from .chance import FORCE_KINDS, check_force, reseed
from .end_of_game import SOLO_GOAL, Standing, standings
from .flow import CHECKPOINT, play
from .options import check_options
from .position import PositionError, from_data, to_data
from .setup import new_state
from .state import State, clockwise

SAVE_FORMAT = "hickory-game"
SAVE_VERSION = 1
SAVE_FIELDS = ("format", "version", "origin", "history", "redo", "state_sha256")
MAX_HISTORY = 100_000
"""Most entries in a saved history or redo list (a whole game takes a few hundred to a few thousand)."""
SEED_RANGE = (-(2**63), 2**64 - 1)
"""Seeds a game accepts: any 64-bit number, so that every save stays loadable."""


def _is_seed(text: str) -> bool:
    """Whether ``text`` writes a seed the way ``seed:<n>`` history entries do: a whole number in SEED_RANGE."""
    digits = text[1:] if text.startswith("-") else text
    return 0 < len(digits) <= 20 and digits.isascii() and digits.isdigit() and text == str(int(text)) and (
        SEED_RANGE[0] <= int(text) <= SEED_RANGE[1])


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
            raise ValueError(f"advanced must be True or False, not {excerpt(advanced)}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
            raise ValueError(f"seed must be a whole number from {SEED_RANGE[0]} to {SEED_RANGE[1]}, "
                             f"not {excerpt(seed)}")
        state = new_state(players, seed, options=opts, advanced=advanced)
        origin = {"setup": {"players": state.colors, "seed": seed, "options": opts, "advanced": advanced}}
        return cls(state, origin)

    @classmethod
    def from_position(cls, data: dict[str, Any], *, play_on: bool = False) -> Game:
        """A game that starts from a position (plain data, as given by :meth:`position`), validated. A position
        whose first Tick asks nothing raises PositionError rather than being played on silently (empty Ticks, a
        round's end and its die rolls) to the first decision; ``play_on=True`` lets the engine play on."""
        try:
            state = from_data(data)
        except PositionError:
            raise
        except Exception as exc:  # a loader lets nothing else escape
            raise PositionError(f"the position could not be read: {type(exc).__name__}: "
                                f"{bounded(str(exc), 200)}") from None
        try:
            game = cls(state, {"position": to_data(state)})
        except Exception as exc:
            raise PositionError(f"the position cannot be played: the rules failed at its start "
                                f"({type(exc).__name__}: {bounded(str(exc), 200)})") from None
        ask = game._ask
        if ask is not None and (not ask.options or len(set(ask.options)) != len(ask.options)):
            raise PositionError(f"the position cannot be played: {ask.player}'s first decision ({ask.kind}) "
                                "has no legal option, or offers one twice")
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
        """The position at the start of the current Tick (the last Tick boundary), as plain data; before the first
        Tick (advanced setup, solo first paws) the position the game started from, whose turn order it keeps.
        ``live=True`` gives the board as it is now instead: mid-Tick, or a finished game's final board. (A live
        board is for reading: a game started from it begins a new Tick there.)"""
        if live:
            return to_data(self._state)
        return to_data(self._checkpoints[-1][1]) if self._checkpoints else to_data(self._start)

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
                f"{where}, {len(self._history)} choices made so far>")

    # ------------------------------------------------------------------------------------------ acting
    def choose(self, choice_id: str) -> None:
        """Applies one legal option. Anything else raises IllegalChoice and changes nothing; a failure inside
        the rules rolls the game back and raises EngineError. Chance is fixed with :meth:`force`, not here."""
        self._check(choice_id, False)  # offered ids only
        redo = self._redo
        if redo:
            self._redo = []
        history = self._history
        n = len(history)
        try:  # the hot path of every game: no copy, no extra call (see _guarded)
            self._apply(choice_id)
        except BaseException as exc:
            self._fail(choice_id, history[:n], redo, exc)

    def force(self, what: str, value: str | int) -> None:
        """Fixes the next random outcome of a kind: ``force("die", 5)``, ``force("draw", "red key")``."""
        if self.over:
            raise IllegalChoice("the game is over; nothing random is left to force")
        if not isinstance(what, str) or what not in FORCE_KINDS:
            raise IllegalChoice(f"cannot force {excerpt(what)}; forceable outcomes: {', '.join(FORCE_KINDS)}")
        if isinstance(value, bool) or not isinstance(value, (str, int)) or (
                len(value) > MAX_STR if isinstance(value, str) else value.bit_length() > 64):
            raise IllegalChoice(f"a forced outcome is a die face or a tile (text or whole number), not "
                                f"{excerpt(value)}")
        try:
            value = check_force(self._state, what, str(value))
        except ValueError as exc:
            raise IllegalChoice(str(exc)) from None
        entry = f"force:{what}:{value}"
        redo, self._redo = self._redo, []
        self._guarded(entry, redo, self._apply, entry)

    def undo(self) -> str:
        """Takes back the last history entry and returns it; redo() puts it back."""
        if not self._history:
            raise IllegalChoice("nothing to undo: no choice has been made in this game")
        last = self._history[-1]
        self._guarded("undo", self._redo[:], self._rebuild, self._history[:-1])
        self._redo.append(last)
        return last

    def redo(self) -> str:
        """Re-applies the last undone entry and returns it."""
        if not self._redo:
            raise IllegalChoice("nothing to redo: redo follows undo, and a new choice clears it")
        entry = self._redo[-1]
        self._check(entry)  # checked like any choice (a redo list can come from a save)
        redo = self._redo[:]
        self._redo.pop()
        self._guarded(entry, redo, self._apply, entry)
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
        self._check(choice_id, forced_ok=False)
        redo = self._redo[:]

        def look_ahead() -> None:
            self._apply(choice_id)
            for follow in then:
                if self._ask is not None and isinstance(follow, str) and follow in self._ask.options:
                    self._apply(follow)

        before = self._history[:]
        self._guarded(choice_id, redo, look_ahead, before=before)
        scores = self.scores
        self._guarded(choice_id, redo, self._rebuild, before, before=before)
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
        try:
            twin._rebuild(self._history)
        except Exception as exc:  # the original is untouched; only the twin failed
            raise self._engine_error("copy", exc) from exc
        return twin

    def branch(self, seed: int | None = None) -> Game:
        """An independent game from now. With a ``seed`` its future chance (bag draws, die rolls, the order of
        the face-down decks) is drawn afresh from that seed, recorded in the history as ``seed:<seed>``; with
        None it has the same future as this game."""
        twin = self.copy()
        if seed is not None:
            if self.over:
                raise IllegalChoice("the game is over; there is no future to reseed")
            if isinstance(seed, bool) or not isinstance(seed, int) or not _is_seed(str(seed)):
                raise IllegalChoice(f"a branch seed is a whole number from {SEED_RANGE[0]} to {SEED_RANGE[1]} "
                                    f"or None, not {excerpt(seed)}")
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
        """Loads a saved game: replays its history from its origin and checks it reaches the saved state, and
        that its redo list replays legally from there. Anything wrong raises SaveError naming the field."""
        try:
            return cls._load(text)
        except SaveError:
            raise
        except Exception as exc:  # a loader lets nothing else escape; the message says what failed
            raise SaveError(f"the saved game could not be loaded: {type(exc).__name__}: "
                            f"{bounded(str(exc), 200)}") from None

    @classmethod
    def _load(cls, text: str) -> Game:
        try:
            data = load_json(text)
        except PlainDataError as exc:
            raise SaveError(f"saved game {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a saved game (field 'format'): expected an object with format {SAVE_FORMAT!r}")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:
            raise SaveError(f"saved game version {excerpt(version)} is not supported (field 'version'; this "
                            f"reads {SAVE_VERSION})")
        unknown = sorted(set(data) - set(SAVE_FIELDS))
        if unknown:
            raise SaveError(f"saved game field {excerpt(unknown[0])} is unknown; the fields are "
                            f"{', '.join(SAVE_FIELDS)}")
        origin, history, redo = data.get("origin"), data.get("history"), data.get("redo", [])
        for name, value in (("history", history), ("redo", redo)):
            if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
                raise SaveError(f"saved game field {name!r} must be a list of choice ids")
            if len(value) > MAX_HISTORY:
                raise SaveError(f"saved game field {name!r} holds {len(value)} entries, at most {MAX_HISTORY}")
        digest = data.get("state_sha256")
        if not isinstance(digest, str) or len(digest) != 64:
            raise SaveError("saved game field 'state_sha256' must be the 64 hex digits written by Game.to_json()")
        game = cls._load_origin(origin)
        for i, entry in enumerate(history):
            try:
                game._check(entry)
                game._guarded(entry, [], game._apply, entry)
            except (IllegalChoice, EngineError) as exc:
                raise SaveError(f"saved game history entry {i} ({excerpt(entry)}) is not legal there (field "
                                f"'history[{i}]'): {bounded(str(exc), 200)}") from None
        if digest != game._digest():
            raise SaveError("the saved game does not replay to the state it was saved with (field 'state_sha256'): "
                            "it was edited or made by a different rules version")
        game._check_redo(redo)
        game._redo = list(redo)
        return game

    @classmethod
    def _load_origin(cls, origin: Any) -> Game:
        if not isinstance(origin, dict) or len(origin) != 1 or not ({"setup", "position"} & set(origin)):
            raise SaveError("saved game field 'origin' must be {'setup': {...}} or {'position': {...}}")
        if "position" in origin:
            try:
                return cls.from_position(origin["position"], play_on=True)
            except PositionError as exc:
                raise SaveError(f"saved game field 'origin.position': {exc}") from None
        setup = origin["setup"]
        if not isinstance(setup, dict) or set(setup) - {"players", "seed", "options", "advanced"}:
            raise SaveError("saved game field 'origin.setup' takes players, seed, options, advanced")
        try:
            game = cls.new(setup.get("players", 4), setup.get("seed", 1), options=setup.get("options"),
                           advanced=setup.get("advanced", False))
        except EngineError as exc:
            raise SaveError(f"saved game origin cannot be played (field 'origin.setup'): "
                            f"{bounded(str(exc), 200)}") from None
        except ValueError as exc:
            raise SaveError(f"saved game origin is invalid: {bounded(str(exc), 200)} (field 'origin.setup')") from None
        for name, typ, what in (("players", list, "a list of colors"), ("options", dict, "an object"),
                                ("advanced", bool, "true or false")):
            if name in setup and not isinstance(setup[name], typ):  # as to_json() writes it, so it re-saves the same
                raise SaveError(f"saved game field 'origin.setup.{name}' must be {what}, found "
                                f"{excerpt(setup[name])}")
        return game

    def _check_redo(self, redo: list[str]) -> None:
        """A loaded redo list must replay legally from the saved state (last entry first, as redo() takes them);
        the game is put back exactly as it was (from its last Tick boundary) afterwards."""
        if not redo:
            return
        before = self._history[:]
        try:
            for i in range(len(redo) - 1, -1, -1):
                try:
                    self._check(redo[i])
                except IllegalChoice as exc:
                    raise SaveError(f"saved game redo entry {i} ({excerpt(redo[i])}) is not legal there (field "
                                    f"'redo[{i}]'): {bounded(str(exc), 200)}") from None
                self._guarded(redo[i], [], self._apply, redo[i])
        except EngineError as exc:
            raise SaveError(f"saved game field 'redo' does not replay: {bounded(str(exc), 200)}") from None
        finally:
            self._rebuild(before)

    # ------------------------------------------------------------------------------------------ internals
    def _digest(self) -> str:
        text = json.dumps(to_data(self._state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def _check(self, entry: str, forced_ok: bool = True) -> None:
        """Raises IllegalChoice unless ``entry`` may be applied now; changes nothing. Forced outcomes
        (``force:<kind>:<value>``, in histories and redo lists) only where ``forced_ok``: choose() takes offered
        ids alone."""
        if not isinstance(entry, str):
            legal = ", ".join(self._ask.options) if self._ask else "none (the game is over)"
            raise IllegalChoice(f"a choice is given by its id (a string), not {excerpt(entry)}. "
                                f"Legal ids now: {bounded(legal, 2000)}")
        if forced_ok and entry.startswith("seed:"):  # a reseeded branch (Game.branch), never a player's choice
            value = entry[5:]
            if self._ask is None or not _is_seed(value):
                raise IllegalChoice(f"malformed or late reseed {excerpt(entry)}: expected seed:<whole number from "
                                    f"{SEED_RANGE[0]} to {SEED_RANGE[1]}> before the end of the game")
            return
        if forced_ok and entry.startswith("force:"):
            parts = entry.split(":", 2)
            if len(parts) != 3 or self._ask is None:
                raise IllegalChoice(f"malformed or late forced outcome {excerpt(entry)}")
            try:
                normal = check_force(self._state, parts[1], parts[2])
            except ValueError as exc:
                raise IllegalChoice(str(exc)) from None
            if normal != parts[2]:
                raise IllegalChoice(f"forced outcome {excerpt(entry)} is written force:{parts[1]}:{normal}")
            return
        ask = self._ask
        if ask is None:
            raise IllegalChoice(f"the game is over; no choice can be made (got {excerpt(entry)})")
        if entry not in ask.options:
            legal = "; ".join(f"{c.id} ({c.label})" for c in self.choices)
            hint = " (chance is fixed with game.force(), not chosen)" if entry.startswith("force:") else ""
            raise IllegalChoice(f"{excerpt(entry)} is not a legal choice for {ask.player}'s decision "
                                f"({labels.prompt(self._state, ask)}){hint}. Legal now: {bounded(legal, 2000)}")

    def _guarded(self, entry: str, redo: list[str], action: Callable[..., None], *args: Any,
                 before: list[str] | None = None) -> None:
        """Runs ``action`` all or nothing: if the rules fail, the game goes back to the history ``before`` (by
        default the history now) from its last Tick boundary, the redo list to ``redo``, and EngineError is
        raised. Nothing is copied when all goes well."""
        history = self._history
        n = len(history)
        try:
            action(*args)
        except BaseException as exc:
            self._fail(entry, history[:n] if before is None else before, redo, exc)

    def _fail(self, entry: str, target: list[str], redo: list[str], exc: BaseException) -> None:
        """Rolls back to the history ``target`` and raises EngineError (KeyboardInterrupt and the like pass on)."""
        try:  # the replay since the last Tick boundary re-runs only rules that worked before
            self._roll_back(target, redo)
        except Exception as again:
            raise self._engine_error(entry, exc, restored=False) from again
        if isinstance(exc, Exception):
            raise self._engine_error(entry, exc) from exc
        raise exc

    def _roll_back(self, target: list[str], redo: list[str]) -> None:
        try:
            self._rebuild(target)
        except Exception:  # the checkpoints themselves were hit: replay everything from the start
            self._restart(self._start.clone())
            self._replay(target)
        self._redo = redo

    def _engine_error(self, entry: str, exc: BaseException, restored: bool = True) -> EngineError:
        s = self._state  # rolled back: the Tick in which the call was made
        try:
            position = self.position()
        except Exception:
            position = None
        outcome = "the game is as it was before" if restored else "the game could not be restored: load its last save"
        return EngineError(f"the rules failed on {excerpt(entry)} in the Tick at hour {s.hour}, minute {s.minute} "
                           f"({type(exc).__name__}: {bounded(str(exc), 200)}); {outcome}. Please report it with this "
                           "message and the error's .position", entry, (s.hour, s.minute), position)

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
