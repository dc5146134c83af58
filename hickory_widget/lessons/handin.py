"""Handing progress in: a learner's lesson progress as a small JSON text the teacher reads into the classroom tools.

A learner on a static site (JupyterLite) or at home has no server the teacher can see; "Export my progress" gives
a file (or the same text to paste) in the format ``hickory-progress/1``::

    {"format": "hickory-progress/1", "learner": "ada", "exercises": {"04-jumping/1": {"stars": 3, "tries": 1,
     "hints": 0}}, "check": "3f1c9a0b"}

``exercises`` is the learner's record in :mod:`.progress`'s shape (exercise key -> stars, tries, hints).
``check`` is the first 8 hex digits of the SHA-256 of the canonical JSON of the other fields: it catches a
truncated paste or a hand edit by mistake (it is not a signature: a learner can always forge their own file).

:func:`read_handin` is a door like every other: the text is bounded, a key given twice in one object is refused
(JSON readers keep the last one, so a file that opens as ``ada`` could be read as ``mallory``), every field is typed
and bounded, unknown fields are refused, a record no lesson widget can write (2 stars with no hint) is refused, the
learner's name is taken in Unicode NFC (``José`` typed either way is one learner), and each refusal is a
:class:`HandinError` naming the field, in at most :data:`MAX_MESSAGE` characters. What may be true but looks
impossible against the curriculum (an exercise key in no game's lessons) is flagged by :func:`handin_flags`, so the
dashboard shows it as such.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from typing import Any

from ..core.doors import PlainDataError, excerpt, load_json

FORMAT = "hickory-progress/1"
MAX_CHARS = 200_000
"""Longest hand-in text read at all (the whole curriculum of three games is far below: about 60 bytes a record)."""
MAX_EXERCISES = 2_000
MAX_LEARNER = 60
MAX_COUNT = 100_000
"""Most tries or hints counted for one exercise."""
FIELDS = ("format", "learner", "exercises", "check")
RECORD_FIELDS = ("stars", "tries", "hints")
MAX_MESSAGE = 300
"""Longest refusal sentence."""
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,59}(/[A-Za-z0-9][A-Za-z0-9._:-]{0,59}){1,2}")


class HandinError(ValueError):
    """A hand-in that cannot be read; ``field`` names the part that is wrong (``"(text)"`` for the whole text)."""

    def __init__(self, field: str, problem: str) -> None:
        field = field if len(field) <= 80 else field[:79] + "…"
        text = f"hand-in field {field!r}: {problem}"
        if len(text) > MAX_MESSAGE:
            text = text[:MAX_MESSAGE - 1] + "…"
        super().__init__(text)
        self.field = field
        self.problem = problem


def _checksum(learner: str, exercises: dict[str, Any]) -> str:
    body = json.dumps({"format": FORMAT, "learner": learner, "exercises": exercises}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(body.encode("ascii")).hexdigest()[:8]


def _learner(value: Any, field: str = "learner") -> str:
    if type(value) is not str or not value.strip():
        raise HandinError(field, f"a non-empty name, found {excerpt(value)}")
    name = unicodedata.normalize("NFC", value.strip())
    if len(name) > MAX_LEARNER:
        raise HandinError(field, f"a name of at most {MAX_LEARNER} characters, found {len(name)}")
    if any(not ch.isprintable() for ch in name):
        raise HandinError(field, f"a name without control characters, found {excerpt(name)}")
    return name


def _count(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise HandinError(field, f"a whole number from {low} to {high}, found {excerpt(value)}")
    return value


def _exercises(value: Any, field: str = "exercises") -> dict[str, dict[str, int]]:
    if type(value) is not dict:
        raise HandinError(field, f"an object of exercise key -> record, found {excerpt(value)}")
    if len(value) > MAX_EXERCISES:
        raise HandinError(field, f"at most {MAX_EXERCISES} exercises, found {len(value)}")
    out: dict[str, dict[str, int]] = {}
    for key, rec in value.items():
        if type(key) is not str or not _KEY.fullmatch(key):
            raise HandinError(field, f"exercise keys look like 'lesson-id/exercise-id', found {excerpt(key)}")
        where = f"{field}.{key}"
        if type(rec) is not dict:
            raise HandinError(where, f"an object with {', '.join(RECORD_FIELDS)}, found {excerpt(rec)}")
        unknown = sorted(set(rec) - set(RECORD_FIELDS))
        if unknown:
            raise HandinError(where, f"unknown field {excerpt(unknown[0])}; a record has {', '.join(RECORD_FIELDS)}")
        missing = [f for f in RECORD_FIELDS if f not in rec]
        if missing:
            raise HandinError(f"{where}.{missing[0]}", "missing")
        out[key] = {"stars": _count(rec["stars"], f"{where}.stars", 1, 3),
                    "tries": _count(rec["tries"], f"{where}.tries", 1, MAX_COUNT),
                    "hints": _count(rec["hints"], f"{where}.hints", 0, MAX_COUNT)}
        if out[key]["stars"] == 2 and out[key]["hints"] == 0:
            raise HandinError(where, "2 stars are earned with a hint and no mistake, and this record has no hint")
    return out


def handin_flags(records: dict[str, dict[str, int]], known: set[str]) -> list[str]:
    """Why a hand-in's self-reported records look impossible against the curriculum (``known``: every exercise key
    of the three games): exercise keys no lesson has. Empty when nothing looks wrong."""
    unknown = sorted(k for k in records if k not in known)
    if not unknown:
        return []
    shown = ", ".join(unknown[:3]) + (f" (+{len(unknown) - 3})" if len(unknown) > 3 else "")
    return [f"{len(unknown)} exercise key(s) in no lesson: {shown}"[:200]]


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise HandinError(key, "given twice in one object; a hand-in names each field once")
        seen[key] = value
    return seen


def check_learner(name: Any) -> str:
    """``name`` stripped, if it can name a learner in a hand-in; HandinError otherwise."""
    return _learner(name)


def export_handin(record: dict[str, Any], learner: str) -> str:
    """The hand-in text of ``learner``'s ``record`` (a :class:`~.progress.Progress`'s ``records``).

    Only solved exercises are handed in, each with its stars, tries and hints (what a classroom server keeps
    besides, time and wrong answers, stays there). The rest is checked as :func:`read_handin` checks it, so what
    is exported can always be read back."""
    name = _learner(learner)
    if type(record) is not dict:
        raise HandinError("record", f"an object of exercise key -> record, found {excerpt(record)}")
    solved = {key: {f: rec.get(f) for f in RECORD_FIELDS} for key, rec in record.items()
              if type(rec) is dict and rec.get("stars") != 0}
    exercises = _exercises(solved, "record")
    data = {"format": FORMAT, "learner": name, "exercises": dict(sorted(exercises.items())),
            "check": _checksum(name, exercises)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_handin(text: str | bytes) -> tuple[str, dict[str, dict[str, int]]]:
    """The learner and their record (:mod:`.progress`'s shape) from a hand-in text; HandinError if malformed."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_CHARS * 4:
            raise HandinError("(text)", f"at most {MAX_CHARS:,} characters, found {len(text):,} bytes")
    elif not isinstance(text, str):
        raise HandinError("(text)", f"the text of a hand-in file, found {excerpt(text)}")
    if len(text) > MAX_CHARS:
        raise HandinError("(text)", f"at most {MAX_CHARS:,} characters, found {len(text):,}")
    try:
        data = load_json(text)
    except PlainDataError as exc:
        raise HandinError(exc.path, exc.problem) from None
    try:  # the same text once more, only to find a key given twice (load_json keeps the last one)
        json.loads(text, object_pairs_hook=_no_duplicates)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, HandinError):
            raise
        raise HandinError("(text)", "cannot be read as JSON") from None
    if type(data) is not dict:
        raise HandinError("(text)", f"a JSON object with {', '.join(FIELDS)}, found {excerpt(data)}")
    if data.get("format") != FORMAT:
        raise HandinError("format", f"{FORMAT!r} expected, found {excerpt(data.get('format'))}")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise HandinError(unknown[0], f"unknown field; a hand-in has {', '.join(FIELDS)}")
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise HandinError(missing[0], "missing")
    learner = _learner(data["learner"])
    exercises = _exercises(data["exercises"])
    check = data["check"]
    if type(check) is not str or not re.fullmatch(r"[0-9a-f]{8}", check):
        raise HandinError("check", f"8 hexadecimal digits, found {excerpt(check)}")
    if check != _checksum(learner, exercises):
        raise HandinError("check", "does not match the contents: the text was cut short or changed after export")
    return learner, exercises
