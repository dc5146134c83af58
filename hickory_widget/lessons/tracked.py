"""The lesson widgets as the classroom app serves them: they also note each wrong answer and the time spent, for
the teacher's dashboard (:mod:`.dashboard`), one class per game (Hickory Dickory, Clocktowers, Mice!).

Time on an exercise runs from the moment it is on screen to each answer; a gap longer than :data:`IDLE_CAP`
seconds counts as that cap (a learner who walks away does not spend an hour on one exercise).

All three games' records sit in the learner's one record of the progress file, each under its own exercise keys
(``goal/grab-button``, ``mice-hunt/m11-captures``, ``ct-towers/…``); "Reset my progress" in one game's lessons
forgets that game's exercises only.
"""

from __future__ import annotations

import time
from typing import Any

import traitlets

from .card_widget import ClocktowersLessonWidget, MiceLessonWidget
from .exercise import Verdict
from .progress import ProgressError
from .widget import LOG, Attempt, LessonWidget, NotSaved, Refused

IDLE_CAP = 600.0


class Tracking(LessonWidget):
    """Noting in the progress file what the dashboard shows: time per exercise and the wrong answers given."""

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
            try:
                self.progress.note(key, wrong=None if verdict.correct else value, seconds=seconds)
            except ProgressError as exc:
                if not verdict.correct:
                    raise NotSaved(exc) from None
                LOG.warning("the solve of %s is saved, its time is not: %s", key, exc)  # done is still true
        return verdict

    @property
    def game_keys(self) -> set[str]:
        """The exercise keys of this widget's lessons (this game's part of the learner's record)."""
        return {ex.key for lesson in self.lessons for ex in lesson.exercises}

    def reset_progress(self) -> None:
        """Forgets this game's exercises only: the learner's work in the other games stays."""
        if self.presentation:
            raise Refused("lesson.ui.presenting", "presentation mode resets nothing")
        self.progress.reset(self.game_keys)
        self.attempt = Attempt(self.exercise)
        self._refresh()


class TrackedLessonWidget(Tracking):
    """Hickory Dickory's lessons in the classroom."""


class TrackedClocktowersLessonWidget(Tracking, ClocktowersLessonWidget):
    """Clocktowers' lessons in the classroom."""


class TrackedMiceLessonWidget(Tracking, MiceLessonWidget):
    """Mice!'s lessons in the classroom."""


TRACKED: dict[str, type[Tracking]] = {"hickory": TrackedLessonWidget, "clocktowers": TrackedClocktowersLessonWidget,
                                      "mice": TrackedMiceLessonWidget}
