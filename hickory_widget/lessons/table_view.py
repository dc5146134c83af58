"""A learner's seat at a game table (core/tables.py), on their own device: the same board widgets as the lessons
and the notebooks (Hickory Dickory's ``HickoryWidget``, the card games' shell widgets), fed only from the seat.

Hidden is hidden: the board's game is the seat's copy loaded from the seat save in ``tables.view(table, seat)``
(``game.to_json(seat=seat)``: the other hands dealt anew for the seat, sealed choices unknown), never the
referee's game, so nothing a browser receives can depend on another seat's hidden card. The board shows that seat's
own hand only, and offers the options the table offers that seat (a Mice! card may be placed face down before the
seat's ask comes: the table's ``decision`` says so).

A click goes to ``tables.submit(..., version)`` with the version the board was drawn at; a refusal (stale, not your
turn, paused ...) is said in the learner's language and changes nothing, and the board is drawn again as the table
is now. Moves made on other devices arrive by polling: the seat's page (a :class:`~.panel.Panel`) asks the kernel
every :data:`POLL` seconds, the kernel reads the table's version (one indexed row) and redraws only when it moved.
The polling stops with the page. Undo is a request: the others see Accept and Decline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from html import escape
from typing import Any

from ..core.tables import TableError, Tables
from .classroom_words import say
from .game_bar import game_name
from .panel import Panel
from .tables import refusal

POLL = 0.5
"""Seconds between a seat's "has the table moved?" questions (and the lobby's)."""

AT_TABLE = frozenset({"choose", "undo", "language", "dismiss", "hello", "log", "why", "look", "toggle", "projector",
                      "secrets"})
"""What a board at a table may still send: a choice and Undo go to the table; the rest only changes what is shown.
Redo, bots, seats, new games, forcing, the review and pictures (drawn from the whole seat copy) are the table's."""


def game_class(game: str) -> Any:
    """The game's class, whose ``from_json`` loads a seat save."""
    if game == "mice":
        from ..mice import MiceGame
        return MiceGame
    if game == "clocktowers":
        from ..clocktowers import ClocktowersGame
        return ClocktowersGame
    from ..hickory.game import Game
    return Game


def seat_copy(view: dict[str, Any]) -> Any:
    """The seat's game, from its seat save only (what the table's ``view`` holds for that seat)."""
    return game_class(view["game"]).from_json(view["save"])


class AtTable:
    """Mixed into a game's widget: the board of one seat at a table. ``self._seat`` is the :class:`TableSeat`."""

    _seat: TableSeat

    def admit(self, intent: dict[str, Any]) -> bool:
        if intent["type"] not in AT_TABLE:
            self._refuse(say(self.language, "table.not_here"))  # type: ignore[attr-defined]
            return False
        return super().admit(intent)  # type: ignore[misc]

    def intent_choose(self, intent: dict[str, Any]) -> None:
        self._seat.choose(str(intent.get("id")))

    def intent_undo(self, intent: dict[str, Any]) -> None:
        self._seat.ask_undo()

    def _bot(self, player: str, default: str | None = None) -> Any:
        return None  # the table's bots play on the table, never in this kernel's copy

    @property
    def curtain(self) -> str | None:
        return None  # one seat per screen: nothing to hand over

    @property
    def viewer(self) -> str | None:
        return self._seat.seat

    def favors_seen_by(self, game: Any) -> set[str]:
        return {self._seat.seat}

    def mine(self) -> set[str]:
        """The option ids this seat may choose now (from the table's view)."""
        decision = self._seat.view.get("decision")
        return {c["id"] for c in decision["choices"]} if decision else set()


def _shell_table_view(widget: Any, base: dict[str, Any]) -> dict[str, Any]:
    """The shell's view at a table: the decision and its options as the table gives them to this seat."""
    decision = widget._seat.view.get("decision")
    if decision is not None:
        base["decision"] = {"player": widget._seat.seat, "kind": decision["kind"], "prompt": decision["prompt"],
                            "secret": decision["secret"], "choices": decision["choices"]}
    elif base.get("decision"):
        base["decision"] = {**base["decision"], "choices": []}
    base["can_redo"] = False
    base["seats"] = {p: "human" for p in base.get("players", [])}
    base["at_table"] = True  # the front end leaves out the bots, seats and pictures, which are the table's
    return base


