"""The lesson file format (docs/LESSONS.md): reading a JSON lesson file and checking every field.

A lesson is plain data a teacher can write without Python. Reading one checks it whole and refuses a malformed
file with a :class:`LessonError` naming the file, the exercise and the field, and saying what is allowed.
Whether the answers are *right* is the engine's business (see :mod:`.exercise`); this module checks the shape.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..hickory.builder import Position
from ..hickory.game import Game
from ..hickory.i18n import LANGUAGES
from ..hickory.position import PositionError, from_data
from .games import GAMES, HICKORY, NAMES
from .lookahead import HORIZONS

FORMAT = "hickory-lesson"
VERSION = 1
KINDS = ("do", "predict", "best")
MODES = ("one", "several", "number")
PROOFS = ("legal", "next", "points", "where", "winner", "fact")
FACTS = ("minute", "hour", "hand_spaces", "priority", "favors", "tiles", "scaler", "weight", "paws", "leaf", "score",
         "free", "bumped", "next_leaf", "web", "bag", "favor_deck", "quest_deck", "quests_up", "bin", "hunt_boards",
         "cards", "token", "group")
FACTS_OF = {"leaf": "number", "token": "number", "group": "number", "favors": "color", "scaler": "color",
            "score": "color", "cards": "color", "tiles": "mouse"}
"""Hickory facts read of something: a number of the clock (1-12), a player color or a mouse id."""
RULE_ID = re.compile(r"^(R\d+[a-z]?|Q\d+|H\d+|L\d+|C\d+|M\d+)$")
SETUP_STEPS = {
    # builder method: (minimum, maximum) number of arguments
    "mouse": (2, 2), "hand": (0, 8), "tile": (2, 2), "leaf": (2, 2), "empty_leaves": (0, 0), "minute": (1, 1),
    "hour": (1, 1), "priority": (1, 1), "paws": (0, 2), "token": (2, 2), "favor": (2, 2), "no_favors": (0, 4),
    "quests": (0, 2), "scaler": (2, 2), "score": (3, 3), "weight": (1, 1), "force": (2, 2),
}
Text = dict[str, str]


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, the exercise and the field."""


@dataclass(frozen=True)
class Option:
    """One answer a *predict* exercise offers."""

    id: str
    text: Text


@dataclass(frozen=True)
class ExerciseData:
    """An exercise exactly as the file gives it, checked for shape."""

    id: str
    kind: str
    position: dict[str, Any]
    before: tuple[str, ...]
    task: Text
    hints: tuple[Text, ...]
    explanation: Text
    rules: tuple[str, ...]
    answers: tuple[Any, ...]
    focus: tuple[str, ...]
    wrong: dict[str, Text]
    mode: str | None
    options: tuple[Option, ...]
    proof: dict[str, Any] | None
    horizon: str
    game: str = HICKORY


@dataclass(frozen=True)
class LessonData:
    id: str
    order: int
    title: Text
    goal: Text
    rules: tuple[str, ...]
    exercises: tuple[ExerciseData, ...]
    source: str
    game: str = HICKORY


