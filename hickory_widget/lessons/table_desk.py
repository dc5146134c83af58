"""The teacher's Tables tab in the dashboard: every table live (its game, status, whose turn, scores, who sits
where, and every hand, which only the teacher's page shows), open a table, pause, go on or close one, accept an
undo asked, put a table on the projector (the address of its watcher's page, :mod:`.table_watch`, which shows no
hidden card), and once a game is over open its review.

The hands are each seat's private part: what the seat's ``seat_view`` holds beyond what every seat sees alike
(``core.information.public_view``'s ``common``), so the tab works the same for the three games.
"""

from __future__ import annotations

import logging
import threading
from html import escape
from typing import Any

from ..core.information import common_knowledge, public_view
from ..core.tables import TableError, Tables
from .classroom_words import say
from .game_bar import game_name
from .games import NAMES
from .table_lobby import PLAYERS, options_line
from .table_view import seat_holder, seat_name
from .tables import refusal

REVIEW_PLAYOUTS = 8
"""Playouts per option when the teacher reviews a finished table (a quick review; docs/REVIEW.md)."""
log = logging.getLogger(__name__)


def review_text(done: Any, lang: str) -> str:
    """A review as the teacher reads it: each seat's counts, then its mistakes and blunders with the better move."""
    lines = []
    for seat in done.seats:
        counts = ", ".join(f"{k} {v}" for k, v in done.counts(seat).items() if v)
        lines.append(f"{seat}: {counts}")
        for j in done.for_seat(seat):
            if j.label in ("mistake", "blunder"):
                lines.append(f"  {j.step}: {j.played_label(lang)} → {j.best_label(lang)} (-{j.loss:.1f})")
    return "\n".join(lines)


def private_part(view: Any, common: Any) -> Any:
    """What ``view`` holds that ``common`` does not (a seat's own hand, its card face down ...)."""
    if isinstance(view, dict) and isinstance(common, dict):
        out = {}
        for key, value in view.items():
            if key not in common:
                out[key] = value
            else:
                rest = private_part(value, common[key])
                if rest not in ({}, None):
                    out[key] = rest
        return out
    return None if view == common else view


def hands(game: Any) -> dict[str, Any]:
    """Every seat's private part of the game now (the teacher's eyes only)."""
    rules, state = game.rules, game.state
    players = list(game.scores)
    if not hasattr(rules, "seat_view"):
        return {}
    views = {p: rules.seat_view(state, p) for p in players}
    common = common_knowledge(list(views.values()))
    common = common if isinstance(common, dict) else {}
    return {p: private_part(v, common) for p, v in views.items()}


def _short(value: Any) -> str:
    """A private part as one line: the card ids, the counts."""
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_short(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_short(v) for v in value)
    return str(value)