def seat_widget(seat: TableSeat) -> Any:
    """The board of ``seat``'s game, drawn from the seat's copy."""
    game = seat.view["game"]
    lang = seat.lang
    if game == "hickory":
        from ..hickory.widget import HickoryWidget

        class HickoryAtTable(AtTable, HickoryWidget):
            def __init__(self, table_seat: TableSeat, copy: Any) -> None:
                self._seat = table_seat
                super().__init__(copy, language=lang)

            def publish(self) -> None:
                super().publish()
                view = self.view
                if view.get("decision") is not None and self._seat.view.get("decision") is None:
                    view = {**view, "decision": {**view["decision"], "choices": []}}
                self.view = {**view, "can_redo": False, "at_table": True}  # the table's controls stay off

        return HickoryAtTable(seat, seat_copy(seat.view))
    if game == "mice":
        from ..mice.widget import MiceWidget

        class MiceAtTable(AtTable, MiceWidget):
            def __init__(self, table_seat: TableSeat, copy: Any) -> None:
                self._seat = table_seat
                super().__init__(copy, language=lang, pass_and_play=False)

            def shell_view(self) -> dict[str, Any]:
                return _shell_table_view(self, super().shell_view())

            def board(self, lang: str, secrets: bool) -> dict[str, Any]:
                from ..mice.rules.cards import card

                board = super().board(lang, False)
                ids = self.mine()
                for player in board["players"]:
                    for shown in player["hand"] or []:
                        choice = f"play:{card(shown['id']).face}"
                        shown["choice"] = choice if player["id"] == self._seat.seat and choice in ids else None
                return board

        return MiceAtTable(seat, seat_copy(seat.view))
    from ..clocktowers.board import view as ct_view
    from ..clocktowers.board.view import card_view
    from ..clocktowers.widget import ClocktowersWidget

    class ClocktowersAtTable(AtTable, ClocktowersWidget):
        def __init__(self, table_seat: TableSeat, copy: Any) -> None:
            self._seat = table_seat
            super().__init__(copy, language=lang)

        def shell_view(self) -> dict[str, Any]:
            return _shell_table_view(self, super().shell_view())

        def board(self, lang: str, secrets: bool) -> dict[str, Any]:
            board = ct_view.board(self.game, lang, False)
            me = self._seat.seat
            for player in board["players"]:
                player["hand"] = [card_view(c, lang) for c in self.game.state.hands[me]] if player["id"] == me \
                    else None
            if not self.mine():
                board["plays"], board["why"] = {}, {}
                for deck in board["decks"]:
                    deck["choice"] = None
            return board

        def log(self, lang: str, secrets: bool) -> list[str]:
            return ct_view.log(self.game, lang, False)

    return ClocktowersAtTable(seat, seat_copy(seat.view))


