"""The lesson file format (docs/LESSONS.md): reading a JSON lesson file and checking every field.

A lesson is plain data a teacher can write without Python. Reading one checks it whole and refuses a malformed
file with a :class:`LessonError` naming the file, the exercise and the field, and saying what is allowed.
Whether the answers are *right* is the engine's business (see :mod:`.exercise`); this module checks the shape.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..hickory.builder import Position
from ..hickory.game import Game
from ..hickory.positions.position import PositionError, from_data
from ..hickory.words.i18n import LANGUAGES
from .games import GAMES, HICKORY, NAMES
from .lookahead import HORIZONS
from .task import BOTS, GOAL_TESTS, MAX_MOVES

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
EXCERPT = 80
"""The longest quote of a file's value in an error message: a 100,000-character value is cut, not echoed."""
MAX_ID = 64
"""The longest lesson or exercise id (progress files and addresses carry them)."""
MAX_TEXT = 4000
"""The longest text of one language (a task, a hint, an explanation)."""
MAX_DEPTH = 32
"""The deepest nesting a lesson file may have (a lesson needs about 8 levels); deeper data is refused unread."""
READ_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError)
"""What the engine may raise when it reads data it cannot use: at the doors of this module each becomes a
LessonError naming the field."""


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A value as an error message quotes it: its repr, cut to ``limit`` characters."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer too long to print, a structure too deep to walk
        text = f"<{type(value).__name__} too large to print>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short(message: str, limit: int = 4 * EXCERPT) -> str:
    """The engine's own message about a field, bounded (it may quote the file's value)."""
    return message if len(message) <= limit else message[:limit - 1] + "…"


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (walked without recursion)."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, (dict, list)):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


