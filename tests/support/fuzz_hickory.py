"""Seeded mutation fuzzing of the doors: saved games, positions and widget intents, as an outside tester would.

Each door starts from sound inputs (saves and positions of seeded random games, valid intents), mutates them
(truncation, flipped characters, wrong types, huge numbers, deep nesting, long strings, NaN and Infinity,
duplicated or missing tiles and mice, changed versions, tampered history and redo) and sorts every outcome:

* ``refused``: a clear error of the door's own type (SaveError, PositionError, IllegalChoice, a short refusal
  sentence in the widget), with the game unchanged;
* ``identical``: accepted, and what was loaded is what was given (re-saved, it reads the same);
* must be zero: ``different`` (accepted but not what was given), ``other`` (any other exception type),
  ``broken`` (a crash or an invariant break in random play after acceptance), ``hang`` (a case over its time
  budget), ``leak`` (a widget refusal that is long or shows a traceback), ``changed`` (a refused or stale
  widget intent that changed the game).

The same seed gives the same cases, so a failure reproduces. tests/test_fuzz_doors.py runs a few hundred
cases per door; ``benchmarks/fuzz_doors.py`` runs thousands and prints the counts.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from hickory_widget.core.doors import excerpt
from hickory_widget.core.protocol import IllegalChoice
from hickory_widget.hickory.game import Game, SaveError
from hickory_widget.hickory.positions.position import PositionError, to_data
from hickory_widget.hickory.rules.invariants import problems
from hickory_widget.hickory.rules.options import OPTIONS
from support.fuzz_core import (
    HANG_SECONDS,
    MAX_ERROR,
    Tally,
    _junk,
    _paths,
    clear,
    judge,
    mutate_data,
)

PLAY_AFTER = 50
"""Random choices played (with every invariant checked) after a position or save is accepted."""


# --------------------------------------------------------------------------------------------------- sources


def sample_games(seed: int, count: int = 6) -> list[Game]:
    """Seeded random games of 1-4 players, some with options or the advanced setup, stopped part way."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        options = {name: True for name in sorted(OPTIONS) if rng.random() < 0.3}
        game = Game.new(1 + i % 4, seed=rng.randrange(10**6), options=options, advanced=rng.random() < 0.3)
        for _ in range(rng.randrange(0, 300)):
            if game.over:
                break
            if rng.random() < 0.02 and game.state.bag:
                game.force("draw", rng.choice(game.state.bag))
            else:
                game.choose(rng.choice(game.choice_ids))
        for _ in range(rng.randrange(0, 3)):
            if game.can_undo:
                game.undo()
        games.append(game)
    return games


# --------------------------------------------------------------------------------------------------- mutations


def mutate_position(rng: random.Random, pos: dict[str, Any]) -> Any:
    """A mutated position: half the time a change a user might make on purpose (a mouse moved, a paw, the
    clock, two tiles swapped, a score), else a structural mutation."""
    if rng.random() < 0.5:
        return mutate_data(rng, pos)
    pos = copy.deepcopy(pos)
    for _ in range(rng.choice((1, 2, 3))):
        op = rng.randrange(6)
        if op == 0:
            mouse = rng.choice(sorted(pos["mice"]))
            where = rng.choice((f"inner {rng.randint(1, 12)}", f"outer {rng.randint(1, 12)}", "hand", "card"))
            if mouse in pos["hand"]:
                pos["hand"].remove(mouse)
            if where == "hand":
                pos["hand"].append(mouse)
            pos["mice"][mouse] = where
        elif op == 1:
            pos["paws"] = rng.sample(range(1, 12), rng.randint(0, 2))
        elif op == 2:
            pos[rng.choice(("minute", "hour", "weight"))] = rng.randint(0, 12)
        elif op == 3:
            places = [(box, key) for box, key in _paths(pos) if isinstance(box[key], str) and "." in box[key]]
            if len(places) > 1:  # two tiles (or mice) trade places
                (a, i), (b, j) = rng.sample(places, 2)
                a[i], b[j] = b[j], a[i]
        elif op == 4:
            board = rng.choice(list(pos["boards"].values()))
            board["score"][rng.choice(sorted(board["score"]))] = rng.choice((0, 5, 50, 500, 999, 1000))
            board["scaler"] = rng.randint(0, 12)
        else:
            pos["forced"].append([rng.choice(("die", "draw")), rng.choice(("1", "5", "11", "12", "wild", "crown",
                                                                           "red key", "relic"))])
    return pos


