"""Live class mode on the screens (the engine is :mod:`.live`): the learner's card and the teacher's tab.

* The learner's card sits in the row above their lessons (or their tables): :class:`LiveBar` is the row of games
  and Tables that also asks the kernel every :data:`POLL` seconds whether a question was asked, revealed or ended
  (one read of the store). The card shows the prompt and the options as buttons (a number question: a number
  field), the learner's answer pressed; a click sends it again (changed) until the reveal. Hidden is hidden: before
  the reveal the card (its HTML, the only thing the device is sent for it) holds the prompt and the options' labels,
  never which one is right nor the explanation. After the reveal: right or not, the explanation, the solution.
* The teacher's tab (:class:`LiveDesk`, a tab of the dashboard next to Tables): pick an exercise of any game's
  lessons and ask it; the answers arrive (counts per option with their labels, who answered, who has the question
  on screen and has not answered, who of the class is not here) at each poll; **R** (or the button) shows the
  solution on every screen, the right option marked here; then the next question or the end.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from . import curriculum
from .classroom_words import say
from .game_bar import game_name
from .games import NAMES
from .live import Live, LiveError, exercise, exercise_options
from .table_lobby import TableLobby, TablesBar
from .table_view import POLL


def refusal_text(lang: str, error: LiveError) -> str:
    key = f"live.refused.{error.reason}"
    return say(lang, key) if key in _keys() else say(lang, "live.refused.other", problem=str(error))


def _keys() -> set[str]:
    from .classroom_words import TEXTS

    return set(TEXTS)


class LiveExercise:
    """Mixed into a lesson widget: the live question's exercise on the learner's own board, as in their lessons
    (in presentation mode: nothing of it is recorded by the widget itself). A click on the board or an answer is
    the learner's live answer (``self.live_answer``); everything else the lessons offer (hints, Show me, the next
    exercise, Reset) is refused while the question is live. Before the reveal the widget holds no verdict, no
    solution and no hint; the reveal gives it the verdict (or, with no answer, the solution shown)."""

    live_answer: Callable[[Any], str | None]

    def _handle(self, content: Any) -> None:
        from .widget import Refused

        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "language":
            return super()._handle(content)  # type: ignore[misc]
        if kind not in ("choose", "answer") or getattr(self, "revealed", False):
            raise Refused("refused", "in a live question only an answer is taken")
        if content.get("version") != self._version:  # type: ignore[attr-defined]
            raise Refused("stale", "made on an older board")
        value = content.get("id") if kind == "choose" else content.get("value")
        self.error = self.live_answer(value) or ""  # type: ignore[attr-defined]

    def show_pick(self, value: Any) -> None:
        self.attempt.picked = value  # type: ignore[attr-defined]
        self._refresh()  # type: ignore[attr-defined]

    def reveal(self, value: Any) -> None:
        """The teacher revealed: the learner's verdict as the lessons give it, or the solution shown."""
        self.revealed = True
        a = self.attempt  # type: ignore[attr-defined]
        if value is None:
            self.show_me()  # type: ignore[attr-defined]
            return
        a.verdict, a.picked, a.done = self.exercise.check(value), value, True  # type: ignore[attr-defined]
        self._refresh()  # type: ignore[attr-defined]


def exercise_widget(key: str, lang: str, answer: Callable[[Any], str | None]) -> Any:
    """The lesson widget of the exercise ``key`` alone (its lesson only), its answers going to ``answer``."""
    from .card_widget import WIDGETS

    ex = exercise(key, lang)
    base = WIDGETS[ex.game_name]
    lesson = next(lesson for lesson in curriculum(lang, ex.game_name) if lesson.id == ex.lesson_id)
    cls = type(f"Live{base.__name__}", (LiveExercise, base), {})
    widget = cls(learner="live", language=lang, presentation=True, lessons=[lesson])
    widget.live_answer = answer
    widget.revealed = False
    widget.go(0, [x.key for x in lesson.exercises].index(key))
    return widget


