"""The class's tables behind a service of their own: the only process that opens the tables store.

Why: on JupyterHub every learner's kernel runs code the learner writes. A store file their kernel can open is a
store they can read, every seat's hidden cards included. So on a hub the store belongs to a dedicated Unix user
that runs this service (a JupyterHub managed service, ``user`` set), and the learners' kernels ask it over HTTP
(lessons/tables_remote.py), each request carrying the kernel's hub token (``$JUPYTERHUB_API_TOKEN``), which the
service turns into the hub user with ``HubAuth``. Every answer is cut to what that user may see:

* a seat's view (``Tables.view``, built from the seat's copy only) goes to the learner sitting there, or to the
  teacher; another seat's view is refused (403);
* the table list, the seats and the public state (``public_view``: nothing that hangs on a hidden card) go to all;
* the referee's game (every hand) and the full log go to the teacher only: a hub admin, a member of a teacher
  group, or a user named in ``--teachers``;
* a move, an undo or a seat is taken only for the caller themself (``learner`` must be the caller), with the
  same version check as on one machine: of two simultaneous clicks one wins, the other is refused (409, reason
  ``stale``) and nothing changes.

A refusal is JSON ``{"reason", "message", "facts"}``: 400 bad input, 401 no or unknown token, 403 not yours,
404 no such path, 409 the table refused (``TableError``). Nothing changes on any refusal. A fault of the service
itself (a bug, a damaged store) is logged with its traceback and answered 500 ``service_error`` in the same JSON,
so the learner reads a sentence, not a page of HTML; the store's writes are transactions, so none is half-done.

Polling: ``POST api/read`` answers one of the classroom's stamp queries (a table's version, status and last
change; the count of tables) and, given the stamp the client holds (``since``) and ``wait`` seconds, waits until
the stamp differs (a long poll), so a client needs one request outstanding at a time.

Run: ``hickory-tables-service --store PATH --port 10101`` (or ``python -m hickory_widget.lessons.tables_service``);
under JupyterHub it reads ``$JUPYTERHUB_API_TOKEN``/``$JUPYTERHUB_API_URL``/``$JUPYTERHUB_SERVICE_PREFIX``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

import tornado.ioloop
import tornado.web

from ..core.information import public_view
from ..core.tables import TableError, Tables

LOG = logging.getLogger(__name__)

STAMPS = (
    "SELECT version, status, changed FROM tables WHERE id = ?",
    "SELECT count(*), max(changed) FROM tables",
    "SELECT count(*), max(changed), sum(version) FROM tables",
)
"""The only reads a client may send as SQL: the classroom pages' stamps (table counters, never a card or a move)."""
MAX_WAIT = 25.0
"""The longest a long poll is held open (seconds)."""
WAIT_STEP = 0.1
MAX_BODY = 64_000


@dataclass(frozen=True)
class Caller:
    """Who asks: the hub user's name, and whether they may see every hand (the teacher)."""

    name: str
    teacher: bool = False


class Authority(Protocol):
    """Turns a request's token into its caller (None: not known)."""

    def caller(self, token: str) -> Awaitable[Caller | None]: ...


