"""The lesson widget: a task on a prepared board, answers checked by the engine, hints, "show me", a progress map.

The front end (``js/lesson.mjs``) reuses the board drawing of ``js/geometry.mjs`` and ``js/board.mjs``; this
widget sends one view-model trait (the board's view model plus the lesson's) and receives intents: a choice
clicked on the board, an answer picked, hint, show me, next, back, go to, reset, language, presentation. As in
:class:`~hickory_widget.hickory.widget.HickoryWidget`, an intent made on an older board is refused and changes nothing.

An answer is marked done only once it is saved: when the progress cannot be written (a full or read-only disk),
the learner is told so in their language and answers again. A widget made for the presentation mode keeps no
progress at all (:class:`~.progress.NoProgress`) and stays in that mode; in presentation mode Reset is refused.
Reset may ask for a check (``reset_check``: the classroom asks for the learner's PIN again).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..core import frontend
from ..hickory.board.view import build
from ..hickory.game import Game
from ..hickory.words import labels
from ..hickory.words.i18n import LANGUAGES, check_language
from ..hickory.words.why_not import candidate_for
from . import curriculum
from .classroom_words import say, store_problem
from .exercise import AnswerError, Exercise, Lesson, Verdict, ui_text, ui_texts
from .format import excerpt
from .progress import NoProgress, Progress, ProgressError
from .task import MISSED, ON, REACHED, TaskRun

LOG = logging.getLogger("hickory_widget.lessons")
"""The developer log: a refused intent's details and traceback go here, never to the learner's screen."""
INTENTS = ("choose", "why", "answer", "hint", "show", "retry", "undo", "next", "back", "goto", "reset", "language",
           "present")


class Refused(ValueError):
    """An intent the widget does not carry out; ``key`` names the short sentence the learner sees
    (``lesson.ui.refused.<key>``), the message is for the developer log."""

    def __init__(self, key: str, detail: str) -> None:
        super().__init__(detail)
        self.key = key

class NotSaved(Exception):
    """A right answer whose progress could not be written: nothing is marked done (``error`` says why)."""

    def __init__(self, error: ProgressError) -> None:
        super().__init__(str(error))
        self.error = error


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
        self.run: TaskRun | None = exercise.run() if exercise.is_task else None
        self._game: Game = exercise.game() if self.run is None else self.run.game

    @property
    def game(self) -> Any:
        """The game on the board: a task's game as its moves and replies left it, else the exercise's."""
        return self.run.game if self.run is not None else self._game

    @game.setter
    def game(self, game: Any) -> None:
        self._game = game


class LessonWidget(anywidget.AnyWidget):
    """Lessons to take by doing: ``LessonWidget(learner="ada", progress_path="progress.json")``."""

    _esm = frontend.esm("lesson_hickory")  # js/widgets/lesson_hickory.mjs: js/lesson.mjs with Hickory's board
    _css = frontend.css("lesson_hickory")
    game_name: ClassVar[str] = "hickory"
    """The game whose lessons this widget teaches (a subclass per card game: :mod:`.card_widget`)."""
    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    language = traitlets.Unicode("en").tag(sync=True)
    presentation = traitlets.Bool(False).tag(sync=True)
    """The teacher's mode for a projector: large text, no progress recorded, arrow keys step through."""
    export_requests = traitlets.Int(0).tag(sync=True)
    """How often the learner pressed "Export my progress" (the front end counts up); each press is answered with
    the hand-in (:mod:`.handin`) as a message ``{"type": "handin", "text": ..., "file": ...}`` that the browser
    saves as a file and shows as text to copy."""

    def export_progress(self) -> str:
        """The learner's progress as a hand-in text for the teacher (format hickory-progress/1, see handin.py)."""
        from .handin import export_handin

        return export_handin(self.progress.records, self.progress.learner)

    @traitlets.observe("export_requests")
    def _export_requested(self, _change: dict[str, Any]) -> None:
        try:
            text = self.export_progress()
        except ValueError as exc:  # a record the hand-in cannot carry: said, not lost in the comm
            self.error = str(exc)
            return
        name = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in self.progress.learner)
        self.send({"type": "handin", "text": text, "file": f"hickory-progress-{name}.json"})

    def __init__(self, *, learner: str = "learner", progress_path: str | Path | None = None, language: str = "en",
                 lessons: list[Lesson] | None = None, presentation: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._version = 0
        self._custom = lessons
        self._presenting_only = presentation
        """Made for the projector: no learner's record is read or written, and the mode cannot be left."""
        self.progress = NoProgress(learner) if presentation else Progress(progress_path, learner)
        self.reset_check: Any = None
        """None, or a function of the reset intent's ``pin`` that says whether the reset may go on."""
        self.reset_asked: Any = None
        """None, or what to call when Reset comes without a PIN (the classroom shows a PIN field above)."""
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
        if a.showing:  # an answer after "Show me" is made on a fresh board (the solution stays counted as shown)
            self.retry()
        if a.run is not None:
            return self._task_move(value)
        verdict = ex.check(value)
        if verdict.correct:
            self._save(ex.key)  # before anything is marked: an answer not saved is not done
        a.verdict, a.picked = verdict, value
        if verdict.correct:
            a.done = True
            if ex.kind != "predict":
                a.game.choose(value)
        else:
            a.mistakes += 1
        self._refresh()
        return verdict

    def _task_move(self, value: Any) -> Verdict | None:
        """One move of a task of several moves: judged when the goal is reached or the moves are used up; an
        illegal move is refused and changes nothing; otherwise the task goes on (no verdict yet)."""
        a, ex = self.attempt, self.exercise
        if not isinstance(value, str):
            raise AnswerError(f"{ex.key}: a move is a choice id (a string), not {excerpt(value)}")
        run = a.run
        assert run is not None
        if run.status != ON:
            verdict = self._task_verdict()
        elif value not in run.game.choice_ids:
            verdict = ex.judge(run, [value])  # refused with the why-not answer; nothing played
        else:
            run.play(value)
            verdict = self._task_verdict()
        if verdict is not None and verdict.correct:
            try:
                self._save(ex.key)
            except NotSaved:
                run.undo()  # the winning move is taken back: the learner makes it again once it can be saved
                a.verdict, a.picked = None, None
                self._refresh()
                raise
            a.done = True
        elif verdict is not None:
            a.mistakes += 1
        a.verdict, a.picked = verdict, value
        self._refresh()
        return verdict

    def _save(self, key: str) -> None:
        """Records the solve of ``key`` (not in presentation mode); NotSaved when the progress cannot be written."""
        if self.presentation:
            return
        a = self.attempt
        try:
            self.progress.solve(key, a.mistakes, a.hints, a.shown)
        except ProgressError as exc:
            raise NotSaved(exc) from None

    def _task_verdict(self) -> Verdict | None:
        """Where the task stands, as a verdict: reached, missed, or None while it goes on."""
        run, ex, lang = self.attempt.run, self.exercise, self.language
        assert run is not None
        status = run.status
        if status == REACHED:
            return Verdict(True, f"{ui_text(lang, 'correct')} {ex.explanation}", ex.rules, ex.accepted)
        if status == MISSED:
            return ex.judge(run, [])
        return None

    def undo(self) -> None:
        """A task of several moves: takes back the learner's last move (and the replies of the other seats)."""
        a = self.attempt
        if a.run is None or a.done or a.showing or not a.run.undo():
            raise Refused("refused", "there is no move of this task to take back")
        a.verdict, a.picked = None, None
        self._refresh()

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
        if ex.is_task:  # the whole line, with the other seats' replies
            a.run = ex.run(ex.accepted)
            self._refresh()
            return
        a.game = ex.game()
        moves = ex.solution()[:1] if ex.kind != "predict" else list((ex.data.proof or {}).get("play", []))
        for move in moves:
            a.game.choose(move)
        self._refresh()

    def retry(self) -> None:
        """A fresh board for the same exercise; mistakes, hints and "shown" still count for the stars."""
        a = self.attempt
        a.verdict, a.picked, a.showing = None, None, False
        if a.run is not None:
            a.run = self.exercise.run()
        else:
            a.game = self.exercise.game()
        self._refresh()

    def reset_progress(self) -> None:
        if self.presentation:
            raise Refused("lesson.ui.presenting", "presentation mode resets nothing")
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
            a = self.attempt
            if a.run is not None and a.verdict is not None:
                a.verdict = self._task_verdict() if a.verdict.legal else None
            elif a.verdict is not None:
                a.verdict = self.exercise.check(a.picked)
            self._refresh()

    @traitlets.validate("presentation")
    def _valid_presentation(self, proposal: dict[str, Any]) -> bool:
        """A widget made for the projector stays in presentation mode (it has no learner to record for)."""
        return bool(proposal["value"]) or getattr(self, "_presenting_only", False)

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
        open_task = a.run is None or a.run.status == ON
        board = self._board(lang, clickable=not (ex.kind == "predict" or a.done or a.showing or not open_task))
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
                "task": self._task_view(lang),
            },
            "verdict": verdict,
            "map": [{"id": lesson.id, "title": lesson.title,
                     "exercises": [{"key": x.key, "stars": stars[x.key], "kind": x.kind} for x in lesson.exercises]}
                    for lesson in self.lessons],
            "total": {"solved": sum(1 for s in stars.values() if s), "count": len(stars), "stars": sum(stars.values())},
            "can_back": i > 0, "can_next": i + 1 < len(flat),
        }

    def _task_view(self, lang: str) -> dict[str, Any] | None:
        """A task of several moves: how many moves are made of how many, and whether one can be taken back."""
        a = self.attempt
        if a.run is None:
            return None
        made, moves = len(a.run.moves), a.run.limit
        return {"made": made, "moves": moves, "text": ui_text(lang, "task_moves", made=made, moves=moves),
                "can_undo": bool(a.run.moves) and not (a.done or a.showing)}

    def _board(self, lang: str, clickable: bool) -> dict[str, Any]:
        """The board's view model; without a decision when there is nothing to click (a question, an answer or a
        solution shown)."""
        board = build(self.attempt.game, self._version, lang)
        if not clickable:
            board["decision"] = None
        return board

    # ---------------------------------------------------------------------------------------- intents
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Every intent from the browser: carried out, or refused with one short sentence in the learner's
        language (the details and any traceback go to the developer log, :data:`LOG`)."""
        try:
            self._handle(content)
        except Refused as exc:
            LOG.info("lesson widget refused %s: %s", excerpt(content), exc)
            self.error = say(self.language, exc.key) if exc.key.startswith("lesson.ui.") else ui_text(
                self.language, f"refused.{exc.key}" if exc.key != "refused" else "refused")
        except NotSaved as exc:
            LOG.warning("lesson widget could not save %s: %s", excerpt(content), exc)
            self.error = say(self.language, "lesson.ui.not_saved", problem=store_problem(self.language, exc.error))
        except AnswerError as exc:
            LOG.info("lesson widget refused %s: %s", excerpt(content), exc)
            key = "refused.done" if "solved already" in str(exc) else "refused.answer"
            self.error = ui_text(self.language, key)
        except Exception:  # never lost, never shown: the learner gets one sentence, the developer the traceback
            LOG.exception("lesson widget failed on %s", excerpt(content))
            self.error = ui_text(self.language, "refused")

    def _handle(self, content: Any) -> None:
        if not isinstance(content, dict) or content.get("type") not in INTENTS:
            raise Refused("refused", f"a message with a type among {', '.join(INTENTS)}, not {excerpt(content)}")
        kind = content["type"]
        if kind in ("choose", "why", "answer") and content.get("version") != self._version:
            raise Refused("stale", f"made on an older board (version {excerpt(content.get('version'))}, now "
                                   f"{self._version})")
        self.error = ""
        if kind in ("choose", "why") and self.attempt.showing:
            self.error = ui_texts(self.language)["shown"]
            return
        if kind == "choose":
            choice = content.get("id")
            if not isinstance(choice, str):
                raise Refused("answer", f"a choice id is a string, not {excerpt(choice)}")
            self.answer(choice)
        elif kind == "why":  # a board click that is not on an offered move: Hickory reads it as an outer space
            if self.game_name != "hickory":
                return
            target = content.get("target")  # an outer space only: inner spaces and action boxes are no answers here
            outer = isinstance(target, dict) and target.get("type") == "outer"
            candidate = candidate_for(self.attempt.game, target) if outer else None
            if candidate is not None and self.exercise.kind != "predict" and not self.attempt.done:
                self.answer(candidate)
        elif kind == "answer":
            self.answer(content.get("value"))
        elif kind == "goto":
            lesson, exercise = content.get("lesson"), content.get("exercise", 0)
            if (isinstance(lesson, bool) or not isinstance(lesson, (int, str)) or isinstance(exercise, bool)
                    or not isinstance(exercise, int)):
                raise Refused("goto", f"a lesson index or id and an exercise index, not {excerpt(content)}")
            try:
                self.go(lesson, exercise)
            except ValueError as exc:
                raise Refused("goto", str(exc)) from None
        elif kind == "language":
            lang = content.get("lang")
            if lang not in LANGUAGES:
                raise Refused("language", f"a language among {', '.join(LANGUAGES)}, not {excerpt(lang)}")
            self.language = lang
        else:
            actions = {"hint": self.hint, "show": self.show_me, "retry": self.retry, "undo": self.undo,
                       "next": self.next, "back": self.back, "reset": lambda: self._reset_intent(content),
                       "present": lambda: setattr(self, "presentation", not self.presentation)}
            actions[kind]()

    def _reset_intent(self, content: dict[str, Any]) -> None:
        """The reset button: refused in presentation mode, and where a check is set (the classroom) without the
        learner's PIN typed again (a second client holding this kernel cannot wipe anyone's work)."""
        if self.presentation:
            raise Refused("lesson.ui.presenting", "presentation mode resets nothing")
        if self.reset_check is not None and not self.reset_check(content.get("pin")):
            if content.get("pin") is None and self.reset_asked is not None:
                self.reset_asked()
            raise Refused("lesson.ui.reset_pin", "a reset without the learner's PIN")
        self.reset_progress()
