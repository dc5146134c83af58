"""A table on the projector (or on any device that only watches): the game's own board drawn from no seat.

Like a spectator at Board Game Arena, the watcher sees what every player at the table sees and nothing more: no
hand (Mice!: no hand, no card face down; Clocktowers: hand sizes only, no discards; Hickory Dickory: favor cards as
backs, R94), and a log of the events as an outsider reads them (``game.events_for(WATCHER)``, a name that is no
seat, so every private event loses its secret). Hickory Dickory's log names favors drawn, so its watcher's board is
sent without the log. Nothing is played from it: every click but the language and large print is refused.

It lives in the kernel that serves the watching page (``?watch=<table>``, or the dashboard's projector button),
which rebuilds the referee's game from the log; only the board above goes to the browser. The page polls every
:data:`~.table_view.POLL` seconds and redraws when the table moved.
"""

from __future__ import annotations

import time
from html import escape
from typing import Any

from ..core.information import public_view
from ..core.tables import Tables
from .classroom_words import say
from .game_bar import game_name
from .panel import Panel
from .table_view import POLL, seat_holder, seat_name

WATCHER = "(watching)"
"""The name the log is read for: no seat has it, so every hidden detail of an event is left out."""
WATCHING = frozenset({"language", "projector", "dismiss", "hello", "log"})


class Watching:
    """Mixed into a game's widget: shows the referee's game as nobody's seat may see it; plays nothing."""

    def admit(self, intent: dict[str, Any]) -> bool:
        if intent["type"] not in WATCHING:
            self._refuse(say(self.language, "table.watching"))  # type: ignore[attr-defined]
            return False
        return super().admit(intent)  # type: ignore[misc]

    def _bot(self, player: str, default: str | None = None) -> Any:
        return None

    @property
    def curtain(self) -> str | None:
        return None

    @property
    def viewer(self) -> str | None:
        return None

    def favors_seen_by(self, game: Any) -> set[str]:
        return set()

    def shell_view(self) -> dict[str, Any]:
        base = super().shell_view()  # type: ignore[misc]
        if base.get("decision"):
            base["decision"] = {**base["decision"], "choices": []}
        base["can_undo"] = base["can_redo"] = base["secrets_allowed"] = False
        return base


def watch_widget(game_name_: str, game: Any, lang: str) -> Any:
    """The board of ``game`` (the referee's, kept in this kernel) as a watcher may see it."""
    if game_name_ == "hickory":
        from ..hickory.widget import HickoryWidget

        class HickoryWatched(Watching, HickoryWidget):
            def publish(self) -> None:
                super().publish()
                view = self.view
                if view.get("decision") is not None:
                    view = {**view, "decision": {**view["decision"], "choices": []}}
                self.view = {**view, "can_undo": False, "can_redo": False}

            def _send_log(self) -> None:  # its entries name the favors drawn: none for a watcher
                self.log_pages, self.log_tail = [], []

        return HickoryWatched(game, language=lang)
    if game_name_ == "mice":
        from ..mice.board import view as mice_view
        from ..mice.widget import MiceWidget
        from ..mice.words.labels import event_text

        class MiceWatched(Watching, MiceWidget):
            def board(self, lang: str, secrets: bool) -> dict[str, Any]:
                return mice_view.board(self.game, lang, None, False)

            def log(self, lang: str, secrets: bool) -> list[str]:
                return [event_text(e, lang) for e in self.game.events_for(WATCHER)]

        return MiceWatched(game, language=lang, pass_and_play=False)
    from ..clocktowers.board import view as ct_view
    from ..clocktowers.widget import ClocktowersWidget
    from ..clocktowers.words.labels import event_text as ct_event_text

    class ClocktowersWatched(Watching, ClocktowersWidget):
        def board(self, lang: str, secrets: bool) -> dict[str, Any]:
            board = ct_view.board(self.game, lang, False)
            for player in board["players"]:
                player["hand"] = None
            board["plays"], board["why"], board["discards"] = {}, {}, None
            for deck in board["decks"]:
                deck["choice"], deck["label"] = None, None
            return board

        def log(self, lang: str, secrets: bool) -> list[str]:
            return [ct_event_text(e, lang, False) for e in self.game.events_for(WATCHER)]

    return ClocktowersWatched(game, language=lang)


class TableWatch:
    """A watcher's page of one table: a line (game, whose turn, scores, seats) and the board from no seat."""

    def __init__(self, tables: Tables, table: int, lang: str = "en") -> None:
        import ipywidgets

        self.tables, self.table, self.lang = tables, table, lang
        self.row = self._row()
        self.stamp = self._stamp()
        self.redrawn_at = time.time()
        self.widget = watch_widget(self.row["game"], tables.game(table), lang)
        self.panel = Panel(self.handle, failed=say(lang, "classroom.error.failed"))
        self.panel.poll = POLL
        self.draw()
        self.box = ipywidgets.VBox([self.panel, self.widget])

    def _row(self) -> dict[str, Any]:
        return next(r for r in self.tables.tables() if r["id"] == self.table)

    def _stamp(self) -> tuple[Any, ...]:
        return tuple(self.tables.store.read("SELECT version, status, changed FROM tables WHERE id = ?", (self.table,)))

    def refresh(self, force: bool = False) -> bool:
        stamp = self._stamp()
        if not force and stamp == self.stamp:
            return False
        self.stamp, self.row = stamp, self._row()
        self.widget.game = self.tables.game(self.table)
        self.redrawn_at = time.time()
        self.draw()
        return True

    def handle(self, kind: str, arg: str | None, fields: dict[str, str]) -> None:
        if kind == "poll":
            self.refresh()

    def close(self) -> None:
        self.panel.poll = 0.0
        self.widget.close()

    def draw(self) -> None:
        lang = self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        public = public_view(self.widget.game)
        name = lambda seat: seat_name(self.row["game"], seat, lang)  # noqa: E731
        if self.row["status"] != "open":
            turn = x(f"table.status.{self.row['status']}")
        elif public["over"]:
            turn = x("table.over")
        else:
            turn = x("table.turn", seat=name(public["to_move"]))
        scores = " · ".join(f"{escape(name(p))}: {'?' if n is None else n}" for p, n in public["scores"].items())
        seats = ", ".join(f"{escape(name(s['seat']))}: {escape(seat_holder(s, lang))}"
                          for s in self.tables.seats(self.table))
        self.panel.html = (f'<div class="cl-bar cl-watch" data-testid="watch" data-table="{self.table}" '
                           f'lang="{lang}"><strong>{x("table.number", n=self.table)} · '
                           f'{escape(game_name(lang, self.row["game"]))}</strong><span data-testid="watch-turn">'
                           f'{turn}</span><span>{scores}</span></div><p class="cl-note">{seats}</p>')
