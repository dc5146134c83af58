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

from functools import cache
from pathlib import Path

from .exercise import Answer, AnswerError, Exercise, Lesson, Verdict, ui_text
from .format import LessonData, LessonError, read_lesson, read_lesson_file
from .games import HICKORY, NAMES

DATA_DIR = Path(__file__).parent / "data"

__all__ = ["Answer", "AnswerError", "Exercise", "Lesson", "LessonError", "Verdict", "curriculum", "load_lesson",
           "ui_text"]


@cache
def _builtin(game: str = HICKORY) -> tuple[LessonData, ...]:
    """Hickory's lessons are the files in ``data/``; another game's are in ``data/<game>/``."""
    folder = DATA_DIR if game == HICKORY else DATA_DIR / game
    lessons = [read_lesson_file(p) for p in sorted(folder.glob("*.json"))]
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


def load_lesson(path: str | Path, language: str = "en") -> Lesson:
    """A lesson from a file of your own (checked; a malformed file raises LessonError naming the field)."""
    return Lesson(read_lesson_file(path), language)


def load_lesson_data(data: dict, language: str = "en", source: str = "<data>") -> Lesson:
    """A lesson from already parsed JSON data."""
    return Lesson(read_lesson(data, source), language)
