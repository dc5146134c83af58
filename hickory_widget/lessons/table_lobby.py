"""The learner's list of game tables: every table not closed (its game, who sits where, whose turn), a free seat to
sit at, one's own seat to go back to (a laptop closed and opened again finds its table as it is now), and a form to
open a table (the game, how many play, how many computer players of which level; the opener takes the first seat).

Whose turn a row shows comes from the table's public view (no seat's: core/information.py ``public_view``), so the
list itself tells nobody anything hidden. The page asks the kernel every :data:`~.table_view.POLL` seconds
whether a table changed (one query on the tables' ``changed`` times) and is drawn again only then.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..core.information import public_view
from ..core.tables import TableError, Tables
from .classroom_words import say
from .game_bar import GameBar, game_name
from .games import NAMES
from .panel import Panel
from .table_view import POLL, TableSeat, seat_holder, seat_name
from .tables import options_on, refusal, rule_options

PLAYERS = {"hickory": (2, 3, 4), "clocktowers": (2, 3, 4), "mice": (3, 4, 5, 6)}
"""How many may play each game (what its ``new`` takes)."""


def options_line(row: dict[str, Any], lang: str) -> str:
    """The rule options that are on at a table, as a line of its row (nothing when none is)."""
    names = [say(lang, "table.option." + name) for name in options_on(row["game"], row.get("options"))]
    if not names:
        return ""
    return (f'<p class="cl-note" data-testid="table-options-{row["id"]}">'
            f'{escape(say(lang, "table.options_on", names="; ".join(names)))}</p>')


def table_rows(tables: Tables) -> list[dict[str, Any]]:
    """Every table not closed, newest first, with its seats and its public state (whose turn, over)."""
    rows = []
    for row in tables.tables():
        if row["status"] == "closed":
            continue
        public = tables.public(row["id"]) if hasattr(tables, "public") else public_view(tables.game(row["id"]),
                                                                                        scores=False)
        rows.append({**row, "seats": tables.seats(row["id"]), "to_move": public["to_move"], "over": public["over"]})
    return rows


class TableLobby:
    """The tables page of one learner (``learner``: their classroom identity). ``box`` shows the list, or the
    learner's seat (:class:`~.table_view.TableSeat`) once they sit down."""

    def __init__(self, tables: Tables, learner: str, lang: str = "en", game: str = "hickory") -> None:
        import ipywidgets

        self.tables, self.learner, self.lang = tables, learner, lang
        self.game = game if game in NAMES else "hickory"
        self.message = ""
        self.seat: TableSeat | None = None
        self.panel = Panel(self.handle, failed=say(lang, "classroom.error.failed"))
        self.panel.poll = POLL
        self.stamp: tuple[Any, ...] = ()
        self.box = ipywidgets.VBox([self.panel])
        self.refresh(force=True)

    def _stamp(self) -> tuple[Any, ...]:
        return tuple(self.tables.store.read("SELECT count(*), max(changed) FROM tables"))

    def refresh(self, force: bool = False) -> bool:
        stamp = self._stamp()
        if not force and stamp == self.stamp:
            return False
        self.stamp = stamp
        self.draw()
        return True

    # ------------------------------------------------------------------------------------------ intents
    def handle(self, kind: str, arg: str | None, fields: dict[str, str]) -> None:
        if kind == "poll":
            self.refresh()
            return
        self.message = ""
        try:
            if kind == "sit" and arg:
                table, seat = arg.split(":", 1)
                self.sit(int(table), seat)
                return
            if kind == "open":
                game = fields.get("game", "")
                boxes = {"on": True, "off": False}  # a checkbox's two values (panel.mjs); anything else is refused
                options = {name: boxes.get(fields["opt_" + name], fields["opt_" + name])
                           for name in rule_options(game) if "opt_" + name in fields} if game in NAMES else None
                wrong = next((name for name, on in (options or {}).items() if not isinstance(on, bool)), None)
                if wrong is not None:  # a stale or forged form: said in the page's language, nothing opened
                    self.message = say(self.lang, "table.bad_option", option=say(self.lang, f"table.option.{wrong}"),
                                       value=str(options[wrong])[:40])
                    self.refresh(force=True)
                    return
                self.open_table(game, fields.get("players", ""), fields.get("bots", "0"),
                                fields.get("level", "greedy"), options)
                return
            if kind == "game" and arg in NAMES:
                self.game = arg
        except TableError as error:
            self.message = refusal(error, self.lang)
        except ValueError:
            self.message = say(self.lang, "table.bad_players", problem=escape(str(arg or "")))
        self.refresh(force=True)

    def sit(self, table: int, seat: str) -> TableSeat:
        """Sits the learner at ``seat`` (their own seat again: fine) and shows the table from there."""
        self.tables.join(table, seat, self.learner)
        return self._show(table, seat)

    def open_table(self, game: str, players: str, bots: str, level: str,
                   options: dict[str, bool] | None = None) -> TableSeat:
        """Opens a table with the rule ``options`` (name: on/off; the game's defaults for the rest), seats the
        learner at its first seat and computer players of ``level`` at its last ``bots`` seats. An unknown option
        or a value that is not True/False is refused (TableError ``bad_setup``) and opens nothing."""
        if game not in NAMES or not players.isdigit() or int(players) not in PLAYERS[game]:
            raise ValueError(f"{game} {players}")
        n, b = int(players), int(bots) if bots.isdigit() else 0
        b = max(0, min(b, n - 1))
        table = self.tables.open_table(game, n, options=options or None, by=self.learner)
        seats = [s["seat"] for s in self.tables.seats(table)]
        self.tables.join(table, seats[0], self.learner)
        for seat in seats[n - b:]:
            self.tables.give_bot(table, seat, level)
        self.game = game
        return self._show(table, seats[0])

    def _show(self, table: int, seat: str) -> TableSeat:
        self.panel.poll = 0.0  # the seat's page polls now
        self.seat = TableSeat(self.tables, table, seat, self.learner, self.lang, back=self.back)
        self.box.children = (self.seat.box,)
        return self.seat

    def back(self) -> None:
        """From the seat to the list (the seat is kept at the table: come back to it any time)."""
        self.seat = None
        self.panel.poll = POLL
        self.box.children = (self.panel,)
        self.refresh(force=True)

    def close(self) -> None:
        self.panel.poll = 0.0
        if self.seat is not None:
            self.seat.close()

    # ------------------------------------------------------------------------------------------ drawing
    def draw(self) -> None:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        parts = [f'<div data-testid="tables" lang="{lang}"><h2>{x("table.title")}</h2>']
        if self.message:
            parts.append(f'<p class="cl-error" role="alert" data-testid="tables-refusal">{escape(self.message)}</p>')
        rows = table_rows(self.tables)
        if not rows:
            parts.append(f'<p class="cl-note" data-testid="tables-none">{x("table.none")}</p>')
        for row in rows:
            mine = next((s["seat"] for s in row["seats"] if s["kind"] == "learner" and s["who"] == self.learner),
                        None)
            seats = []
            name = lambda seat, game=row["game"]: seat_name(game, seat, lang)  # noqa: E731
            for s in row["seats"]:
                holder = escape(seat_holder(s, lang))
                if mine is None and s["kind"] == "empty" and row["status"] == "open":
                    holder = (f'<button data-action="sit" data-arg="{row["id"]}:{escape(s["seat"])}" '
                              f'data-testid="sit-{row["id"]}-{escape(s["seat"])}">'
                              f'{x("table.sit", seat=name(s["seat"]))}</button>')
                seats.append(f'<li>{escape(name(s["seat"]))}: {holder}</li>')
            turn = x("table.over") if row["over"] else x("table.turn", seat=name(row["to_move"]))
            state = "" if row["status"] == "open" else f' · {x("table.status." + row["status"])}'
            back = (f'<button class="cl-main" data-action="sit" data-arg="{row["id"]}:{escape(mine)}" '
                    f'data-testid="rejoin-{row["id"]}">{x("table.rejoin", seat=name(mine))}</button>') if mine else ""
            parts.append(f'<section class="cl-table" data-testid="table-{row["id"]}" data-game="{row["game"]}">'
                         f'<h3>{x("table.number", n=row["id"])} · {escape(game_name(lang, row["game"]))} · '
                         f'{turn}{state}</h3>{options_line(row, lang)}<ul>{"".join(seats)}</ul>{back}</section>')
        parts.append(self._form())
        parts.append("</div>")
        self.panel.html = "".join(parts)

    def _form(self) -> str:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        games = "".join(f'<option value="{g}"{" selected" if g == self.game else ""}>{escape(game_name(lang, g))}'
                        f'</option>' for g in NAMES)
        players = "".join(f'<option value="{n}">{n}</option>' for n in PLAYERS[self.game])
        bots = "".join(f'<option value="{n}">{n}</option>' for n in range(0, max(PLAYERS[self.game])))
        levels = "".join(f'<option value="{lv}">{x("table.level." + lv)}</option>'
                         for lv in self.tables.games[self.game].bots)
        checks = "".join(f'<label><input type="checkbox" name="opt_{name}" data-testid="open-opt-{name}"'
                         f'{" checked" if on else ""}> {x("table.option." + name)}</label>'
                         for name, on in rule_options(self.game).items())
        tabs = "".join(f'<button data-action="game" data-arg="{g}" aria-pressed="{str(g == self.game).lower()}">'
                       f'{escape(game_name(lang, g))}</button>' for g in NAMES)
        return (f'<form class="cl-form" data-testid="open-table" onsubmit="return false"><h3>{x("table.open")}</h3>'
                f'<div class="cl-bar">{tabs}</div><input type="hidden" name="game" value="{self.game}">'
                f'<label>{x("table.game")} <select name="game-shown" disabled>{games}</select></label>'
                f'<label>{x("table.players")} <select name="players" data-testid="open-players">{players}</select>'
                f'</label><label>{x("table.bots")} <select name="bots" data-testid="open-bots">{bots}</select>'
                f'</label><label>{x("table.level")} <select name="level" data-testid="open-level">{levels}'
                f'</select></label><fieldset class="cl-options" data-testid="open-options"><legend>'
                f'{x("table.options")}</legend>{checks}</fieldset><div class="cl-bar"><button class="cl-main" '
                f'data-action="open" '
                f'data-testid="open-go">{x("table.open")}</button></div></form>')



