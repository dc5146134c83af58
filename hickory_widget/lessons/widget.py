"""The lesson widget: a task on a prepared board, answers checked by the engine, hints, "show me", a progress map.

The front end (``js/lesson.mjs``) reuses the board drawing of ``js/geometry.mjs`` and ``js/board.mjs``; this
widget sends one view-model trait (the board's view model plus the lesson's) and receives intents: a choice
clicked on the board, an answer picked, hint, show me, next, back, go to, reset, language, presentation. As in
:class:`~hickory_widget.hickory.widget.HickoryWidget`, an intent made on an older board is refused and changes nothing.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..core.widget import join_modules
from ..hickory import labels
from ..hickory.game import Game
from ..hickory.i18n import check_language
from ..hickory.view import build
from ..hickory.why_not import candidate_for
from ..hickory.widget import JS_FILES, _js_dir
from ..hickory.widget import css as board_css
from . import curriculum
from .exercise import AnswerError, Exercise, Lesson, Verdict, ui_texts
from .progress import Progress

LESSON_JS = "lesson.mjs"


def lesson_bundle() -> str:
    """The board's modules (those of the game widget but its entry point) and ``lesson.mjs``, joined into one
    ES module the same way :func:`hickory_widget.hickory.widget.bundle` joins the game widget's."""
    directory = _js_dir()
    names = [f for f in JS_FILES if not f.endswith("/widget.mjs")]
    return join_modules(directory / name for name in [*names, LESSON_JS])


def lesson_css() -> str:
    return board_css() + "\n" + (Path(__file__).parent / "lesson.css").read_text(encoding="utf-8")


class Attempt:
    """What happened on the current exercise: mistakes, hints shown, solution shown, the last verdict."""

    def __init__(self, exercise: Exercise) -> None:
        self.mistakes = 0
        self.hints = 0
        self.shown = False
        self.showing = False
        self.done = False
        self.verdict: Verdict | None = None
        self.picked: Any = None
        self.game: Game = exercise.game()


