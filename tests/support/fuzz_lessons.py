"""A seeded fuzzer of the lessons' doors: lesson files (bytes a teacher or anyone may hand the reader) and the
lesson widget's intents (messages a browser may send).

Every input must be either accepted or refused the documented way: a lesson file with a :class:`LessonError`, an
intent with one short sentence in the learner's language. Anything else is an *escape* and is recorded with the
input that caused it. ``tests/test_lessons_fuzz.py`` runs a small campaign on every test run;
``benchmarks/fuzz_lessons.py`` runs a bigger one and prints the counts per door.
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import random
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hickory_widget.lessons import DATA_DIR
from hickory_widget.lessons.exercise import AnswerError, Lesson
from hickory_widget.lessons.format import LessonError, excerpt, read_lesson_text

BASES = ("mice/00-table.json", "mice/03-rounds.json", "clocktowers/00-table.json", "clocktowers/02-build.json",
         "07-scurrier.json", "18-plans.json")
"""The built-in files mutated (small ones, of every game, with tasks of several moves among them)."""

ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 7, 2**63, 1.5, "", " ", "²", "٣", "x" * 5000, "\u0430da", "\x00", "play:cat.4", "leap:7",
    "P1", "t1", "blue", "mice", [], [[]], {}, {"en": "a", "it": "a", "de": "a"}, ["x"] * 3, {"kind": "legal"},
)
"""Values put in place of a field's: wrong types, lookalike and huge strings, numbers out of range."""


@dataclass
class Counts:
    """What one door did with the inputs tried."""

    tried: int = 0
    refused: int = 0
    accepted: int = 0
    escaped: int = 0
    escapes: list[str] = field(default_factory=list)
    """One line per escape: the exception and an excerpt of the input."""

    def add(self, outcome: str, detail: str = "") -> None:
        self.tried += 1
        setattr(self, outcome, getattr(self, outcome) + 1)
        if outcome == "escaped":
            self.escapes.append(detail)

    def line(self, door: str) -> str:
        return (f"{door:<16} tried {self.tried:>6}  refused {self.refused:>6}  accepted {self.accepted:>6}  "
                f"escaped {self.escaped:>3}")


