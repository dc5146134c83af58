"""The game runner: one class that turns a game's :class:`Rules` into a playable, undoable, savable game.

Between checkpoints the pending rules flow lives in a generator; at each checkpoint (a turn or Tick boundary) the
state is plain data. A copy of it is taken at every SNAPSHOT_EVERY-th checkpoint, and of the others only when one
is asked for (by replaying the choices since the copy before it: the rules are deterministic), so undo restores the
last copy at or before the target and replays the choices made since. The same copies make every door all or
nothing without copying anything per choice: if a rule fails inside choose, force, undo or redo, the game goes back
to a checkpoint, replays to where it was and raises EngineError. A save is the origin (setup arguments or a
position) plus the history, with a digest of the state it reached; loading reads it through the bounded loader
(doors.py), replays it and checks the digest and the redo list, so a save either loads exactly or not at all.

Secret choices (an Ask with ``secret=True``) are sealed until the flow yields ``REVEAL``, and a game's private
answers (a card discarded face down) for good. The runner keeps them (it is the referee), but
:meth:`GameRunner.seat_game` and ``to_json(seat=...)`` give a copy in which the other players' sealed choices are
replaced by ``SEALED``: that is what bots, what-if analysis and a player's own save see. A game with an
information model (information.py) goes further: the seat's copy starts from its last checkpoint with everything
the seat cannot see drawn anew from what it can, so nothing given to a seat depends on what it cannot see.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Generator, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from .doors import MAX_STR, EngineError, PlainDataError, bounded, excerpt, load_json
from .information import digest_seed, has_information, seat_seed
from .protocol import CHECKPOINT, REVEAL, SEALED, Ask, Choice, Decision, IllegalChoice, PositionError, SaveError
from .rng import Rng, seed_state

try:  # read by mypyc when it compiles this module (docs/SPEED.md); a no-op where mypy_extensions is not installed
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*_args: Any, **_flags: Any) -> Any:  # type: ignore[misc,no-redef]
        return lambda cls: cls

T = TypeVar("T")
Flow = Generator[Any, "str | None", None]
"""A rules flow: yields :class:`Ask` (a decision) or ``CHECKPOINT``, receives the chosen option id."""

SAVE_FIELDS = ("format", "version", "origin", "seat", "history", "redo", "state_sha256", "review")
MAX_HISTORY = 100_000
"""Most entries in a saved history or redo list (a whole game takes a few hundred to a few thousand)."""
SEED_RANGE = (-(2**63), 2**64 - 1)
SNAPSHOT_EVERY = 8
"""One checkpoint in this many gets its copy of the state as it is reached; the others when first asked for
(position, undo, a seat's copy, a playout): copying the state was a fifth of a step's time, and most checkpoints of
a game are never asked for. Asking for one costs at most this many Ticks' replay, once (the copy is kept)."""
SEAT_ATTEMPTS = 40
"""Deals a seat's copy tries before it settles for the closest one (information model, seat_game)."""
"""Seeds a game accepts: any 64-bit number, so that every save stays loadable."""


def is_seed(value: Any) -> bool:
    """Whether ``value`` is a seed (a whole number in SEED_RANGE, not a bool)."""
    return type(value) is int and SEED_RANGE[0] <= value <= SEED_RANGE[1]


def _seed_text(text: str) -> bool:
    """Whether ``text`` writes a seed the way ``seed:<n>`` history entries do."""
    digits = text[1:] if text.startswith("-") else text
    return 0 < len(digits) <= 20 and digits.isascii() and digits.isdigit() and text == str(int(text)) and (
        is_seed(int(text)))


RUNNER_FIELDS = ("_origin", "_seat", "_private_fn", "_fill_seed", "_start", "_redo", "_state", "_history", "_events",
                 "_marks", "_checkpoints", "_secret", "_private", "_fills", "_reveals", "_gen", "_ask", "language",
                 "saved_reviews")
"""Every field a runner sets (GameRunner.copy copies them all)."""


class Rules(Protocol):
    """What a game implements for the runner (docs/CORE.md). The state may be any object with two lists:
    ``events`` (dicts the rules append; the runner drains them) and ``forced`` (``(kind, value)`` pairs the runner
    queues for the rules' chance functions to use before the random source)."""

    name: str
    """Short game name; the save format is ``"<name>-game"``."""
    save_version: int
    force_kinds: tuple[str, ...]

    def new_state(self, **setup: Any) -> tuple[Any, dict[str, Any]]:
        """A fresh state from setup arguments, and those arguments normalised (stored as the save's origin).
        Raises ValueError (or TypeError for unknown arguments) saying what is allowed."""

    def state_from_data(self, data: Any) -> Any:
        """A state from position data, fully validated; ValueError (best: PositionError) saying what is wrong."""

    def state_to_data(self, state: Any) -> dict[str, Any]:
        """The state as plain JSON data (a position); ``state_from_data`` reads it back exactly."""

    def clone(self, state: Any) -> Any: ...

    def flow(self, state: Any) -> Flow:
        """The rules, from this state to the end of the game."""

    def check_force(self, state: Any, kind: str, value: str) -> str:
        """The normal form of a forced outcome, or ValueError saying what may be forced now."""

    def reseed(self, state: Any, seed: int) -> None:
        """Gives the state a new random source and re-deals what no player has seen (for ``branch``). Called
        anywhere in the flow, so the flow must read what it re-deals from the state when it uses it."""

    def scores(self, state: Any) -> dict[str, int]: ...

    def prompt(self, state: Any, ask: Ask, lang: str) -> str: ...

    def label(self, state: Any, ask: Ask, option: str, lang: str) -> str: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # each game's class (Game, ...) subclasses it
class GameRunner:
    """A game: ask :attr:`decision` and :attr:`choices`, answer with :meth:`choose`, take back with :meth:`undo`.

    Subclasses set ``rules``; they add their own ``new(...)`` with named setup arguments that calls :meth:`_new`.
    The public methods take ``Any`` where they check their input themselves: compiled (docs/SPEED.md), a narrower
    hint would refuse a wrong type with a bare TypeError before the check could say what is allowed. Each ``except``
    names its exception differently within a function: compiled, one name has one type.
    """

    rules: ClassVar[Rules]
    language: str = "en"
    """The language of :attr:`decision` and :attr:`choices` labels (en, it, de)."""

    def __init__(self, state: Any, origin: dict[str, Any], seat: str | None = None) -> None:
        self._origin = origin
        self._seat = seat
        self.saved_reviews: tuple[Any, ...] = ()
        """The finished reviews a loaded save held (``core.review.Review``, checked against this game), else ()."""
        self._private_fn: Callable[[Ask, str], bool] | None = getattr(self.rules, "private", None)
        self._fill_seed: int | None = None
        if seat is not None and has_information(self.rules):
            self._fill_seed = digest_seed("fill", origin, seat)
        self._start = self.rules.clone(state)
        self._redo: list[str] = []
        self._restart(self.rules.clone(self._start))

    # ------------------------------------------------------------------------------------------ creating
    @classmethod
    def _new(cls, **setup: Any) -> Any:
        state, normal = cls.rules.new_state(**setup)
        return cls(state, {"setup": normal})

    @classmethod
    def from_position(cls, data: Any) -> Any:
        """A game that starts from a position (plain data, as given by :meth:`position`), validated. Anything
        wrong raises PositionError naming the field; a position whose first decision offers nothing is refused."""
        try:
            state = cls.rules.state_from_data(data)
        except PositionError:
            raise
        except Exception as exc:  # a loader lets nothing else escape
            said = str(exc) if type(exc) is ValueError else f"{type(exc).__name__}: {exc!s}"
            raise PositionError(f"the position could not be read: {bounded(said, 300)}") from None
        try:
            game = cls(state, {"position": cls.rules.state_to_data(state)})
        except Exception as exc:
            raise PositionError(f"the position cannot be played: the rules failed at its start "
                                f"({type(exc).__name__}: {bounded(str(exc), 200)})") from None
        ask = game._ask
        if ask is not None and (not ask.options or len(set(ask.options)) != len(ask.options)):
            raise PositionError(f"the position cannot be played: {ask.player}'s first decision ({ask.kind}) "
                                "has no legal option, or offers one twice")
        return game

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

    def decision_in(self, lang: Any) -> Decision | None:
        """:attr:`decision` with its prompt in ``lang``."""
        ask = self._ask
        if ask is None:
            return None
        return Decision(ask.player, ask.kind, self.rules.prompt(self._state, ask, lang), dict(ask.context),
                        ask.secret)

    def choices_in(self, lang: Any) -> list[Choice]:
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
        """Every choice made (and every forced outcome, as ``force:<kind>:<value>``; a reseeded branch as
        ``seed:<n>``), in order."""
        return list(self._history)

    @property
    def seat(self) -> str | None:
        """None for the whole game (the referee's); a player's name for a copy seen from that seat."""
        return self._seat

    def sealed(self, seat: Any = None) -> list[int]:
        """Positions in :attr:`history` of the secret choices not yet revealed that ``seat`` may not see (all of
        them for ``seat=None``)."""
        since = self._reveals[-1] if self._reveals else 0
        private = self._private
        return [i for i, p in self._secret.items() if (i >= since or i in private) and p != seat]

    def history_for(self, seat: Any) -> list[str]:
        """:attr:`history` as ``seat`` may know it: other players' unrevealed secret choices read ``SEALED``."""
        hidden = set(self.sealed(seat))
        return [SEALED if i in hidden else h for i, h in enumerate(self._history)]

    @property
    def events(self) -> list[dict[str, Any]]:
        """Everything that happened, in order; each event names the rules it applied (``"rules": [...]``)."""
        return list(self._events)

    def events_for(self, seat: Any) -> list[dict[str, Any]]:
        """:attr:`events` as ``seat`` may read them (a card discarded face down by another player unnamed); the
        whole events for ``seat=None`` (the referee)."""
        event_for = getattr(self.rules, "event_for", None)
        if seat is None or event_for is None:
            return self.events
        return [event_for(e, seat) for e in self._events]

    def events_since(self, step: Any) -> list[dict[str, Any]]:
        """The events caused by history entries from ``step`` on (0 = from the start)."""
        start = self._marks[step - 1] if step > 0 else 0
        return self._events[start:]

    @property
    def scores(self) -> dict[str, int]:
        return self.rules.scores(self._state)

    @property
    def winners(self) -> list[str]:
        """The players in first place by score; a game with tie-breaks overrides this."""
        scores = self.scores
        best = max(scores.values())
        return [p for p, v in scores.items() if v == best]

    def player_name(self, player: Any, lang: Any) -> str:
        """How a player is called in ``lang`` (a game whose players are colors names the color)."""
        return player

    def position(self, *, live: Any = False) -> dict[str, Any]:
        """The position at the last checkpoint (a turn or Tick boundary) as plain data; before the first one, the
        position the game started from. ``live=True`` gives the state as it is now instead (mid-turn, or a
        finished game's last state): for reading, since a game started from it begins a new turn there."""
        if live:
            return self.rules.state_to_data(self._state)
        return self.rules.state_to_data(self.last_checkpoint()[1])

    def last_checkpoint(self) -> tuple[int, Any]:
        """(history length, state) at the last checkpoint, or (0, the state the game started from) before the first.
        The state is shared: read or copy it, never change it."""
        if not self._checkpoints:
            return 0, self._start
        k = len(self._checkpoints) - 1
        return self._checkpoints[k][0], self._snapshot(k)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # ------------------------------------------------------------------------------------------ acting
    def choose(self, choice_id: Any) -> None:
        """Applies one legal option. Anything else raises IllegalChoice and changes nothing; a failure inside
        the rules rolls the game back and raises EngineError. Chance is fixed with :meth:`force`, not here."""
        if choice_id == SEALED:
            raise IllegalChoice(f"{SEALED!r} stands for another player's hidden choice in a seat's copy of a game; "
                                f"it cannot be chosen. Legal ids now: {', '.join(self.choice_ids) or 'none'}")
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

    def force(self, kind: Any, value: Any) -> None:
        """Fixes the next random outcome of a kind; the game's ``force_kinds`` say which there are."""
        if self.over:
            raise IllegalChoice("the game is over; nothing random is left to force")
        kinds = self.rules.force_kinds
        if not isinstance(kind, str) or kind not in kinds:
            allowed = ", ".join(kinds) if kinds else "none in this game"
            raise IllegalChoice(f"cannot force {excerpt(kind)}; forceable outcomes: {allowed}")
        if isinstance(value, bool) or not isinstance(value, (str, int)) or (
                len(value) > MAX_STR if isinstance(value, str) else value.bit_length() > 64):
            raise IllegalChoice(f"a forced outcome is a text or a whole number, not {excerpt(value)}")
        try:
            normal = self.rules.check_force(self._state, kind, str(value))
        except ValueError as exc:
            raise IllegalChoice(str(exc)) from None
        entry = f"force:{kind}:{normal}"
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
        redo = self._redo[:]
        try:
            self._check(entry)  # checked like any choice (a redo list can come from a save)
        except IllegalChoice:
            raise
        except Exception as exc:  # the rules failed while checking: nothing was changed
            raise self._engine_error(entry, exc) from exc
        def step() -> None:
            self._apply(entry)
            self._redo = redo[:-1]  # taken off only once applied, inside the guard: all or nothing

        self._guarded(entry, redo, step)
        return entry

    def scores_after(self, choice_id: Any, *then: Any) -> dict[str, int]:
        """The scores once ``choice_id`` (and each of ``then`` that is legal by its turn) is applied; the game is
        left exactly as it was, redo included. Bots and what-if questions look ahead with it."""
        return self.look_ahead(choice_id, lambda game: game.scores, *then)

    def look_ahead(self, choice_id: Any, measure: Callable[[Any], T], *then: Any) -> T:
        """``measure(game)`` once ``choice_id`` (and each legal one of ``then``) is applied; the game is then put
        back exactly as it was, redo included (restored from the last checkpoint, so it is cheap)."""
        self._check(choice_id, False)
        redo, before = self._redo[:], self._history[:]

        def ahead() -> None:
            self._apply(choice_id)
            for follow in then:
                if self._ask is not None and isinstance(follow, str) and follow in self._ask.options:
                    self._apply(follow)

        self._guarded(choice_id, redo, ahead, before=before)
        try:
            return measure(self)
        finally:
            self._guarded(choice_id, redo, self._rebuild, before, before=before)
            self._redo = redo

    def copy(self) -> Any:
        """An independent game with the same origin, history and redo. It starts from the last checkpoint's
        snapshot (shared: snapshots are never changed) and replays only the entries since."""
        self.last_checkpoint()  # copied once here (if not yet), and shared with the twin
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)  # what a game's own class adds
        for name in RUNNER_FIELDS:  # the runner's own fields (slots, not __dict__, in the compiled build)
            setattr(twin, name, getattr(self, name))
        twin._redo = list(self._redo)
        twin._history, twin._events, twin._marks = list(self._history), list(self._events), list(self._marks)
        twin._checkpoints, twin._secret, twin._reveals = list(self._checkpoints), dict(self._secret), list(
            self._reveals)
        twin._private, twin._fills = set(self._private), dict(self._fills)
        try:
            twin._rebuild(self._history)
        except Exception as exc:  # the original is untouched; only the twin failed
            raise self._engine_error("copy", exc) from exc
        return twin

    def branch(self, seed: Any = None) -> Any:
        """An independent game from now. With a ``seed`` what no player has seen (future chance, the order of
        face-down decks) is dealt afresh from that seed, recorded in the history as ``seed:<seed>``; with None it
        has the same future as this game. In a seat's copy, a sealed choice of another player is replaced by one
        drawn with ``seed`` among that player's legal options: the branch is a whole game again, one the seat
        cannot tell from the real one."""
        twin = self.copy()
        if seed is None:
            return twin
        if self.over:
            raise IllegalChoice("the game is over; there is no future to reseed")
        if not is_seed(seed):
            raise IllegalChoice(f"a branch seed is a whole number from {SEED_RANGE[0]} to {SEED_RANGE[1]} or None, "
                                f"not {excerpt(seed)}")
        twin._redo.clear()
        if twin._fill_seed is not None:  # a drawn seat's copy: a whole game, its sealed entries written out
            twin._history, twin._fills = twin._filled_history(), {}
            twin._seat = twin._fill_seed = None
        if SEALED not in twin._history:
            twin._apply(f"seed:{seed}")
            return twin
        first = self._history.index(SEALED)
        rest = self._history[first:]
        twin._rebuild(self._history[:first])
        twin._seat = None
        twin._apply(f"seed:{seed}")
        pick = Rng(seed_state(seed))
        for entry in rest:
            if entry == SEALED:
                entry = twin.choice_ids[pick.below(len(twin.choice_ids))]
            twin._check(entry)
            twin._apply(entry)
        return twin

    def seat_game(self, seat: Any) -> Any:
        """This game as ``seat`` may know it: a copy in which the other players' unrevealed secret choices are
        ``SEALED`` (the rules record an unknown commitment). With nothing sealed from ``seat``, the game itself.
        Bots and what-if analysis decide on this copy, so they never read a hidden commitment.

        A game with an information model (information.py) always gives a copy drawn anew: it starts from the last
        checkpoint as ``seat`` sees it, with every card ``seat`` cannot see dealt again (consistently with the events
        it has read) by a generator seeded from what it knows; then the entries since are replayed, another
        player's hidden answer drawn among that player's hidden options."""
        if has_information(self.rules):
            return self._drawn_seat_game(seat)
        if not self.sealed(seat):
            return self
        hidden = set(self.sealed(seat))
        first = min(hidden)
        keep = [cp for cp in self._checkpoints if cp[0] <= first]
        at, state = (keep[-1][0], self._snapshot(len(keep) - 1)) if keep else (0, self._start)
        twin = type(self)(self.rules.clone(state), {"position": self.rules.state_to_data(state)}, seat)
        twin.language = self.language
        twin._replay([SEALED if at + i in hidden else h for i, h in enumerate(self._history[at:])])
        return twin

    def _drawn_seat_game(self, seat: Any) -> Any:
        if seat not in self.scores:
            raise ValueError(f"no player {excerpt(seat)} in this game; players: {', '.join(self.scores)}")
        if self._seat is not None:
            if self._seat != seat:
                raise ValueError(f"this copy is seen from {self._seat}'s seat; it cannot be seen from {seat}'s")
            return self
        rules: Any = self.rules  # a game with an information model: seat_view and resample (information.py)
        at, state = self.last_checkpoint()
        n_events = self._checkpoints[-1][2] if self._checkpoints else 0
        known = self.history_for(seat)[at:]
        since = [h for h in known if not h.startswith(("force:", "seed:"))]  # the referee's, not the seat's
        seen = self.events_for(seat)
        before, later = seen[:n_events], seen[n_events:]
        seed = seat_seed(seat, rules.seat_view(state, seat), before, since)
        shown = later + [{"kind": "entry", "entry": h} for h in since]  # the choices since, as the seat read them
        ask, first, failure = self._ask, None, None
        for attempt in range(SEAT_ATTEMPTS):  # rejection: a deal the seat could tell from what it saw is dealt again
            pick = Rng(seed_state(seed if attempt == 0 else digest_seed(seed, attempt)))
            drawn = rules.resample(rules.clone(state), seat, before, shown, pick)
            twin = type(self)(drawn, {"position": rules.state_to_data(drawn)}, seat)
            twin.language = self.language
            try:
                for entry in since:
                    twin._check(entry)
                    twin._apply(entry)
            except Exception as exc:
                failure = failure or exc
                continue
            mine = twin._ask
            if twin.events_for(seat) == later and (mine is None) == (ask is None) and (ask is None or (
                    (mine.player, mine.kind) == (ask.player, ask.kind)  # type: ignore[union-attr]
                    and (ask.player != seat or mine.options == ask.options))):  # type: ignore[union-attr]
                return twin
            first = first or twin
        if first is not None:  # the rules hid something no deal here respects: the closest copy
            return first
        raise self._engine_error("seat_game", failure or RuntimeError("no deal replays"))

    def _hides(self, ask: Ask, option: str) -> bool:
        """Whether answering ``ask`` with ``option`` is hidden from the other players (for now or for good)."""
        private = self._private_fn
        return ask.secret or (private is not None and private(ask, option))

    def _fill(self, ask: Ask, at: int) -> str:
        """In a seat's copy, another player's hidden answer at history position ``at``: one of that player's hidden
        options, drawn from the copy's own seed (so replaying the copy draws the same)."""
        options = [o for o in ask.options if self._hides(ask, o)]
        if not options or self._fill_seed is None:
            raise IllegalChoice(f"{SEALED!r} answers only another player's hidden choice")
        pick = Rng(seed_state(self._fill_seed + at))
        return options[pick.below(len(options))]

    def _filled_history(self) -> list[str]:
        """The history with every sealed entry of this seat's copy written out as the option drawn for it."""
        return [self._fills.get(i, h) for i, h in enumerate(self._history)]

    @classmethod
    def what_if_engine(cls) -> Any:
        """How what-if analysis (core/whatif.py ``compare``) plays this game out many times: by default a save
        replayed in each worker and branches played by the core's bots; a game with a faster engine returns its
        own."""
        from .whatif import ReplayPlayouts

        return ReplayPlayouts()

    # ------------------------------------------------------------------------------------------ saving
    @classmethod
    def save_format(cls) -> str:
        return f"{cls.rules.name}-game"

    def to_json(self, seat: Any = None) -> str:
        """The whole game, history and redo included, as JSON text. With ``seat``: the game as that player may
        know it (a seat save): the other players' unrevealed secret choices are ``SEALED`` and redo is left out;
        it loads into a seat's copy that shows the table up to the reveal. A game with an information model saves
        the seat's copy (:meth:`seat_game`): its checkpoint as drawn for the seat, and the entries since."""
        if has_information(self.rules) and (seat is not None or self._seat is not None):
            return self._seat_dump(seat)
        if seat is None and self._seat is None:
            return self._dump(None, self._history, self._redo, self._digest())
        seat = seat if seat is not None else self._seat
        if seat not in self.scores:
            raise ValueError(f"no player {excerpt(seat)} in this game; players: {', '.join(self.scores)}")
        if self._seat not in (None, seat):
            raise ValueError(f"this copy is seen from {self._seat}'s seat; it cannot be saved for {seat}")
        twin = type(self)(self.rules.clone(self._start), self._origin, seat)
        twin._replay(self.history_for(seat))
        return self._dump(seat, twin._history, [], twin._digest())

    def _seat_dump(self, seat: Any) -> str:
        if self._seat is None:
            return self._drawn_seat_game(seat).to_json()  # type: ignore[arg-type]
        if seat not in (None, self._seat):
            raise ValueError(f"this copy is seen from {self._seat}'s seat; it cannot be saved for {seat}")
        hidden = [i for i, p in self._secret.items() if p != self._seat and self._history[i] != SEALED]
        if hidden:  # another player's hidden choice was made in this copy: it is a whole game of its own now
            return self._dump(None, self._filled_history(), [], self._digest())
        return self._dump(self._seat, self._history, [], self._digest())

    def _dump(self, seat: str | None, history: list[str], redo: list[str], digest: str) -> str:
        data: dict[str, Any] = {"format": self.save_format(), "version": self.rules.save_version,
                                "origin": self._origin}
        if seat is not None:
            data["seat"] = seat
        data.update({"history": history, "redo": redo, "state_sha256": digest})
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Any) -> Any:
        """Loads a saved game: replays its history from its origin and checks it reaches the saved state, and
        that its redo list replays legally from there. Anything wrong raises SaveError naming the field; nothing
        half-loaded is ever returned."""
        try:
            return cls._load(text)
        except SaveError:
            raise
        except Exception as exc:  # a loader lets nothing else escape; the message says what failed
            raise SaveError(f"the saved game could not be loaded: {type(exc).__name__}: "
                            f"{bounded(str(exc), 200)}") from None

    @classmethod
    def _load(cls, text: Any) -> Any:
        fmt, version = cls.save_format(), cls.rules.save_version
        try:
            data = load_json(text)
        except PlainDataError as bad_text:
            if bad_text.path == "(text)":
                raise SaveError(f"a saved game is the JSON text to_json() writes: {bad_text.problem}") from None
            raise SaveError(f"saved game {bad_text}") from None
        if not isinstance(data, dict) or data.get("format") != fmt:
            got = data.get("format") if isinstance(data, dict) else None
            raise SaveError(f"not a saved game of this kind (field 'format'): expected format {fmt!r}"
                            + (f", got {excerpt(got)}" if got is not None else ""))
        if type(data.get("version")) is not int or data["version"] != version:
            raise SaveError(f"saved game version {excerpt(data.get('version'))} is not supported (field 'version'; "
                            f"this reads {version})")
        unknown = sorted(set(data) - set(SAVE_FIELDS))
        if unknown:
            raise SaveError(f"saved game field {excerpt(unknown[0])} is unknown; the fields are "
                            f"{', '.join(SAVE_FIELDS)}")
        origin: Any = data.get("origin")
        history: Any = data.get("history")
        redo: Any = data.get("redo", [])
        for name, value in (("history", history), ("redo", redo)):
            if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
                raise SaveError(f"saved game field {name!r} must be a list of choice ids")
            if len(value) > MAX_HISTORY:
                raise SaveError(f"saved game field {name!r} holds {len(value)} entries, at most {MAX_HISTORY}")
        digest = data.get("state_sha256")
        if not isinstance(digest, str) or len(digest) != 64:
            raise SaveError("saved game field 'state_sha256' must be the 64 hex digits written by to_json()")
        game = cls._load_origin(origin)
        if json.dumps(game._origin, sort_keys=True) != json.dumps(origin, sort_keys=True):
            field = "origin.setup" if "setup" in origin else "origin.position"
            raise SaveError(f"saved game field {field!r} is not written as to_json() writes it (every field, "
                            "normalised): a save loads back exactly as given, or not at all")
        seat = data.get("seat")  # null: the referee's save, as one without the field
        if seat is not None:
            if seat not in game.scores:
                raise SaveError(f"saved game field 'seat' must name a player ({', '.join(game.scores)}), "
                                f"not {excerpt(seat)}")
            game._seat = seat
            if has_information(cls.rules):
                game._fill_seed = digest_seed("fill", game._origin, seat)
            if redo:
                raise SaveError("a seat's save has no redo list (field 'redo'): redo belongs to the whole game")
        for i, entry in enumerate(history):
            ask = game._ask
            if (game._fill_seed is not None and ask is not None and entry != SEALED and ask.player != seat
                    and not entry.startswith(("force:", "seed:")) and game._hides(ask, entry)):
                raise SaveError(f"saved game history entry {i} ({excerpt(entry)}) is {ask.player}'s hidden choice, "
                                f"which {seat}'s save holds only as {SEALED!r} (field 'history[{i}]')")
            try:
                game._check(entry)
                game._guarded(entry, [], game._apply, entry)
            except (IllegalChoice, EngineError) as illegal:
                raise SaveError(f"saved game history entry {i} ({excerpt(entry)}) is not legal there (field "
                                f"'history[{i}]'): {bounded(str(illegal), 200)}") from None
        if digest != game._digest():
            raise SaveError("the saved game does not replay to the state it was saved with (field 'state_sha256'): "
                            "it was edited or made by a different rules version")
        game._check_redo(redo)
        game._redo = list(redo)
        if data.get("review") is not None:  # a finished review saved with the game (the widget's save): checked
            from .review import load_reviews

            try:
                game.saved_reviews = load_reviews(data["review"], game)
            except ValueError as bad:
                raise SaveError(f"saved game field 'review' does not fit this game: {bounded(str(bad), 300)} (the "
                                "game loads without it once the field is removed)") from None
        return game

    @classmethod
    def _load_origin(cls, origin: Any) -> Any:
        """The game a save starts from: its setup arguments or its position, each checked."""
        if not isinstance(origin, dict) or len(origin) != 1 or not ({"setup", "position"} & set(origin)):
            raise SaveError("saved game field 'origin' must be {'setup': {...}} or {'position': {...}}")
        if "position" in origin:
            try:
                return cls._position_origin(origin["position"])
            except PositionError as bad_position:
                raise SaveError(f"saved game field 'origin.position': {bad_position}") from None
        setup = origin["setup"]
        if not isinstance(setup, dict):
            raise SaveError("saved game field 'origin.setup' must be an object of setup arguments")
        try:
            return cls._setup_origin(setup)
        except SaveError:
            raise
        except EngineError as failed:
            raise SaveError(f"saved game origin cannot be played (field 'origin.setup'): "
                            f"{bounded(str(failed), 200)}") from None
        except (TypeError, ValueError) as bad_setup:
            raise SaveError(f"saved game origin is invalid: {bounded(str(bad_setup), 200)} "
                            "(field 'origin.setup')") from None

    @classmethod
    def _setup_origin(cls, setup: Any) -> Any:
        """A game from a save's setup arguments (a game may check them further)."""
        return cls._new(**setup)

    @classmethod
    def _position_origin(cls, data: Any) -> Any:
        """A game from a save's position (a game may pass options to :meth:`from_position`)."""
        return cls.from_position(data)

    def _check_redo(self, redo: list[str]) -> None:
        """A loaded redo list must replay legally from the saved state (last entry first, as redo() takes them);
        the game is put back exactly as it was (from its last checkpoint) afterwards."""
        if not redo:
            return
        before = self._history[:]
        try:
            for i in range(len(redo) - 1, -1, -1):
                try:
                    self._check(redo[i])
                except IllegalChoice as illegal:
                    raise SaveError(f"saved game redo entry {i} ({excerpt(redo[i])}) is not legal there (field "
                                    f"'redo[{i}]'): {bounded(str(illegal), 200)}") from None
                self._guarded(redo[i], [], self._apply, redo[i])
        except EngineError as failed:
            raise SaveError(f"saved game field 'redo' does not replay: {bounded(str(failed), 200)}") from None
        finally:
            self._rebuild(before)

    # ------------------------------------------------------------------------------------------ internals
    def _digest(self) -> str:
        text = json.dumps(self.rules.state_to_data(self._state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def _check(self, entry: Any, forced_ok: bool = True) -> None:
        """Raises IllegalChoice unless ``entry`` may be applied now; changes nothing. Forced outcomes and reseeds
        (``force:<kind>:<value>``, ``seed:<n>``, in histories and redo lists) only where ``forced_ok``: choose()
        takes offered ids alone."""
        ask = self._ask
        if not isinstance(entry, str):
            legal = ", ".join(ask.options) if ask else "none (the game is over)"
            raise IllegalChoice(f"a choice is given by its id (a string), not {excerpt(entry)}. "
                                f"Legal ids now: {bounded(legal, 2000)}")
        if forced_ok and entry.startswith("seed:"):  # a reseeded branch (branch()), never a player's choice
            if ask is None or not _seed_text(entry[5:]):
                raise IllegalChoice(f"malformed or late reseed {excerpt(entry)}: expected seed:<whole number from "
                                    f"{SEED_RANGE[0]} to {SEED_RANGE[1]}> before the end of the game")
            return
        if forced_ok and entry.startswith("force:"):
            parts = entry.split(":", 2)
            if len(parts) != 3 or ask is None or parts[1] not in self.rules.force_kinds:
                raise IllegalChoice(f"malformed or late forced outcome {excerpt(entry)}")
            try:
                normal = self.rules.check_force(self._state, parts[1], parts[2])
            except ValueError as exc:
                raise IllegalChoice(str(exc)) from None
            if normal != parts[2]:
                raise IllegalChoice(f"forced outcome {excerpt(entry)} is written force:{parts[1]}:{normal}")
            return
        if ask is None:
            raise IllegalChoice(f"the game is over; no choice can be made (got {excerpt(entry)})")
        if entry == SEALED and self._seat not in (None, ask.player) and (
                ask.secret or (self._fill_seed is not None and any(self._hides(ask, o) for o in ask.options))):
            return
        if entry not in ask.options:
            legal = "; ".join(f"{c.id} ({c.label})" for c in self.choices)
            hint = " (chance is fixed with game.force(), not chosen)" if entry.startswith("force:") else ""
            raise IllegalChoice(f"{excerpt(entry)} is not a legal choice for {ask.player}'s decision "
                                f"({self.rules.prompt(self._state, ask, self.language)}){hint}. "
                                f"Legal now: {bounded(legal, 2000)}")

    def _guarded(self, entry: str, redo: list[str], action: Callable[..., Any], *args: Any,
                 before: list[str] | None = None) -> None:
        """Runs ``action`` all or nothing: if the rules fail, the game goes back to the history ``before`` (by
        default the history now) from its last checkpoint, the redo list to ``redo``, and EngineError is raised.
        Nothing is copied when all goes well."""
        history = self._history
        n = len(history)
        try:
            action(*args)
        except BaseException as exc:
            self._fail(entry, history[:n] if before is None else before, redo, exc)

    def _fail(self, entry: str, target: list[str], redo: list[str], exc: BaseException) -> None:
        """Rolls back to the history ``target`` and raises EngineError (KeyboardInterrupt and the like pass on,
        after the roll-back)."""
        try:  # the replay since the last checkpoint re-runs only rules that worked before
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
            self._restart(self.rules.clone(self._start))
            self._replay(target)
        self._redo = redo

    def _where(self) -> tuple[str, Any]:
        """Where the game is, for an error report: words, and a value for ``EngineError.where``."""
        n = len(self._history)
        return f"after {n} history entries", n

    def _engine_error(self, entry: str, exc: BaseException, restored: bool = True) -> EngineError:
        words, where = self._where()  # rolled back: where the call was made
        try:
            position = self.position()
        except Exception:
            position = None
        outcome = "the game is as it was before" if restored else "the game could not be restored: load its last save"
        return EngineError(f"the rules failed on {excerpt(entry)} {words} ({type(exc).__name__}: "
                           f"{bounded(str(exc), 200)}); {outcome}. Please report it with this message and the "
                           "error's .position", entry, where, position)

    def _apply(self, entry: str) -> None:
        ask = self._ask
        send = entry
        if ask is not None:
            at = len(self._history)
            if entry == SEALED and self._fill_seed is not None:
                send = self._fills[at] = self._fill(ask, at)
            if ask.secret:
                if not entry.startswith(("force:", "seed:")):
                    self._secret[at] = ask.player
            elif self._private_fn is not None and self._private_fn(ask, send):
                self._secret[at] = ask.player
                self._private.add(at)
        self._history.append(entry)
        if entry.startswith("force:"):
            _, kind, value = entry.split(":", 2)
            self._state.forced.append((kind, value))
        elif entry.startswith("seed:"):
            self.rules.reseed(self._state, int(entry[5:]))
        else:
            self._advance(send)
        self._marks.append(len(self._events))

    def _restart(self, state: Any) -> None:
        self._state = state
        self._history: list[str] = []
        self._events: list[dict[str, Any]] = []
        self._marks: list[int] = []
        self._checkpoints: list[tuple[int, Any, int, int]] = []
        """(history length, snapshot, event count, reveal count) at each checkpoint; the snapshot is None until
        asked for (:meth:`_snapshot`), except at every SNAPSHOT_EVERY-th."""
        self._secret: dict[int, str] = {}
        """History position -> player, for every answer to a secret Ask, and every private answer."""
        self._private: set[int] = set()
        """History positions of private answers: hidden from the other players for good, even after a reveal."""
        self._fills: dict[int, str] = {}
        """In a seat's copy: history position -> the option drawn for a sealed entry there."""
        self._reveals: list[int] = []
        """History lengths at which the flow yielded REVEAL."""
        self._gen = self.rules.flow(state)
        self._ask: Ask | None = None
        self._advance(None)

    def _advance(self, value: str | None) -> None:
        state = self._state
        try:
            out = self._gen.send(value)
            while out is CHECKPOINT or out is REVEAL:
                if out is REVEAL:
                    self._reveals.append(len(self._history))
                else:
                    self._events.extend(state.events)
                    state.events.clear()
                    self._checkpoint()
                out = self._gen.send(None)
            self._ask = out
        except StopIteration:
            self._ask = None
        self._events.extend(state.events)
        state.events.clear()

    def _checkpoint(self) -> None:
        checkpoints = self._checkpoints
        at = len(self._history)
        if checkpoints and checkpoints[-1][0] == at:  # a later boundary at the same point: it replaces the last
            k = len(checkpoints) - 1
            copy = k % SNAPSHOT_EVERY == 0 or checkpoints[k][1] is not None  # a copy asked for stays taken
            checkpoints[k] = (at, self.rules.clone(self._state) if copy else None, len(self._events),
                              len(self._reveals))
        else:
            copy = len(checkpoints) % SNAPSHOT_EVERY == 0
            checkpoints.append((at, self.rules.clone(self._state) if copy else None, len(self._events),
                                len(self._reveals)))

    def _snapshot(self, k: int) -> Any:
        """The state at checkpoint ``k`` (an index into ``_checkpoints``), copied now if it was not yet: from the
        last copy before it (or the start), a flow of its own replays the history entries between, the way
        :meth:`_apply` applies them. The copy is kept."""
        checkpoints = self._checkpoints
        at, snapshot, n_events, n_reveals = checkpoints[k]
        if snapshot is not None:
            return snapshot
        j = k - 1
        while j >= 0 and checkpoints[j][1] is None:
            j -= 1
        start, base = (checkpoints[j][0], checkpoints[j][1]) if j >= 0 else (0, self._start)
        rules = self.rules
        state = rules.clone(base)
        gen = rules.flow(state)
        snapshot = self._replay_to(gen, state, None, start == at)
        history = self._history
        for i in range(start, at):
            entry = history[i]
            if entry.startswith("force:"):
                _, kind, value = entry.split(":", 2)
                state.forced.append((kind, value))
            elif entry.startswith("seed:"):
                rules.reseed(state, int(entry[5:]))
            else:
                send = self._fills[i] if entry == SEALED and self._fill_seed is not None else entry
                taken = self._replay_to(gen, state, send, i + 1 == at)
                if taken is not None:
                    snapshot = taken
        if snapshot is None:
            raise RuntimeError(f"the replay from history entry {start} reached no checkpoint at entry {at}")
        checkpoints[k] = (at, snapshot, n_events, n_reveals)
        return snapshot

    def _replay_to(self, gen: Flow, state: Any, value: str | None, take: bool) -> Any:
        """Sends ``value`` to a replaying flow (:meth:`_snapshot`) and runs it to its next question; returns a copy
        of the state at the last checkpoint passed if ``take``, else None."""
        snapshot = None
        try:
            out = gen.send(value)
            while out is CHECKPOINT or out is REVEAL:
                if out is CHECKPOINT:
                    state.events.clear()  # as _advance drains them before its copy (a game's copy may keep them)
                    if take:
                        snapshot = self.rules.clone(state)
                out = gen.send(None)
        except StopIteration:
            pass
        state.events.clear()
        return snapshot

    def _rebuild(self, target: Sequence[str]) -> None:
        """Restores the last checkpoint at or before ``target`` and replays the rest of it."""
        keep = [cp for cp in self._checkpoints if cp[0] <= len(target)]
        if not keep:
            self._restart(self.rules.clone(self._start))
            self._replay(target)
            return
        at, _, n_events, n_reveals = keep[-1]
        snapshot = self._snapshot(len(keep) - 1)
        self._checkpoints = keep
        self._state = self.rules.clone(snapshot)
        self._history = list(target[:at])
        del self._events[n_events:]
        del self._marks[at:]
        del self._reveals[n_reveals:]
        self._secret = {i: p for i, p in self._secret.items() if i < at}
        self._private = {i for i in self._private if i < at}
        self._fills = {i: o for i, o in self._fills.items() if i < at}
        self._gen = self.rules.flow(self._state)
        self._advance(None)
        self._replay(target[at:])

    def _replay(self, entries: Sequence[str]) -> None:
        for entry in entries:
            self._apply(entry)


def reseed_rng(state: Any, seed: int) -> None:
    """The plain part of ``Rules.reseed``: a new generator state in ``state.rng``."""
    state.rng = seed_state(seed)