class LiveCard:
    """One learner's live question (``live``: the class's :class:`~.live.Live`)."""

    def __init__(self, live: Live, learner: str, lang: str) -> None:
        self.live, self.learner, self.lang = live, learner, lang
        self.session: dict[str, Any] | None = None
        self.stamp: tuple[Any, ...] = ()
        self.message = ""
        self.widget: Any = None
        """The exercise's lesson widget (a built-in exercise), or None (no question, a position of the teacher's)."""
        self.changed: Callable[[], None] = lambda: None
        """Called when an answer made on the widget changes the card (the row draws it again)."""

    def refresh(self) -> bool:
        """Reads whether the class's question changed; True when the card must be drawn again."""
        stamp = self.live.screen_stamp()
        if stamp == self.stamp:
            return False
        self.stamp = stamp
        now = self.live.current()
        before = self.session
        if now is not None and (before is None or before["id"] != now["id"]):
            self.live.seen(now["id"], self.learner)
            self.message = ""
        changed = (before or {}).get("id") != (now or {}).get("id") or (before or {}).get("status") != (
            now or {}).get("status")
        self.session = now
        if changed:
            self._board(now, (before or {}).get("id"))
        return changed

    def _board(self, now: dict[str, Any] | None, before: Any) -> None:
        """The exercise's board: made for a new question, given the verdict at the reveal, gone with the question."""
        if now is None or not now["exercise"]:
            self.widget = None
            return
        if self.widget is None or now["id"] != before:
            self.widget = exercise_widget(now["exercise"], self.lang, self._from_board)
            mine = self.live.answers(now["id"]).get(self.learner)
            if mine is not None:
                self.widget.show_pick(mine)
        if now["status"] == "revealed" and not self.widget.revealed:
            self.widget.reveal(self.live.answers(now["id"]).get(self.learner))

    def _from_board(self, value: Any) -> str | None:
        """An answer made on the board: kept (None) or the refusal's sentence."""
        if self.session is None:
            return say(self.lang, "live.refused.closed")
        try:
            stored = self.live.answer(self.session["id"], self.learner, value)
        except LiveError as exc:
            return refusal_text(self.lang, exc)
        self.widget.show_pick(stored)
        self.message = ""
        self.changed()
        return None

    def handle(self, kind: str, arg: str | None, fields: dict[str, str]) -> bool:
        """A click on the card (``live-answer``, ``live-number``); True if it was one."""
        if kind not in ("live-answer", "live-number") or self.session is None:
            return False
        session = self.session["id"]
        try:
            if kind == "live-number":
                value: Any = fields.get("live-number", "")
            else:
                q = self.live.question(session, self.lang)
                value = arg
                if q["mode"] == "many":  # a click adds or takes away one option of the learner's set
                    mine = self.live.answers(session).get(self.learner) or []
                    value = sorted(set(mine) ^ {arg}) or [arg]
            stored = self.live.answer(session, self.learner, value)
            self.message = ""
            if self.widget is not None:
                self.widget.show_pick(stored)
        except LiveError as exc:
            self.refresh()  # the class's question as it is now, with the refusal under it
            self.message = refusal_text(self.lang, exc)
        return True

    def html(self) -> str:
        if self.session is None:
            return ""
        lang, session = self.lang, self.session["id"]
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        q = self.live.question(session, lang)
        mine = self.live.answers(session).get(self.learner)
        picked = {str(v) for v in (mine if isinstance(mine, list) else [mine])} if mine is not None else set()
        revealed = q["status"] != "asked"
        parts = [f'<section class="cl-live" data-testid="live-card" data-session="{session}" '
                 f'data-status="{q["status"]}"><h3>{x("live.title")}</h3><p>{x("live.asked")}</p>'
                 f'<p data-testid="live-prompt"><strong>{escape(q["prompt"])}</strong></p>']
        if q["mode"] == "number":
            value = escape(str(mine)) if mine is not None else ""
            parts.append(f'<div class="cl-bar"><label>{x("live.number")} <input name="live-number" '
                         f'inputmode="numeric" maxlength="9" value="{value}" data-testid="live-number"'
                         f'{" disabled" if revealed else ""}></label>'
                         + ("" if revealed else f'<button class="cl-main" data-action="live-number" data-default '
                            f'data-testid="live-send">{x("live.send")}</button>') + "</div>")
        else:
            buttons = "".join(
                f'<button data-action="live-answer" data-arg="{escape(o["id"])}" data-testid="live-option-'
                f'{escape(o["id"])}" aria-pressed="{str(o["id"] in picked).lower()}"'
                f'{" class=cl-main" if o["id"] in picked else ""}{" disabled" if revealed else ""}>'
                f'{escape(o["label"])}</button>' for o in q["options"])
            parts.append(f'<div class="cl-bar" data-testid="live-options">{buttons}</div>')
        if mine is not None and not revealed:
            labels = {o["id"]: o["label"] for o in q["options"]}
            shown = ", ".join(labels.get(p, p) for p in sorted(picked))
            parts.append(f'<p class="cl-note" data-testid="live-mine">{x("live.your_answer", answer=shown)}</p>')
        if revealed:
            result = self.live.result(session, self.learner, lang)
            verdict = "none" if not result["answered"] else ("right" if result["correct"] else "wrong")
            head = {"none": "live.none", "right": "live.right", "wrong": "live.wrong"}[verdict]
            parts.append(f'<div class="cl-verdict" data-testid="live-verdict" data-verdict="{verdict}">'
                         f'<p><strong>{x(head)}</strong> {escape(result["message"])}</p>'
                         f'<p data-testid="live-solution">{escape(result["solution"])}</p>'
                         f'<p class="cl-note">{x("live.wait")}</p></div>')
        if self.message:
            parts.append(f'<p class="cl-error" role="alert" data-testid="live-refusal">{escape(self.message)}</p>')
        parts.append("</section>")
        return "".join(parts)


