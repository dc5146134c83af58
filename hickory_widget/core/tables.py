"""Game tables played from several devices: one source of truth in a shared SQLite store, an append-only log.

A table is a game of any kind on the core (the games are handed in as :class:`GameKind`, so this module imports
none), its seats (a learner, a bot of a level, or empty), a status (open, paused, closed) and a version: the number
of rows of its ``moves`` log. The log is the truth; a game is only ever rebuilt from it (``new`` from the table's
setup, then every accepted choice), so a restarted app or a killed kernel loses nothing that was accepted.

Why the version: a device sends the version it drew its board at. A move is taken only in a write transaction
(``BEGIN IMMEDIATE``) where that version is still the table's and the choice is legal in the game rebuilt at it;
two devices clicking at once are serialised there, one wins and the other is told the table moved on, with nothing
changed. The database checks it too: a trigger refuses a row whose version is not the next one, and others refuse
any UPDATE or DELETE of the log.

Why seat views: what a device is given about a table is built from ``game.seat_game(seat)`` and
``game.to_json(seat=seat)`` only (core/information.py), so a hidden card or a sealed simultaneous choice never
leaves the kernel for a seat that may not see it.

Undo is a request: the other learners seated (or the teacher) accept it, then an ``undo`` row takes the game back
to just before the requester's last choice; a decline, or any move made meanwhile, ends the request.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import bots as core_bots
from .doors import excerpt
from .protocol import IllegalChoice

LOG = logging.getLogger(__name__)
STATUSES = ("open", "paused", "closed")
SEAT_KINDS = ("empty", "learner", "bot")
ROW_KINDS = ("move", "early", "undo_request", "undo_accept", "undo_decline", "undo")
MAX_BOT_MOVES = 20_000
"""Bot choices one call may make before it stops (a table of bots only plays a whole game within it)."""
TEACHER = "teacher"

SCHEMA = (
    "CREATE TABLE tables (id INTEGER PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL,"
    " options TEXT NOT NULL DEFAULT '{}', status TEXT NOT NULL DEFAULT 'open'"
    " CHECK (status IN ('open', 'paused', 'closed')), version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),"
    " opened_by TEXT NOT NULL, created REAL NOT NULL, changed REAL NOT NULL)",
    "CREATE TABLE seats (table_id INTEGER NOT NULL REFERENCES tables (id), seat TEXT NOT NULL,"
    " position INTEGER NOT NULL, kind TEXT NOT NULL DEFAULT 'empty' CHECK (kind IN ('empty', 'learner', 'bot')),"
    " who TEXT, PRIMARY KEY (table_id, seat)) WITHOUT ROWID",
    "CREATE UNIQUE INDEX seats_one_per_learner ON seats (table_id, who) WHERE kind = 'learner'",
    "CREATE TABLE moves (table_id INTEGER NOT NULL REFERENCES tables (id), version INTEGER NOT NULL,"
    " seat TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('move', 'early', 'undo_request', 'undo_accept',"
    " 'undo_decline', 'undo')), choice TEXT NOT NULL, by TEXT NOT NULL, at REAL NOT NULL,"
    " PRIMARY KEY (table_id, version)) WITHOUT ROWID",
    "CREATE TRIGGER moves_next_version BEFORE INSERT ON moves WHEN NEW.version !="
    " (SELECT version + 1 FROM tables WHERE id = NEW.table_id)"
    " BEGIN SELECT RAISE(ABORT, 'a move must carry the table''s next version'); END",
    "CREATE TRIGGER moves_count AFTER INSERT ON moves"
    " BEGIN UPDATE tables SET version = NEW.version, changed = NEW.at WHERE id = NEW.table_id; END",
    "CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves"
    " BEGIN SELECT RAISE(ABORT, 'the moves log is append-only'); END",
    "CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves"
    " BEGIN SELECT RAISE(ABORT, 'the moves log is append-only'); END",
)


def create_schema(db: Any) -> None:
    """Adds ``tables``, ``seats`` and ``moves`` to a store (a migration step: inside the caller's transaction)."""
    for sql in SCHEMA:
        db.execute(sql)


Fetch = Callable[..., list[tuple[Any, ...]]]
"""``fetch(sql, args)``: rows read inside a transaction or through the store."""


class TableStore(Protocol):
    """What the tables need of a store (lessons/store.py's ``Store``): a write transaction and a read."""

    def writing(self) -> contextlib.AbstractContextManager[Any]: ...

    def read(self, sql: str, args: Any = ()) -> list[tuple[Any, ...]]: ...


@dataclass(frozen=True)
class GameKind:
    """A game a table can be of: ``new(players, seed, options)`` makes it (players a count or seat names),
    ``players(game)`` lists its seats in order, ``bots`` names the levels a seat may be given."""

    name: str
    new: Callable[[int | Sequence[str], int, dict[str, Any] | None], Any]
    players: Callable[[Any], list[str]]
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    seed_range: tuple[int, int] = (1, 2**31 - 1)


class TableError(ValueError):
    """A request about a table that was refused; nothing changed. ``reason`` is a stable code a front end turns
    into words in its language, ``facts`` what it needs for them (the table's version, the legal options ...)."""

    def __init__(self, reason: str, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.facts = facts


@dataclass(frozen=True)
class Accepted:
    """A choice taken: the table's version after it (and after the bots that answered), the bots' choices."""

    version: int
    bot_moves: tuple[tuple[str, str], ...] = ()
    bot_error: str | None = None
    """Set when a bot failed: its seat waits (give it a bot again, or a learner); what was accepted stays."""


@dataclass
class _Built:
    """A table's game rebuilt from its log up to ``version``; ``played`` is (seat, choice) of every choice in
    force (an undo row cuts it)."""

    version: int
    played: list[tuple[str, str]]
    game: Any
    early: dict[str, str] = field(default_factory=dict)
    """Secret choices made before the seat's turn in a simultaneous decision, played when its ask comes."""


class Tables:
    """The tables of one store. Every kernel of the app makes its own; they agree through the store alone (each
    keeps a rebuilt game per table and reads only the rows written since)."""

    def __init__(self, store: TableStore, games: Mapping[str, GameKind]) -> None:
        self.store = store
        self.games = dict(games)
        self._built: dict[int, _Built] = {}
        self._dirty: set[int] = set()
        self._lock = threading.RLock()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Any]:
        """The store's write transaction; a game kept for a table it changed is dropped if it does not commit."""
        with self._lock:
            self._dirty.clear()
            try:
                with self.store.writing() as db:
                    yield db
            except BaseException:
                for table in self._dirty:
                    self._built.pop(table, None)
                raise
            finally:
                self._dirty.clear()

    # ------------------------------------------------------------------------------------------ opening, seats
    def open_table(self, game: str, players: int | Sequence[str], *, options: dict[str, Any] | None = None,
                   seed: int | None = None, by: str = TEACHER) -> int:
        """A new open table of ``game`` with its seats empty; returns its id. ``seed`` deals the game (random by
        default; only the referee's rebuild ever reads it)."""
        kind = self._kind(game)
        if seed is None:
            seed = random.SystemRandom().randint(*kind.seed_range)
        try:
            made = kind.new(players, seed, options)
        except (ValueError, TypeError) as exc:
            raise TableError("bad_setup", f"a {game} table cannot be set up so: {exc}") from None
        names = kind.players(made)
        now = time.time()
        with self._writing() as db:
            table = db.execute("INSERT INTO tables (game, seed, options, opened_by, created, changed) VALUES "
                               "(?, ?, ?, ?, ?, ?)", (game, seed, json.dumps(options or {}, sort_keys=True), by,
                                                      now, now)).lastrowid
            db.executemany("INSERT INTO seats (table_id, seat, position) VALUES (?, ?, ?)",
                           [(table, name, i) for i, name in enumerate(names)])
        return int(table)

    def join(self, table: int, seat: str, learner: str) -> None:
        """Seats ``learner`` (a classroom identity) at ``seat``; joining one's own seat again (a laptop reopened)
        is fine, another's seat or a second seat at the table is refused."""
        learner = _who(learner)
        with self._writing() as db:
            row = self._table(db, table)
            if row["status"] == "closed":
                raise TableError("closed", f"table {table} is closed; nobody joins it", table=table)
            seats = self._seats(db, table)
            here = _seat(seats, seat, table)
            if here["kind"] == "learner" and here["who"] == learner:
                return
            if here["kind"] != "empty":
                raise TableError("seat_taken", f"seat {seat} of table {table} is taken ({here['kind']}); the free "
                                 f"seats are {_free(seats)}", table=table, seat=seat, free=_free(seats))
            mine = [s["seat"] for s in seats if s["kind"] == "learner" and s["who"] == learner]
            if mine:
                raise TableError("already_seated", f"{learner} already sits at seat {mine[0]} of table {table}",
                                 table=table, seat=mine[0])
            db.execute("UPDATE seats SET kind = 'learner', who = ? WHERE table_id = ? AND seat = ?",
                       (learner, table, seat))
            db.execute("UPDATE tables SET changed = ? WHERE id = ?", (time.time(), table))

    def leave(self, table: int, seat: str, learner: str | None = None) -> None:
        """Empties a seat (``learner`` must be the one seated there; None: the teacher does it)."""
        with self._writing() as db:
            self._table(db, table)
            here = _seat(self._seats(db, table), seat, table)
            if learner is not None and (here["kind"] != "learner" or here["who"] != _who(learner)):
                raise TableError("not_seated", f"{learner} does not sit at seat {seat} of table {table}",
                                 table=table, seat=seat)
            db.execute("UPDATE seats SET kind = 'empty', who = NULL WHERE table_id = ? AND seat = ?", (table, seat))
            db.execute("UPDATE tables SET changed = ? WHERE id = ?", (time.time(), table))

    def give_bot(self, table: int, seat: str, level: str) -> Accepted:
        """Gives an empty (or bot) seat to a bot of ``level``; if that seat is to decide, the bots play at once."""
        with self._writing() as db:
            row = self._table(db, table)
            kind = self._kind(row["game"])
            if level not in kind.bots:
                raise TableError("no_bot", f"no bot level {excerpt(level)} for {row['game']}; the levels are "
                                 f"{', '.join(kind.bots)}", levels=list(kind.bots))
            if row["status"] == "closed":
                raise TableError("closed", f"table {table} is closed", table=table)
            here = _seat(self._seats(db, table), seat, table)
            if here["kind"] == "learner":
                raise TableError("seat_taken", f"seat {seat} of table {table} has a learner ({here['who']})",
                                 table=table, seat=seat)
            db.execute("UPDATE seats SET kind = 'bot', who = ? WHERE table_id = ? AND seat = ?", (level, table, seat))
            db.execute("UPDATE tables SET changed = ? WHERE id = ?", (time.time(), table))
            return self._play_bots(db, table, row)

    def set_status(self, table: int, status: str) -> None:
        """Pauses (no moves until it is open again), opens or closes a table (closed is for good)."""
        if status not in STATUSES:
            raise TableError("bad_status", f"a table is {', '.join(STATUSES)}, not {excerpt(status)}")
        with self._writing() as db:
            row = self._table(db, table)
            if row["status"] == "closed" and status != "closed":
                raise TableError("closed", f"table {table} is closed for good; open a new one", table=table)
            db.execute("UPDATE tables SET status = ?, changed = ? WHERE id = ?", (status, time.time(), table))

    # ------------------------------------------------------------------------------------------ moves
    def submit(self, table: int, seat: str, learner: str, choice: str, version: int) -> Accepted:
        """Plays ``choice`` for ``seat`` (where ``learner`` sits) on the table as it was at ``version``: taken
        only if that is still the table's version and the choice is legal there; then the bots seated answer.
        Every refusal is a :class:`TableError` and changes nothing."""
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            raise TableError("bad_version", f"a version is a whole number from 0, not {excerpt(version)}")
        if not isinstance(choice, str):
            raise TableError("illegal", f"a choice is an option id (text), not {excerpt(choice)}")
        with self._writing() as db:
            row = self._table(db, table)
            self._may_play(row)
            here = _seat(self._seats(db, table), seat, table)
            if here["kind"] != "learner" or here["who"] != _who(learner):
                raise TableError("not_seated", f"{learner} does not sit at seat {seat} of table {table}",
                                 table=table, seat=seat)
            if version != row["version"]:
                raise TableError("stale", f"table {table} moved on: it is at version {row['version']}, your board "
                                 f"was drawn at {version}; nothing was played, look at the table again",
                                 table=table, version=row["version"], seen=version)
            built = self._build(_fetch(db), table, row)
            game = built.game
            if game.over:
                raise TableError("over", f"the game at table {table} is over", table=table)
            ahead = self._ahead(game, seat) if game.decision.player != seat and seat not in built.early else None
            if ahead is not None:  # a simultaneous decision: this seat answers now, played when its ask comes
                if choice not in ahead.choice_ids:
                    raise TableError("illegal", f"{excerpt(choice)} is not an option for {seat} now; the options are "
                                     f"{', '.join(ahead.choice_ids)}", table=table, options=list(ahead.choice_ids))
                self._apply(db, table, built, seat, "early", choice, _who(learner))
                return self._play_bots(db, table, row)
            if seat in built.early:
                raise TableError("committed", f"{seat} has already made this choice at table {table}; it is "
                                 "played when the others have", table=table)
            if game.decision.player != seat:
                raise TableError("not_your_turn", f"it is {game.decision.player}'s turn at table {table}, not "
                                 f"{seat}'s", table=table, to_move=game.decision.player)
            if choice not in game.choice_ids:
                raise TableError("illegal", f"{excerpt(choice)} is not an option for {seat} now; the options are "
                                 f"{', '.join(game.choice_ids)}", table=table, options=list(game.choice_ids))
            self._apply(db, table, built, seat, "move", choice, _who(learner))
            return self._play_bots(db, table, row)

    # ------------------------------------------------------------------------------------------ undo
    def request_undo(self, table: int, seat: str, learner: str) -> Accepted:
        """Asks to take back ``seat``'s last choice (and what was played after it). With no other learner
        seated it is taken back at once; otherwise they (or the teacher) answer with :meth:`answer_undo`."""
        with self._writing() as db:
            row = self._table(db, table)
            self._may_play(row)
            seats = self._seats(db, table)
            here = _seat(seats, seat, table)
            if here["kind"] != "learner" or here["who"] != _who(learner):
                raise TableError("not_seated", f"{learner} does not sit at seat {seat} of table {table}",
                                 table=table, seat=seat)
            built = self._build(_fetch(db), table, row)
            mine = [i for i, (s, _) in enumerate(built.played) if s == seat]
            if not mine:
                raise TableError("no_undo", f"{seat} has made no choice at table {table} to take back", table=table)
            if self._pending(_fetch(db), table) is not None:
                raise TableError("undo_pending", f"an undo is already asked at table {table}", table=table)
            voters = [s["seat"] for s in seats if s["kind"] == "learner" and s["seat"] != seat]
            target = str(mine[-1])
            if not voters:
                self._apply(db, table, built, seat, "undo", target, _who(learner))
            else:
                self._apply(db, table, built, seat, "undo_request", target, _who(learner))
            return self._play_bots(db, table, row) if not voters else Accepted(built.version)

    def answer_undo(self, table: int, seat: str | None, learner: str | None, accept: bool) -> Accepted:
        """A seated learner's (or, with ``seat`` None, the teacher's) answer to the pending undo request: once
        every other learner seated has accepted, or the teacher has, the choices are taken back."""
        with self._writing() as db:
            row = self._table(db, table)
            self._may_play(row)
            pending = self._pending(_fetch(db), table)
            if pending is None:
                raise TableError("no_request", f"no undo is asked at table {table}", table=table)
            built = self._build(_fetch(db), table, row)
            asker, target, accepted = pending
            if seat is None:
                by = TEACHER
                voters: list[str] = []
            else:
                seats = self._seats(db, table)
                here = _seat(seats, seat, table)
                if here["kind"] != "learner" or here["who"] != _who(learner or ""):
                    raise TableError("not_seated", f"{learner} does not sit at seat {seat} of table {table}",
                                     table=table, seat=seat)
                if seat == asker or seat in accepted:
                    raise TableError("answered", f"{seat} has already agreed to this undo", table=table)
                by = here["who"]
                voters = [s["seat"] for s in seats if s["kind"] == "learner" and s["seat"] not in (asker, seat)
                          and s["seat"] not in accepted]
            if not accept:
                self._apply(db, table, built, seat or TEACHER, "undo_decline", str(target), by)
                return Accepted(built.version)
            if voters:
                self._apply(db, table, built, seat or TEACHER, "undo_accept", str(target), by)
                return Accepted(built.version)
            self._apply(db, table, built, seat or TEACHER, "undo", str(target), by)
            return self._play_bots(db, table, row)

    # ------------------------------------------------------------------------------------------ reading
    def tables(self) -> list[dict[str, Any]]:
        """Every table: id, game, status, version, opened_by, created, changed, options (the rule options it was
        opened with, a JSON object: the game's defaults for the rest), newest first."""
        names = ("id", "game", "status", "version", "opened_by", "created", "changed", "options")
        rows = self.store.read(f"SELECT {', '.join(names)} FROM tables ORDER BY id DESC")
        return [dict(zip(names, r, strict=True)) for r in rows]

    def seats(self, table: int) -> list[dict[str, Any]]:
        rows = self.store.read("SELECT seat, kind, who FROM seats WHERE table_id = ? ORDER BY position", (table,))
        if not rows:
            self._read_table(table)
        return [{"seat": s, "kind": k, "who": w} for s, k, w in rows]

    def log(self, table: int) -> list[dict[str, Any]]:
        """The table's whole log (the referee's: every choice, sealed or not); for the teacher and tests."""
        rows = self.store.read("SELECT version, seat, kind, choice, by, at FROM moves WHERE table_id = ? ORDER BY "
                               "version", (table,))
        return [dict(zip(("version", "seat", "kind", "choice", "by", "at"), r, strict=True)) for r in rows]

    def game(self, table: int) -> Any:
        """The referee's game of the table now (a copy: every hand; for the teacher), rebuilt from the log."""
        with self._lock:
            return self._read_build(table).game.copy()

    def view(self, table: int, seat: str, lang: str = "en") -> dict[str, Any]:
        """What ``seat``'s device may be given: built from that seat's copy and seat save only (no seed, no
        other hand, no sealed choice), with the version to send back with a move."""
        with self._lock:
            built = self._read_build(table)
            row = self._read_table(table)
            game = built.game
            if seat not in self.games[row["game"]].players(game):
                raise TableError("no_seat", f"table {table} has no seat {excerpt(seat)}", table=table)
            mine = game.seat_game(seat)
            ahead = None if seat in built.early else self._ahead(game, seat)
            asked = ahead if ahead is not None else mine
            decision = asked.decision_in(lang) if asked.decision is not None else None
            pending = self._pending(self.store.read, table)
            committed = sorted(built.early)
        return {
            "table": table, "game": row["game"], "status": row["status"], "version": built.version, "seat": seat,
            "seats": self.seats(table), "over": mine.over, "scores": dict(mine.scores),
            "to_move": mine.decision.player if mine.decision is not None else None,
            "decision": None if decision is None or decision.player != seat else {
                "kind": decision.kind, "prompt": decision.prompt, "secret": decision.secret,
                "choices": [{"id": c.id, "label": c.label} for c in asked.choices_in(lang)]},
            "committed": committed,
            "history": game.history_for(seat), "events": game.events_for(seat),
            "undo": None if pending is None else {"asked_by": pending[0], "back_to": pending[1],
                                                  "accepted": sorted(pending[2])},
            "save": game.to_json(seat=seat),
        }

    # ------------------------------------------------------------------------------------------ inside
    def _kind(self, game: str) -> GameKind:
        if game not in self.games:
            raise TableError("unknown_game", f"no game {excerpt(game)}; the games are {', '.join(self.games)}",
                             games=list(self.games))
        return self.games[game]

    def _table(self, db: Any, table: Any) -> dict[str, Any]:
        found = db.execute("SELECT id, game, seed, options, status, version FROM tables WHERE id = ?",
                           (table,)).fetchone()
        if found is None:
            raise TableError("no_table", f"there is no table {excerpt(table)}", table=table)
        return dict(zip(("id", "game", "seed", "options", "status", "version"), found, strict=True))

    def _read_table(self, table: Any) -> dict[str, Any]:
        rows = self.store.read("SELECT id, game, seed, options, status, version FROM tables WHERE id = ?", (table,))
        if not rows:
            raise TableError("no_table", f"there is no table {excerpt(table)}", table=table)
        return dict(zip(("id", "game", "seed", "options", "status", "version"), rows[0], strict=True))

    @staticmethod
    def _seats(db: Any, table: int) -> list[dict[str, Any]]:
        rows = db.execute("SELECT seat, kind, who FROM seats WHERE table_id = ? ORDER BY position", (table,))
        return [{"seat": s, "kind": k, "who": w} for s, k, w in rows.fetchall()]

    @staticmethod
    def _may_play(row: dict[str, Any]) -> None:
        if row["status"] != "open":
            raise TableError(row["status"], f"table {row['id']} is {row['status']}; nothing is played on it now",
                             table=row["id"])

    def _new_game(self, row: dict[str, Any], seats: list[str]) -> Any:
        kind = self.games[row["game"]]
        return kind.new(seats, row["seed"], json.loads(row["options"]) or None)

    def _build(self, fetch: Fetch, table: int, row: dict[str, Any]) -> _Built:
        """The table's game at ``row``'s version: the kept one with the rows since applied, or rebuilt."""
        with self._lock:
            built = self._built.get(table)
            if built is None or built.version > row["version"]:
                seats = [r[0] for r in fetch("SELECT seat FROM seats WHERE table_id = ? ORDER BY position", (table,))]
                built = _Built(0, [], self._new_game(row, seats))
            rows = fetch("SELECT seat, kind, choice FROM moves WHERE table_id = ? AND version > ? AND version <= ? "
                         "ORDER BY version", (table, built.version, row["version"]))
            try:
                for seat, kind, choice in rows:
                    self._replay(built, row, seat, kind, choice)
                    built.version += 1
            except BaseException:
                self._built.pop(table, None)
                raise
            self._built[table] = built
            return built

    def _read_build(self, table: int) -> _Built:
        return self._build(self.store.read, table, self._read_table(table))

    def _replay(self, built: _Built, row: dict[str, Any], seat: str, kind: str, choice: str) -> None:
        if kind == "move":
            built.game.choose(choice)
            built.played.append((seat, choice))
        elif kind == "early":
            built.early[seat] = choice
        elif kind == "undo":
            kept = built.played[:int(choice)]
            game = self._new_game(row, self.games[row["game"]].players(built.game))
            for _, c in kept:
                game.choose(c)
            built.game, built.played, built.early = game, kept, {}
        game = built.game
        while not game.over and game.decision.secret and game.decision.player in built.early:
            player = game.decision.player  # a choice made early is played once its ask comes
            early = built.early.pop(player)
            with contextlib.suppress(IllegalChoice):  # checked when it was made; a game that says otherwise
                game.choose(early)                    # asks that seat again
                built.played.append((player, early))

    @staticmethod
    def _ahead(game: Any, seat: str) -> Any | None:
        """``seat``'s copy of the game at its own ask of the simultaneous decision under way (the others before it
        answering anything: their answers are sealed from it), or None when it has no such ask before the reveal."""
        if game.over or not game.decision.secret or game.decision.player == seat:
            return None
        mine = game.seat_game(seat)
        mine = mine.copy() if mine is game else mine
        for _ in range(64):
            decision = mine.decision
            if mine.over or not decision.secret or not mine.choice_ids:
                return None
            if decision.player == seat:
                return mine
            mine.choose(mine.choice_ids[0])
        return None

    def _apply(self, db: Any, table: int, built: _Built, seat: str, kind: str, choice: str, by: str) -> None:
        """Appends one row to the log and applies it to the kept game (dropped again if the write fails)."""
        try:
            self._dirty.add(table)  # the kept game runs ahead of the store until the transaction commits
            self._replay(built, self._table(db, table), seat, kind, choice)  # a rule that raises writes nothing
            db.execute("INSERT INTO moves (table_id, version, seat, kind, choice, by, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (table, built.version + 1, seat, kind, choice, by, time.time()))
            built.version += 1
        except BaseException:
            self._built.pop(table, None)
            raise

    def _play_bots(self, db: Any, table: int, row: dict[str, Any]) -> Accepted:
        """Lets the bots seated decide while one of them is to (each on its seat's copy of the game)."""
        built = self._build(_fetch(db), table, self._table(db, table))
        seats = {s["seat"]: s for s in self._seats(db, table)}
        kind = self.games[row["game"]]
        made: list[tuple[str, str]] = []
        game = built.game
        while not game.over and len(made) < MAX_BOT_MOVES:
            decider = seats.get(game.decision.player)
            if decider is None or decider["kind"] != "bot":
                break
            try:
                bot = kind.bots[decider["who"]](table * 1_000_003 + built.version)
                choice = core_bots.decide(game, bot)
                self._apply(db, table, built, decider["seat"], "move", choice, f"bot:{decider['who']}")
            except Exception as exc:  # a bot's failure must not cost the learner's move: the bots stop here
                LOG.exception("the %s bot at seat %s of table %s failed", decider["who"], decider["seat"], table)
                built = self._build(_fetch(db), table, self._table(db, table))
                return Accepted(built.version, tuple(made), f"{type(exc).__name__}: {excerpt(str(exc))}")
            made.append((decider["seat"], choice))
            game = built.game
        return Accepted(built.version, tuple(made))

    @staticmethod
    def _pending(fetch: Fetch, table: int) -> tuple[str, int, set[str]] | None:
        """The undo asked and not yet answered: (asking seat, how many choices stay, seats that agreed)."""
        sql = ("SELECT seat, kind, choice FROM moves WHERE table_id = ? AND version > coalesce((SELECT max(version) "
               "FROM moves WHERE table_id = ? AND kind IN ('move', 'undo', 'undo_decline')), 0) ORDER BY version")
        rows = fetch(sql, (table, table))
        pending = None
        for seat, kind, choice in rows:
            if kind == "undo_request":
                pending = (seat, int(choice), set())
            elif kind == "undo_accept" and pending is not None:
                pending[2].add(seat)
        return pending


def _who(learner: Any) -> str:
    if not isinstance(learner, str) or not learner.strip() or len(learner) > 200:
        raise TableError("bad_learner", f"a learner is named by their classroom identity, not {excerpt(learner)}")
    return learner


def _seat(seats: list[dict[str, Any]], seat: Any, table: int) -> dict[str, Any]:
    for s in seats:
        if s["seat"] == seat:
            return s
    raise TableError("no_seat", f"table {table} has no seat {excerpt(seat)}; its seats are "
                     f"{', '.join(s['seat'] for s in seats)}", table=table, seats=[s["seat"] for s in seats])


def _free(seats: list[dict[str, Any]]) -> str:
    return ", ".join(s["seat"] for s in seats if s["kind"] == "empty") or "none"


def _fetch(db: Any) -> Fetch:
    return lambda sql, args=(): db.execute(sql, tuple(args)).fetchall()