class Refused(Exception):
    """A request refused with an HTTP status; nothing changed."""

    def __init__(self, status: int, reason: str, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.status, self.reason, self.facts = status, reason, facts


class TokenAuthority:
    """Tokens given out by the service's operator (a JSON file ``{token: user}``): for one machine without a hub,
    and for the service's own tests. ``teachers`` see every hand."""

    def __init__(self, tokens: dict[str, str], teachers: set[str] | frozenset[str] = frozenset()) -> None:
        self.tokens, self.teachers = dict(tokens), set(teachers)

    async def caller(self, token: str) -> Caller | None:
        name = self.tokens.get(token)
        return None if name is None else Caller(name, name in self.teachers)


class HubAuthority:
    """The hub's users: a token is resolved with ``HubAuth`` (the hub's ``/api/user``); the teacher is a hub admin,
    a member of one of ``teacher_groups``, or one of ``teachers`` (the service reads a user's admin flag and groups
    with its own token, which needs the ``read:users`` scope: give the service a role in the hub's config)."""

    def __init__(self, teachers: set[str] | frozenset[str] = frozenset(),
                 teacher_groups: set[str] | frozenset[str] = frozenset({"teachers"})) -> None:
        from jupyterhub.services.auth import HubAuth

        self.auth = HubAuth(cache_max_age=60)
        self.teachers, self.teacher_groups = set(teachers), set(teacher_groups)
        self._roles: dict[str, tuple[float, bool]] = {}

    async def caller(self, token: str) -> Caller | None:
        model = await self.auth.user_for_token(token, sync=False)
        if not model or model.get("kind", "user") != "user" or not model.get("name"):
            return None
        name = model["name"]
        return Caller(name, name in self.teachers or await self._teacher(name))

    async def _teacher(self, name: str) -> bool:
        known = self._roles.get(name)
        if known is not None and time.monotonic() - known[0] < 60:
            return known[1]
        from jupyterhub.utils import url_path_join

        full = await self.auth._api_request("GET", url_path_join(self.auth.api_url, "users", name), allow_403=True)
        teacher = bool(full) and (bool(full.get("admin")) or bool(set(full.get("groups") or ()) & self.teacher_groups))
        self._roles[name] = (time.monotonic(), teacher)
        return teacher


# ---------------------------------------------------------------------------------------------- the requests
def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or (not isinstance(value, int) and not (isinstance(value, str) and value.isdigit())):
        raise Refused(400, "bad_input", f"{name} must be a whole number, not {str(value)[:40]!r}")
    return int(value)


def _text(body: dict[str, Any], name: str, optional: bool = False) -> str | None:
    value = body.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value or len(value) > 200:
        raise Refused(400, "bad_input", f"{name} must be a text of 1 to 200 characters, not {str(value)[:40]!r}")
    return value


class TablesService:
    """The tables of one store served to callers named by an :class:`Authority`."""

    def __init__(self, tables: Tables, authority: Authority, prefix: str = "/") -> None:
        self.tables, self.authority = tables, authority
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"

    def application(self) -> tornado.web.Application:
        return tornado.web.Application([(self.prefix + r"api/(.*)", _Handler, {"service": self})])

    # ------------------------------------------------------------------------------------------ who may
    def _seat(self, table: int, seat: str) -> dict[str, Any]:
        for row in self.tables.seats(table):
            if row["seat"] == seat:
                return row
        raise TableError("no_seat", f"table {table} has no seat {seat[:40]!r}", table=table)

    def _own_seat(self, caller: Caller, table: int, seat: str) -> None:
        row = self._seat(table, seat)
        if not caller.teacher and (row["kind"] != "learner" or row["who"] != caller.name):
            raise Refused(403, "forbidden", f"seat {seat[:40]} of table {table} is not yours, {caller.name}",
                          table=table, seat=seat)

    @staticmethod
    def _as_self(caller: Caller, learner: str | None) -> str:
        if learner is None or learner == caller.name or caller.teacher:
            return learner if learner is not None else caller.name
        raise Refused(403, "forbidden", f"you are {caller.name}; you cannot act as {learner[:40]}")

    @staticmethod
    def _teacher(caller: Caller) -> None:
        if not caller.teacher:
            raise Refused(403, "forbidden", "only the teacher may do or see this")

    # ------------------------------------------------------------------------------------------ answers
    def get(self, caller: Caller, path: list[str], args: dict[str, str]) -> Any:
        tables = self.tables
        if path == ["tables"]:
            return tables.tables()
        if len(path) == 3 and path[0] == "tables":
            table, what = _int(path[1], "table"), path[2]
            if what == "seats":
                return tables.seats(table)
            if what == "public":
                public = public_view(tables.game(table))
                return {"players": public["players"], "over": public["over"], "to_move": public["to_move"],
                        "scores": public["scores"]}
            if what == "view":
                seat = _text(args, "seat") or ""
                self._own_seat(caller, table, seat)
                lang = args.get("lang", "en")
                return tables.view(table, seat, lang if lang in ("en", "it", "de") else "en")
            if what == "game":
                self._teacher(caller)
                return {"game": tables._read_table(table)["game"], "save": tables.game(table).to_json()}
            if what == "log":
                self._teacher(caller)
                return tables.log(table)
        raise Refused(404, "no_path", f"no such request: GET {'/'.join(path)[:80]}")

    def post(self, caller: Caller, path: list[str], body: dict[str, Any]) -> Any:
        tables = self.tables
        if path == ["tables"]:
            players = body.get("players")
            if not ((isinstance(players, int) and not isinstance(players, bool))
                    or (isinstance(players, list) and all(isinstance(p, str) for p in players))):
                raise Refused(400, "bad_input", "players must be a count or a list of seat names")
            options = body.get("options")
            if options is not None and not isinstance(options, dict):
                raise Refused(400, "bad_input", "options must be an object of rule options")
            by = self._as_self(caller, body.get("by") if isinstance(body.get("by"), str) else None)
            return {"table": tables.open_table(_text(body, "game") or "", players, options=options, by=by)}
        if len(path) != 3 or path[0] != "tables":
            raise Refused(404, "no_path", f"no such request: POST {'/'.join(path)[:80]}")
        table, what = _int(path[1], "table"), path[2]
        if what == "join":
            tables.join(table, _text(body, "seat") or "", self._as_self(caller, _text(body, "learner", True)))
            return {}
        if what == "leave":
            seat = _text(body, "seat") or ""
            learner = _text(body, "learner", True)
            if not caller.teacher:
                self._own_seat(caller, table, seat)
                learner = caller.name
            tables.leave(table, seat, learner)
            return {}
        if what == "bot":
            if not caller.teacher and all(s["who"] != caller.name for s in tables.seats(table)
                                          if s["kind"] == "learner"):
                raise Refused(403, "forbidden", "only the teacher or a learner at this table may seat a bot")
            return asdict(tables.give_bot(table, _text(body, "seat") or "", _text(body, "level") or ""))
        if what == "status":
            self._teacher(caller)
            tables.set_status(table, _text(body, "status") or "")
            return {}
        if what in ("submit", "undo"):
            seat = _text(body, "seat") or ""
            self._own_seat(caller, table, seat)
            learner = self._as_self(caller, _text(body, "learner", True))
            if what == "undo":
                return asdict(tables.request_undo(table, seat, learner))
            return asdict(tables.submit(table, seat, learner, _text(body, "choice") or "",
                                        _int(body.get("version"), "version")))
        if what == "undo-answer":
            if not isinstance(body.get("accept"), bool):
                raise Refused(400, "bad_input", "accept must be true or false")
            seat = _text(body, "seat", True)
            if seat is None:
                self._teacher(caller)
                return asdict(tables.answer_undo(table, None, None, body["accept"]))
            self._own_seat(caller, table, seat)
            return asdict(tables.answer_undo(table, seat, self._as_self(caller, _text(body, "learner", True)),
                                             body["accept"]))
        raise Refused(404, "no_path", f"no such request: POST {'/'.join(path)[:80]}")

    def stamp(self, sql: Any, args: Any) -> list[Any]:
        if sql not in STAMPS:
            raise Refused(400, "bad_input", "sql must be one of the classroom's stamp reads", allowed=list(STAMPS))
        if not isinstance(args, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            raise Refused(400, "bad_input", "args must be a list of whole numbers")
        return [list(r) for r in self.tables.store.read(sql, tuple(args))]


class _Handler(tornado.web.RequestHandler):
    def initialize(self, service: TablesService) -> None:
        self.service = service

    def check_xsrf_cookie(self) -> None:  # token-authenticated JSON API: no cookies are used
        return

    def _refuse(self, status: int, reason: str, message: str, facts: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"reason": reason, "message": message, "facts": facts}, default=str))

    async def _caller(self) -> Caller:
        header = self.request.headers.get("Authorization", "")
        kind, _, token = header.partition(" ")
        if kind.lower() not in ("token", "bearer") or not token.strip():
            raise Refused(401, "unauthorized", "send the hub token: Authorization: token <JUPYTERHUB_API_TOKEN>")
        caller = await self.service.authority.caller(token.strip())
        if caller is None:
            raise Refused(401, "unauthorized", "the token is not known to the hub")
        return caller

    async def _answer(self, work: Callable[[Caller], Any]) -> None:
        try:
            caller = await self._caller()
            result = await asyncio.get_running_loop().run_in_executor(None, work, caller)
            if asyncio.iscoroutine(result):
                result = await result
        except Refused as refused:
            self._refuse(refused.status, refused.reason, str(refused), refused.facts)
            return
        except TableError as error:
            self._refuse(409, error.reason, str(error), error.facts)
            return
        except Exception as error:  # any fault: logged whole here, said in one line to the caller
            LOG.exception("tables service: %s %s failed", self.request.method, self.request.path)
            self._refuse(500, "service_error", f"the tables service failed on this request ({type(error).__name__})",
                         {})
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(result, default=str))

    async def get(self, path: str) -> None:
        args = {k: self.get_argument(k) for k in self.request.arguments}
        await self._answer(lambda caller: self.service.get(caller, path.strip("/").split("/"), args))

    async def post(self, path: str) -> None:
        parts = path.strip("/").split("/")
        try:
            if len(self.request.body) > MAX_BODY:
                raise Refused(400, "bad_input", f"the request is longer than {MAX_BODY} bytes")
            try:
                body = json.loads(self.request.body or b"{}")
            except ValueError:
                raise Refused(400, "bad_input", "the request body must be a JSON object") from None
            if not isinstance(body, dict):
                raise Refused(400, "bad_input", "the request body must be a JSON object")
        except Refused as refused:
            self._refuse(refused.status, refused.reason, str(refused), refused.facts)
            return
        if parts == ["read"]:
            await self._answer(lambda caller: self._long_poll(body))
            return
        await self._answer(lambda caller: self.service.post(caller, parts, body))

    async def _long_poll(self, body: dict[str, Any]) -> list[Any]:
        """The stamp now, or once it differs from ``since`` (waiting at most ``wait`` seconds)."""
        service = self.service
        wait = body.get("wait", 0)
        if not isinstance(wait, (int, float)) or isinstance(wait, bool) or not 0 <= wait <= MAX_WAIT:
            raise Refused(400, "bad_input", f"wait must be a number of seconds from 0 to {MAX_WAIT:g}")
        loop = asyncio.get_running_loop()
        rows = service.stamp(body.get("sql"), body.get("args", []))
        until = time.monotonic() + wait
        while "since" in body and rows == body["since"] and time.monotonic() < until:
            await asyncio.sleep(WAIT_STEP)
            rows = await loop.run_in_executor(None, service.stamp, body["sql"], body.get("args", []))
        return rows


