"""Walking a game's history: the board as it was after any step, and going back there to play on (a branch).

``Game`` keeps a snapshot at every Tick boundary; a jump restores the nearest one and replays the rest of that
Tick, so a look back at step 10 of a 300-step game costs a Tick's replay, not a game's. These helpers use the
game's private rebuild for that (``Game`` offers only one-step undo/redo in public).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from ..rules.state import owner

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import Game


def check_step(game: Game, step: Any) -> int:
    """``step`` as a valid history length of ``game`` (0 = the start), else ValueError saying what is allowed."""
    total = len(game.history)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= total:
        raise ValueError(f"a step of this game's history is a whole number from 0 to {total}, not {step!r}")
    return step


def game_at(game: Game, step: int, twin: Game | None = None) -> Game:
    """A separate game standing after the first ``step`` history entries of ``game`` (``game`` is not changed).

    ``twin`` (a game returned by an earlier call for the same ``game``) is reused when its history is still a
    prefix of ``game``'s, which makes stepping back and forth cheap."""
    history = game.history
    step = check_step(game, step)
    if twin is None or twin.history != history[:len(twin.history)]:
        twin = game.copy()
    twin._rebuild(history[:step])
    twin._redo = []
    return twin


def rewind(game: Game, step: int) -> None:
    """Takes ``game`` back to after ``step`` entries; the entries taken back go on its redo stack (so Redo walks
    the old line again until a new choice starts a branch)."""
    history = game.history
    step = check_step(game, step)
    if step == len(history):
        return
    game._rebuild(history[:step])
    game._redo.extend(reversed(history[step:]))


def event_steps(game: Game) -> list[int]:
    """For each event of ``game``, the history length after which it had happened (0 = during set-up)."""
    marks = game._marks
    setup = _setup_events(game)
    return [0 if i < setup else bisect_right(marks, i) + 1 for i in range(len(game.events))]


_SETUP_EVENTS: WeakKeyDictionary[Game, int] = WeakKeyDictionary()


def _setup_events(game: Game) -> int:
    """How many events the game's start produced before its first decision (the same for all its branches)."""
    if game not in _SETUP_EVENTS:
        _SETUP_EVENTS[game] = len(type(game)(game._start.clone(), game._origin).events)
    return _SETUP_EVENTS[game]


def last_move(game: Game) -> dict[str, Any] | None:
    """What the last history entry did: its step, who acted, the mice it moved and the numbers it touched."""
    history = game.history
    if not history:
        return None
    events = game.events_since(len(history) - 1)
    mice = list(dict.fromkeys(e["mouse"] for e in events if isinstance(e.get("mouse"), str)))
    numbers = list(dict.fromkeys(e["number"] for e in events if isinstance(e.get("number"), int)))
    player = next((e["color"] for e in events if isinstance(e.get("color"), str)), None)
    if mice:
        player = owner(mice[0])
    return {"step": len(history), "entry": history[-1], "player": player, "mice": mice, "numbers": numbers}