class LiveBar(TablesBar):
    """The learner's row of games and Tables, with the class's live question below it when one is asked."""

    def __init__(self, box: Any, lang: str, game: str, make: Callable[[str, str], Any],
                 lobby: Callable[[], TableLobby], live: Live, learner: str) -> None:
        self.card = LiveCard(live, learner, lang)
        self.card.refresh()
        self.card.changed = self.draw
        super().__init__(box, lang, game, make, lobby)
        self.panel.poll = POLL
        self.place()

    def place(self) -> None:
        """The exercise's board right under the row (above the lessons or the tables), or no board."""
        rest = [c for c in self.box.children[1:] if not isinstance(c, LiveExercise)]
        board = [self.card.widget] if self.card.widget is not None else []
        children = (self.panel, *board, *rest)
        if children != tuple(self.box.children):
            self.box.children = children

    def draw(self) -> None:
        super().draw()
        card = getattr(self, "card", None)
        if card is not None:
            self.panel.html += card.html()

    def handle(self, kind: str, arg: Any, fields: dict[str, str]) -> None:
        if kind == "poll":
            if self.card.refresh():
                self.draw()
                self.place()
            return
        if self.card.handle(kind, arg, fields):
            self.draw()
            self.place()
            return
        super().handle(kind, arg, fields)
        self.place()