# --------------------------------------------------------------------------------------------- lesson files
def _paths(data: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (keys and indexes)."""
    out = [here]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(_paths(v, (*here, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(_paths(v, (*here, i)))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def mutate(rng: random.Random, base: Any) -> bytes:
    """One malformed (or sometimes still well-formed) lesson file made from ``base`` data."""
    data = copy.deepcopy(base)
    path = rng.choice(_paths(data))
    how = rng.randrange(12)
    if how == 0 and path:  # drop a field or an item
        parent = _get(data, path[:-1])
        del parent[path[-1]]
    elif how == 1:  # a value of another type, or a lookalike
        data = _set(data, path, rng.choice(ODD_VALUES))
    elif how == 2:  # nest deeper than any lesson needs
        value: Any = _get(data, path)
        for _ in range(rng.choice((5, 40, 300))):
            value = [value]
        data = _set(data, path, value)
    elif how == 3 and isinstance(_get(data, path), dict):  # an unknown field
        _get(data, path)["x" * rng.choice((1, 300))] = rng.choice(ODD_VALUES)
    elif how == 4 and isinstance(_get(data, path), list) and _get(data, path):  # repeat an item
        items = _get(data, path)
        items.append(copy.deepcopy(rng.choice(items)))
    elif how == 5 and isinstance(_get(data, path), str):  # a string changed a little
        text = _get(data, path)
        cut = rng.randrange(len(text) + 1)
        data = _set(data, path, text[:cut] + rng.choice(("9", ":", ".", "²", "\ud7ff", "")) + text[cut + 1:])
    elif how == 6 and isinstance(_get(data, path), int) and not isinstance(_get(data, path), bool):
        data = _set(data, path, rng.choice((-_get(data, path), _get(data, path) + 1, 10**30, 0)))
    text = json.dumps(data, ensure_ascii=False).encode("utf-8")
    if how == 7:  # cut the file short
        text = text[: rng.randrange(len(text))]
    elif how == 8:  # bytes that are not UTF-8
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80")) + text[at:]
    elif how == 9:  # a number far too long, or nesting deeper than the JSON reader goes
        text = text.replace(b'"version": 1', b'"version": 1' + b"0" * rng.choice((10, 5000)), 1) if rng.random() < .5 \
            else b"[" * 100_000 + b"]" * 100_000
    return text


def _use(lesson_data: Any) -> None:
    """What a learner does with an accepted lesson: every exercise's solution, its words, and a judged answer."""
    for lang in ("en", "de"):
        for ex in Lesson(lesson_data, lang).exercises:
            solution = ex.solution()
            ex.solution_text()
            whole = ex.is_task or (ex.kind == "predict" and ex.mode == "several")
            with contextlib.suppress(AnswerError):  # an answer it cannot take is refused the documented way
                ex.check(solution if whole else solution[0])


def fuzz_files(seed: int, count: int, bases: Iterable[str] = BASES) -> Counts:
    """``count`` mutated lesson files read as a teacher's own would be: each refused with a LessonError or
    accepted (and then used); anything else is an escape."""
    rng = random.Random(seed)
    originals = [json.loads((DATA_DIR / name).read_text(encoding="utf-8")) for name in bases]
    counts = Counts()
    for i in range(count):
        raw = mutate(rng, rng.choice(originals))
        source = f"fuzz-{seed}-{i}.json"
        try:
            lesson_data = read_lesson_text(raw, source)
        except LessonError as exc:
            outcome = "refused" if str(exc).startswith(f"lesson file {source}") and len(str(exc)) < 1000 else "escaped"
            counts.add(outcome, f"unbounded or unnamed LessonError: {excerpt(str(exc), 200)}")
            continue
        except Exception as exc:  # the door did not hold
            counts.add("escaped", f"{type(exc).__name__}: {excerpt(str(exc))} on {excerpt(raw, 120)}")
            continue
        try:
            _use(lesson_data)
        except Exception as exc:
            counts.add("escaped", f"accepted, then {type(exc).__name__}: {excerpt(str(exc))} "
                                  f"{traceback.format_exc(limit=-1).strip()[-200:]}")
            continue
        counts.add("accepted")
    return counts


# --------------------------------------------------------------------------------------------- widget intents
class _Failures(logging.Handler):
    """Counts the lesson widget's unexpected failures (logged with a traceback by its catch-all)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


INTENT_TYPES = ("choose", "why", "answer", "hint", "show", "retry", "undo", "next", "back", "goto", "reset",
                "language", "present", "dance", "", None, 7)


def _intent(rng: random.Random, widget: Any) -> Any:
    """A message as a browser might send it: mostly well-formed, often with a field of the wrong kind."""
    if rng.random() < 0.05:
        return rng.choice(ODD_VALUES)
    intent: dict[str, Any] = {"type": rng.choice(INTENT_TYPES)}
    view = widget.view
    intent["version"] = view["version"] if rng.random() < 0.8 else rng.choice(ODD_VALUES)
    choices = [c["id"] for c in ((view.get("board") or {}).get("decision") or {}).get("choices", [])] or \
        list(widget.attempt.game.choice_ids)
    answers = [a["id"] for a in view["exercise"]["answers"]]
    pool = [*choices, *answers, *widget.exercise.accepted[:1], rng.choice(ODD_VALUES)]
    intent["id"] = rng.choice(pool) if pool else None
    intent["value"] = rng.choice((rng.choice(pool) if pool else None, answers[:2], rng.choice(ODD_VALUES), 3, "4"))
    intent["lesson"] = rng.choice((0, 1, len(widget.lessons) - 1, 99, -1, None, "plans", "x" * 5000, 1.5, True))
    intent["exercise"] = rng.choice((0, 1, 2, 99, -1, None, "0"))
    intent["lang"] = rng.choice(("en", "it", "de", "fr", None, "x" * 5000, 3))
    intent["target"] = rng.choice(({"type": "outer", "n": rng.randrange(1, 13)}, {"type": "inner"}, None, "x"))
    return intent


def fuzz_intents(seed: int, count: int, make_widget: Callable[[], Any]) -> Counts:
    """``count`` intents sent to a lesson widget: each carried out (no error) or refused with one short sentence
    in the learner's language; a traceback, a long or echoing message, or a failure the widget had to catch is an
    escape."""
    rng = random.Random(seed)
    widget = make_widget()
    log = logging.getLogger("hickory_widget.lessons")
    failures = _Failures()
    log.addHandler(failures)
    counts = Counts()
    try:
        for _ in range(count):
            intent = _intent(rng, widget)
            seen = len(failures.records)
            try:
                widget._on_msg(widget, intent)
            except Exception as exc:
                counts.add("escaped", f"{type(exc).__name__} out of the widget: {excerpt(str(exc))} for "
                                      f"{excerpt(intent)}")
                continue
            error = widget.error
            if len(failures.records) > seen:
                record = failures.records[-1]
                counts.add("escaped", f"caught {record.exc_info[1]!r:.120} for {excerpt(intent)}"
                           if record.exc_info else f"failed for {excerpt(intent)}")
            elif error and ("Traceback" in error or len(error) > 160 or "\n" in error or "xxxxxxxxxx" in error):
                counts.add("escaped", f"unbounded message {excerpt(error)} for {excerpt(intent)}")
            else:
                counts.add("refused" if error else "accepted")
    finally:
        log.removeHandler(failures)
    return counts


def campaign(seed: int, files: int, intents: int, progress_dir: Path) -> dict[str, Counts]:
    """Both doors: lesson files, then intents to the Hickory and the Mice! lesson widgets."""
    from hickory_widget.lessons.card_widget import lesson_widget

    return {
        "lesson files": fuzz_files(seed, files),
        "hickory intents": fuzz_intents(seed, intents, lambda: lesson_widget(
            "hickory", learner="fuzz", progress_path=progress_dir / "hickory.json")),
        "mice intents": fuzz_intents(seed, intents, lambda: lesson_widget(
            "mice", learner="fuzz", progress_path=progress_dir / "mice.json", language="it")),
        "towers intents": fuzz_intents(seed, intents, lambda: lesson_widget(
            "clocktowers", learner="fuzz", progress_path=progress_dir / "towers.json", language="de")),
    }