class LessonWidget(anywidget.AnyWidget):
    """Lessons to take by doing: ``LessonWidget(learner="ada", progress_path="progress.json")``."""

    _esm = lesson_bundle()
    _css = lesson_css()
    game_name: ClassVar[str] = "hickory"
    """The game whose lessons this widget teaches (a subclass per card game: :mod:`.card_widget`)."""
    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    language = traitlets.Unicode("en").tag(sync=True)
    presentation = traitlets.Bool(False).tag(sync=True)
    """The teacher's mode for a projector: large text, no progress recorded, arrow keys step through."""

    def __init__(self, *, learner: str = "learner", progress_path: str | Path | None = None, language: str = "en",
                 lessons: list[Lesson] | None = None, presentation: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._version = 0
        self._custom = lessons
        self.progress = Progress(progress_path, learner)
        self.presentation = presentation
        self.lessons = lessons if lessons is not None else curriculum(check_language(language), game=self.game_name)
        if not self.lessons:
            raise ValueError("a LessonWidget needs at least one lesson")
        self.language = language
        self.at = self._first_unsolved()
        self.attempt = Attempt(self.exercise)
        self.on_msg(self._on_msg)
        self._refresh()

    # ---------------------------------------------------------------------------------------- where we are
    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.at[0]]

    @property
    def exercise(self) -> Exercise:
        return self.lesson.exercises[self.at[1]]

    def _first_unsolved(self) -> tuple[int, int]:
        for li, lesson in enumerate(self.lessons):
            for ei, ex in enumerate(lesson.exercises):
                if not self.progress.solved(ex.key):
                    return li, ei
        return 0, 0

    def _flat(self) -> list[tuple[int, int]]:
        return [(li, ei) for li, lesson in enumerate(self.lessons) for ei in range(len(lesson.exercises))]

    # ---------------------------------------------------------------------------------------- Python API
    def go(self, lesson: int | str, exercise: int = 0) -> None:
        """Opens an exercise: a lesson by index or id, an exercise by index."""
        ids = [x.id for x in self.lessons]
        li = lesson if isinstance(lesson, int) else ids.index(lesson) if lesson in ids else -1
        if not 0 <= li < len(self.lessons) or not 0 <= exercise < len(self.lessons[li].exercises):
            raise ValueError(f"no exercise {exercise!r} in lesson {lesson!r}; lessons: {', '.join(ids)} "
                             "(or their index from 0)")
        self.at = (li, exercise)
        self.attempt = Attempt(self.exercise)
        self._refresh()

    def next(self) -> None:
        flat = self._flat()
        i = flat.index(self.at)
        if i + 1 < len(flat):
            self.go(*flat[i + 1])

    def back(self) -> None:
        flat = self._flat()
        i = flat.index(self.at)
        if i > 0:
            self.go(*flat[i - 1])

    def answer(self, value: Any) -> Verdict:
        """Answers the current exercise as the learner would (a choice id, option id(s) or a number)."""
        a = self.attempt
        ex = self.exercise
        if a.done:
            raise AnswerError("this exercise is solved already: go to the next one (or back)")
        verdict = ex.check(value)
        a.verdict, a.picked = verdict, value
        if verdict.correct:
            a.done = True
            if not self.presentation:
                self.progress.solve(ex.key, a.mistakes, a.hints, a.shown)
            if ex.kind != "predict":
                a.game.choose(value)
        else:
            a.mistakes += 1
        self._refresh()
        return verdict

    def hint(self) -> str | None:
        a = self.attempt
        if a.hints < len(self.exercise.hints):
            a.hints += 1
        self._refresh()
        return self.exercise.hints[a.hints - 1] if a.hints else None

    def show_me(self) -> None:
        """Plays the solution on the board (do, best, and the moves a predict question is about) and explains."""
        a = self.attempt
        ex = self.exercise
        a.shown = a.showing = True
        a.verdict, a.picked = None, None
        a.game = ex.game()
        moves = ex.solution()[:1] if ex.kind != "predict" else list((ex.data.proof or {}).get("play", []))
        for move in moves:
            a.game.choose(move)
        self._refresh()

    def retry(self) -> None:
        """A fresh board for the same exercise; mistakes, hints and "shown" still count for the stars."""
        a = self.attempt
        a.game, a.verdict, a.picked, a.showing = self.exercise.game(), None, None, False
        self._refresh()

    def reset_progress(self) -> None:
        self.progress.reset()
        self.attempt = Attempt(self.exercise)
        self._refresh()

    # ---------------------------------------------------------------------------------------- the view
    @traitlets.validate("language")
    def _valid_language(self, proposal: dict[str, Any]) -> str:
        return check_language(proposal["value"])

    @traitlets.observe("language")
    def _language_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "attempt") and change["old"] != change["new"]:
            self.lessons = (curriculum(change["new"], game=self.game_name) if self._custom is None
                            else [Lesson(x.data, change["new"]) for x in self._custom])
            if self.attempt.verdict is not None:
                self.attempt.verdict = self.exercise.check(self.attempt.picked)
            self._refresh()

    @traitlets.observe("presentation")
    def _presentation_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "attempt"):
            self._refresh()

    def _rules(self, ids: list[str]) -> list[dict[str, str]]:
        return [{"id": r, "text": labels.rule_text(r, self.language)} for r in ids]

    def _refresh(self) -> None:
        self._version += 1
        lang = self.language
        ex, a = self.exercise, self.attempt
        board = self._board(lang, clickable=not (ex.kind == "predict" or a.done or a.showing))
        verdict = None
        if a.verdict is not None:
            v = a.verdict
            verdict = {"correct": v.correct, "legal": v.legal, "message": v.message, "rules": self._rules(v.rules),
                       "points": v.points}
        elif a.showing:
            verdict = {"correct": None, "legal": True, "shown": True, "rules": self._rules(ex.rules),
                       "message": f"{ui_texts(lang)['shown']} {ex.solution_text()} {ex.explanation}"}
        flat = self._flat()
        i = flat.index(self.at)
        stars = {x.key: self.progress.stars(x.key) for lesson in self.lessons for x in lesson.exercises}
        self.view = {
            "version": self._version, "game": self.game_name, "lang": lang, "ui": ui_texts(lang), "board": board,
            "presentation": self.presentation, "learner": self.progress.learner,
            "lesson": {"index": self.at[0], "id": self.lesson.id, "title": self.lesson.title, "goal": self.lesson.goal,
                       "rules": self._rules(self.lesson.rules), "count": len(self.lesson.exercises)},
            "exercise": {
                "index": self.at[1], "key": ex.key, "id": ex.id, "kind": ex.kind, "prompt": ex.prompt, "mode": ex.mode,
                "answers": [{"id": x.id, "text": x.text} for x in ex.answers], "focus": ex.focus,
                "hints": ex.hints[:a.hints], "hints_left": len(ex.hints) - a.hints, "done": a.done, "shown": a.shown,
                "mistakes": a.mistakes, "stars": stars[ex.key],
                "picked": a.picked if isinstance(a.picked, (str, int, list)) else None,
                "solution": [str(s) for s in ex.solution()] if (a.shown or a.done) and ex.kind == "predict" else [],
            },
            "verdict": verdict,
            "map": [{"id": lesson.id, "title": lesson.title,
                     "exercises": [{"key": x.key, "stars": stars[x.key], "kind": x.kind} for x in lesson.exercises]}
                    for lesson in self.lessons],
            "total": {"solved": sum(1 for s in stars.values() if s), "count": len(stars), "stars": sum(stars.values())},
            "can_back": i > 0, "can_next": i + 1 < len(flat),
        }

    def _board(self, lang: str, clickable: bool) -> dict[str, Any]:
        """The board's view model; without a decision when there is nothing to click (a question, an answer or a
        solution shown)."""
        board = build(self.attempt.game, self._version, lang)
        if not clickable:
            board["decision"] = None
        return board

    # ---------------------------------------------------------------------------------------- intents
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        try:
            self._handle(content)
        except (AnswerError, ValueError) as exc:
            self.error = str(exc)
        except Exception as exc:  # shown in the widget: an exception in a callback must never be lost
            self.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}"

    def _handle(self, content: Any) -> None:
        kinds = ("choose", "why", "answer", "hint", "show", "retry", "next", "back", "goto", "reset", "language",
                 "present")
        if not isinstance(content, dict) or content.get("type") not in kinds:
            self.error = (f"the browser sent a message this widget does not understand ({content!r}); messages have "
                          f"a type among {', '.join(kinds)}")
            return
        kind = content["type"]
        if kind in ("choose", "why", "answer") and content.get("version") != self._version:
            self.error = (f"that click was made on an older board (version {content.get('version')!r}, now "
                          f"{self._version}), so nothing was done: look again and answer anew")
            return
        self.error = ""
        if kind in ("choose", "why") and self.attempt.showing:
            self.error = ui_texts(self.language)["shown"]
            return
        if kind == "choose":
            self.answer(content.get("id"))
        elif kind == "why" and self.game_name == "hickory":
            target = content.get("target")  # an outer space only: inner spaces and action boxes are no answers here
            outer = isinstance(target, dict) and target.get("type") == "outer"
            candidate = candidate_for(self.attempt.game, target) if outer else None
            if candidate is not None and self.exercise.kind != "predict" and not self.attempt.done:
                self.answer(candidate)
        elif kind == "answer":
            self.answer(content.get("value"))
        elif kind == "hint":
            self.hint()
        elif kind == "show":
            self.show_me()
        elif kind == "retry":
            self.retry()
        elif kind == "next":
            self.next()
        elif kind == "back":
            self.back()
        elif kind == "goto":
            self.go(int(content.get("lesson", 0)), int(content.get("exercise", 0)))
        elif kind == "reset":
            self.reset_progress()
        elif kind == "language":
            self.language = check_language(content.get("lang"))
        elif kind == "present":
            self.presentation = not self.presentation
