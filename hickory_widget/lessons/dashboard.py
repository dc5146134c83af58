"""The teacher's dashboard: every learner × every exercise, the exercises the class gets wrong most, live; for each
game of the classroom (Hickory Dickory, Clocktowers, Mice!), one at a time, chosen in a row of tabs.

It reads the classroom's store (:mod:`.store`) and the hand-ins of learners on the static site (:mod:`.handin`, kept
in the store, or files dropped into the hand-ins folder), and asks every :data:`POLL` seconds whether either changed;
a change redraws the page, so what the teacher sees is at most one poll (plus the drawing) behind the class. The
page opens with the teacher's code only (:meth:`.identity.Identities.check_teacher`: the right code is never
refused; wrong codes lock only the page they were typed on, for a while). A code that is empty or weak opens
nothing. Reset and New PIN ask for the code again.

A last tab, Tables, shows every game table of the class live (:mod:`.table_desk`: every hand, pause, close, the
projector's address, the review of a finished game); beside it, Live question (:mod:`.live_view`): one question
asked of the whole class, the answers arriving, the reveal.

Kept apart from the page: :class:`ClassView` is the data (rows, cells, most missed, CSV), :class:`Dashboard` draws
it and carries out the teacher's intents (open, pick a game or a learner, reset one, new PIN, join link, CSV, add
hand-ins). The CSV holds every game, a line per learner, game and exercise.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from ..hickory.words.i18n import t
from . import curriculum
from .classroom_words import say, store_problem
from .exercise import Exercise
from .game_bar import game_name, pick_game
from .games import NAMES
from .handin import HandinError, handin_flags, read_handin
from .identity import Identities, IdentityError, weak_code
from .join import error_text
from .panel import Panel
from .progress import ProgressError, check_record, forget_learner, read_learners
from .store import Store, StoreError, is_store

POLL = 2.0
TABLES_POLL = 1.0
"""Seconds between the Tables tab's questions: a table's moves reach the teacher within one."""
LIVE_POLL = 0.5
"""Seconds between the Live question tab's questions: an answer reaches the teacher's tally within one."""
MISSED_SHOWN = 8
HANDIN_FILES = 500
CLASSROOM, HANDIN = "classroom", "hand-in"
CSV_FIELDS = ("learner", "source", "game", "lesson", "exercise", "key", "stars", "attempts", "hints", "seconds",
              "wrong_answers", "wrong_answer_ids")
"""The CSV's columns: ``wrong_answers`` as the learner and the dashboard saw them (labels in the dashboard's
language), ``wrong_answer_ids`` the same answers as the engine's ids, for a script."""


def attempts(rec: dict[str, Any]) -> int:
    """Answers given: counted at each solve, or the wrong ones so far while unsolved."""
    return rec["tries"] if rec["stars"] else rec["misses"]


def duration(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 60} min {s % 60:02d} s" if s >= 60 else f"{s} s"


def handins_dir(progress_path: Path) -> Path:
    """Where hand-in files are kept: ``$HICKORY_HANDINS`` or the ``handins`` folder beside the progress file."""
    return Path(os.environ.get("HICKORY_HANDINS") or progress_path.with_name("handins"))


@dataclass
class Row:
    name: str
    source: str
    records: dict[str, dict[str, Any]]
    flags: list[str] = field(default_factory=list)
    """Why a hand-in's self-reported data looks impossible (empty when it does not)."""

    def rec(self, key: str) -> dict[str, Any] | None:
        return self.records.get(key)

    def total(self, keys: list[str]) -> dict[str, float]:
        recs = [self.records[k] for k in keys if k in self.records]
        return {"solved": sum(1 for r in recs if r["stars"]), "stars": sum(r["stars"] for r in recs),
                "attempts": sum(attempts(r) for r in recs), "hints": sum(r["hints"] for r in recs),
                "seconds": sum(r["seconds"] for r in recs), "at": max((r["at"] for r in recs), default=0.0)}


