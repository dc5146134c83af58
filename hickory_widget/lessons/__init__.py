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

DATA_DIR = Path(__file__).parent / "data"

__all__ = ["Answer", "AnswerError", "Exercise", "Lesson", "LessonError", "Verdict", "curriculum", "load_lesson",
           "ui_text"]


@cache
def _builtin() -> tuple[LessonData, ...]:
    lessons = [read_lesson_file(p) for p in sorted(DATA_DIR.glob("*.json"))]
    return tuple(sorted(lessons, key=lambda d: (d.order, d.id)))


def curriculum(language: str = "en") -> list[Lesson]:
    """The built-in lessons in teaching order, their texts in ``language`` (en, it or de)."""
    return [Lesson(d, language) for d in _builtin()]


def load_lesson(path: str | Path, language: str = "en") -> Lesson:
    """A lesson from a file of your own (checked; a malformed file raises LessonError naming the field)."""
    return Lesson(read_lesson_file(path), language)


def load_lesson_data(data: dict, language: str = "en", source: str = "<data>") -> Lesson:
    """A lesson from already parsed JSON data."""
    return Lesson(read_lesson(data, source), language)