class TablesBar(GameBar):
    """The row of games with one more button, Tables: the learner's list of tables (made on first use) in place
    of the lessons; a game's button brings the lessons back. The tables' pages stop polling while hidden."""

    def __init__(self, box: Any, lang: str, game: str, make: Callable[[str, str], Any],
                 lobby: Callable[[], TableLobby]) -> None:
        self.make_lobby = lobby
        self.lobby: TableLobby | None = None
        self.showing = "lessons"
        super().__init__(box, lang, game, make)

    def draw(self) -> None:
        super().draw()
        on = self.showing == "tables"
        button = (f'<button data-action="tables" data-testid="show-tables" aria-pressed="{str(on).lower()}"'
                  f'{" class=cl-main" if on else ""}>{escape(say(self.lang, "table.title"))}</button>')
        self.panel.html = self.panel.html.replace("</nav>", button + "</nav>", 1)

    def handle(self, kind: str, arg: Any, fields: dict[str, str]) -> None:
        if kind == "tables":
            self.show_tables()
            return
        if kind == "game" and self.showing == "tables":
            self._polling(False)
            self.showing = "lessons"
            if arg == self.game:
                self.box.children = (self.panel, self.lessons)
                self.draw()
                return
        super().handle(kind, arg, fields)

    def show_tables(self) -> TableLobby:
        if self.lobby is None:
            self.lobby = self.make_lobby()
        else:
            self._polling(True)
            self.lobby.refresh(force=True)
        self.showing = "tables"
        self.draw()
        self.box.children = (self.panel, self.lobby.box)
        return self.lobby

    def _polling(self, on: bool) -> None:
        if self.lobby is None:
            return
        self.lobby.panel.poll = POLL if on and self.lobby.seat is None else 0.0
        if self.lobby.seat is not None:
            self.lobby.seat.panel.poll = POLL if on else 0.0