@dataclass
class ClassView:
    """What the dashboard shows, read from the files: rows of learners, each game's exercises (numbered ``3.2``
    = lesson 3, exercise 2 of that game), refusals."""

    curricula: dict[str, list[tuple[str, Exercise]]]
    rows: list[Row] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    store_error: ProgressError | None = None
    _words: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)
    _games: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def read(cls, progress_path: Path, lang: str) -> ClassView:
        view = cls({game: [(f"{i + 1}.{j + 1}", ex) for i, lesson in enumerate(curriculum(lang, game))
                           for j, ex in enumerate(lesson.exercises)] for game in NAMES})
        try:
            learners = read_learners(progress_path)
        except ProgressError as exc:
            view.refused.append(str(exc))
            view.store_error = exc
            learners = {}
        view.rows = [Row(n, CLASSROOM, r) for n, r in sorted(learners.items(), key=lambda x: x[0].casefold())]
        texts: list[tuple[str, Any]] = []
        if is_store(progress_path) and view.store_error is None:
            try:
                texts.extend(Store.at(progress_path).handins())
            except StoreError as exc:
                view.refused.append(str(exc))
        folder = handins_dir(progress_path)
        files = sorted(folder.glob("*.json"))[:HANDIN_FILES] if folder.is_dir() else []
        texts.extend((path.name, path) for path in files)
        known = {ex.key for exercises in view.curricula.values() for _, ex in exercises}
        for name, text in texts:
            try:
                learner, records = read_handin(text.read_bytes()[:1_000_000] if isinstance(text, Path) else text)
                view.rows.append(Row(learner, HANDIN, {k: check_record(r) for k, r in records.items()},
                                     handin_flags(records, known)))
            except (HandinError, ProgressError, OSError) as exc:
                view.refused.append(f"{name}: {exc}")
        return view

    def exercises(self, game: str) -> list[tuple[str, Exercise]]:
        return self.curricula.get(game, [])

    def keys(self, game: str) -> list[str]:
        return [ex.key for _, ex in self.exercises(game)]

    def learners_in(self, game: str) -> int:
        """How many rows hold work on ``game`` (the tab says it, so the teacher sees where the class is)."""
        keys = set(self.keys(game))
        return sum(1 for row in self.rows if keys & set(row.records))

    def answer_text(self, ex: Exercise, text: str) -> str:
        """A wrong answer as the learner saw it: an option's words or a move's label, not its id."""
        if ex.kind == "predict":
            words = {a.id: a.text for a in ex.answers}
            return ", ".join(words.get(p, p) for p in text.split(", "))
        return self._move_words(ex).get(text) or self._move_label(ex, text)

    def _move_words(self, ex: Exercise) -> dict[str, str]:
        if ex.key not in self._words:
            game = ex.game()
            self._words[ex.key] = {c.id: c.label for c in game.choices_in(ex.lang)}
            self._games[ex.key] = game
        return self._words[ex.key]

    def _move_label(self, ex: Exercise, option: str) -> str:
        """An illegal move's label (``Leap to outer 6``), as the board's why-not answer names it; the id if none."""
        game = self._games.get(ex.key)
        try:
            return str(game.rules.label(game.state, game._ask, option, ex.lang))  # type: ignore[union-attr]
        except Exception:  # an id no label describes: shown as it was sent
            return option

    def missed(self, game: str) -> list[tuple[Exercise, int, int, Counter[str]]]:
        """The exercises of ``game`` with the most wrong answers: (exercise, wrong answers, learners, answers by
        count)."""
        out = []
        for _, ex in self.exercises(game):
            recs = [r.records[ex.key] for r in self.rows if ex.key in r.records]
            misses = sum(r["misses"] for r in recs)
            if misses:
                answers = Counter(self.answer_text(ex, w) for r in recs for w in r["wrong"])
                out.append((ex, misses, sum(1 for r in recs if r["misses"]), answers))
        out.sort(key=lambda x: (-x[1], -x[2]))
        return out[:MISSED_SHOWN]

    def csv(self) -> str:
        """One line per learner, game and exercise (untried ones with zeros), as the grids show them."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        for row in self.rows:
            for game in self.curricula:
                for number, ex in self.exercises(game):
                    r = row.rec(ex.key) or check_record({})
                    writer.writerow([safe_cell(row.name), row.source, game, number.split(".")[0], ex.id, ex.key,
                                     r["stars"], attempts(r), r["hints"], round(r["seconds"]),
                                     safe_cell(" | ".join(self.answer_text(ex, w) for w in r["wrong"])),
                                     safe_cell(" | ".join(r["wrong"]))])
        return out.getvalue()


def safe_cell(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (a name typed as ``=HYPERLINK(...)``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class Dashboard:
    """The teacher's page: a code form until the code is given, then the class."""

    def __init__(self, progress_path: str | Path, lang: str, code: str | None,
                 identities: Identities | None = None, game: str = "hickory") -> None:
        self.path = Path(progress_path)
        self.lang, self.code = lang, code
        self.game = pick_game(game)
        self.identities = identities or Identities(self.path)
        self.visitor = secrets.token_hex(8)
        """Who typed the codes on this page: wrong codes lock this page only, never the teacher elsewhere."""
        self.open = False
        self.picked: str | None = None
        self.confirm: str | None = None
        self.confirm_pin: str | None = None
        self.message = ""
        self.link: tuple[str, str] | None = None
        self.view: ClassView | None = None
        self.stamp: tuple[Any, ...] = ()
        self.changed_at = time.time()
        self.draw_ms = 0.0
        self.tab = "lessons"
        """The page shown: "lessons" (the grid of the game chosen) or "tables" (:mod:`.table_desk`)."""
        self._desk: Any = None
        self._live: Any = None
        self.panel = Panel(self.handle, failed=t(lang, "classroom.error.failed"))
        if code and weak_code(code):
            self.message = say(lang, "classroom.dash.weak_code")
        self.draw()

    # ---------------------------------------------------------------------------------------- the files
    def _stamp(self) -> tuple[Any, ...]:
        """What changes when the class's work changes: the store's commits (or the progress file's time and size)
        and the hand-ins folder's."""
        folder = handins_dir(self.path)
        out: list[Any] = []
        if is_store(self.path):
            try:
                store = Store.at(self.path)
                out.append((store.changes(), store.db().total_changes))
            except ProgressError:
                out.append(None)
        for p in (self.path, folder):
            try:
                st = p.stat()
                out.append((st.st_mtime_ns, st.st_size))
            except OSError:
                out.append(None)
        return tuple(out)

    @property
    def desk(self) -> Any:
        """The Tables tab (made on first use: the tables of the class's store)."""
        if self._desk is None:
            from .table_desk import TableDesk
            from .tables import classroom_tables, tables_path

            self._desk = TableDesk(classroom_tables(tables_path(self.path)), self.lang)
        return self._desk

    @property
    def live(self) -> Any:
        """The Live question tab (made on first use), the class's names as its roster."""
        if self._live is None:
            from .live import Live
            from .live_view import LiveDesk

            rows = lambda: self.view.rows if self.view else []  # noqa: E731
            self._live = LiveDesk(Live(self.path), self.lang, lambda: [r.name for r in rows() if r.source == CLASSROOM])
        return self._live

    def refresh(self, force: bool = False) -> bool:
        """Re-reads the files if they changed (or ``force``); True if the page was redrawn."""
        if self.tab == "live" and not force:  # answers arrive often: only the tab is drawn again, not the class
            stamp = (*self.stamp[:-1], self.live.stamp()) if self.stamp else ()
            if stamp == self.stamp:
                self._status()
                return False
            self.stamp = stamp
            self.changed_at = time.time()
            self.draw()
            return True
        stamp = self._stamp() + ((self.desk.stamp(),) if self.tab == "tables" else ()) + (
            (self.live.stamp(),) if self.tab == "live" else ())
        if not force and stamp == self.stamp and self.view is not None:
            self._status()
            return False
        self.stamp = stamp
        self.view = ClassView.read(self.path, self.lang)
        self.changed_at = time.time()
        self.draw()
        return True

    # ---------------------------------------------------------------------------------------- intents
    def handle(self, kind: str, arg: str | None, fields: dict[str, str]) -> None:
        if kind == "code":
            self._open(fields.get("code", ""))
            return
        if not self.open:
            return
        self.message = ""
        if kind == "poll":
            self.refresh()
            return
        if kind == "tab" and arg in ("lessons", "tables", "live"):
            self.tab = arg
            self.panel.poll = {"tables": TABLES_POLL, "live": LIVE_POLL}.get(arg, POLL)
            self.refresh(force=True)
            return
        if kind.startswith("table-"):
            self.desk.handle(kind, arg, fields)
            self.refresh(force=True)
            return
        if kind.startswith("live-"):
            self.live.handle(kind, arg, fields)
            self.refresh(force=True)
            return
        names = {r.name for r in self.view.rows if r.source == CLASSROOM} if self.view else set()
        if kind in ("pick", "reset", "reset-yes", "new-pin", "new-pin-yes") and arg not in names | (
                {r.name for r in self.view.rows} if kind == "pick" and self.view else set()):
            return  # a learner no longer (or never) in the class: a stale click changes nothing
        if kind == "game":
            if arg not in NAMES:
                return  # no such game: nothing changes
            self.game, self.tab = arg, "lessons"
            self.panel.poll = POLL
        elif kind == "pick":
            self.picked, self.confirm, self.confirm_pin, self.link = arg, None, None, None
        elif kind == "reset" and arg:
            self.confirm, self.confirm_pin = arg, None
        elif kind == "new-pin" and arg:
            self.confirm_pin, self.confirm = arg, None
        elif kind == "cancel":
            self.confirm = self.confirm_pin = None
        elif kind == "reset-yes" and arg and arg == self.confirm and self._code_again(fields):
            try:
                forget_learner(self.path, arg)
                self.message = t(self.lang, "classroom.dash.done_reset", name=arg)
            except StoreError as error:
                self.message = self._store_message(error)
            self.confirm = None
            self.refresh(force=True)
            return
        elif kind == "new-pin-yes" and arg and arg == self.confirm_pin and self._code_again(fields):
            try:
                key = self.identities.forget_pin(arg)
                self.link = (arg, f"?learner={_quote(arg)}&key={key}&lang={self.lang}")
                self.message = say(self.lang, "classroom.dash.new_link", name=arg)
            except IdentityError as error:  # a name from an old file the classroom no longer takes
                self.message = error_text(self.lang, error)
            except StoreError as error:
                self.message = self._store_message(error)
            self.confirm_pin = None
        elif kind == "unlock" and arg:
            try:
                if self.identities.clear_lock(arg):
                    self.message = say(self.lang, "classroom.dash.cleared", who=_who(arg))
            except StoreError as error:
                self.message = self._store_message(error)
        elif kind == "link":
            name = (arg or fields.get("link_name", "")).strip()
            try:
                key = self.identities.issue_link(name)  # refuses a name the classroom does not take
                self.link = (name, f"?learner={_quote(name)}&key={key}&lang={self.lang}")
            except IdentityError as error:
                self.message = error_text(self.lang, error)
            except StoreError as error:
                self.message = self._store_message(error)
        elif kind == "csv" and self.view is not None:
            self.panel.download(f"classroom-{time.strftime('%Y-%m-%d-%H%M')}.csv", self.view.csv())
            return
        elif kind == "handin":
            self._add_handin(arg or "hand-in.json", fields.get("text", ""))
            return
        self.draw()

    def _open(self, given: str) -> None:
        if not self.code:
            self.message = t(self.lang, "classroom.error.no_code")
        elif weak_code(self.code):
            self.message = say(self.lang, "classroom.dash.weak_code")
        else:
            try:
                self.identities.check_teacher(given, self.code, self.visitor)
                self.open, self.message = True, ""
                self.panel.poll = POLL
                self.refresh(force=True)
                if self.view is not None and self.view.store_error is not None:
                    self.message = self._store_message(self.view.store_error)
                    self.draw()
                return
            except IdentityError as error:
                self.message = error_text(self.lang, error)
            except ProgressError as error:
                self.message = self._store_message(error)
        self.draw()

    def _code_again(self, fields: dict[str, str]) -> bool:
        """A destructive intent goes on only with the teacher's code typed again (a second client holding this
        page's kernel cannot reset anyone); a wrong code counts as a wrong try of this page."""
        try:
            self.identities.check_teacher(fields.get("code", ""), self.code, self.visitor)
            return True
        except IdentityError as error:
            self.message = error_text(self.lang, error)
        except ProgressError as error:
            self.message = self._store_message(error)
        return False

    def _store_message(self, error: ProgressError) -> str:
        return say(self.lang, "classroom.dash.store", problem=store_problem(self.lang, error),
                   path=str(getattr(error, "path", "") or self.path)[-120:])

    def _add_handin(self, filename: str, text: str) -> None:
        try:
            learner, _ = read_handin(text)
        except HandinError as exc:
            self.message = t(self.lang, "classroom.dash.handin_bad", file=filename, field=exc.field)
            self.draw()
            return
        try:
            digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
            Store.at(self.path).add_handin(digest, learner, filename[:120], text)
            self.message = t(self.lang, "classroom.dash.handin_ok", name=learner)
        except StoreError as error:
            self.message = self._store_message(error)
        self.refresh(force=True)

    # ---------------------------------------------------------------------------------------- drawing
    def _status(self) -> None:
        self.panel.status = t(self.lang, "classroom.dash.status", time=time.strftime("%H:%M:%S",
                              time.localtime(self.changed_at)), poll=f"{POLL:g}",
                              checked=time.strftime("%H:%M:%S"), ms=f"{self.draw_ms:.0f}")

    def draw(self) -> None:
        started = time.perf_counter()
        lang = self.lang
        x = lambda key, **kw: escape(t(lang, key, **kw))  # noqa: E731
        head = f'<h2>{x("classroom.dash.title")}</h2>'
        note = f'<p class="cl-error" role="alert" data-testid="dash-message">{escape(self.message)}</p>' \
            if self.message else ""
        if not self.open:
            self.panel.html = (
                f'<form class="cl-form" data-testid="dash-login" lang="{lang}" onsubmit="return false">{head}'
                f'<p class="cl-note">{x("classroom.dash.code_intro")}</p><label>{x("classroom.dash.code")}'
                f'<input name="code" type="password" autocomplete="off" autofocus data-testid="dash-code"></label>'
                f'{note}<div class="cl-bar"><button class="cl-main" data-action="code" data-default '
                f'data-testid="dash-open">{x("classroom.dash.open")}</button></div></form>')
            return
        view = self.view or ClassView({})
        if self.tab in ("tables", "live"):
            tab = self.desk.html() if self.tab == "tables" else self.live.html()
            self.panel.html = "".join([f'<div data-testid="dashboard" lang="{lang}">{head}', note, self._games(view),
                                       tab, "</div>"])
            self.draw_ms = (time.perf_counter() - started) * 1000
            self._status()
            return
        parts = [f'<div data-testid="dashboard" lang="{lang}">{head}', self._summary(view), note,
                 self._games(view), self._grid(view), self._detail(view), self._missed(view), self._links(),
                 self._locks(), self._refused(view), "</div>"]
        self.panel.html = "".join(parts)
        self.draw_ms = (time.perf_counter() - started) * 1000
        self._status()

    def _games(self, view: ClassView) -> str:
        """The tabs: one per game, the chosen one pressed, each with how many learners worked on it."""
        lang = self.lang
        tip = lambda g: escape(t(lang, "classroom.dash.game_learners", n=view.learners_in(g)))  # noqa: E731
        on = lambda g: g == self.game and self.tab == "lessons"  # noqa: E731
        tabs = "".join(
            f'<button data-action="game" data-arg="{g}" data-testid="dash-game-{g}" title="{tip(g)}" '
            f'aria-pressed="{"true" if on(g) else "false"}"{" class=cl-main" if on(g) else ""}>'
            f'{escape(game_name(lang, g))} <small>({view.learners_in(g)})</small></button>' for g in NAMES)
        tables = self.tab == "tables"
        tabs += (f'<button data-action="tab" data-arg="tables" data-testid="dash-tab-tables" aria-pressed='
                 f'"{str(tables).lower()}"{" class=cl-main" if tables else ""}>'
                 f'{escape(say(lang, "table.dash.title"))}</button>')
        live = self.tab == "live"
        tabs += (f'<button data-action="tab" data-arg="live" data-testid="dash-tab-live" aria-pressed='
                 f'"{str(live).lower()}"{" class=cl-main" if live else ""}>{escape(say(lang, "live.title"))}</button>')
        return (f'<nav class="cl-bar" data-testid="dash-games" data-game="{self.game}">'
                f'<span>{escape(t(lang, "classroom.dash.games"))}</span>{tabs}</nav>')

    def _summary(self, view: ClassView) -> str:
        keys = view.keys(self.game)
        totals = [r.total(keys) for r in view.rows]
        x = lambda key, **kw: escape(t(self.lang, key, **kw))  # noqa: E731
        summary = x("classroom.dash.summary", n=len(view.rows), solved=sum(int(s["solved"]) for s in totals),
                    stars=sum(int(s["stars"]) for s in totals))
        return (f'<div class="cl-bar"><span data-testid="dash-summary">{summary}</span>'
                f'<button data-action="csv" data-testid="dash-csv">{x("classroom.dash.csv")}</button>'
                f'<label class="cl-file">{x("classroom.dash.handin")} <input type="file" '
                f'accept=".json,application/json" multiple data-action="handin" data-testid="dash-handin" hidden>'
                '</label></div>')

    def _grid(self, view: ClassView) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(t(lang, key, **kw))  # noqa: E731
        if not view.rows:
            return f'<p class="cl-note" data-testid="dash-empty">{x("classroom.dash.nobody")}</p>'
        cols = [x("classroom.dash.name"), x("classroom.dash.solved"), x("classroom.dash.stars"),
                x("classroom.dash.attempts"), x("classroom.dash.hints"), x("classroom.dash.time")]
        labels = {"stars": cols[2], "attempts": cols[3], "hints": cols[4], "time": cols[5]}
        head = "".join(f'<th class="cl-name">{c}</th>' if i == 0 else f"<th>{c}</th>" for i, c in enumerate(cols))
        exercises = view.exercises(self.game)
        head += "".join(f'<th title="{escape(ex.key)}">{n}</th>' for n, ex in exercises)
        keys = view.keys(self.game)
        body = []
        for row in view.rows:
            tot = row.total(keys)
            picked = ' class="cl-picked"' if row.name == self.picked else ""
            tag = f' <small>({x("classroom.dash.source_handin")})</small>' if row.source == HANDIN else ""
            if row.flags:
                why = escape(say(lang, "classroom.dash.flagged", why="; ".join(row.flags)))
                tag += f' <small class="cl-flag" data-testid="dash-flag" title="{why}">⚠ {why}</small>'
            cells = [f'<td class="cl-name"><a href="#" data-action="pick" data-arg="{escape(row.name)}">'
                     f'{escape(row.name)}</a>{tag}</td>', f'<td>{int(tot["solved"])}</td>',
                     f'<td>{int(tot["stars"])}</td>', f'<td>{int(tot["attempts"])}</td>',
                     f'<td>{int(tot["hints"])}</td>', f'<td>{duration(tot["seconds"])}</td>']
            for n, ex in exercises:
                r = row.rec(ex.key)
                if r is None:
                    cells.append('<td class="cl-cell"></td>')
                    continue
                tip = (f'{n} {ex.key} · {labels["stars"]} {r["stars"]} · {labels["attempts"]} '
                       f'{attempts(r)} · {labels["hints"]} {r["hints"]} · {labels["time"]} {duration(r["seconds"])}')
                tried = " data-tried" if not r["stars"] and r["misses"] else ""
                cells.append(f'<td class="cl-cell" data-key="{escape(ex.key)}" data-stars="{r["stars"]}"{tried} '
                             f'title="{escape(tip)}">{r["stars"] or "·"}</td>')
            body.append(f'<tr data-learner="{escape(row.name)}" data-source="{row.source}"{picked}>'
                        + "".join(cells) + "</tr>")
        return (f'<div class="cl-scroll"><table class="cl-grid" data-testid="dash-grid" data-game="{self.game}">'
                f'<thead><tr>{head}</tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table></div>')

    def _detail(self, view: ClassView) -> str:
        row = next((r for r in view.rows if r.name == self.picked), None)
        if row is None:
            return ""
        lang = self.lang
        x = lambda key, **kw: escape(t(lang, key, **kw))  # noqa: E731
        name = escape(row.name)
        parts = [f'<section data-testid="dash-detail" data-learner="{name}">'
                 f'<h3>{x("classroom.dash.detail", name=row.name)}</h3>']
        code_field = (f'<label>{escape(say(lang, "classroom.dash.code_again"))} <input name="code" type="password" '
                      'autocomplete="off" data-testid="dash-code-again"></label>')
        if row.source == CLASSROOM:
            if self.confirm == row.name:
                parts.append(f'<p class="cl-error">{x("classroom.dash.reset_confirm", name=row.name)}</p>'
                             f'<div class="cl-bar">{code_field}'
                             f'<button class="cl-danger" data-action="reset-yes" data-arg="{name}" '
                             f'data-testid="dash-reset-yes">{x("classroom.dash.yes_reset")}</button>'
                             f'<button data-action="cancel">{x("classroom.dash.cancel")}</button></div>')
            elif self.confirm_pin == row.name:
                parts.append(f'<p class="cl-error">{escape(say(lang, "classroom.dash.pin_confirm", name=row.name))}'
                             f'</p><div class="cl-bar">{code_field}'
                             f'<button class="cl-danger" data-action="new-pin-yes" data-arg="{name}" '
                             f'data-testid="dash-new-pin-yes">{x("classroom.dash.new_pin")}</button>'
                             f'<button data-action="cancel">{x("classroom.dash.cancel")}</button></div>')
            else:
                parts.append(f'<div class="cl-bar"><button class="cl-danger" data-action="reset" data-arg="{name}" '
                             f'data-testid="dash-reset">{x("classroom.dash.reset")}</button>'
                             f'<button data-action="new-pin" data-arg="{name}" data-testid="dash-new-pin">'
                             f'{x("classroom.dash.new_pin")}</button><button data-action="link" data-arg="{name}" '
                             f'data-testid="dash-link">{x("classroom.dash.link")}</button></div>')
        heads = ["#", x("classroom.dash.stars"), x("classroom.dash.attempts"), x("classroom.dash.hints"),
                 x("classroom.dash.time"), x("classroom.dash.wrong")]
        lines = []
        for n, ex in view.exercises(self.game):
            r = row.rec(ex.key)
            if r is None:
                continue
            wrong = ", ".join(view.answer_text(ex, w) for w in r["wrong"])
            lines.append(f'<tr data-key="{escape(ex.key)}"><td class="cl-name" title="{escape(ex.prompt[:200])}">'
                         f'{n} {escape(ex.key)}</td><td>{"★" * r["stars"] or "–"}</td>'
                         f'<td>{attempts(r)}</td><td>{r["hints"]}</td><td>{duration(r["seconds"])}</td>'
                         f'<td>{escape(wrong)}</td></tr>')
        parts.append(f'<table class="cl-grid"><thead><tr>{"".join(f"<th>{h}</th>" for h in heads)}</tr></thead>'
                     f'<tbody>{"".join(lines)}</tbody></table></section>')
        return "".join(parts)

    def _missed(self, view: ClassView) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(t(lang, key, **kw))  # noqa: E731
        missed = view.missed(self.game)
        if not missed:
            return (f'<h3>{x("classroom.dash.missed_title")}</h3>'
                    f'<p class="cl-note">{x("classroom.dash.missed_none")}</p>')
        items = []
        number = {ex.key: n for n, ex in view.exercises(self.game)}
        for ex, misses, learners, answers in missed:
            given = "; ".join(f"{escape(a)} ×{c}" for a, c in answers.most_common(6))
            items.append(f'<li data-key="{escape(ex.key)}" data-misses="{misses}"><b>{number[ex.key]} '
                         f'{escape(ex.prompt[:120])}</b> — '
                         f'{x("classroom.dash.missed_item", n=misses, learners=learners)}'
                         f'<br><span class="cl-answers">{x("classroom.dash.answers")} {given}</span></li>')
        return (f'<h3>{x("classroom.dash.missed_title")}</h3><ol class="cl-missed" data-testid="dash-missed" '
                f'data-game="{self.game}">'
                f'{"".join(items)}</ol>')

    def _links(self) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(t(lang, key, **kw))  # noqa: E731
        # the heading labels the name field and the note the link's field (screen readers name each field)
        out = [f'<h3 id="cl-link-for">{x("classroom.dash.link_for")}</h3><div class="cl-bar"><input name="link_name" '
               f'maxlength="40" aria-labelledby="cl-link-for" data-testid="dash-link-name"><button data-action="link">'
               f'{x("classroom.dash.make_link")}</button></div>']
        if self.link:
            name, href = self.link
            out.append(f'<p class="cl-note" id="cl-link-note">{x("classroom.dash.link_note", name=name)}</p>'
                       f'<input class="cl-link" readonly aria-labelledby="cl-link-note" data-link="{escape(href)}" '
                       f'data-testid="dash-link-url">')
        return "".join(out)

    def _locks(self) -> str:
        """Names and pages with wrong tries counted, each with a button that unlocks it."""
        try:
            locks = [lock for lock in self.identities.locks() if not lock[0].endswith(f":{self.visitor}")]
        except ProgressError:
            return ""
        if not locks:
            return ""
        lang = self.lang
        items = "".join(
            f'<li data-who="{escape(who)}">{escape(say(lang, "classroom.dash.lock_item", who=_who(who), n=n))} '
            f'<button data-action="unlock" data-arg="{escape(who)}" data-testid="dash-unlock">'
            f'{escape(say(lang, "classroom.dash.clear"))}</button></li>' for who, n, _until in locks[:50])
        return f'<h3>{escape(say(lang, "classroom.dash.locks"))}</h3><ul data-testid="dash-locks">{items}</ul>'

    def _refused(self, view: ClassView) -> str:
        if not view.refused:
            return ""
        items = "".join(f"<li>{escape(r[:400])}</li>" for r in view.refused[:20])
        return f'<h3>{escape(t(self.lang, "classroom.dash.refused"))}</h3><ul data-testid="dash-refused">{items}</ul>'


def _who(who: str) -> str:
    """A lock's holder as the teacher reads it: the name key of ``pin:<key>``, or "page <id>" for a visitor."""
    kind, _, rest = who.partition(":")
    return rest if kind == "pin" else f"{kind} {rest[:6]}"


def _quote(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")