def mutate_save(rng: random.Random, text: str, game: Game) -> str:
    """A mutated save: raw-text damage, structural mutations, or a tampered version, history or redo list."""
    op = rng.randrange(10)
    if op == 0:
        return text[:rng.randrange(len(text))]
    if op == 1:
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.randrange(1, 0x250)) + text[i + 1:]
    if op == 2:
        depth = rng.choice((50, 1000, 100_000))
        return "[" * depth + text + "]" * depth
    data = json.loads(text)
    if op == 3:
        data["version"] = rng.choice((2, 0, 1.0, True, "1", None, 10**40))
    elif op in (4, 5):
        entries = [*game.choice_ids, "force:die:5", "force:die:99", "force:die:05", "force:draw:red key",
                   "force:draw:nothing", "bogus", "", "x" * 5000]
        target = data["redo"] if op == 4 or not data["history"] else data["history"]
        target.insert(rng.randrange(len(target) + 1), rng.choice(entries))
    else:
        data = mutate_data(rng, data)
    try:
        return json.dumps(data)
    except Exception:  # a huge int or deep list json cannot write: damage the text instead
        return text[: len(text) // 2]


# --------------------------------------------------------------------------------------------------- checking


def _plays_soundly(game: Game, rng: random.Random) -> str | None:
    """Random play from an accepted game, every invariant checked after each choice: what broke, or None."""
    try:
        for _ in range(PLAY_AFTER):
            found = problems(game.state, game.decision, game.choice_ids)
            if found:
                return f"invariant: {found[0]}"
            if game.over:
                return None
            game.choose(rng.choice(game.choice_ids))
        text = game.to_json()
        if Game.from_json(text).to_json() != text:
            return "save after play does not reload identically"
    except Exception as exc:  # counting every crash is the point
        return f"crash: {type(exc).__name__}: {str(exc)[:200]}"
    return None


def _timed(tally: Tally, start: float, note: str) -> None:
    if time.perf_counter() - start > HANG_SECONDS:
        tally.add("hang", note)


def fuzz_saves(seed: int, cases: int) -> Tally:
    """Mutated saves through Game.from_json."""
    rng = random.Random(seed)
    games = sample_games(seed)
    tally = Tally()
    for i in range(cases):
        game = rng.choice(games)
        text = mutate_save(rng, game.to_json(), game)
        note = f"seed {seed} case {i}: {text[:300]}"
        start = time.perf_counter()
        judge(tally, note, partial(Game.from_json, text), SaveError, partial(json.loads, text),
              lambda made: json.loads(made.to_json()), _plays_soundly, i)
        _timed(tally, start, note)
    return tally


def fuzz_positions(seed: int, cases: int) -> Tally:
    """Mutated positions through Game.from_position (the position of each sample game's current Tick)."""
    rng = random.Random(seed)
    positions = [g.position() for g in sample_games(seed)]
    positions += [Game.new(players, seed=seed, advanced=True).position() for players in (1, 3)]
    tally = Tally()
    for i in range(cases):
        data = mutate_position(rng, rng.choice(positions))
        note = f"seed {seed} case {i}"
        start = time.perf_counter()
        judge(tally, note, partial(Game.from_position, data), PositionError, partial(copy.deepcopy, data),
              lambda made: to_data(made._start), _plays_soundly, i)
        _timed(tally, start, note)
    return tally


def fuzz_choices(seed: int, cases: int) -> Tally:
    """The acting doors with junk (choose, force) or as round trips (undo then redo, copy): a refusal must change
    nothing, a round trip must give the same game."""
    rng = random.Random(seed)
    games = sample_games(seed, 4)
    tally = Tally()
    for i in range(cases):
        game = rng.choice(games)
        before = game.to_json()
        junk = _junk(rng, game.choice_ids)
        door = rng.choice(("choose", "die", "draw", "what", "undo", "copy"))
        try:
            if door == "undo" and game.can_undo:
                game.undo()
                game.redo()
                tally.add("identical" if game.to_json() == before else "changed", f"seed {seed} case {i}: undo")
                continue
            if door in ("undo", "copy"):
                tally.add("identical" if game.copy().to_json() == before else "different", f"seed {seed} case {i}")
                continue
            if door == "choose":
                game.choose(junk)
            else:
                game.force(junk, 5) if door == "what" else game.force(door, junk)
        except IllegalChoice as exc:
            ok = game.to_json() == before and clear(exc, 3 * MAX_ERROR)
            tally.add("refused" if ok else "changed", f"seed {seed} case {i}: {excerpt(junk)}")
        except BaseException as exc:
            tally.add("other", f"seed {seed} case {i}: {type(exc).__name__}: {str(exc)[:200]}")
        else:
            tally.add("identical")  # a legal choice or force: applied
            if game.can_undo:
                game.undo()
    return tally


# --------------------------------------------------------------------------------------------------- the widget


def valid_intents(widget: Any) -> list[dict[str, Any]]:
    """Intents a browser might send now, at the board's version."""
    v = widget.view["version"]
    ids = widget.game.choice_ids
    out = [{"type": "undo", "version": v}, {"type": "redo", "version": v}, {"type": "dismiss", "version": v},
           {"type": "toggle", "name": "animate", "version": v}, {"type": "why", "id": "leap:5", "version": v},
           {"type": "why", "target": {"type": "outer", "number": 5}, "version": v},
           {"type": "play", "until": "activation", "version": v},
           {"type": "force", "what": "die", "value": 5, "version": v},
           {"type": "bots", "seats": {"blue": "human"}, "version": v},
           {"type": "new_game", "players": 2, "seed": 3, "version": v}]
    out.extend({"type": "choose", "id": c, "version": v} for c in ids[:5])
    return out


def fuzz_intents(seed: int, cases: int) -> Tally:
    """Mutated intents through the widget's message handler (a real HickoryWidget, no browser)."""
    from hickory_widget.hickory.widget import HickoryWidget

    rng = random.Random(seed)
    widget = HickoryWidget(Game.new(2, seed=seed % 1000))
    tally = Tally()
    for i in range(cases):
        if i % 100 == 0:
            widget = HickoryWidget(Game.new(1 + i // 100 % 4, seed=seed + i))
        intent = rng.choice(valid_intents(widget))
        mutated = intent if rng.random() < 0.2 else mutate_data(rng, intent)
        if rng.random() < 0.15 and isinstance(mutated, dict):
            mutated["version"] = rng.choice((True, 1.0, float(widget.view["version"]), str(widget.view["version"]),
                                             widget.view["version"] - 1, 10**30, None))
        before, version = widget.game.to_json(), widget.view["version"]
        traces = sum(1 for entry in widget.developer_log if entry.startswith("Traceback"))
        widget.error = ""
        note = f"seed {seed} case {i}: {excerpt(mutated)}"
        try:
            widget._on_msg(widget, mutated, [])
        except BaseException as exc:
            tally.add("other", f"{note} -> {type(exc).__name__}: {str(exc)[:200]}")
            continue
        err = widget.error
        if sum(1 for entry in widget.developer_log if entry.startswith("Traceback")) > traces:
            tally.add("other", f"{note} -> {widget.developer_log[-1][-300:]}")
        elif len(err) > 500 or "Traceback" in err or "\n" in err or not clear(ValueError(err or "-"), 500):
            tally.add("leak", f"{note} -> {err[:300]}")
        elif err:
            stale = isinstance(mutated, dict) and mutated.get("version") != version
            # a refused intent changes nothing (a legal choice followed by a failing bot would be the exception)
            tally.add("changed" if widget.game.to_json() != before and stale else "refused", note)
        else:
            applied_stale = (isinstance(mutated, dict) and mutated.get("type") not in ("why", "toggle", "dismiss")
                             and (type(mutated.get("version")) is not int or mutated.get("version") != version))
            forced = isinstance(mutated, dict) and mutated.get("type") == "force"
            tally.add("changed" if applied_stale or forced else "identical", note)
        if widget.game.over or len(widget.game.history) > 400:
            widget = HickoryWidget(Game.new(2, seed=seed + i))
    return tally


DOORS: dict[str, Callable[[int, int], Tally]] = {
    "saves": fuzz_saves, "positions": fuzz_positions, "choices": fuzz_choices, "intents": fuzz_intents,
}
