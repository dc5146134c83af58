"""The lesson widget as the classroom app serves it: it also notes each wrong answer and the time spent, for the
teacher's dashboard (:mod:`.dashboard`).

Time on an exercise runs from the moment it is on screen to each answer; a gap longer than :data:`IDLE_CAP`
seconds counts as that cap (a learner who walks away does not spend an hour on one exercise).
"""

from __future__ import annotations

import time
from typing import Any

import traitlets

from .exercise import Verdict
from .widget import LessonWidget

IDLE_CAP = 600.0


class TrackedLessonWidget(LessonWidget):
    """A :class:`LessonWidget` whose answers are also noted in the progress file (wrong ones with their value)."""

    def __init__(self, **kwargs: Any) -> None:
        self._shown_at: tuple[Any, float] = (None, time.monotonic())
        super().__init__(**kwargs)

    @traitlets.observe("view")
    def _view_changed(self, _change: dict[str, Any]) -> None:
        attempt = getattr(self, "attempt", None)
        if attempt is not None and self._shown_at[0] is not attempt:
            self._shown_at = (attempt, time.monotonic())

    def answer(self, value: Any) -> Verdict:
        key = self.exercise.key
        verdict = super().answer(value)
        if not self.presentation:
            now = time.monotonic()
            seconds = min(IDLE_CAP, now - self._shown_at[1])
            self._shown_at = (self._shown_at[0], now)
            self.progress.note(key, wrong=None if verdict.correct else value, seconds=seconds)
        return verdict
