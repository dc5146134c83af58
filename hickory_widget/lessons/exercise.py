"""Lessons and exercises in one language, and the judging of a learner's answer by the real engine.

*do*: the answer is a choice id; an accepted one is right, another legal one is "not quite" with the reason,
an illegal one gets the why-not answer and its rule. *predict*: the right answers are read from the engine
(the proof in the file says which fact to read), so a wrong expectation in a file cannot pass the tests.
*best*: every option is valued by :func:`.lookahead.option_values` and the learner's is compared in points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..core.protocol import Ask
from ..hickory.game import Game
from ..hickory.positions.position import to_data
from ..hickory.words import labels
from ..hickory.words.i18n import LANGUAGES, catalog, check_language, tn
from ..hickory.words.why_not import not_offered, why_not
from . import games
from .format import ExerciseData, LessonData
from .lookahead import option_values
from .task import ILLEGAL, REACHED, TaskRun

RULE_IN_TEXT = re.compile(r"\b(R\d+[a-z]?|Q\d+|H\d+)\b")


UI_PREFIX = "lesson.ui."


@cache
def _ui() -> dict[str, dict[str, str]]:
    """The lesson widget's texts: the ``lesson.ui.*`` messages of the product's catalogs (messages/*.po)."""
    return {lang: {k[len(UI_PREFIX):]: v for k, v in catalog(lang).items() if k.startswith(UI_PREFIX)}
            for lang in LANGUAGES}


def ui_text(lang: str, key: str, **kw: Any) -> str:
    """A lesson UI text (hint, show me, not quite, ...) in ``lang``."""
    template = _ui()[check_language(lang)][key]
    return template.format(**kw) if kw else template


def ui_texts(lang: str) -> dict[str, str]:
    return dict(_ui()[check_language(lang)])


class AnswerError(ValueError):
    """An answer of the wrong shape (not a choice id, an unknown option, not a number); nothing is judged."""


@dataclass(frozen=True)
class Answer:
    """One answer a predict exercise offers, in the lesson's language."""

    id: str
    text: str


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or not, why, the rules that decide it, and the solution."""

    correct: bool
    message: str
    rules: list[str]
    solution: list[Any]
    legal: bool = True
    points: dict[str, int] = field(default_factory=dict)


def _fact(game: Game, name: str, of: Any) -> Any:
    """One fact of the game's state, for predict questions about setup, the refresh and the chain."""
    s = game.state
    simple = {"minute": s.minute, "hour": s.hour, "hand_spaces": s.hand_spaces, "priority": s.priority,
              "weight": s.weight, "paws": " ".join(map(str, sorted(s.paws))),
              "free": s.hand_spaces - s.hand_used(), "bumped": sum(1 for w, _ in s.loc.values() if w == "bumped"),
              "next_leaf": s.c.chain.right_values[s.weight], "web": len(s.web)}
    if name in simple:
        return simple[name]
    if name == "favors":
        return len(s.player(of).favors)
    if name == "tiles":
        return len(s.card(of))
    if name == "scaler":
        return s.player(of).scaler
    if name == "score":
        return s.player(of).score
    if name == "leaf":
        return s.leaves[int(of)] or "empty"
    return _table_fact(game, name, of)


def _table_fact(game: Game, name: str, of: Any) -> Any:
    """What lies where on the table (the box's contents as setup spread them): bag, decks, tokens, cards."""
    s = game.state
    counts = {"bag": len(s.bag), "favor_deck": len(s.favor_deck), "quest_deck": len(s.quest_deck),
              "quests_up": sum(1 for q in s.quests_up if q), "bin": sum(1 for t in s.bin if t),
              "hunt_boards": len({p.board for p in s.players})}
    if name in counts:
        return counts[name]
    if name == "cards":
        return len(s.player(of).cards)
    if name == "token":
        return s.tokens[int(of)]
    if name == "group":  # the back of the token on a number: a fixed number, a sun or a moon (R6)
        c, token = s.c, s.tokens[int(of)]
        groups = {"fixed": c.fixed_tokens.values(), "sun": c.sun_tokens, "moon": c.moon_tokens}
        return next(g for g, tokens in groups.items() if any(t.id == token for t in tokens))
    raise ValueError(f"unknown fact {name!r}")


class Exercise:
    """One exercise of a lesson, its texts in one language."""

    def __init__(self, data: ExerciseData, lang: str, lesson_id: str) -> None:
        self.data = data
        self.lang = lang
        self.lesson_id = lesson_id
        self._values: dict[str, int] | None = None

    def values(self) -> dict[str, int]:
        """Best exercises: each option's best reachable score at the horizon (searched once, then kept)."""
        if self._values is None:
            self._values = option_values(self.game(), self.data.horizon)
        return dict(self._values)

    # -------------------------------------------------------------------------------------------- reading
    @property
    def id(self) -> str:
        return self.data.id

    @property
    def key(self) -> str:
        """Unique across the curriculum: ``lesson-id/exercise-id`` (what progress files store)."""
        return f"{self.lesson_id}/{self.data.id}"

    @property
    def kind(self) -> str:
        return self.data.kind

    @property
    def prompt(self) -> str:
        return self.data.task[self.lang]

    @property
    def hints(self) -> list[str]:
        return [h[self.lang] for h in self.data.hints]

    @property
    def explanation(self) -> str:
        return self.data.explanation[self.lang]

    @property
    def rules(self) -> list[str]:
        return list(self.data.rules)

    @property
    def mode(self) -> str | None:
        return self.data.mode

    @property
    def focus(self) -> list[str]:
        return list(self.data.focus)

    @property
    def answers(self) -> list[Answer]:
        """The answers to pick from (predict exercises; empty for do and best)."""
        return [Answer(o.id, o.text[self.lang]) for o in self.data.options]

    @property
    def accepted(self) -> list[Any]:
        """What the file accepts: choice ids (do, best), option ids or a number (predict)."""
        return list(self.data.answers)

    @property
    def game_name(self) -> str:
        """Which game the exercise is about: ``hickory``, ``clocktowers`` or ``mice``."""
        return self.data.game

    def game(self) -> Any:
        """A fresh game at the exercise's position, with the moves before the task already played (a Hickory
        ``Game``, a ``ClocktowersGame`` or a ``MiceGame``)."""
        if self.data.game != games.HICKORY:
            game = games.GAMES[self.data.game].load(self.data.position)
            for entry in self.data.before:
                game.choose(entry)
            return game
        game = Game.from_position(self.data.position, play_on=True)  # on to the learner's decision
        for entry in self.data.before:
            game.choose(entry)
        return game

    def __repr__(self) -> str:
        return f"<Exercise {self.key} {self.kind}: {self.prompt[:60]!r}>"

    # -------------------------------------------------------------------------------------------- judging
    def solution(self) -> list[Any]:
        """The right answers as the engine finds them."""
        if self.kind == "do":
            return self.accepted
        if self.kind == "best":
            values = self.values()
            top = max(values.values())
            return [o for o, v in values.items() if v == top]
        return self.truth()

    def truth(self) -> list[Any]:
        """Predict exercises: the fact the proof names, read from the engine after its moves (a file's own
        question without a proof is taken at its word)."""
        proof = self.data.proof
        if proof is None:
            return [a if self.data.mode == "number" else str(a) for a in self.data.answers]
        game = self.game()
        for entry in proof.get("play", []):
            game.choose(entry)
        return self.read(game, proof)

    def read(self, game: Any, spec: dict[str, Any]) -> list[Any]:
        """What a proof or a task's goal (``spec``: its kind and what it names) reads on ``game``, compared with
        the exercise's position for points."""
        number = self.data.mode == "number" or "at_least" in spec or "at_most" in spec
        if self.data.game != games.HICKORY:
            spec_game = games.GAMES[self.data.game]
            start = spec_game.load(self.data.position).scores
            return games.truth(spec_game, game, spec, start, [o.id for o in self.data.options], number)
        kind = spec["kind"]
        if kind == "legal":
            legal = set(game.choice_ids)
            return [o.id for o in self.data.options if o.id in legal]
        if kind == "next":
            d = game.decision
            return [] if d is None else [d.context.get("mouse") or d.player]
        if kind == "points":
            color = spec["color"]
            start = sum(self.data.position["boards"][color]["score"].values())
            return [game.scores[color] - start]
        if kind == "where":
            return [to_data(game.state)["mice"][spec["mouse"]]]
        if kind == "fact":
            value = _fact(game, spec["name"], spec.get("of"))
            return [value if number else str(value)]
        if kind == "winner":
            return sorted(st.color for st in game.standings() if st.place == 1)
        raise ValueError(f"unknown proof kind {kind!r}")

    @property
    def is_task(self) -> bool:
        """A *do* exercise of several moves: a goal judged on the position the learner's line reaches."""
        return self.data.goal is not None

    def run(self, line: list[str] | None = None) -> TaskRun:
        """A fresh attempt at this task, with ``line`` (the learner's moves) already played."""
        run = TaskRun(self)
        if line:
            run.play_line(line)
        return run

    def check(self, answer: Any) -> Verdict:
        """Judges ``answer``: a choice id (do, best), an option id or a list of them, or a number (predict)."""
        if self.kind == "predict":
            return self._check_predict(answer)
        if self.is_task:
            line = [answer] if isinstance(answer, str) else answer
            if not isinstance(line, list) or not line or not all(isinstance(m, str) for m in line):
                raise AnswerError(f"{self.key}: the answer is a line of choice ids, e.g. {self.accepted[:2]!r}")
            return self.judge(self.run(), line)
        if not isinstance(answer, str):
            raise AnswerError(f"{self.key}: the answer is a choice id (a string such as 'leap:5'), not {answer!r}")
        game = self.game()
        if answer not in game.choice_ids and self.data.game != games.HICKORY:
            text = games.refusal(game, answer, self.lang)
            return Verdict(False, f"{ui_text(self.lang, 'not_allowed')} {text}", self.rules, self.solution(),
                           legal=False)
        if answer not in game.choice_ids:
            text = why_not(game, answer, self.lang)
            found = RULE_IN_TEXT.findall(text)
            lead = "" if not_offered(text, self.lang) else f"{ui_text(self.lang, 'not_allowed')} "
            return Verdict(False, lead + text, list(dict.fromkeys(found)) or self.rules, self.solution(),
                           legal=False)
        if self.kind == "do":
            if answer in self.data.answers:
                return Verdict(True, f"{ui_text(self.lang, 'correct')} {self.explanation}", self.rules, self.accepted)
            return Verdict(False, f"{ui_text(self.lang, 'not_quite')} {self._reason(answer)}", self.rules,
                           self.accepted)
        values = self.values()
        best = max(values.values())
        horizon = ui_text(self.lang, f"horizon.{self.data.horizon}")
        top = [o for o, v in values.items() if v == best]
        if answer not in values:  # trading: legal, but it scores nothing by itself
            return Verdict(False, f"{ui_text(self.lang, 'not_quite')} {ui_text(self.lang, 'trade_no_points')}",
                           self.rules, top, points={"best": best})
        yours = values[answer]
        pts = {"yours": tn(self.lang, "count.points", yours), "best": tn(self.lang, "count.points", best)}
        if yours == best:
            equal = ui_text(self.lang, "best_equal", best=pts["best"], horizon=horizon)
            msg = f"{ui_text(self.lang, 'correct')} {equal} "
            return Verdict(True, msg + self.explanation, self.rules, top, points={"yours": yours, "best": best})
        msg = (f"{ui_text(self.lang, 'not_quite')} "
               f"{ui_text(self.lang, 'best_points', **pts, horizon=horizon)} {self._reason(answer)}")
        return Verdict(False, msg.strip(), self.rules, top, points={"yours": yours, "best": best})

    def judge(self, run: TaskRun, line: list[str]) -> Verdict:
        """Plays ``line`` on ``run`` (a task under way) and judges where it stands: the goal reached, missed (the
        moves are used up), an illegal move (refused, nothing of it played) or still under way."""
        status, played = run.play_line(line)
        if status == ILLEGAL:
            move = line[played]
            text = (why_not(run.game, move, self.lang) if self.data.game == games.HICKORY
                    else games.refusal(run.game, move, self.lang))
            lead = "" if not_offered(text, self.lang) else f"{ui_text(self.lang, 'not_allowed')} "
            return Verdict(False, lead + text, self.rules, self.accepted, legal=False)
        if status == REACHED:
            return Verdict(True, f"{ui_text(self.lang, 'correct')} {self.explanation}", self.rules, self.accepted)
        if run.status == "on":
            return Verdict(False, ui_text(self.lang, "task_on", made=len(run.moves), moves=run.limit), self.rules,
                           self.accepted)
        reason = self._reason(run.moves[-1] if run.moves else "*")
        return Verdict(False, f"{ui_text(self.lang, 'task_missed')} {reason}", self.rules, self.accepted)

    def _reason(self, answer: str) -> str:
        wrong = self.data.wrong
        text = wrong.get(answer) or wrong.get("*")
        return text[self.lang] if text else self.hints[0]

    def _check_predict(self, answer: Any) -> Verdict:
        truth = self.truth()
        mode = self.data.mode
        if mode == "number":
            digits = answer.strip().lstrip("-") if isinstance(answer, str) else ""
            if digits.isascii() and digits.isdigit() and len(digits) <= 9:
                answer = int(answer)
            if isinstance(answer, bool) or not isinstance(answer, int):
                raise AnswerError(f"{self.key}: the answer is a whole number, not {answer!r}")
            picked: list[Any] = [answer]
        else:
            picked = [answer] if isinstance(answer, str) else answer
            ids = [o.id for o in self.data.options]
            if not isinstance(picked, list) or not picked or any(p not in ids for p in picked):
                raise AnswerError(f"{self.key}: pick {'one' if mode == 'one' else 'one or more'} of {ids}, "
                                  f"not {answer!r}")
            if mode == "one" and len(picked) != 1:
                raise AnswerError(f"{self.key}: pick exactly one of {ids}, not {answer!r}")
        if sorted(map(str, picked)) == sorted(map(str, truth)):
            return Verdict(True, f"{ui_text(self.lang, 'correct')} {self.explanation}", self.rules, truth)
        reason = self._reason(str(picked[0])) if len(picked) == 1 else self._reason("*")
        return Verdict(False, f"{ui_text(self.lang, 'not_quite')} {reason}", self.rules, truth)

    def solution_text(self) -> str:
        """The solution in words: the answers' texts, the number, or the choices' labels."""
        sol = self.solution()
        if self.is_task:
            sol = self._line_labels(sol)
        elif self.kind == "predict" and self.data.mode != "number":
            texts = {o.id: o.text[self.lang] for o in self.data.options}
            sol = [texts.get(s, s) for s in sol]
        elif self.kind != "predict" and self.data.game != games.HICKORY:
            sol = games.labels(self.game(), sol, self.lang)
        elif self.kind != "predict":
            game = self.game()
            d = game.decision
            if d is not None:
                ask = Ask(d.player, d.kind, game.choice_ids, dict(d.context))
                sol = [labels.label(game.state, ask, s, self.lang) for s in sol]
        return ui_text(self.lang, "answer_was", answer=(" → " if self.is_task else " / ").join(map(str, sol)))

    def _line_labels(self, line: list[str]) -> list[str]:
        """The labels of a task's line, each read at the decision where it is played."""
        run, out = self.run(), []
        for move in line:
            out.append(self.move_label(run.game, move))
            if run.play(move) == ILLEGAL:
                break
        return out

    def move_label(self, game: Any, move: str) -> str:
        """The label of one choice at ``game``'s pending decision, in the exercise's language."""
        if self.data.game != games.HICKORY:
            return games.labels(game, [move], self.lang)[0]
        d = game.decision
        if d is None:
            return move
        return labels.label(game.state, Ask(d.player, d.kind, game.choice_ids, dict(d.context)), move, self.lang)


class Lesson:
    """A lesson in one language: ``.id``, ``.title``, ``.goal``, ``.rules`` and its ``.exercises`` in order."""

    def __init__(self, data: LessonData, lang: str = "en") -> None:
        self.data = data
        self.lang = check_language(lang)
        self.exercises = [Exercise(e, self.lang, data.id) for e in data.exercises]

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def title(self) -> str:
        return self.data.title[self.lang]

    @property
    def goal(self) -> str:
        return self.data.goal[self.lang]

    @property
    def rules(self) -> list[str]:
        return list(self.data.rules)

    @property
    def game_name(self) -> str:
        """Which game the lesson teaches: ``hickory``, ``clocktowers`` or ``mice``."""
        return self.data.game

    def __repr__(self) -> str:
        return f"<Lesson {self.id}: {self.title!r}, {len(self.exercises)} exercises>"
