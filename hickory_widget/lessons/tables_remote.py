"""The class's tables as a client of the tables service (lessons/tables_service.py): what a learner's kernel on
JupyterHub uses instead of opening the store, with the same methods the classroom pages call on
:class:`~hickory_widget.core.tables.Tables` (``tables``, ``seats``, ``view``, ``submit``, ``join`` ...,
``store.read`` for the pages' stamps, ``public`` for a table's public state).

Each request carries the kernel's hub token (``$JUPYTERHUB_API_TOKEN``) and waits for its answer; one request is
outstanding at a time (a lock), and a page's poll that comes while the same stamp was read less than
``STAMP_REUSE`` seconds ago is answered with that read, so polls queued behind a slow answer never turn into a pile
of requests. A refusal comes back as the same :class:`TableError` (its reason and facts), so the pages say it in
the learner's language as on one machine.
"""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..core.tables import Accepted, GameKind, TableError

STAMP_REUSE = 0.3
"""Seconds a stamp read is reused for the same query (polls arriving faster share one request)."""


class _RemoteStamps:
    """``store.read`` for the classroom pages' stamp queries (the service answers no other SQL)."""

    def __init__(self, remote: RemoteTables) -> None:
        self.remote = remote
        self._last: dict[tuple[str, tuple[Any, ...]], tuple[float, list[tuple[Any, ...]]]] = {}

    def read(self, sql: str, args: Any = ()) -> list[tuple[Any, ...]]:
        key = (sql, tuple(args))
        with self.remote._lock:
            known = self._last.get(key)
            if known is not None and time.monotonic() - known[0] < STAMP_REUSE:
                return known[1]
            rows = [tuple(r) for r in self.remote._call("POST", "read", {"sql": sql, "args": list(args)})]
            self._last[key] = (time.monotonic(), rows)
            return rows

    def wait(self, sql: str, args: Any, since: list[tuple[Any, ...]], seconds: float) -> list[tuple[Any, ...]]:
        """A long poll: the stamp once it differs from ``since``, or after ``seconds`` (at most 25)."""
        with self.remote._lock:
            rows = self.remote._call("POST", "read", {"sql": sql, "args": list(args), "wait": seconds,
                                                      "since": [list(r) for r in since]},
                                     timeout=seconds + self.remote.timeout)
            return [tuple(r) for r in rows]


class RemoteTables:
    """The tables of a service at ``url`` (``.../services/hickory-tables/``), asked as the hub user whose token
    is ``token`` (``$JUPYTERHUB_API_TOKEN`` when not given)."""

    def __init__(self, url: str, token: str | None = None, timeout: float = 30.0) -> None:
        self.url = url.rstrip("/") + "/api/"
        self.token = token if token is not None else os.environ.get("JUPYTERHUB_API_TOKEN", "")
        self.timeout = timeout
        self._lock = threading.RLock()
        self.store = _RemoteStamps(self)
        self._games: dict[str, GameKind] | None = None

    @property
    def games(self) -> dict[str, GameKind]:
        """The games and their bot levels (known to the package: nothing of a table)."""
        if self._games is None:
            from .tables import game_kinds

            self._games = game_kinds()
        return self._games

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None, query: dict[str, str] | None = None,
              timeout: float | None = None) -> Any:
        url = self.url + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": f"token {self.token}", "Content-Type": "application/json"})
        with self._lock:
            if method != "GET" and path != "read":
                self.store._last.clear()  # a change: the next poll asks again
            try:
                with urllib.request.urlopen(request, timeout=timeout or self.timeout) as answer:
                    return json.loads(answer.read())
            except urllib.error.HTTPError as error:
                try:
                    said = json.loads(error.read())
                except ValueError:
                    said = {}
                facts = {**(said.get("facts") or {}), "status": error.code}
                raise TableError(said.get("reason") or _reason(error.code), said.get("message", f"HTTP {error.code}"),
                                 **facts) from None
            except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
                raise TableError("unreachable", f"the tables service at {self.url} did not answer: {error}") from None

    # ------------------------------------------------------------------------------------------ reading
    def tables(self) -> list[dict[str, Any]]:
        return self._call("GET", "tables")

    def seats(self, table: int) -> list[dict[str, Any]]:
        return self._call("GET", f"tables/{int(table)}/seats")

    def public(self, table: int) -> dict[str, Any]:
        """Whose turn, over, the scores every seat agrees on: nothing that hangs on a hidden card."""
        return self._call("GET", f"tables/{int(table)}/public")

    def view(self, table: int, seat: str, lang: str = "en") -> dict[str, Any]:
        return self._call("GET", f"tables/{int(table)}/view", query={"seat": seat, "lang": lang})

    def log(self, table: int) -> list[dict[str, Any]]:
        """The referee's log (the teacher only)."""
        return self._call("GET", f"tables/{int(table)}/log")

    def game(self, table: int) -> Any:
        """The referee's game, every hand (the teacher only), loaded from the service's save."""
        from .table_view import game_class

        answer = self._call("GET", f"tables/{int(table)}/game")
        return game_class(answer["game"]).from_json(answer["save"])

    # ------------------------------------------------------------------------------------------ changing
    def open_table(self, game: str, players: Any, *, options: dict[str, Any] | None = None,
                   by: str | None = None) -> int:
        body = {"game": game, "players": players if isinstance(players, int) else list(players),
                "options": options, "by": by}
        return int(self._call("POST", "tables", body)["table"])

    def join(self, table: int, seat: str, learner: str) -> None:
        self._call("POST", f"tables/{int(table)}/join", {"seat": seat, "learner": learner})

    def leave(self, table: int, seat: str, learner: str | None = None) -> None:
        self._call("POST", f"tables/{int(table)}/leave", {"seat": seat, "learner": learner})

    def give_bot(self, table: int, seat: str, level: str) -> Accepted:
        return _accepted(self._call("POST", f"tables/{int(table)}/bot", {"seat": seat, "level": level}))

    def set_status(self, table: int, status: str) -> None:
        self._call("POST", f"tables/{int(table)}/status", {"status": status})

    def submit(self, table: int, seat: str, learner: str, choice: str, version: int) -> Accepted:
        return _accepted(self._call("POST", f"tables/{int(table)}/submit",
                                    {"seat": seat, "learner": learner, "choice": choice, "version": version}))

    def request_undo(self, table: int, seat: str, learner: str) -> Accepted:
        return _accepted(self._call("POST", f"tables/{int(table)}/undo", {"seat": seat, "learner": learner}))

    def answer_undo(self, table: int, seat: str | None, learner: str | None, accept: bool) -> Accepted:
        return _accepted(self._call("POST", f"tables/{int(table)}/undo-answer",
                                    {"seat": seat, "learner": learner, "accept": accept}))


def _reason(status: int) -> str:
    """The refusal of an HTTP answer that is not the service's JSON: the hub's proxy answers 503 (or 502, 504) when
    the service is down, the hub 401 or 403 on a token it does not take, a broken service 500."""
    if status in (502, 503, 504):
        return "unreachable"
    return {401: "unauthorized", 403: "forbidden"}.get(status, "service_error" if status >= 500 else "other")


def _accepted(data: dict[str, Any]) -> Accepted:
    return Accepted(int(data["version"]), tuple(tuple(m) for m in data.get("bot_moves", ())), data.get("bot_error"))
