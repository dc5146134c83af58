"""Live class mode: the teacher puts one question in front of the whole class, the answers arrive, one reveal.

A *session* is one question: a built-in lesson exercise of any of the three games (its key, ``goal/grab-button``)
or a position of the teacher's own (a game passed in Python, kept as its save with the options' labels in every
language and the answer the teacher gives). It lives in the classroom's store (lessons/store.py, step 3 of
``MIGRATIONS``: ``live``, ``live_answers``, ``live_seen``) so every kernel of the app sees it; every write is one
transaction.

* :meth:`Live.ask` / :meth:`Live.ask_position` open a session (any session still open is closed first: one question
  at a time).
* :meth:`Live.question` is what a learner's device is given: the prompt and the options, never the solution nor the
  explanation while the session is ``asked``.
* :meth:`Live.answer` keeps one answer per learner and session; a learner may change it until the reveal (the last
  one counts, how many times it changed is kept).
* :meth:`Live.tally`: counts per option with their labels, who answered, who has the question on screen and has
  not answered yet.
* :meth:`Live.reveal` judges every answer with the exercise's own judge and, in the same transaction, counts each as
  an attempt on the exercise's key in the class's progress (a right answer solves it, a wrong one is a miss with
  the answer kept), as the lessons do; a position of the teacher's own has no key and goes into nobody's progress.
* :meth:`Live.result`: a learner's right/wrong and the explanation, after the reveal only.

Every refusal is a :class:`LiveError` with a stable ``reason`` (``no_session``, ``stale``, ``revealed``, ``closed``,
``unknown_option``, ``bad_answer``, ``unknown_exercise``, ``task``, ``not_revealed``, ``no_choices``) and changes
nothing.
"""

from __future__ import annotations

import json
import logging
import time
from functools import cache
from pathlib import Path
from typing import Any

from ..hickory.words.i18n import LANGUAGES
from . import curriculum
from .exercise import AnswerError, Exercise, ui_text
from .games import NAMES
from .progress import MAX_COUNT, WRONG_KEPT, answer_text, stars_for
from .store import Store, StoreLimitError

log = logging.getLogger(__name__)

STATUSES = ("asked", "revealed", "closed")


class LiveError(ValueError):
    """A live-class request refused: ``reason`` names why (stable), ``facts`` fill the learner's sentence."""

    def __init__(self, message: str, reason: str, **facts: Any) -> None:
        super().__init__(message)
        self.reason, self.facts = reason, facts


@cache
def _exercises(lang: str) -> dict[str, Exercise]:
    return {ex.key: ex for game in NAMES for lesson in curriculum(lang, game) for ex in lesson.exercises}


def exercise(key: str, lang: str = "en") -> Exercise:
    """The built-in exercise of ``key`` (lesson id / exercise id, unique across the three games) in ``lang``."""
    found = _exercises(lang if lang in LANGUAGES else "en").get(key)
    if found is None:
        raise LiveError(f"there is no built-in exercise {str(key)[:80]!r}; keys look like 'goal/grab-button'",
                        "unknown_exercise", key=str(key)[:80])
    return found


def exercise_options(ex: Exercise) -> tuple[str, list[dict[str, str]]]:
    """How the exercise is answered (``one``, ``many``, ``number`` or ``choice``) and its options (id, label)."""
    if ex.is_task:
        raise LiveError(f"{ex.key} is a task of several moves: ask an exercise of one answer", "task", key=ex.key)
    if ex.kind == "predict":
        if ex.mode == "number":
            return "number", []
        return ("many" if ex.mode == "several" else "one"), [{"id": a.id, "label": a.text} for a in ex.answers]
    game = ex.game()
    return "choice", [{"id": c, "label": ex.move_label(game, c)} for c in game.choice_ids]