class TableDesk:
    """The tab's state and intents; :meth:`html` draws it inside the dashboard's page."""

    def __init__(self, tables: Tables, lang: str = "en") -> None:
        self.tables, self.lang = tables, lang
        self.message = ""
        self.projected: int | None = None
        self.reviews: dict[int, str] = {}
        self.cancel = threading.Event()
        """Set to stop the reviews under way (a review of a long game takes minutes on a small machine)."""

    def stamp(self) -> tuple[Any, ...]:
        """What changes when a table does (or a review finishes): the dashboard redraws then."""
        rows = self.tables.store.read("SELECT count(*), max(changed), sum(version) FROM tables")
        return (*rows[0], tuple(sorted(self.reviews.items())))

    def handle(self, kind: str, arg: str | None, fields: dict[str, str]) -> bool:
        """A teacher's click on the tab (``table-*``); True if it was one."""
        if not kind.startswith("table-"):
            return False
        self.message = ""
        try:
            head = (arg or "").split(":", 1)[0]  # "table" or "table:seat"
            table = int(head) if head.isdigit() else None
            if kind == "table-open":
                game = fields.get("table_game", "")
                players = fields.get("table_players", "")
                if game not in NAMES or not players.isdigit() or int(players) not in PLAYERS[game]:
                    self.message = say(self.lang, "table.bad_players", problem=f"{game} {players}")
                    return True
                self.tables.open_table(game, int(players), by="teacher")
            elif table is None:
                return True
            elif kind in ("table-pause", "table-resume", "table-close"):
                self.tables.set_status(table, {"table-pause": "paused", "table-resume": "open",
                                               "table-close": "closed"}[kind])
            elif kind == "table-bot":
                seat = (arg or "").split(":", 1)[-1]
                self.tables.give_bot(table, seat, fields.get(f"bot_{table}_{seat}", ""))
            elif kind == "table-undo":
                self.tables.answer_undo(table, None, None, True)
            elif kind == "table-project":
                self.projected = None if self.projected == table else table
            elif kind == "table-review":
                self.reviews[table] = self.review(table)  # "under way" until the thread puts the review
        except TableError as error:
            self.message = refusal(error, self.lang)
        return True

    def review(self, table: int, wait: bool = False) -> str:
        """Starts the review of a finished table, every seat (core/review.py), in a thread; the tab shows it when
        done (``wait``: here and now, for a test or a notebook)."""
        game = self.tables.game(table)
        if not game.over:
            return say(self.lang, "table.dash.not_over")

        def run() -> None:
            from ..core.review import review
            from ..core.whatif import Cancelled, SerialExecutor

            try:
                done = review(game, seat=None, min_playouts=REVIEW_PLAYOUTS, max_playouts=REVIEW_PLAYOUTS,
                              executor=SerialExecutor(), progress=False, cancel=self.cancel)
                self.reviews[table] = review_text(done, self.lang)
            except Cancelled:
                self.reviews.pop(table, None)
            except Exception as exc:  # the teacher reads that it failed; the developer the log
                log.exception("the review of table %s failed", table)
                self.reviews[table] = say(self.lang, "table.dash.review_failed", problem=type(exc).__name__)

        if wait:
            run()
            return self.reviews[table]
        threading.Thread(target=run, daemon=True, name=f"review-table-{table}").start()
        return say(self.lang, "table.dash.reviewing")

    def html(self) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        parts = [f'<section data-testid="dash-tables" lang="{lang}"><h3>{x("table.dash.title")}</h3>']
        if self.message:
            parts.append(f'<p class="cl-error" role="alert" data-testid="dash-table-message">'
                         f'{escape(self.message)}</p>')
        rows = self.tables.tables()
        if not rows:
            parts.append(f'<p class="cl-note">{x("table.dash.none")}</p>')
        for row in rows:
            parts.append(self._table(row))
        games = "".join(f'<option value="{g}">{escape(game_name(lang, g))}</option>' for g in NAMES)
        players = "".join(f'<option value="{n}">{n}</option>' for n in range(2, 7))
        parts.append(f'<div class="cl-bar" data-testid="dash-table-open"><label>{x("table.game")} <select '
                     f'name="table_game">{games}</select></label><label>{x("table.players")} <select '
                     f'name="table_players">{players}</select></label><button class="cl-main" '
                     f'data-action="table-open" data-testid="dash-table-open-go">{x("table.open")}</button></div>'
                     '</section>')
        return "".join(parts)

    def _table(self, row: dict[str, Any]) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        table = row["id"]
        game = self.tables.game(table)
        public = public_view(game, scores=False)
        seats = {s["seat"]: s for s in self.tables.seats(table)}
        held = hands(game)
        name = lambda seat: seat_name(row["game"], seat, lang)  # noqa: E731
        turn = x("table.over") if public["over"] else x("table.turn", seat=name(public["to_move"]))
        levels = "".join(f'<option value="{lv}">{x("table.level." + lv)}</option>'
                         for lv in self.tables.games[row["game"]].bots)

        def holder(p: str) -> str:
            """Who sits at ``p``; an empty seat of a table not closed gets a computer player of a chosen level."""
            text = escape(seat_holder(seats[p], lang))
            if seats[p]["kind"] != "empty" or row["status"] == "closed":
                return text
            slot = escape(f"{table}_{p}")
            return (f'{text} <select name="bot_{slot}" data-testid="dash-bot-level-{slot}" aria-label="'
                    f'{x("table.level")}">{levels}</select><button data-action="table-bot" '
                    f'data-arg="{table}:{escape(p)}" data-testid="dash-bot-{slot}">{x("table.bot_seat")}</button>')

        lines = "".join(
            f'<tr data-seat="{escape(p)}"><td>{escape(name(p))}</td><td>{holder(p)}</td>'
            f'<td>{game.scores[p]}</td><td class="cl-hand" data-testid="dash-hand">{escape(_short(held.get(p)))}'
            f'</td></tr>' for p in game.scores)
        status = row["status"]
        buttons = []
        if status == "open":
            buttons.append(("table-pause", "table.dash.pause"))
        elif status == "paused":
            buttons.append(("table-resume", "table.dash.resume"))
        if status != "closed":
            buttons.append(("table-close", "table.dash.close"))
        buttons.append(("table-project", "table.dash.unproject" if self.projected == table else "table.dash.project"))
        if public["over"]:
            buttons.append(("table-review", "table.dash.review"))
        pending = self.tables.view(table, next(iter(seats)), lang)["undo"]
        if pending is not None and status == "open":
            buttons.append(("table-undo", "table.dash.undo"))
        bar = "".join(f'<button data-action="{kind}" data-arg="{table}" data-testid="dash-{kind}-{table}">'
                      f'{x(key, seat=pending["asked_by"] if pending else "")}</button>' for kind, key in buttons)
        parts = [f'<article class="cl-table" data-testid="dash-table-{table}" data-status="{status}">'
                 f'<h4>{x("table.number", n=table)} · {escape(game_name(lang, row["game"]))} · '
                 f'{x("table.status." + status)} · {turn} · {x("table.dash.moves", n=row["version"])}</h4>'
                 f'{options_line(row, lang)}'
                 f'<table class="cl-grid"><thead><tr><th></th><th></th><th>{x("table.dash.points")}</th>'
                 f'<th>{x("table.dash.hands")}</th></tr></thead><tbody>{lines}</tbody></table>'
                 f'<div class="cl-bar">{bar}</div>']
        if self.projected == table:
            parts.append(f'<p class="cl-note">{x("table.dash.watch_link")}</p><input class="cl-link" readonly '
                         f'data-link="?watch={table}&amp;lang={lang}" data-testid="dash-watch-url">')
        if table in self.reviews:
            parts.append(f'<pre data-testid="dash-review-{table}">{escape(self.reviews[table])}</pre>')
        parts.append("</article>")
        return "".join(parts)
