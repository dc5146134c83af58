"""Learn by doing: lessons of small tasks on prepared boards, every answer judged by the real engine.

    >>> from hickory_widget.lessons import curriculum, load_lesson
    >>> lessons = curriculum(language="it")
    >>> ex = lessons[0].exercises[0]
    >>> ex.prompt, ex.kind, ex.hints
    >>> verdict = ex.check("jump_off")          # .correct .message .rules .solution

Lessons are JSON files (format in docs/LESSONS.md); the built-in ones live in ``lessons/data/``. The widget
(``LessonWidget``) lives in :mod:`.widget` and needs Jupyter; nothing here imports it.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from functools import cache
from pathlib import Path

from .exercise import Answer, AnswerError, Exercise, Lesson, Verdict, ui_text
from .format import LessonData, LessonError, read_lesson, read_lesson_file
from .games import HICKORY, NAMES

DATA_DIR = Path(__file__).parent / "data"

PUZZLES = DATA_DIR / "puzzles" / "puzzles.json"
"""Puzzles from bot games (scripts/make_puzzles.py): best exercises, kept apart from the curriculum's lessons."""

__all__ = ["Answer", "AnswerError", "Exercise", "Lesson", "LessonError", "Verdict", "curriculum", "load_lesson",
           "puzzles", "ui_text"]


def _folder(game: str) -> Path:
    """Hickory's lessons are the files in ``data/``; another game's are in ``data/<game>/``."""
    return DATA_DIR if game == HICKORY else DATA_DIR / game


def _fingerprint(files: list[Path]) -> str:
    """What a precomputed copy was made from: the lesson files, the reader's code and the Python version."""
    h = hashlib.sha256(repr(sys.version_info[:2]).encode())
    for path in [*files, Path(__file__).with_name("format.py")]:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def precomputed_path(game: str = HICKORY) -> Path:
    return DATA_DIR / f"precomputed-{game}.pickle"


def precompute(game: str = HICKORY) -> bytes:
    """The built-in lessons of ``game``, read and checked, as bytes for :func:`precomputed_path`: the static site
    (lite/precompile.mjs) writes them into the wheel it ships, so each browser skips checking every exercise (about
    0.7 s of the first lesson board there). Anything else reads the JSON files, as before."""
    files = sorted(_folder(game).glob("*.json"))
    return pickle.dumps((_fingerprint(files), _read_builtin(game, files)), protocol=pickle.HIGHEST_PROTOCOL)


def _stored(game: str, files: list[Path]) -> tuple[LessonData, ...] | None:
    """The precomputed lessons, if this installation has them and they were made from these very files."""
    path = precomputed_path(game)
    if not path.is_file():
        return None
    try:
        fingerprint, lessons = pickle.loads(path.read_bytes())  # written by our own build, into our own wheel
    except Exception:  # a copy from another version of the package: read the files instead
        return None
    return lessons if fingerprint == _fingerprint(files) else None


@cache
def _builtin(game: str = HICKORY) -> tuple[LessonData, ...]:
    files = sorted(_folder(game).glob("*.json"))
    stored = _stored(game, files)
    return stored if stored is not None else _read_builtin(game, files)


def _read_builtin(game: str, files: list[Path]) -> tuple[LessonData, ...]:
    folder = _folder(game)
    lessons = [read_lesson_file(p) for p in files]
    wrong = [d.source for d in lessons if d.game != game]
    if wrong:
        raise LessonError(f"lesson file {wrong[0]}: field 'game': the files in {folder} teach {game!r}")
    return tuple(sorted(lessons, key=lambda d: (d.order, d.id)))


def curriculum(language: str = "en", game: str = HICKORY) -> list[Lesson]:
    """The built-in lessons of ``game`` (hickory, clocktowers or mice) in teaching order, their texts in
    ``language`` (en, it or de)."""
    if game not in NAMES:
        raise ValueError(f"game must be one of {', '.join(NAMES)}, not {game!r}")
    return [Lesson(d, language) for d in _builtin(game)]


@cache
def _puzzles() -> LessonData:
    return read_lesson_file(PUZZLES)


def puzzles(language: str = "en") -> Lesson:
    """The lesson of puzzles from bot games (best exercises, each checked by playouts; docs/LESSONS.md): open it
    with ``LessonWidget(lessons=[puzzles()])``."""
    return Lesson(_puzzles(), language)


def load_lesson(path: str | Path, language: str = "en") -> Lesson:
    """A lesson from a file of your own (checked; a malformed file raises LessonError naming the field)."""
    return Lesson(read_lesson_file(path), language)


def load_lesson_data(data: dict, language: str = "en", source: str = "<data>") -> Lesson:
    """A lesson from already parsed JSON data."""
    return Lesson(read_lesson(data, source), language)