MAX_MESSAGE = 300
"""Longest refusal: a long path or excerpt is cut in the middle, so the file's name and the problem both stay."""


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, the exercise and the field, in at most
    :data:`MAX_MESSAGE` characters."""

    def __init__(self, message: str) -> None:
        super().__init__(_bounded(message))


def _bounded(message: str) -> str:
    """``message`` in at most :data:`MAX_MESSAGE` characters: a path of more than 120 characters cut to its end, then
    the problem cut in its middle, so the file's name, the exercise, the field and what was found all stay."""
    if len(message) <= MAX_MESSAGE:
        return message
    prefix = "lesson file "
    if message.startswith(prefix) and ": " in message:
        path, rest = message[len(prefix):].split(": ", 1)
        if len(path) > 120:
            message = f"{prefix}…{path[-119:]}: {rest}"
    if len(message) <= MAX_MESSAGE:
        return message
    field = message.find("field ")
    cut = message.find(": ", field) + 2 if field >= 0 and message.find(": ", field) >= 0 else 0
    head, problem = message[:cut], message[cut:]
    room = MAX_MESSAGE - len(head) - 1
    if room < 40:
        return message[:MAX_MESSAGE - 1] + "…"
    return head + problem[:room * 2 // 3] + "…" + problem[len(problem) - (room - room * 2 // 3):]


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
    goal: dict[str, Any] | None = None
    """A task of several moves: what the position must show when the learner's line is played (else None)."""
    moves: int = 1
    """A task's most moves of the learner."""
    others: dict[str, Any] = field(default_factory=dict)
    """A task's other seats: ``{seat or "*": [fixed choice ids] or bot name}``."""


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
        where = f"exercise {excerpt(self.exercise)}, " if self.exercise else ""
        return LessonError(f"lesson file {self.source}: {where}field {excerpt(field)}: {problem}")

    def get(self, d: dict, key: str, typ: type | tuple[type, ...], path: str, default: Any = ...) -> Any:
        field = f"{path}.{key}" if path else key
        if key not in d:
            if default is ...:
                raise self.fail(field, "is missing")
            return default
        value = d[key]
        if (isinstance(value, bool) and typ is not bool) or not isinstance(value, typ):
            name = typ.__name__ if isinstance(typ, type) else " or ".join(t.__name__ for t in typ)
            raise self.fail(field, f"expected {name}, found {excerpt(value)}")
        return value

    def text(self, d: dict, key: str, path: str) -> Text:
        value = self.get(d, key, dict, path)
        field = f"{path}.{key}" if path else key
        for lang in LANGUAGES:
            if not isinstance(value.get(lang), str) or not value[lang].strip():
                raise self.fail(f"{field}.{lang}", f"needs a text in each of {', '.join(LANGUAGES)}")
            if len(value[lang]) > MAX_TEXT:
                raise self.fail(f"{field}.{lang}", f"a text of at most {MAX_TEXT} characters, found "
                                                   f"{len(value[lang])}: {excerpt(value[lang])}")
        extra = sorted(map(str, set(value) - set(LANGUAGES)))
        if extra:
            raise self.fail(field, f"unknown language(s) {excerpt(extra)}; the languages are {', '.join(LANGUAGES)}")
        return {lang: value[lang] for lang in LANGUAGES}

    def ident(self, d: dict, key: str, path: str) -> str:
        """A lesson's or exercise's id: a short string."""
        value = self.get(d, key, str, path)
        if not value.strip() or len(value) > MAX_ID:
            raise self.fail(f"{path}.{key}" if path else key, f"a short id (1 to {MAX_ID} characters), found "
                                                             f"{excerpt(value)}")
        return value

    def rules(self, d: dict, key: str, path: str, required: bool = True) -> tuple[str, ...]:
        value = self.get(d, key, list, path, ... if required else [])
        field = f"{path}.{key}" if path else key
        if required and not value:
            raise self.fail(field, "name at least one rule id, e.g. 'R46'")
        for i, r in enumerate(value):
            if not isinstance(r, str) or not RULE_ID.match(r):
                raise self.fail(f"{field}[{i}]", f"a rule id like 'R46', 'Q3', 'H2', 'C10' or 'M8', found {excerpt(r)}")
        return tuple(value)

    def unknown(self, d: dict, known: set[str], path: str) -> None:
        extra = sorted(map(str, set(d) - known))
        if extra:
            raise self.fail(path or "(top)", f"unknown field(s) {excerpt(extra)}; the fields are {sorted(known)}")


EXERCISE_FIELDS = {"id", "kind", "position", "setup", "before", "task", "hints", "explanation", "rules", "answers",
                   "focus", "wrong", "mode", "options", "proof", "horizon", "goal", "moves", "others"}
LESSON_FIELDS = {"format", "version", "game", "id", "order", "title", "goal", "rules", "exercises"}


def _check_moves(position: dict[str, Any], before: list[str], kind: str, answers: list[Any],
                 proof: dict[str, Any] | None, rd: _Reader, path: str, game_name: str = HICKORY,
                 task: bool = False) -> None:
    """Plays the file's moves on the real engine: the moves before the task, the accepted answers and the proof's
    moves must each be legal where they are made, and a decision must be left to the learner."""
    try:
        game = Game.from_position(position, play_on=True) if game_name == HICKORY else GAMES[game_name].load(position)
    except READ_ERRORS as exc:
        raise rd.fail(f"{path}.position", _short(str(exc))) from None

    def play(moves: list[str], field: str) -> None:
        for i, move in enumerate(moves):
            if move not in game.choice_ids:
                legal = ", ".join(game.choice_ids) or "none (the game is over)"
                raise rd.fail(f"{field}[{i}]", f"{excerpt(move)} is not a legal choice there; legal: {legal}")
            game.choose(move)

    play(before, f"{path}.before")
    if game.decision is None:
        raise rd.fail(f"{path}.position", "the game runs to its end by itself: leave a decision to the learner "
                                          "(e.g. put a mouse on the minute hand)")
    if kind in ("do", "best") and not task:
        for i, answer in enumerate(answers):
            if answer not in game.choice_ids:
                raise rd.fail(f"{path}.answers[{i}]", f"{excerpt(answer)} is not a legal choice for the task's "
                                                      "decision; "
                                                      f"legal: {', '.join(game.choice_ids)}")
    elif proof is not None:
        play(list(proof.get("play", [])), f"{path}.proof.play")


def _check_goal(raw: dict[str, Any], answers: list[Any], rd: _Reader, path: str, game_name: str
                ) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """A task's ``goal``, ``moves`` and ``others`` (docs/LESSONS.md, "Tasks of several moves")."""
    goal = rd.get(raw, "goal", dict, path)
    tests = [t for t in GOAL_TESTS if t in goal]
    if len(tests) != 1:
        raise rd.fail(f"{path}.goal", f"give exactly one test of {', '.join(GOAL_TESTS)}, found {len(tests)}")
    test = tests[0]
    value = goal[test]
    if test in ("at_least", "at_most") and (isinstance(value, bool) or not isinstance(value, int)):
        raise rd.fail(f"{path}.goal.{test}", f"a whole number, found {excerpt(value)}")
    if test in ("equals", "includes") and (isinstance(value, bool) or not isinstance(value, (str, int))):
        raise rd.fail(f"{path}.goal.{test}", f"a text or a whole number, found {excerpt(value)}")
    _check_proof({k: v for k, v in goal.items() if k != test}, rd, f"{path}.goal", game_name, goal=True)
    moves = rd.get(raw, "moves", int, path, len(answers))
    if not len(answers) <= moves <= MAX_MOVES:
        raise rd.fail(f"{path}.moves", f"from the length of the solution line ({len(answers)}) to {MAX_MOVES}, "
                                       f"found {excerpt(moves)}")
    others = rd.get(raw, "others", dict, path, {})
    for seat, plan in others.items():
        field = f"{path}.others.{seat}"
        if isinstance(plan, list):
            if not all(isinstance(m, str) for m in plan):
                raise rd.fail(field, "a list of choice ids this seat plays in turn, or a bot name")
        elif plan not in BOTS:
            raise rd.fail(field, f"a list of choice ids or one of the bots {', '.join(BOTS)}, found {excerpt(plan)}")
    return goal, moves, others


def _prove(data: ExerciseData, rd: _Reader, path: str) -> None:
    """Plays what the file claims on the engine: a task's solution line must reach its goal, a predict question's
    proof must read a value (a player, mouse or tower it names must exist)."""
    from .exercise import Exercise
    from .task import ILLEGAL, REACHED

    ex = Exercise(data, "en", "")
    if data.goal is not None:
        try:
            run = ex.run()
            status, played = run.play_line(list(data.answers))
        except READ_ERRORS as exc:
            raise rd.fail(f"{path}.goal", f"cannot be read on this game: {_short(str(exc))}") from None
        if status == ILLEGAL:
            legal = ", ".join(run.game.choice_ids) or "none"
            raise rd.fail(f"{path}.answers[{played}]", f"{excerpt(data.answers[played])} is not a legal move of "
                                                       f"the solution line there; legal: {legal}")
        if status != REACHED or played != len(data.answers):
            raise rd.fail(f"{path}.goal", f"the solution line does not reach the goal: after {played} move(s) it "
                                          f"reads {excerpt(run.value)}")
    elif data.proof is not None:
        try:
            truth = ex.truth()
        except READ_ERRORS as exc:
            raise rd.fail(f"{path}.proof", f"cannot be read on this game: {_short(str(exc))}") from None
        if sorted(map(str, truth)) != sorted(map(str, data.answers)):  # the key must be what the engine proves
            raise rd.fail(f"{path}.answers", f"the engine reads {excerpt(truth)} where the proof points; the file's "
                                             f"answers are {excerpt(list(data.answers))}")


def _check_proof(proof: dict[str, Any], rd: _Reader, path: str, game_name: str = HICKORY, goal: bool = False
                 ) -> None:
    rd.unknown(proof, {"kind", "name", "of", "color", "mouse", *(() if goal else ("play",))}, path)
    kind = rd.get(proof, "kind", str, path)
    spec = GAMES.get(game_name)
    proofs, facts = (PROOFS, FACTS) if spec is None else (spec.proofs, tuple(spec.facts))
    if kind not in proofs:
        raise rd.fail(f"{path}.kind", f"one of {', '.join(proofs)}, found {excerpt(kind)}")
    if kind == "fact" and proof.get("name") not in facts:
        raise rd.fail(f"{path}.name", f"one of {', '.join(facts)}, found {excerpt(proof.get('name'))}")
    if kind == "fact" and spec is not None and spec.facts[proof["name"]] and not isinstance(proof.get("of"), str):
        raise rd.fail(f"{path}.of", f"the fact {excerpt(proof['name'])} is read of a player or tower id, "
                                    "e.g. 'P1' or 't1'")
    if kind == "fact" and spec is None and proof["name"] in FACTS_OF:
        _check_fact_of(proof, rd, path)
    if kind == "fact" and "of" in proof and not isinstance(proof["of"], (str, int)):
        raise rd.fail(f"{path}.of", f"a player, tower, mouse id or a number, found {excerpt(proof['of'])}")
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
    digits = isinstance(of, str) and of.isascii() and of.isdigit() and len(of) <= 2
    number = of if isinstance(of, int) and not isinstance(of, bool) else int(of) if digits else 0
    if what == "number" and not 1 <= number <= 12:
        raise rd.fail(f"{path}.of", f"the fact {excerpt(name)} is read of a number of the clock, 1 to 12; "
                                    f"found {excerpt(of)}")
    if what != "number" and not isinstance(of, str):
        example = "'blue'" if what == "color" else "'blue.spotter'"
        raise rd.fail(f"{path}.of", f"the fact {excerpt(name)} is read of a {what}, e.g. {example}; "
                                    f"found {excerpt(of)}")


def build_position(setup: dict[str, Any], rd: _Reader, path: str) -> dict[str, Any]:
    """The position data a ``setup`` recipe describes: players and seed, then builder steps in order."""
    rd.unknown(setup, {"players", "seed", "steps", "options"}, path)
    players = rd.get(setup, "players", (int, list), path)
    seed = rd.get(setup, "seed", int, path, 1)
    options = rd.get(setup, "options", dict, path, None)
    try:
        pos = Position(players, seed, options=options)
    except READ_ERRORS as exc:
        raise rd.fail(f"{path}.players", _short(str(exc))) from None
    for i, step in enumerate(rd.get(setup, "steps", list, path, [])):
        field = f"{path}.steps[{i}]"
        if not isinstance(step, list) or not step or not isinstance(step[0], str) or step[0] not in SETUP_STEPS:
            raise rd.fail(field, f"a list [step, arguments...] with step one of {sorted(SETUP_STEPS)}, "
                                 f"found {excerpt(step)}")
        lo, hi = SETUP_STEPS[step[0]]
        if not lo <= len(step) - 1 <= hi:
            raise rd.fail(field, f"{excerpt(step[0])} takes {lo}-{hi} argument(s), found {len(step) - 1}")
        try:
            getattr(pos, step[0])(*step[1:])
        except READ_ERRORS as exc:
            raise rd.fail(field, _short(str(exc))) from None
    try:
        return pos.to_data()
    except READ_ERRORS as exc:
        raise rd.fail(path, _short(str(exc))) from None


def _game_position(raw: dict[str, Any], game_name: str, rd: _Reader, path: str) -> dict[str, Any]:
    """The position of an exercise on a card game of the core: its position data, checked by the game itself."""
    if "setup" in raw or "position" not in raw:
        raise rd.fail(f"{path}.position", f"a {game_name} exercise gives 'position': the game's position data "
                                          f"(what game.position() returns); 'setup' steps are for hickory only")
    position = rd.get(raw, "position", dict, path)
    try:
        GAMES[game_name].load(position)
    except READ_ERRORS as exc:
        raise rd.fail(f"{path}.position", _short(str(exc))) from None
    return position


def _exercise(raw: Any, index: int, rd: _Reader, game_name: str = HICKORY) -> ExerciseData:
    path = f"exercises[{index}]"
    if not isinstance(raw, dict):
        raise rd.fail(path, f"an exercise is an object, found {excerpt(raw)}")
    ex_id = rd.ident(raw, "id", path)
    rd.exercise = ex_id
    rd.unknown(raw, EXERCISE_FIELDS, path)
    kind = rd.get(raw, "kind", str, path)
    if kind not in KINDS:
        raise rd.fail(f"{path}.kind", f"one of {', '.join(KINDS)}, found {excerpt(kind)}")
    if game_name != HICKORY:
        position = _game_position(raw, game_name, rd, path)
    elif ("position" in raw) == ("setup" in raw):
        raise rd.fail(f"{path}.position", "give exactly one of 'position' (engine position data) or 'setup' "
                                          "(players, seed and builder steps)")
    elif "position" in raw:
        position = rd.get(raw, "position", dict, path)
        try:
            from_data(position)
        except (PositionError, *READ_ERRORS) as exc:
            raise rd.fail(f"{path}.position", _short(str(exc))) from None
    else:
        position = build_position(rd.get(raw, "setup", dict, path), rd, f"{path}.setup")
        try:
            from_data(position)
        except (PositionError, *READ_ERRORS) as exc:
            raise rd.fail(f"{path}.setup", _short(str(exc))) from None
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
        raise rd.fail(f"{path}.horizon", f"one of {', '.join(HORIZONS)}, found {excerpt(horizon)}")
    if kind == "best" and game_name != HICKORY:
        raise rd.fail(f"{path}.kind", f"'best' exercises look ahead over one player's own decisions; for "
                                      f"{game_name} use 'do' (the engine judges the move) or 'predict'")
    goal, moves, others = None, 1, {}
    if "goal" in raw or "moves" in raw or "others" in raw:
        if kind != "do":
            raise rd.fail(f"{path}.goal", "only a 'do' exercise may be a task of several moves (goal, moves, others)")
        goal, moves, others = _check_goal(raw, answers, rd, path, game_name)
    if kind in ("do", "best"):
        example = "'leap:5' or 'jump_off'" if game_name == HICKORY else repr(GAMES[game_name].example)
        for i, a in enumerate(answers):
            if not isinstance(a, str):
                raise rd.fail(f"{path}.answers[{i}]", f"a choice id such as {example}, found {excerpt(a)}")
    else:
        mode = rd.get(raw, "mode", str, path)
        if mode not in MODES:
            raise rd.fail(f"{path}.mode", f"one of {', '.join(MODES)}, found {excerpt(mode)}")
        proof = rd.get(raw, "proof", dict, path, None)  # without one, the file's answers are taken as they are
        if proof is not None:
            _check_proof(proof, rd, f"{path}.proof", game_name)
        if mode == "number":
            if len(answers) != 1 or isinstance(answers[0], bool) or not isinstance(answers[0], int):
                raise rd.fail(f"{path}.answers", f"a number question has one whole-number answer, "
                                                  f"found {excerpt(answers)}")
        else:
            opts_raw = rd.get(raw, "options", list, path)
            if len(opts_raw) < 2:
                raise rd.fail(f"{path}.options", "offer at least two answers to pick from")
            opts = []
            for i, o in enumerate(opts_raw):
                if not isinstance(o, dict):
                    raise rd.fail(f"{path}.options[{i}]", f"an object with 'id' and 'text', found {excerpt(o)}")
                opts.append(Option(rd.get(o, "id", str, f"{path}.options[{i}]"),
                                   rd.text(o, "text", f"{path}.options[{i}]")))
            options = tuple(opts)
            ids = [o.id for o in options]
            if len(set(ids)) != len(ids):
                raise rd.fail(f"{path}.options", f"option ids must differ, found {ids}")
            for i, a in enumerate(answers):
                if a not in ids:
                    raise rd.fail(f"{path}.answers[{i}]", f"{excerpt(a)} is not one of the option ids {excerpt(ids)}")
            if mode == "one" and len(answers) != 1:
                raise rd.fail(f"{path}.answers", "mode 'one' has exactly one right answer")
    _check_moves(position, before, kind, answers, proof, rd, path, game_name, task=goal is not None)
    data = ExerciseData(
        id=ex_id, kind=kind, position=position, before=tuple(before), task=rd.text(raw, "task", path),
        hints=hints, explanation=rd.text(raw, "explanation", path), rules=rd.rules(raw, "rules", path),
        answers=tuple(answers), focus=tuple(focus), wrong=wrong, mode=mode, options=options, proof=proof,
        horizon=horizon, game=game_name, goal=goal, moves=moves, others=others,
    )
    _prove(data, rd, path)
    return data


def read_lesson(data: Any, source: str = "<data>") -> LessonData:
    """Checks a lesson's data (already parsed JSON) and returns it as LessonData."""
    rd = _Reader(source)
    if _depth(data) > MAX_DEPTH:
        raise rd.fail("(top)", f"nested deeper than {MAX_DEPTH} levels; a lesson file needs about 8")
    if not isinstance(data, dict):
        raise rd.fail("(top)", f"a lesson is a JSON object, found {type(data).__name__}")
    rd.unknown(data, LESSON_FIELDS, "")
    if data.get("format") != FORMAT:
        raise rd.fail("format", f"must be {FORMAT!r}, found {excerpt(data.get('format'))}")
    if data.get("version") != VERSION:
        raise rd.fail("version", f"this version reads version {VERSION}, found {excerpt(data.get('version'))}")
    game_name = rd.get(data, "game", str, "", HICKORY)
    if game_name not in NAMES:
        raise rd.fail("game", f"one of {', '.join(NAMES)} (hickory when left out), found {excerpt(game_name)}")
    lesson_id = rd.ident(data, "id", "")
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
    try:
        p = Path(path)
        raw = p.read_bytes()
    except TypeError:
        raise LessonError(f"lesson file {excerpt(path)}: a lesson file is named by a path, not "
                          f"{type(path).__name__}") from None
    except (OSError, ValueError) as exc:  # missing, unreadable, or a name with a NUL in it
        raise LessonError(f"lesson file {p}: cannot be read: {_short(str(exc))}") from None
    return read_lesson_text(raw, str(p))


def read_lesson_text(raw: bytes | str, source: str = "<data>") -> LessonData:
    """Reads and checks a lesson file's contents (UTF-8 bytes or text)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        bad = excerpt(raw[exc.start:exc.start + 8])
        raise LessonError(f"lesson file {source}: not UTF-8 text (byte {exc.start}: {bad})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LessonError(f"lesson file {source}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
                          ) from None
    except RecursionError:
        raise LessonError(f"lesson file {source}: nested deeper than {MAX_DEPTH} levels; a lesson file needs about 8"
                          ) from None
    except ValueError as exc:  # a number too long to read (Python's limit on digits)
        raise LessonError(f"lesson file {source}: a value cannot be read: {_short(str(exc))}") from None
    return read_lesson(data, source)
