"""Progress per learner, kept in a local JSON file so that it survives a restart and can be reset.

One file holds every learner of a classroom machine (``{"learners": {name: {exercise key: record}}}``). Several
kernels (one per Voilà visitor) may write it at once, so every change re-reads the file under an exclusive lock
and writes it back atomically; a learner's record is never lost to another learner's write.

A record: ``stars`` (the best result), ``tries`` (answers given up to each solve), ``hints`` (hints used), and,
since version 2, ``seconds`` (time spent on the exercise), ``misses`` (wrong answers given), ``wrong`` (the last
:data:`WRONG_KEPT` wrong answers, as short texts, for the teacher's dashboard) and ``at`` (when the learner last
worked on it, seconds since the epoch). Version 1 files load unchanged: the new fields default to zero and nothing.

Stars: 3 = solved at the first try with no hint, 2 = solved with a hint but no mistake, 1 = solved after
mistakes or after being shown the solution. The best result is kept.

The file is a door: anything malformed in it (not UTF-8, not JSON, nested too deep, a 5,000-digit number, a record
that is a list, a string of a megabyte) raises :class:`ProgressError` naming the file, the learner and the field,
quoting at most :data:`EXCERPT` characters; nothing else escapes and nothing is overwritten.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None  # type: ignore[assignment]
if fcntl is not None and not hasattr(fcntl, "flock"):  # Pyodide (JupyterLite): one kernel per tab, nothing to lock
    fcntl = None  # type: ignore[assignment]

FORMAT = "hickory-lesson-progress"
VERSION = 2
VERSIONS = (1, 2)
DEFAULT_PATH = Path.home() / ".hickory_widget" / "lesson-progress.json"
if sys.platform == "emscripten" and Path("/drive").is_dir():  # JupyterLite: the browser-stored drive, not memory
    DEFAULT_PATH = Path("/drive") / ".hickory_widget" / "lesson-progress.json"
MAX_BYTES = 32 * 2**20
"""A class of 25 with every exercise tried and every wrong answer kept is under 2 MiB."""
MAX_COUNT = 10**9
MAX_NAME = 200
MAX_WRONG_TEXT = 80
WRONG_KEPT = 20
EXCERPT = 60
INT_FIELDS = ("stars", "tries", "hints", "misses")
NUMBER_FIELDS = ("seconds", "at")
FIELDS = (*INT_FIELDS, *NUMBER_FIELDS, "wrong")


class ProgressError(ValueError):
    """A progress file that is not one (another file at that path, or damaged); nothing is overwritten.

    ``path``, ``learner`` and ``field`` say where (``None`` when the fault is above that level)."""

    def __init__(self, message: str, path: str | Path | None = None, learner: str | None = None,
                 field: str | None = None) -> None:
        super().__init__(message)
        self.path, self.learner, self.field = path, learner, field


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """``value`` as a short text for an error message: at most ``limit`` characters, long ones cut with …."""
    try:
        text = repr(value) if not isinstance(value, (dict, list)) else json.dumps(value, ensure_ascii=False)[:limit + 1]
    except (ValueError, RecursionError):  # a number too long to print, or nesting too deep to walk
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def stars_for(mistakes: int, hints: int, shown: bool) -> int:
    if mistakes or shown:
        return 1
    return 2 if hints else 3


def answer_text(answer: Any) -> str:
    """A learner's answer as the short text a record keeps (a choice id, option ids, a number)."""
    text = ", ".join(str(a) for a in answer) if isinstance(answer, (list, tuple)) else str(answer)
    return text if len(text) <= MAX_WRONG_TEXT else text[:MAX_WRONG_TEXT - 1] + "…"


# -------------------------------------------------------------------------------------------- checking a file
def _writable(text: str) -> bool:
    """False for a text with a lone surrogate (valid JSON, ``"\\ud800"``, but no UTF-8 file can hold it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _fail(path: Any, what: str, learner: str | None = None, field: str | None = None) -> ProgressError:
    where = f"progress file {path}"
    if learner is not None:
        where += f", learner {excerpt(learner, 42)}"
    if field is not None:
        where += f", field {excerpt(field, 42)}"
    return ProgressError(f"{where}: {what}; the file is left untouched", path, learner, field)


def check_record(record: Any, path: Any = "<record>", learner: str | None = None, key: str | None = None
                 ) -> dict[str, Any]:
    """One exercise's record, checked and completed with the defaults of the fields it lacks (old files)."""
    field_of = (lambda f: f"{key}.{f}") if key is not None else (lambda f: f)
    if not isinstance(record, dict):
        raise _fail(path, f"a record is an object, not {type(record).__name__} {excerpt(record)}", learner,
                    key)
    unknown = [f for f in record if f not in FIELDS]
    if unknown:
        raise _fail(path, f"unknown field; a record has {', '.join(FIELDS)}", learner, field_of(excerpt(unknown[0])))
    out: dict[str, Any] = {}
    for f in INT_FIELDS:
        v = record.get(f, 0)
        top = 3 if f == "stars" else MAX_COUNT
        if type(v) is not int or not 0 <= v <= top:
            raise _fail(path, f"a whole number from 0 to {top}, not {excerpt(v)}", learner, field_of(f))
        out[f] = v
    for f in NUMBER_FIELDS:
        v = record.get(f, 0)
        if type(v) not in (int, float) or not math.isfinite(v) or not 0 <= v <= 1e12:
            raise _fail(path, f"a number of seconds from 0 to 1e12, not {excerpt(v)}", learner, field_of(f))
        out[f] = v
    wrong = record.get("wrong", [])
    if not isinstance(wrong, list) or len(wrong) > 5 * WRONG_KEPT:
        raise _fail(path, f"a list of at most {5 * WRONG_KEPT} answers, not {excerpt(wrong)}", learner,
                    field_of("wrong"))
    for i, w in enumerate(wrong):
        if not isinstance(w, str) or len(w) > 2 * MAX_WRONG_TEXT or not _writable(w):
            raise _fail(path, f"an answer is a text of at most {2 * MAX_WRONG_TEXT} characters, not {excerpt(w)}",
                        learner, field_of(f"wrong[{i}]"))
    out["wrong"] = list(wrong)
    return out