class Live:
    """Live class mode on a classroom store (a path or a :class:`~.store.Store`)."""

    def __init__(self, store: Store | str | Path) -> None:
        self.store = store if isinstance(store, Store) else Store.at(store)
        self._judged: dict[tuple[int, str], tuple[bool, str]] = {}

    # ------------------------------------------------------------------------------------------ asking
    def ask(self, key: str, by: str = "teacher") -> int:
        """Asks the built-in exercise ``key`` of the whole class; returns the new session's id."""
        exercise_options(exercise(key))  # an unknown key or a task is refused before anything is written
        return self._open(key, None, by)

    def ask_position(self, game: Any, correct: list[str] | str, explanation: str | dict[str, str] = "",
                     prompt: str | dict[str, str] = "", by: str = "teacher") -> int:
        """Asks "what would you play here?" at ``game``'s decision (a Hickory Dickory, Clocktowers or Mice! game,
        or the teacher's widget, whose position now is asked); the options are the deciding seat's choices, so what
        that seat holds shows in them; ``correct``: the choice id(s) the teacher counts as right;
        ``explanation``/``prompt``: one text or one per language."""
        if not hasattr(game, "choice_ids") and hasattr(game, "game"):
            game = game.game  # a game's widget: its position now
        ids = list(getattr(game, "choice_ids", []) or [])
        if not ids:
            raise LiveError("the position has no decision to ask about (the game is over or waits for nobody)",
                            "no_choices")
        correct = [correct] if isinstance(correct, str) else list(correct)
        wrong = [c for c in correct if c not in ids]
        if not correct or wrong:
            raise LiveError(f"the right answer must be among the choices {ids[:12]}, not {wrong or correct}",
                            "unknown_option", options=ids[:12])
        per_lang = lambda v: {lg: (v.get(lg) or v.get("en", "")) if isinstance(v, dict) else str(v)  # noqa: E731
                              for lg in LANGUAGES}
        labels = {lg: {c.id: c.label for c in game.choices_in(lg)} for lg in LANGUAGES}
        position = {"game": type(game).__name__, "save": game.to_json(), "correct": correct,
                    "options": [{"id": i, "label": {lg: labels[lg].get(i, i) for lg in LANGUAGES}} for i in ids],
                    "explanation": per_lang(explanation), "prompt": per_lang(prompt)}
        return self._open(None, json.dumps(position, ensure_ascii=False), by)

    def _open(self, key: str | None, position: str | None, by: str) -> int:
        with self.store.writing() as db:
            db.execute("UPDATE live SET status = 'closed' WHERE status != 'closed'")
            cur = db.execute("INSERT INTO live (exercise, position, status, asked_at, by) VALUES (?, ?, 'asked', ?, ?)",
                             (key, position, time.time(), by[:40]))
            return int(cur.lastrowid or 0)

    def close(self, session: int) -> None:
        """Ends the session: it leaves every screen."""
        with self.store.writing() as db:
            self._row(db, session)
            db.execute("UPDATE live SET status = 'closed' WHERE id = ?", (session,))

    # ------------------------------------------------------------------------------------------ reading
    def current(self) -> dict[str, Any] | None:
        """The session on the class's screens (asked or revealed), or None."""
        rows = self.store.read("SELECT id, exercise, position, status, asked_at FROM live WHERE status != 'closed' "
                               "ORDER BY id DESC LIMIT 1")
        return _session(rows[0]) if rows else None

    def stamp(self) -> tuple[Any, ...]:
        """Changes when a question is asked, revealed or ended, or an answer or a learner arrives at the question
        on the screens (what the teacher's poll compares; reads only that question's rows)."""
        rows = self.store.read("SELECT id, status FROM live ORDER BY id DESC LIMIT 1")
        if not rows:
            return ()
        session = rows[0][0]
        more = self.store.read("SELECT (SELECT count(*) FROM live_answers WHERE session = ?), (SELECT max(at) FROM "
                               "live_answers WHERE session = ?), (SELECT count(*) FROM live_seen WHERE session = ?)",
                               (session, session, session))[0]
        return (*rows[0], *more)

    def screen_stamp(self) -> tuple[Any, ...]:
        """Changes when a question is asked, revealed or ended (what every learner's row polls: one row read)."""
        rows = self.store.read("SELECT id, status FROM live ORDER BY id DESC LIMIT 1")
        return tuple(rows[0]) if rows else ()

    def session(self, session: int) -> dict[str, Any]:
        rows = self.store.read("SELECT id, exercise, position, status, asked_at FROM live WHERE id = ?", (session,))
        if not rows:
            raise LiveError(f"there is no live question {session}", "no_session", session=session)
        return _session(rows[0])

    def _row(self, db: Any, session: Any) -> dict[str, Any]:
        row = db.execute("SELECT id, exercise, position, status, asked_at FROM live WHERE id = ?",
                         (session if isinstance(session, int) else -1,)).fetchone()
        if row is None:
            raise LiveError(f"there is no live question {str(session)[:20]}", "no_session", session=session)
        return _session(row)

    def question(self, session: int, lang: str = "en") -> dict[str, Any]:
        """What a learner's device may be given: prompt, how to answer, the options; the solution and the
        explanation only once revealed (read them with :meth:`result`)."""
        s = self.session(session)
        lang = lang if lang in LANGUAGES else "en"
        if s["exercise"]:
            ex = exercise(s["exercise"], lang)
            mode, options = exercise_options(ex)
            q = {"prompt": ex.prompt, "title": ex.key, "game": ex.game_name}
        else:
            pos = s["position"]
            mode, options = "choice", [{"id": o["id"], "label": o["label"][lang]} for o in pos["options"]]
            q = {"prompt": pos["prompt"][lang], "title": "", "game": pos["game"]}
        return {"session": s["id"], "status": s["status"], "mode": mode, "options": options, **q}

    def _options(self, s: dict[str, Any], lang: str) -> tuple[str, list[dict[str, str]]]:
        if s["exercise"]:
            return exercise_options(exercise(s["exercise"], lang))
        return "choice", [{"id": o["id"], "label": o["label"][lang]} for o in s["position"]["options"]]

    def answers(self, session: int) -> dict[str, Any]:
        """Every learner's answer to ``session`` (the last one each gave)."""
        return {r[0]: json.loads(r[1]) for r in self.store.read(
            "SELECT learner, answer FROM live_answers WHERE session = ? ORDER BY at", (session,))}

    def seen(self, session: int, learner: str) -> None:
        """The learner's device shows the question (once per learner and session: who is present)."""
        with self.store.writing() as db:
            db.execute("INSERT OR IGNORE INTO live_seen VALUES (?, ?, ?)", (session, learner, time.time()))

    def present(self, session: int) -> list[str]:
        return [r[0] for r in self.store.read("SELECT learner FROM live_seen WHERE session = ? ORDER BY at",
                                              (session,))]

    # ------------------------------------------------------------------------------------------ answering
    def check(self, s: dict[str, Any], value: Any) -> Any:
        """``value`` as stored (an option id, a sorted list of them, a whole number), or a refusal."""
        mode, options = self._options(s, "en")
        ids = [o["id"] for o in options]
        if mode == "number":
            text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
            if not (text.lstrip("-").isascii() and text.lstrip("-").isdigit() and len(text) <= 9):
                raise LiveError(f"the answer is a whole number, not {str(value)[:20]!r}", "bad_answer")
            return int(text)
        picked = value if isinstance(value, list) else [value]
        unknown = [p for p in picked if p not in ids]
        if not picked or unknown or len(set(map(str, picked))) != len(picked):
            raise LiveError(f"pick among {ids}, not {str(value)[:40]!r}", "unknown_option", options=ids)
        if mode != "many" and len(picked) != 1:
            raise LiveError(f"pick exactly one of {ids}", "bad_answer", options=ids)
        return sorted(picked) if mode == "many" else picked[0]

    def answer(self, session: int, learner: str, value: Any) -> Any:
        """Keeps ``learner``'s answer to ``session`` (replacing their earlier one); refused once revealed or when
        ``session`` is not the question on the screens now (a stale page)."""
        if not isinstance(learner, str) or not learner.strip() or len(learner) > 200:
            raise LiveError(f"a learner is named by 1-200 characters, not {str(learner)[:40]!r}", "bad_learner")
        with self.store.writing() as db:
            s = self._row(db, session)
            if s["status"] != "asked":
                raise LiveError(f"live question {session} is {s['status']}: answers are closed", s["status"],
                                session=session)
            now = db.execute("SELECT max(id) FROM live").fetchone()[0]
            if now != session:
                raise LiveError(f"live question {session} was followed by question {now}: answer that one", "stale",
                                session=session, now=now)
            stored = self.check(s, value)
            db.execute("INSERT INTO live_answers (session, learner, answer, at) VALUES (?, ?, ?, ?) ON CONFLICT "
                       "(session, learner) DO UPDATE SET answer = excluded.answer, at = excluded.at, changes = "
                       "changes + (answer != excluded.answer)",
                       (session, learner, json.dumps(stored, ensure_ascii=False), time.time()))
            db.execute("INSERT OR IGNORE INTO live_seen VALUES (?, ?, ?)", (session, learner, time.time()))
            return stored

    # ------------------------------------------------------------------------------------------ the teacher
    def solution(self, session: int) -> list[str]:
        s = self.session(session)
        if s["exercise"]:
            return [str(x) for x in exercise(s["exercise"]).solution()]
        return list(s["position"]["correct"])

    def tally(self, session: int, lang: str = "en", roster: list[str] | None = None) -> dict[str, Any]:
        """Counts per option (labels in ``lang``; a number question counts each number given), who answered, who
        has the question on screen but has not answered (``missing``), and of ``roster`` (the class) who is not
        here (``absent``). The right options are marked once revealed."""
        s = self.session(session)
        mode, options = self._options(s, lang if lang in LANGUAGES else "en")
        answers = self.answers(session)
        counts: dict[str, int] = {o["id"]: 0 for o in options}
        for value in answers.values():
            for v in value if isinstance(value, list) else [value]:
                counts[str(v)] = counts.get(str(v), 0) + 1
        labels = {o["id"]: o["label"] for o in options}
        right = set(self.solution(session)) if s["status"] != "asked" else set()
        rows = [{"id": k, "label": labels.get(k, k), "count": n, "correct": k in right} for k, n in counts.items()]
        present = self.present(session)
        answered = sorted(answers, key=str.casefold)
        missing = [p for p in present if p not in answers]
        absent = [r for r in (roster or []) if r not in answers and r not in present]
        return {"session": session, "status": s["status"], "mode": mode, "options": rows, "answered": answered,
                "missing": sorted(missing, key=str.casefold), "absent": absent, "total": len(answers)}

    def reveal(self, session: int) -> dict[str, bool]:
        """Ends answering and judges every answer; in the same transaction each counts as an attempt on the
        exercise's key in its learner's progress. Returns learner → right. A second reveal is refused."""
        s = self.session(session)
        answers = self.answers(session)
        verdicts = {who: self._judge(s, value, "en")[0] for who, value in answers.items()}
        with self.store.writing() as db:
            now = self._row(db, session)
            if now["status"] != "asked":
                raise LiveError(f"live question {session} is {now['status']} already", now["status"],
                                session=session)
            if self.answers_in(db, session) != answers:  # an answer came in meanwhile: judge it too
                answers = self.answers_in(db, session)
                verdicts = {who: self._judge(s, value, "en")[0] for who, value in answers.items()}
            db.execute("UPDATE live SET status = 'revealed', revealed_at = ? WHERE id = ?", (time.time(), session))
            if s["exercise"]:
                for who, value in answers.items():
                    try:
                        self.store.change_in(db, who, s["exercise"], _solved if verdicts[who] else _missed(value))
                    except StoreLimitError:  # refused before anything of it was written: the class's reveal goes on
                        log.warning("live question %s: %r's progress is full, the answer is not counted", session,
                                    who)
        return verdicts

    @staticmethod
    def answers_in(db: Any, session: int) -> dict[str, Any]:
        return {r[0]: json.loads(r[1]) for r in db.execute(
            "SELECT learner, answer FROM live_answers WHERE session = ? ORDER BY at", (session,)).fetchall()}

    def _judge(self, s: dict[str, Any], value: Any, lang: str) -> tuple[bool, str]:
        """Right or not, and the message the learner reads (the exercise's own judge; kept per session)."""
        memo = (s["id"], json.dumps([value, lang]))
        if memo not in self._judged:
            if s["exercise"]:
                try:
                    verdict = exercise(s["exercise"], lang).check(value)
                    self._judged[memo] = (verdict.correct, verdict.message)
                except AnswerError as exc:
                    self._judged[memo] = (False, str(exc))
            else:
                pos = s["position"]
                right = value in pos["correct"]
                lead = ui_text(lang, "correct" if right else "not_quite")
                self._judged[memo] = (right, f"{lead} {pos['explanation'][lang]}".strip())
        return self._judged[memo]

    def result(self, session: int, learner: str, lang: str = "en") -> dict[str, Any]:
        """After the reveal: the learner's answer, right or not, the message with the explanation, the solution
        in words. Before it: refused (``not_revealed``)."""
        s = self.session(session)
        lang = lang if lang in LANGUAGES else "en"
        if s["status"] == "asked":
            raise LiveError(f"live question {session} is not revealed yet", "not_revealed", session=session)
        value = self.answers(session).get(learner)
        if s["exercise"]:
            ex = exercise(s["exercise"], lang)
            solution, explanation = ex.solution_text(), ex.explanation
        else:
            pos = s["position"]
            labels = {o["id"]: o["label"][lang] for o in pos["options"]}
            solution = ui_text(lang, "answer_was", answer=" / ".join(labels.get(c, c) for c in pos["correct"]))
            explanation = pos["explanation"][lang]
        if value is None:
            return {"answered": False, "correct": None, "message": explanation, "solution": solution}
        right, message = self._judge(s, value, lang)
        return {"answered": True, "answer": value, "correct": right, "message": message, "solution": solution}


def _session(row: tuple[Any, ...]) -> dict[str, Any]:
    return {"id": row[0], "exercise": row[1], "position": json.loads(row[2]) if row[2] else None, "status": row[3],
            "asked_at": row[4]}


def _solved(old: dict[str, Any]) -> dict[str, Any]:
    """A right live answer: one attempt that solves the exercise (no hint, nothing shown), as the lessons count."""
    old.update(stars=max(stars_for(0, 0, False), old["stars"]), tries=min(MAX_COUNT, old["tries"] + 1),
               at=round(time.time(), 1))
    return old


def _missed(value: Any) -> Any:
    """A wrong live answer: a miss with the answer kept, as a wrong answer in the lessons."""
    def change(rec: dict[str, Any]) -> dict[str, Any]:
        rec.update(misses=min(MAX_COUNT, rec["misses"] + 1), at=round(time.time(), 1),
                   wrong=[*rec["wrong"], answer_text(value)][-WRONG_KEPT:])
        return rec
    return change
