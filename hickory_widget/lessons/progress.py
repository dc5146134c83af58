"""Progress per learner, kept in a local JSON file so that it survives a restart and can be reset.

One file holds every learner of a classroom machine (``{"learners": {name: {exercise key: record}}}``). Several
kernels (one per Voilà visitor) may write it at once, so every change re-reads the file under an exclusive lock
and writes it back atomically; a learner's record is never lost to another learner's write.

Stars: 3 = solved at the first try with no hint, 2 = solved with a hint but no mistake, 1 = solved after
mistakes or after being shown the solution. The best result is kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None  # type: ignore[assignment]
if fcntl is not None and not hasattr(fcntl, "flock"):  # Pyodide (JupyterLite): one kernel per tab, nothing to lock
    fcntl = None  # type: ignore[assignment]

FORMAT = "hickory-lesson-progress"
VERSION = 1
DEFAULT_PATH = Path.home() / ".hickory_widget" / "lesson-progress.json"
if sys.platform == "emscripten" and Path("/drive").is_dir():  # JupyterLite: the browser-stored drive, not memory
    DEFAULT_PATH = Path("/drive") / ".hickory_widget" / "lesson-progress.json"


class ProgressError(ValueError):
    """A progress file that is not one (another file at that path, or damaged); nothing is overwritten."""


def stars_for(mistakes: int, hints: int, shown: bool) -> int:
    if mistakes or shown:
        return 1
    return 2 if hints else 3


class Progress:
    """The progress of one ``learner`` in the file at ``path`` (default ``~/.hickory_widget/lesson-progress.json``)."""

    def __init__(self, path: str | Path | None = None, learner: str = "learner") -> None:
        self.path = Path(path) if path is not None else Path(os.environ.get("HICKORY_PROGRESS", DEFAULT_PATH))
        if not isinstance(learner, str) or not learner.strip():
            raise ValueError(f"a learner is named by a non-empty string, not {learner!r}")
        self.learner = learner.strip()
        self.records: dict[str, dict[str, Any]] = self._read().get(self.learner, {})

    # ---------------------------------------------------------------------------------------- reading
    def stars(self, key: str) -> int:
        return int(self.records.get(key, {}).get("stars", 0))

    def solved(self, key: str) -> bool:
        return self.stars(key) > 0

    def record(self, key: str) -> dict[str, Any]:
        return dict(self.records.get(key, {}))

    # ---------------------------------------------------------------------------------------- writing
    def solve(self, key: str, mistakes: int, hints: int, shown: bool = False) -> int:
        """Records a solved exercise; returns the stars earned this time (the best is kept)."""
        earned = stars_for(mistakes, hints, shown)

        def change(mine: dict[str, Any]) -> None:
            old = mine.get(key, {})
            mine[key] = {"stars": max(earned, int(old.get("stars", 0))),
                         "tries": int(old.get("tries", 0)) + mistakes + 1, "hints": int(old.get("hints", 0)) + hints}

        self._update(change)
        return earned

    def reset(self) -> None:
        """Forgets this learner's progress (others in the same file are kept)."""
        self._update(lambda mine: mine.clear())

    # ---------------------------------------------------------------------------------------- the file
    def _read(self) -> dict[str, Any]:
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ProgressError(f"progress file {self.path} cannot be read as JSON ({exc}); move it away or pass "
                                "another path") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("learners"), dict):
            raise ProgressError(f"{self.path} is not a lesson progress file (expected an object with format "
                                f"{FORMAT!r} and 'learners'); it is left untouched")
        return data["learners"]

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock = self.path.with_name(self.path.name + ".lock")
        with lock.open("a") as f:
            if fcntl is not None:
                fcntl.flock(f, fcntl.LOCK_EX)
            try:
                yield
            finally:
                if fcntl is not None:
                    fcntl.flock(f, fcntl.LOCK_UN)

    def _update(self, change: Any) -> None:
        with self._locked():
            learners = self._read()
            mine = learners.setdefault(self.learner, {})
            change(mine)
            text = json.dumps({"format": FORMAT, "version": VERSION, "learners": learners}, indent=1, sort_keys=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".progress-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, self.path)
            self.records = mine