def check_learners(learners: Any, path: Any = "<data>") -> dict[str, dict[str, dict[str, Any]]]:
    """The ``learners`` object of a progress file, every name, key and record checked."""
    if not isinstance(learners, dict):
        raise _fail(path, f"'learners' is an object of names, not {type(learners).__name__}", field="learners")
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name, records in learners.items():
        if not name.strip() or len(name) > MAX_NAME or not _writable(name):
            raise _fail(path, f"a learner's name is 1-{MAX_NAME} characters", excerpt(name))
        if not isinstance(records, dict):
            raise _fail(path, f"a learner's progress is an object of exercises, not {type(records).__name__} "
                        f"{excerpt(records)}", name)
        mine: dict[str, dict[str, Any]] = {}
        for key, record in records.items():
            if not key or len(key) > MAX_NAME or not _writable(key):
                raise _fail(path, f"an exercise key is 1-{MAX_NAME} characters", name, excerpt(key))
            mine[key] = check_record(record, path, name, key)
        out[name] = mine
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_progress(raw: bytes, path: Any = "<data>") -> dict[str, dict[str, dict[str, Any]]]:
    """The learners of a progress file given as bytes, checked (:class:`ProgressError` for anything else)."""
    if len(raw) > MAX_BYTES:
        raise _fail(path, f"{len(raw)} bytes is more than a progress file holds (at most {MAX_BYTES})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(path, f"not UTF-8 text (byte {exc.start}: {excerpt(raw[exc.start:exc.start + 4])})") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _fail(path, f"cannot be read as JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); move it "
                    "away or pass another path") from None
    except RecursionError:
        raise _fail(path, "nested too deep to be a progress file") from None
    except ValueError as exc:  # a number of thousands of digits, NaN or Infinity
        raise _fail(path, f"a value JSON cannot hold here ({excerpt(str(exc), 80)})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or "learners" not in data:
        raise _fail(path, f"not a lesson progress file (expected an object with format {FORMAT!r} and 'learners')")
    version = data.get("version", 1)
    if version not in VERSIONS:
        raise _fail(path, f"version {excerpt(version)} is not one this reader knows ({', '.join(map(str, VERSIONS))}"
                    "); a newer hickory_widget wrote it", field="version")
    return check_learners(data["learners"], path)


def read_progress_file(path: str | Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Every learner's records in the progress file at ``path`` (empty when there is no file yet)."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise _fail(path, f"cannot be read ({exc.strerror})") from None
    return parse_progress(raw, path)


def compact(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` without the version 2 fields still at their defaults: a record only solved (no wrong answer or
    time noted, as the plain lesson widget and the static site keep them) has the version 1 shape."""
    return {k: v for k, v in record.items() if k in ("stars", "tries", "hints") or v}


# -------------------------------------------------------------------------------------------- one learner
class Progress:
    """The progress of one ``learner`` in the file at ``path`` (default ``~/.hickory_widget/lesson-progress.json``)."""

    def __init__(self, path: str | Path | None = None, learner: str = "learner") -> None:
        self.path = Path(path) if path is not None else Path(os.environ.get("HICKORY_PROGRESS", DEFAULT_PATH))
        if not isinstance(learner, str) or not learner.strip() or len(learner) > MAX_NAME or not _writable(learner):
            raise ValueError(f"a learner is named by a string of 1-{MAX_NAME} characters, not {excerpt(learner)}")
        self.learner = unicodedata.normalize("NFC", learner.strip())
        from .store import Store, is_store

        self.store = Store.at(self.path) if is_store(self.path) else None
        mine = self.store.records(self.learner) if self.store is not None else self._read().get(self.learner, {})
        self.records: dict[str, dict[str, Any]] = {k: compact(r) for k, r in mine.items()}

    # ---------------------------------------------------------------------------------------- reading
    def stars(self, key: str) -> int:
        return int(self.records.get(key, {}).get("stars", 0))

    def solved(self, key: str) -> bool:
        return self.stars(key) > 0

    def record(self, key: str) -> dict[str, Any]:
        return dict(self.records.get(key, {}))

    # ---------------------------------------------------------------------------------------- writing
    def solve(self, key: str, mistakes: int, hints: int, shown: bool = False) -> int:
        """Records a solved exercise; returns the stars earned this time (the best is kept). Raises
        :class:`ProgressError` (and records nothing, here or on disk) when it cannot be saved."""
        earned = stars_for(mistakes, hints, shown)

        def change(old: dict[str, Any]) -> dict[str, Any]:
            old.update(stars=max(earned, old["stars"]), tries=min(MAX_COUNT, old["tries"] + mistakes + 1),
                       hints=min(MAX_COUNT, old["hints"] + hints))
            return old

        self._change(key, change)
        return earned

    def note(self, key: str, *, wrong: Any = None, seconds: float = 0.0) -> None:
        """Adds time spent on ``key`` and, when given, a wrong answer (the teacher's dashboard shows both)."""

        def change(rec: dict[str, Any]) -> dict[str, Any]:
            rec["seconds"] = round(min(1e12, rec["seconds"] + max(0.0, float(seconds))), 1)
            rec["at"] = round(time.time(), 1)
            if wrong is not None:
                rec["misses"] = min(MAX_COUNT, rec["misses"] + 1)
                rec["wrong"] = [*rec["wrong"], answer_text(wrong)][-WRONG_KEPT:]
            return rec

        self._change(key, change)

    def reset(self, keys: Iterable[str] | None = None) -> None:
        """Forgets this learner's progress, or only the exercises ``keys`` (one game's); others in the same file
        are kept."""
        if self.store is not None:
            self.store.reset(self.learner, keys)
            self.records = {k: r for k, r in self.records.items() if keys is not None and k not in set(keys)}
            return
        if keys is None:
            self._update(lambda mine: mine.clear())
            return
        gone = set(keys)

        def change(mine: dict[str, Any]) -> None:
            for key in gone & set(mine):
                del mine[key]

        self._update(change)

    def _change(self, key: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        """One exercise's record changed and saved; ``self.records`` follows only what was saved."""
        if self.store is not None:
            self.records[key] = compact(self.store.change(self.learner, key, change))
            return

        def in_file(mine: dict[str, Any]) -> None:
            mine[key] = compact(change(check_record(mine.get(key, {}))))

        self._update(in_file)

    # ---------------------------------------------------------------------------------------- the file
    def _read(self) -> dict[str, Any]:
        return read_progress_file(self.path)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        lock = self.path.with_name(self.path.name + ".lock")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            f = lock.open("a")
        except OSError as exc:
            raise _unsaved(self.path, exc) from None
        with f:
            if fcntl is not None:
                fcntl.flock(f, fcntl.LOCK_EX)
            try:
                yield
            finally:
                if fcntl is not None:
                    fcntl.flock(f, fcntl.LOCK_UN)

    def _update(self, change: Callable[[dict[str, Any]], None]) -> None:
        with self._locked():
            learners = self._read()
            mine = learners.setdefault(self.learner, {})
            change(mine)
            write_progress_file(self.path, learners)
            self.records = {k: compact(r) for k, r in mine.items()}


def write_progress_file(path: Path, learners: dict[str, Any]) -> None:
    """Writes ``learners`` atomically (a temporary file renamed over the old one); the caller holds the lock.
    Records are written :func:`compact` (and made so in ``learners``)."""
    for records in learners.values():
        records.update({k: compact(r) for k, r in records.items()})
    text = json.dumps({"format": FORMAT, "version": VERSION, "learners": learners}, indent=1, sort_keys=True,
                      ensure_ascii=False)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".progress-", suffix=".json")
    except OSError as exc:
        raise _unsaved(path, exc) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:  # a full or read-only disk: no temporary file is left behind, the old file stays
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _unsaved(path, exc) from None


def _unsaved(path: Path, exc: OSError) -> ProgressError:
    from .store import _reason

    error = ProgressError(f"progress file {path} cannot be written ({exc.strerror or exc}); nothing was saved", path)
    error.reason = _reason(exc)[0]  # type: ignore[attr-defined]  (what the learner is told: full, read-only ...)
    return error


def forget_learner(path: str | Path, learner: str) -> bool:
    """Removes ``learner`` from the progress file or store (the teacher's reset); True if they were in it."""
    from .store import Store, is_store

    if is_store(path):
        return Store.at(path).reset(learner) > 0
    progress = Progress(path, learner)
    with progress._locked():
        learners = progress._read()
        if learner not in learners:
            return False
        del learners[learner]
        write_progress_file(progress.path, learners)
        return True


def read_learners(path: str | Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Every learner's records, from a classroom store or a JSON progress file."""
    from .store import Store, is_store

    return Store.at(path).learners() if is_store(path) else read_progress_file(path)


class NoProgress(Progress):
    """Progress that is never read nor written: the presentation mode's (a projector shows no learner's work)."""

    def __init__(self, learner: str = "teacher") -> None:
        self.path, self.store, self.learner = Path(os.devnull), None, learner
        self.records = {}

    def _change(self, key: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        pass

    def reset(self, keys: Iterable[str] | None = None) -> None:
        pass