class _Reader:
    """Reads fields of one file, naming the file, the exercise and the field in every error."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.exercise = ""

    def fail(self, field: str, problem: str) -> LessonError:
        where = f"exercise {self.exercise!r}, " if self.exercise else ""
        return LessonError(f"lesson file {self.source}: {where}field {field!r}: {problem}")

    def get(self, d: dict, key: str, typ: type | tuple[type, ...], path: str, default: Any = ...) -> Any:
        field = f"{path}.{key}" if path else key
        if key not in d:
            if default is ...:
                raise self.fail(field, "is missing")
            return default
        value = d[key]
        if (isinstance(value, bool) and typ is not bool) or not isinstance(value, typ):
            name = typ.__name__ if isinstance(typ, type) else " or ".join(t.__name__ for t in typ)
            raise self.fail(field, f"expected {name}, found {value!r}")
        return value

    def text(self, d: dict, key: str, path: str) -> Text:
        value = self.get(d, key, dict, path)
        field = f"{path}.{key}" if path else key
        for lang in LANGUAGES:
            if not isinstance(value.get(lang), str) or not value[lang].strip():
                raise self.fail(f"{field}.{lang}", f"needs a text in each of {', '.join(LANGUAGES)}")
        extra = sorted(set(value) - set(LANGUAGES))
        if extra:
            raise self.fail(field, f"unknown language(s) {extra}; the languages are {', '.join(LANGUAGES)}")
        return {lang: value[lang] for lang in LANGUAGES}

    def rules(self, d: dict, key: str, path: str, required: bool = True) -> tuple[str, ...]:
        value = self.get(d, key, list, path, ... if required else [])
        field = f"{path}.{key}" if path else key
        if required and not value:
            raise self.fail(field, "name at least one rule id, e.g. 'R46'")
        for i, r in enumerate(value):
            if not isinstance(r, str) or not RULE_ID.match(r):
                raise self.fail(f"{field}[{i}]", f"a rule id like 'R46', 'Q3', 'H2', 'C10' or 'M8', found {r!r}")
        return tuple(value)

    def unknown(self, d: dict, known: set[str], path: str) -> None:
        extra = sorted(set(d) - known)
        if extra:
            raise self.fail(path or "(top)", f"unknown field(s) {extra}; the fields are {sorted(known)}")


EXERCISE_FIELDS = {"id", "kind", "position", "setup", "before", "task", "hints", "explanation", "rules", "answers",
                   "focus", "wrong", "mode", "options", "proof", "horizon"}
LESSON_FIELDS = {"format", "version", "game", "id", "order", "title", "goal", "rules", "exercises"}


def _check_moves(position: dict[str, Any], before: list[str], kind: str, answers: list[Any],
                 proof: dict[str, Any] | None, rd: _Reader, path: str, game_name: str = HICKORY) -> None:
    """Plays the file's moves on the real engine: the moves before the task, the accepted answers and the proof's
    moves must each be legal where they are made, and a decision must be left to the learner."""
    game = Game.from_position(position, play_on=True) if game_name == HICKORY else GAMES[game_name].load(position)

    def play(moves: list[str], field: str) -> None:
        for i, move in enumerate(moves):
            if move not in game.choice_ids:
                legal = ", ".join(game.choice_ids) or "none (the game is over)"
                raise rd.fail(f"{field}[{i}]", f"{move!r} is not a legal choice there; legal: {legal}")
            game.choose(move)

    play(before, f"{path}.before")
    if game.decision is None:
        raise rd.fail(f"{path}.position", "the game runs to its end by itself: leave a decision to the learner "
                                          "(e.g. put a mouse on the minute hand)")
    if kind in ("do", "best"):
        for i, answer in enumerate(answers):
            if answer not in game.choice_ids:
                raise rd.fail(f"{path}.answers[{i}]", f"{answer!r} is not a legal choice for the task's decision; "
                                                      f"legal: {', '.join(game.choice_ids)}")
    elif proof is not None:
        play(list(proof.get("play", [])), f"{path}.proof.play")


def _check_proof(proof: dict[str, Any], rd: _Reader, path: str, game_name: str = HICKORY) -> None:
    rd.unknown(proof, {"kind", "play", "name", "of", "color", "mouse"}, path)
    kind = rd.get(proof, "kind", str, path)
    spec = GAMES.get(game_name)
    proofs, facts = (PROOFS, FACTS) if spec is None else (spec.proofs, tuple(spec.facts))
    if kind not in proofs:
        raise rd.fail(f"{path}.kind", f"one of {', '.join(proofs)}, found {kind!r}")
    if kind == "fact" and proof.get("name") not in facts:
        raise rd.fail(f"{path}.name", f"one of {', '.join(facts)}, found {proof.get('name')!r}")
    if kind == "fact" and spec is not None and spec.facts[proof["name"]] and not isinstance(proof.get("of"), str):
        raise rd.fail(f"{path}.of", f"the fact {proof['name']!r} is read of a player or tower id, e.g. 'P1' or 't1'")
    if kind == "fact" and spec is None and proof["name"] in FACTS_OF:
        _check_fact_of(proof, rd, path)
    if kind == "points" and not isinstance(proof.get("color"), str):
        raise rd.fail(f"{path}.color", "the color whose points are counted, e.g. 'blue'")
    if kind == "where" and not isinstance(proof.get("mouse"), str):
        raise rd.fail(f"{path}.mouse", "the mouse whose place is read, e.g. 'blue.spotter'")
    play = proof.get("play", [])
    if not isinstance(play, list) or not all(isinstance(p, str) for p in play):
        raise rd.fail(f"{path}.play", "a list of choice ids played before the fact is read")


def _check_fact_of(proof: dict[str, Any], rd: _Reader, path: str) -> None:
    """A Hickory fact read of a number, a color or a mouse names it in ``of`` (``leaf`` of 12, ``cards`` of blue)."""
    name, of, what = proof["name"], proof.get("of"), FACTS_OF[proof["name"]]
    number = of if isinstance(of, int) and not isinstance(of, bool) else int(of) if str(of).isdigit() else 0
    if what == "number" and not 1 <= number <= 12:
        raise rd.fail(f"{path}.of", f"the fact {name!r} is read of a number of the clock, 1 to 12; found {of!r}")
    if what != "number" and not isinstance(of, str):
        example = "'blue'" if what == "color" else "'blue.spotter'"
        raise rd.fail(f"{path}.of", f"the fact {name!r} is read of a {what}, e.g. {example}; found {of!r}")


def build_position(setup: dict[str, Any], rd: _Reader, path: str) -> dict[str, Any]:
    """The position data a ``setup`` recipe describes: players and seed, then builder steps in order."""
    rd.unknown(setup, {"players", "seed", "steps", "options"}, path)
    players = rd.get(setup, "players", (int, list), path)
    seed = rd.get(setup, "seed", int, path, 1)
    options = rd.get(setup, "options", dict, path, None)
    try:
        pos = Position(players, seed, options=options)
    except ValueError as exc:
        raise rd.fail(f"{path}.players", str(exc)) from None
    for i, step in enumerate(rd.get(setup, "steps", list, path, [])):
        field = f"{path}.steps[{i}]"
        if not isinstance(step, list) or not step or step[0] not in SETUP_STEPS:
            raise rd.fail(field, f"a list [step, arguments...] with step one of {sorted(SETUP_STEPS)}, found {step!r}")
        lo, hi = SETUP_STEPS[step[0]]
        if not lo <= len(step) - 1 <= hi:
            raise rd.fail(field, f"{step[0]!r} takes {lo}-{hi} argument(s), found {len(step) - 1}")
        try:
            getattr(pos, step[0])(*step[1:])
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise rd.fail(field, str(exc)) from None
    return pos.to_data()


def _game_position(raw: dict[str, Any], game_name: str, rd: _Reader, path: str) -> dict[str, Any]:
    """The position of an exercise on a card game of the core: its position data, checked by the game itself."""
    if "setup" in raw or "position" not in raw:
        raise rd.fail(f"{path}.position", f"a {game_name} exercise gives 'position': the game's position data "
                                          f"(what game.position() returns); 'setup' steps are for hickory only")
    position = rd.get(raw, "position", dict, path)
    try:
        GAMES[game_name].load(position)
    except ValueError as exc:
        raise rd.fail(f"{path}.position", str(exc)) from None
    return position


def _exercise(raw: Any, index: int, rd: _Reader, game_name: str = HICKORY) -> ExerciseData:
    path = f"exercises[{index}]"
    if not isinstance(raw, dict):
        raise rd.fail(path, f"an exercise is an object, found {raw!r}")
    ex_id = rd.get(raw, "id", str, path)
    rd.exercise = ex_id
    rd.unknown(raw, EXERCISE_FIELDS, path)
    kind = rd.get(raw, "kind", str, path)
    if kind not in KINDS:
        raise rd.fail(f"{path}.kind", f"one of {', '.join(KINDS)}, found {kind!r}")
    if game_name != HICKORY:
        position = _game_position(raw, game_name, rd, path)
    elif ("position" in raw) == ("setup" in raw):
        raise rd.fail(f"{path}.position", "give exactly one of 'position' (engine position data) or 'setup' "
                                          "(players, seed and builder steps)")
    elif "position" in raw:
        position = rd.get(raw, "position", dict, path)
        try:
            from_data(position)
        except PositionError as exc:
            raise rd.fail(f"{path}.position", str(exc)) from None
    else:
        position = build_position(rd.get(raw, "setup", dict, path), rd, f"{path}.setup")
        try:
            from_data(position)
        except PositionError as exc:
            raise rd.fail(f"{path}.setup", str(exc)) from None
    before = rd.get(raw, "before", list, path, [])
    if not all(isinstance(b, str) for b in before):
        raise rd.fail(f"{path}.before", "a list of choice ids (strings) played before the task")
    hints_raw = rd.get(raw, "hints", list, path)
    if not hints_raw:
        raise rd.fail(f"{path}.hints", "give at least one hint")
    hints = tuple(rd.text({"h": h}, "h", f"{path}.hints[{i}]") for i, h in enumerate(hints_raw))
    answers = rd.get(raw, "answers", list, path)
    if not answers:
        raise rd.fail(f"{path}.answers", "give at least one accepted answer")
    focus = rd.get(raw, "focus", list, path, [])
    if not all(isinstance(f, str) for f in focus):
        raise rd.fail(f"{path}.focus", "a list of board spots like 'outer:5', 'inner:3', 'hand', 'mouse:blue.scurrier'")
    wrong_raw = rd.get(raw, "wrong", dict, path, {})
    wrong = {k: rd.text(wrong_raw, k, f"{path}.wrong") for k in wrong_raw}
    mode, options, proof = None, (), None
    horizon = rd.get(raw, "horizon", str, path, "tick")
    if horizon not in HORIZONS:
        raise rd.fail(f"{path}.horizon", f"one of {', '.join(HORIZONS)}, found {horizon!r}")
    if kind == "best" and game_name != HICKORY:
        raise rd.fail(f"{path}.kind", f"'best' exercises look ahead over one player's own decisions; for "
                                      f"{game_name} use 'do' (the engine judges the move) or 'predict'")
    if kind in ("do", "best"):
        example = "'leap:5' or 'jump_off'" if game_name == HICKORY else repr(GAMES[game_name].example)
        for i, a in enumerate(answers):
            if not isinstance(a, str):
                raise rd.fail(f"{path}.answers[{i}]", f"a choice id such as {example}, found {a!r}")
    else:
        mode = rd.get(raw, "mode", str, path)
        if mode not in MODES:
            raise rd.fail(f"{path}.mode", f"one of {', '.join(MODES)}, found {mode!r}")
        proof = rd.get(raw, "proof", dict, path, None)  # without one, the file's answers are taken as they are
        if proof is not None:
            _check_proof(proof, rd, f"{path}.proof", game_name)
        if mode == "number":
            if len(answers) != 1 or isinstance(answers[0], bool) or not isinstance(answers[0], int):
                raise rd.fail(f"{path}.answers", f"a number question has one whole-number answer, found {answers!r}")
        else:
            opts_raw = rd.get(raw, "options", list, path)
            if len(opts_raw) < 2:
                raise rd.fail(f"{path}.options", "offer at least two answers to pick from")
            opts = []
            for i, o in enumerate(opts_raw):
                if not isinstance(o, dict):
                    raise rd.fail(f"{path}.options[{i}]", f"an object with 'id' and 'text', found {o!r}")
                opts.append(Option(rd.get(o, "id", str, f"{path}.options[{i}]"),
                                   rd.text(o, "text", f"{path}.options[{i}]")))
            options = tuple(opts)
            ids = [o.id for o in options]
            if len(set(ids)) != len(ids):
                raise rd.fail(f"{path}.options", f"option ids must differ, found {ids}")
            for i, a in enumerate(answers):
                if a not in ids:
                    raise rd.fail(f"{path}.answers[{i}]", f"{a!r} is not one of the option ids {ids}")
            if mode == "one" and len(answers) != 1:
                raise rd.fail(f"{path}.answers", "mode 'one' has exactly one right answer")
    _check_moves(position, before, kind, answers, proof, rd, path, game_name)
    return ExerciseData(
        id=ex_id, kind=kind, position=position, before=tuple(before), task=rd.text(raw, "task", path),
        hints=hints, explanation=rd.text(raw, "explanation", path), rules=rd.rules(raw, "rules", path),
        answers=tuple(answers), focus=tuple(focus), wrong=wrong, mode=mode, options=options, proof=proof,
        horizon=horizon, game=game_name,
    )


def read_lesson(data: Any, source: str = "<data>") -> LessonData:
    """Checks a lesson's data (already parsed JSON) and returns it as LessonData."""
    rd = _Reader(source)
    if not isinstance(data, dict):
        raise rd.fail("(top)", f"a lesson is a JSON object, found {type(data).__name__}")
    rd.unknown(data, LESSON_FIELDS, "")
    if data.get("format") != FORMAT:
        raise rd.fail("format", f"must be {FORMAT!r}, found {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise rd.fail("version", f"this version reads version {VERSION}, found {data.get('version')!r}")
    game_name = rd.get(data, "game", str, "", HICKORY)
    if game_name not in NAMES:
        raise rd.fail("game", f"one of {', '.join(NAMES)} (hickory when left out), found {game_name!r}")
    lesson_id = rd.get(data, "id", str, "")
    exercises_raw = rd.get(data, "exercises", list, "")
    if not exercises_raw:
        raise rd.fail("exercises", "a lesson has at least one exercise")
    exercises = tuple(_exercise(e, i, rd, game_name) for i, e in enumerate(exercises_raw))
    rd.exercise = ""
    ids = [e.id for e in exercises]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise rd.fail("exercises", f"exercise ids must differ within a lesson; repeated: {dup}")
    return LessonData(id=lesson_id, order=rd.get(data, "order", int, "", 0), title=rd.text(data, "title", ""),
                      goal=rd.text(data, "goal", ""), rules=rd.rules(data, "rules", ""), exercises=exercises,
                      source=source, game=game_name)


def read_lesson_file(path: str | Path) -> LessonData:
    """Reads and checks one lesson file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise LessonError(f"lesson file {p}: cannot be read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LessonError(f"lesson file {p}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
                          ) from None
    return read_lesson(data, str(p))