class LiveDesk:
    """The dashboard's Live question tab: pick, ask, watch the answers arrive, reveal, next or end."""

    def __init__(self, live: Live, lang: str, roster: Callable[[], list[str]] = list) -> None:
        self.live, self.lang, self.roster = live, lang, roster
        self.game = NAMES[0]
        self.message = ""

    def stamp(self) -> tuple[Any, ...]:
        return self.live.stamp()

    def handle(self, kind: str, arg: str | None, fields: dict[str, str]) -> bool:
        """A teacher's click on the tab (``live-*``); True if it was one."""
        if not kind.startswith("live-"):
            return False
        self.message = ""
        now = self.live.current()
        try:
            if kind == "live-game" and arg in NAMES:
                self.game = arg
            elif kind == "live-ask":
                self.live.ask(fields.get("live-exercise") or arg or "")
            elif kind == "live-reveal" and now is not None and now["status"] == "asked":
                self.live.reveal(now["id"])
            elif kind == "live-end" and now is not None:
                self.live.close(now["id"])
        except LiveError as exc:
            self.message = say(self.lang, "live.dash.refused", problem=str(exc))
        return True

    def choices(self) -> list[tuple[str, str]]:
        """The exercises of the chosen game that can be asked live (key, "lesson · prompt")."""
        from . import curriculum

        out = []
        for i, lesson in enumerate(curriculum(self.lang, self.game)):
            for j, ex in enumerate(lesson.exercises):
                if not ex.is_task:
                    out.append((ex.key, f"{i + 1}.{j + 1} {lesson.title}: {ex.prompt[:70]}"))
        return out

    def html(self) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        parts = [f'<section data-testid="dash-live" lang="{lang}"><h3>{x("live.title")}</h3>']
        if self.message:
            parts.append(f'<p class="cl-error" role="alert" data-testid="dash-live-message">'
                         f'{escape(self.message)}</p>')
        now = self.live.current()
        if now is None:
            parts.append(f'<p class="cl-note" data-testid="live-idle">{x("live.dash.none")}</p>')
        else:
            parts.append(self._tally(now))
        if now is None or now["status"] == "revealed":
            parts.append(self._pick(next_one=now is not None))
        parts.append("</section>")
        return "".join(parts)

    def _tally(self, now: dict[str, Any]) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        q = self.live.question(now["id"], lang)
        tally = self.live.tally(now["id"], lang, self.roster())
        top = max([o["count"] for o in tally["options"]] + [1])
        rows = "".join(
            f'<tr data-testid="live-count-{escape(o["id"])}" data-count="{o["count"]}"'
            f'{" data-correct=true class=cl-right" if o["correct"] else ""}><td>{escape(o["label"])}'
            f'{" ✓ " + x("live.dash.correct") if o["correct"] else ""}</td><td>{o["count"]}</td>'
            f'<td><meter min="0" max="{top}" value="{o["count"]}"></meter></td></tr>' for o in tally["options"])
        names = lambda who: ", ".join(escape(n) for n in who) or "–"  # noqa: E731
        asked = now["status"] == "asked"
        where = escape(game_name(lang, q["game"])) if q["game"] in NAMES else escape(q["game"])
        buttons = (f'<button class="cl-main" data-action="live-reveal" data-key="r" data-testid="live-reveal">'
                   f'{x("live.dash.reveal")}</button>') if asked else ""
        buttons += f'<button data-action="live-end" data-testid="live-end">{x("live.dash.end")}</button>'
        return (f'<div data-testid="live-tally" data-session="{now["id"]}" data-status="{now["status"]}">'
                f'<p>{where} · {escape(q["title"])}</p><p><strong>{escape(q["prompt"])}</strong></p>'
                f'<p data-testid="live-total">{x("live.dash.count", n=tally["total"])}</p>'
                f'<table class="cl-grid"><tbody>{rows}</tbody></table>'
                f'<p data-testid="live-answered">{x("live.dash.answered")}: {names(tally["answered"])}</p>'
                f'<p data-testid="live-missing">{x("live.dash.missing")}: {names(tally["missing"])}</p>'
                f'<p data-testid="live-absent">{x("live.dash.absent")}: {names(tally["absent"])}</p>'
                f'<div class="cl-bar">{buttons}</div></div>')

    def _pick(self, next_one: bool) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        tabs = "".join(f'<button data-action="live-game" data-arg="{g}" aria-pressed="{str(g == self.game).lower()}"'
                       f'>{escape(game_name(lang, g))}</button>' for g in NAMES)
        options = "".join(f'<option value="{escape(k)}">{escape(text)}</option>' for k, text in self.choices())
        return (f'<form class="cl-form" data-testid="live-pick" onsubmit="return false"><h3>'
                f'{x("live.dash.next" if next_one else "live.dash.pick")}</h3><div class="cl-bar">{tabs}</div>'
                f'<label>{x("live.dash.exercise")} <select name="live-exercise" data-testid="live-exercise">'
                f'{options}</select></label><div class="cl-bar"><button class="cl-main" data-action="live-ask" '
                f'data-testid="live-ask">{x("live.dash.ask")}</button></div></form>')


__all__ = ["LiveBar", "LiveCard", "LiveDesk", "LiveExercise", "exercise", "exercise_options", "exercise_widget",
           "refusal_text"]