# ---------------------------------------------------------------------------------------------- running
def main(argv: list[str] | None = None) -> None:
    """``hickory-tables-service``: serves the tables store at ``--store`` on ``--port`` (JupyterHub's managed
    service: the hub gives ``$JUPYTERHUB_SERVICE_URL`` and ``$JUPYTERHUB_SERVICE_PREFIX``)."""
    from urllib.parse import urlparse

    from .tables import classroom_tables

    parser = argparse.ArgumentParser(prog="hickory-tables-service", description=__doc__.split("\n")[0])
    parser.add_argument("--store", default=os.environ.get("HICKORY_TABLES_STORE"),
                        help="the tables store (SQLite file); only this service's user should be able to read it")
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--teachers", default=os.environ.get("HICKORY_TEACHERS", ""),
                        help="comma-separated users who see every hand (besides hub admins)")
    parser.add_argument("--teacher-groups", default=os.environ.get("HICKORY_TEACHER_GROUPS", "teachers"))
    parser.add_argument("--tokens", default=None, help="without a hub: a JSON file {token: user}")
    opts = parser.parse_args(argv)
    if not opts.store:
        parser.error("--store (or $HICKORY_TABLES_STORE) is required: the SQLite file of the class's tables")
    teachers = {t for t in opts.teachers.split(",") if t}
    if opts.tokens:
        authority: Authority = TokenAuthority(json.loads(Path(opts.tokens).read_text()), teachers)
    else:
        authority = HubAuthority(teachers, {g for g in opts.teacher_groups.split(",") if g})
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
    port = opts.port or url.port or 10101
    ip = url.hostname or opts.ip
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    logging.basicConfig(level=logging.INFO)
    service = TablesService(classroom_tables(opts.store), authority, prefix)
    service.application().listen(port, ip)
    LOG.info("hickory tables service on http://%s:%s%s", ip, port, service.prefix)
    tornado.ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