class TableSeat:
    """One learner at one seat: the board, and above it a line saying whose turn it is, a refusal, an undo request
    with Accept and Decline, and the way back to the tables. ``box`` is what the page shows."""

    def __init__(self, tables: Tables, table: int, seat: str, learner: str, lang: str = "en",
                 back: Callable[[], None] | None = None) -> None:
        import ipywidgets

        self.tables, self.table, self.seat, self.learner, self.lang = tables, table, seat, learner, lang
        self.back = back
        self.message = ""
        self.view = tables.view(table, seat, lang)
        self.stamp = self._stamp()
        self.redrawn_at = time.time()
        self.widget = seat_widget(self)
        self.panel = Panel(self.handle, failed=say(lang, "classroom.error.failed"))
        self.panel.poll = POLL
        self.draw()
        self.widget.observe(self._language, names="language")
        self.box = ipywidgets.VBox([self.panel, self.widget])

    def _language(self, change: dict[str, Any]) -> None:
        """The learner chose another language on the board: the options and the line above follow."""
        if change["new"] != self.lang:
            self.lang = change["new"]
            self.refresh(force=True)

    # ------------------------------------------------------------------------------------------ the table
    def _stamp(self) -> tuple[Any, ...]:
        rows = self.tables.store.read("SELECT version, status, changed FROM tables WHERE id = ?", (self.table,))
        return tuple(rows[0]) if rows else ()

    def refresh(self, force: bool = False) -> bool:
        """Reads the table again if it moved (or ``force``): the board and the line above it are drawn anew."""
        stamp = self._stamp()
        if not force and stamp == self.stamp:
            return False
        self.stamp = stamp
        self.view = self.tables.view(self.table, self.seat, self.lang)
        self.widget.game = seat_copy(self.view)  # the setter redraws (no bots play in this copy)
        self.redrawn_at = time.time()
        self.draw()
        return True

    def _act(self, call: Callable[[], Any]) -> bool:
        """Runs a request to the table; a refusal is said in the learner's language and changes nothing."""
        try:
            call()
            self.message = ""
            ok = True
        except TableError as error:
            self.message = refusal(error, self.lang)
            ok = False
        self.refresh(force=True)
        self.widget.error = self.message
        return ok

    def choose(self, choice: str) -> bool:
        """Plays ``choice`` at the version the board was drawn at."""
        version = self.view["version"]
        return self._act(lambda: self.tables.submit(self.table, self.seat, self.learner, choice, version))

    def ask_undo(self) -> bool:
        return self._act(lambda: self.tables.request_undo(self.table, self.seat, self.learner))

    def answer_undo(self, accept: bool) -> bool:
        return self._act(lambda: self.tables.answer_undo(self.table, self.seat, self.learner, accept))

    # ------------------------------------------------------------------------------------------ the page
    def handle(self, kind: str, arg: str | None, fields: dict[str, str]) -> None:
        if kind == "poll":
            self.refresh()
        elif kind == "undo":
            self.ask_undo()
        elif kind in ("undo-yes", "undo-no"):
            self.answer_undo(kind == "undo-yes")
        elif kind == "back":
            self.close()
            if self.back is not None:
                self.back()
            return
        self.draw()

    def close(self) -> None:
        """Stops the polling and closes the board (the lobby takes the page back)."""
        self.panel.poll = 0.0
        self.widget.close()

    def draw(self) -> None:
        v, lang = self.view, self.lang
        x = lambda key, **kw: escape(say(lang, key, **kw))  # noqa: E731
        name = lambda seat: self.widget.game.player_name(seat, lang)  # noqa: E731  (Hickory's colors: "Blau")
        seats = ", ".join(f"{escape(name(s['seat']))}: {escape(seat_holder(s, lang))}" for s in v["seats"])
        if v["status"] != "open":
            turn = x(f"table.status.{v['status']}")
        elif v["over"]:
            turn = x("table.over")
        elif v["decision"] is not None:
            turn = x("table.your_turn", seat=name(self.seat))
        elif self.seat in v["committed"]:
            turn = x("table.face_down")
        else:
            turn = x("table.their_turn", seat=name(v["to_move"]) if v["to_move"] else "-")
        scores = " · ".join(f"{name(p)}: {n}" for p, n in v["scores"].items())
        parts = [f'<div class="cl-bar" data-testid="seat-head" data-table="{self.table}" data-seat="{self.seat}" '
                 f'data-version="{v["version"]}" lang="{lang}">'
                 f'<button data-action="back" data-testid="seat-back">{x("table.back")}</button>'
                 f'<strong>{escape(game_name(lang, v["game"]))} · {x("table.number", n=self.table)}</strong>'
                 f'<span data-testid="seat-turn">{turn}</span><span>{escape(scores)}</span></div>',
                 f'<p class="cl-note">{x("table.you_sit", seat=name(self.seat))} {seats}</p>']
        undo = v["undo"]
        if undo is not None:
            if undo["asked_by"] == self.seat or self.seat in undo["accepted"]:
                parts.append(f'<p class="cl-note" data-testid="undo-wait">{x("table.undo_wait")}</p>')
            else:
                parts.append(f'<div class="cl-bar" data-testid="undo-ask"><span>'
                             f'{x("table.undo_asked", seat=name(undo["asked_by"]))}</span>'
                             f'<button class="cl-main" data-action="undo-yes" data-testid="undo-yes">'
                             f'{x("table.accept")}</button><button data-action="undo-no" data-testid="undo-no">'
                             f'{x("table.decline")}</button></div>')
        elif v["status"] == "open" and not v["over"]:
            parts.append(f'<div class="cl-bar"><button data-action="undo" data-testid="undo-request">'
                         f'{x("table.undo")}</button></div>')
        if self.message:
            parts.append(f'<p class="cl-error" role="alert" data-testid="seat-refusal">{escape(self.message)}</p>')
        self.panel.html = "".join(parts)


def seat_name(game: str, seat: str | None, lang: str) -> str:
    """A seat as a page in ``lang`` names it: Hickory Dickory's seats are colors ("Blau"), the card games' are the
    players' own labels (P1, P2, ...) in every language; no seat (nobody to move) is "-"."""
    if seat is None:
        return "-"
    if game == "hickory":
        from ..hickory.words.labels import player_name

        return player_name(seat, lang)
    return seat


def seat_holder(seat: dict[str, Any], lang: str) -> str:
    """Who sits at a seat, in words: the learner's name, a computer player of a level, or free."""
    if seat["kind"] == "learner":
        return str(seat["who"])
    if seat["kind"] == "bot":
        return say(lang, "table.bot", level=say(lang, f"table.level.{seat['who']}"))
    return say(lang, "table.free")
