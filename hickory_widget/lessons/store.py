"""The classroom's store: one SQLite database (the standard library's ``sqlite3``) for the progress, the identities,
the locks and the hand-ins of a whole class, shared by every kernel (one per visitor) and every Unix user of it.

Why a database and not a JSON file: a change is one row written in a transaction (``BEGIN IMMEDIATE``), not the
whole class's file rewritten, so no learner's write can touch another learner's rows, no read has a size cliff,
and a file written by one Unix user stays writable by the others (SQLite writes in place; the ``-wal`` and
``-shm`` files it adds take the database file's mode). WAL mode lets the teacher's dashboard read while learners
write.

Schema (``PRAGMA user_version`` counts the steps of :data:`MIGRATIONS` applied; docs/CLASSROOM.md shows it whole):

* ``meta(key, value)``: ``format`` = ``hickory-classroom``, ``created``, the join links' ``secret``.
* ``records(learner, exercise, stars, tries, hints, misses, seconds, at, wrong)``: one row per learner and
  exercise; ``wrong`` is a JSON list of the last wrong answers (texts).
* ``learners(key, name, salt, hash, link, created)``: who may open a name (``key`` is its TR39 skeleton, see
  :mod:`.identity`); ``hash`` is NULL while the name has no PIN; ``link`` is the nonce of the name's join link.
* ``locks(who, failures, locked_until)``: wrong PINs per name (``pin:<key>``), wrong teacher's codes per visitor
  (``teacher:<visitor>``).
* ``handins(sha256, learner, file, text, added)``: hand-in texts (JSON, format hickory-progress/1) as received.
* ``imports(source, sha256, at, learners)``: JSON progress files already imported (each once).

* ``tables``, ``seats``, ``moves`` (step 2, :mod:`..core.tables`): the class's game tables, their seats and each
  table's append-only log (triggers refuse UPDATE and DELETE, and a row that is not the table's next version).

Bounds per learner (:data:`MAX_RECORDS` exercises, :data:`MAX_ANSWER_BYTES` of stored answers): a write past them
is refused with :class:`StoreLimitError` and changes nothing, so nobody's typing can grow the store without end.
Every failure of the disk (read-only, full, permission denied, not a classroom database) is a :class:`StoreError`
whose sentence names the file and the problem; nothing is half-written.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar

from .progress import FIELDS, ProgressError, check_record, read_progress_file

try:
    import sqlite3
except ImportError:  # pragma: no cover - Pyodide without its sqlite3 package: the static site keeps JSON progress
    sqlite3 = None  # type: ignore[assignment]

FORMAT = "hickory-classroom"
SUFFIXES = (".sqlite3", ".sqlite", ".db")
BUSY_SECONDS = 30.0
MAX_RECORDS = 400
"""Exercises one learner may have records of (the three games' curricula have 160)."""
MAX_ANSWER_BYTES = 256 * 1024
"""UTF-8 bytes of wrong answers one learner's records may keep (160 exercises × 20 answers × 80 characters fit)."""
MAX_LEARNERS = 2000
"""Names one classroom holds (with a PIN or a join link); a new name past it is refused."""
RESERVED_TABLES = ("tables", "moves", "seats")
"""The class's game tables (migration step 2, core/tables.py)."""


class StoreError(ProgressError):
    """The store cannot be read or written (``reason``: readonly, full, permission, busy, not_ours, newer,
    damaged); nothing was saved."""

    def __init__(self, message: str, path: str | Path | None = None, reason: str = "damaged") -> None:
        super().__init__(message, path)
        self.reason = reason


class StoreLimitError(StoreError):
    """A write past a learner's bounds; refused, nothing changed."""

    def __init__(self, message: str, path: str | Path | None = None) -> None:
        super().__init__(message, path, "limit")


def is_store(path: str | Path | None) -> bool:
    return path is not None and Path(path).suffix in SUFFIXES


def store_path(path: str | Path) -> Path:
    """The database of a classroom named by ``path``: itself, or for a JSON progress file (``HICKORY_PROGRESS`` of
    earlier versions) the ``.sqlite3`` beside it, which imports that file once."""
    path = Path(path)
    return path if is_store(path) else path.with_suffix(".sqlite3")


def share_mode(folder: Path) -> int:
    """The database file's mode: read and write for its owner, and for the folder's group and others when they may
    write the folder (a classroom folder shared by Unix users is 2770 with the class's group, or 0777)."""
    try:
        m = folder.stat().st_mode
    except OSError:
        return 0o600
    return 0o600 | (0o060 if m & stat.S_IWGRP else 0) | (0o006 if m & stat.S_IWOTH else 0)


def _reason(exc: BaseException) -> tuple[str, str]:
    text = str(exc).lower()
    if isinstance(exc, PermissionError) or "permission" in text or "access" in text:
        return "permission", "permission denied (see the folder's and the file's modes in docs/CLASSROOM.md)"
    if "readonly" in text or "read-only" in text:
        return "readonly", "the disk or the file is read-only"
    if "full" in text or getattr(exc, "errno", None) == 28:
        return "full", "the disk is full"
    if "locked" in text or "busy" in text:
        return "busy", f"busy for more than {BUSY_SECONDS:g} s"
    if "not a database" in text or "malformed" in text:
        return "damaged", "not an SQLite database, or damaged"
    if "unable to open" in text:
        return "permission", "cannot be opened (a missing folder, or permission denied)"
    return "damaged", str(exc)[:80]


def _folder_state(path: Path) -> tuple[str, str] | None:
    """What the folder of ``path`` says about a failure SQLite reports vaguely ("unable to open database file")."""
    folder = path.parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "readonly", "the disk is read-only"
        if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.R_OK | os.W_OK)):
            return "permission", "permission denied (see the folder's and the file's modes in docs/CLASSROOM.md)"
        if os.statvfs(folder).f_bavail == 0:
            return "full", "the disk is full"
    except OSError:
        return None
    return None


def store_error(path: Path, exc: BaseException, doing: str = "written") -> StoreError:
    reason, what = _reason(exc)
    vague = "unable to open" in str(exc) or "disk i/o" in str(exc).lower()
    if vague or (reason in ("permission", "damaged") and not isinstance(exc, sqlite3.DatabaseError | ValueError)):
        reason, what = _folder_state(path) or (reason, what)
    return StoreError(f"classroom store {str(path)[-120:]} cannot be {doing}: {what}; nothing was saved", path, reason)


# ------------------------------------------------------------------------------------------------ the schema
def _schema_1(db: sqlite3.Connection) -> None:
    for sql in (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE records (learner TEXT NOT NULL, exercise TEXT NOT NULL,"
        " stars INTEGER NOT NULL DEFAULT 0 CHECK (stars BETWEEN 0 AND 3),"
        " tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0), hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),"
        " misses INTEGER NOT NULL DEFAULT 0 CHECK (misses >= 0), seconds REAL NOT NULL DEFAULT 0,"
        " at REAL NOT NULL DEFAULT 0, wrong TEXT NOT NULL DEFAULT '[]',"
        " PRIMARY KEY (learner, exercise)) WITHOUT ROWID",
        "CREATE TABLE learners (key TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, salt TEXT, hash TEXT,"
        " link TEXT NOT NULL, created REAL NOT NULL)",
        "CREATE TABLE locks (who TEXT PRIMARY KEY, failures INTEGER NOT NULL, locked_until REAL NOT NULL)",
        "CREATE TABLE handins (sha256 TEXT PRIMARY KEY, learner TEXT NOT NULL, file TEXT NOT NULL,"
        " text TEXT NOT NULL, added REAL NOT NULL)",
        "CREATE TABLE imports (source TEXT PRIMARY KEY, sha256 TEXT NOT NULL, at REAL NOT NULL,"
        " learners INTEGER NOT NULL)",
    ):
        db.execute(sql)
    db.executemany("INSERT INTO meta VALUES (?, ?)", [("format", FORMAT), ("created", f"{time.time():.0f}"),
                                                      ("secret", secrets.token_hex(32))])


def _schema_2(db: sqlite3.Connection) -> None:
    """The class's game tables: ``tables``, ``seats`` and the append-only ``moves`` log (core/tables.py)."""
    from ..core.tables import create_schema

    create_schema(db)


def _schema_3(db: sqlite3.Connection) -> None:
    """Live class mode (lessons/live.py): a question asked of the whole class, each learner's one answer, and who
    has the question on their screen."""
    for sql in (
        "CREATE TABLE live (id INTEGER PRIMARY KEY AUTOINCREMENT, exercise TEXT, position TEXT,"
        " status TEXT NOT NULL CHECK (status IN ('asked', 'revealed', 'closed')), asked_at REAL NOT NULL,"
        " revealed_at REAL, by TEXT NOT NULL DEFAULT 'teacher',"
        " CHECK ((exercise IS NULL) != (position IS NULL)))",
        "CREATE TABLE live_answers (session INTEGER NOT NULL REFERENCES live (id), learner TEXT NOT NULL,"
        " answer TEXT NOT NULL, at REAL NOT NULL, changes INTEGER NOT NULL DEFAULT 0,"
        " PRIMARY KEY (session, learner)) WITHOUT ROWID",
        "CREATE TABLE live_seen (session INTEGER NOT NULL REFERENCES live (id), learner TEXT NOT NULL,"
        " at REAL NOT NULL, PRIMARY KEY (session, learner)) WITHOUT ROWID",
    ):
        db.execute(sql)


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_schema_1, _schema_2, _schema_3)
"""Step ``i`` brings a store from ``user_version`` i to i + 1, inside one transaction."""


# ------------------------------------------------------------------------------------------------ the store
class Store:
    """One classroom database; :meth:`at` gives the one of a path in this process (kernels share it)."""

    _open: ClassVar[dict[tuple[str, int], Store]] = {}
    _guard = threading.Lock()

    def __init__(self, path: str | Path) -> None:
        self.path = store_path(path)
        self.legacy = Path(path) if Path(path) != self.path else None
        self._db: sqlite3.Connection | None = None
        self._imported = False
        self._lock = threading.RLock()

    @classmethod
    def at(cls, path: str | Path) -> Store:
        """The store of ``path`` in this process (one connection per process and database); a JSON progress file
        named here is imported at the store's first use."""
        key = (str(store_path(path).absolute()), os.getpid())
        with cls._guard:
            store = cls._open.get(key)
            if store is None:
                store = cls._open[key] = cls(path)
            elif store.legacy is None and Path(path) != store.path:
                store.legacy, store._imported = Path(path), False
        return store

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ------------------------------------------------------------------------------------------ opening
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self._connect()
        if self.legacy is not None and not self._imported:
            self._imported = True
            try:
                self.import_json(self.legacy)  # a damaged file is refused (ProgressError) until it is mended
            except BaseException:
                self._imported = False
                raise
        return self._db

    def _connect(self) -> sqlite3.Connection:
        path = self.path
        if sqlite3 is None:
            raise StoreError(f"classroom store {path}: this Python has no sqlite3 module", path, "damaged")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                mode = share_mode(path.parent)
                with contextlib.suppress(FileExistsError):
                    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
                    try:
                        os.fchmod(fd, mode)  # the umask of whoever comes first does not decide for the class
                    finally:
                        os.close(fd)
            db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise store_error(path, exc, "opened") from None
        try:
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")  # an answer said to be saved is on the disk
            self._migrate(db)
        except StoreError:
            db.close()
            raise
        except sqlite3.Error as exc:
            db.close()
            error = store_error(path, exc, "opened")
            if error.reason != "readonly" or not path.exists():
                raise error from None
            db = self._read_only(path, error)
        return db

    def _read_only(self, path: Path, error: StoreError) -> sqlite3.Connection:
        """On a read-only disk the class can still be read (the dashboard, the join form's questions); every write
        is refused as read-only. What a kernel had not yet checkpointed before the disk turned read-only is not
        seen."""
        try:
            db = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True, check_same_thread=False,
                                 isolation_level=None)
            self._check_ours(db)
        except sqlite3.Error:
            raise error from None
        return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise StoreError(f"classroom store {self.path}: schema {version} is newer than this hickory_widget "
                             f"knows ({len(MIGRATIONS)}); update it", self.path, "newer")
        if version == len(MIGRATIONS):
            self._check_ours(db)
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another kernel may have done it meanwhile
            if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise StoreError(f"{self.path} is an SQLite database of something else; it is left untouched",
                                 self.path, "not_ours")
            for step in MIGRATIONS[version:]:
                step(db)
            db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self._check_ours(db)

    def _check_ours(self, db: sqlite3.Connection) -> None:
        try:
            row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        except sqlite3.Error:
            row = None
        if row is None or row[0] != FORMAT:
            raise StoreError(f"{self.path} is not a classroom store; it is left untouched", self.path, "not_ours")

    # ------------------------------------------------------------------------------------------ transactions
    @contextlib.contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (others wait for it, up to :data:`BUSY_SECONDS`); all or nothing."""
        with self._lock:
            db = self.db()
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise store_error(self.path, exc) from None
            try:
                yield db
                db.execute("COMMIT")
            except BaseException as exc:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise store_error(self.path, exc) from None
                raise

    def read(self, sql: str, args: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self.db().execute(sql, tuple(args)).fetchall()
            except sqlite3.Error as exc:
                raise store_error(self.path, exc, "read") from None

    def changes(self) -> int:
        """A number that changes when another connection commits (the dashboard polls it)."""
        return int(self.read("PRAGMA data_version")[0][0])

    def meta(self, key: str) -> str | None:
        rows = self.read("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    # ------------------------------------------------------------------------------------------ progress
    def records(self, learner: str) -> dict[str, dict[str, Any]]:
        rows = self.read(f"SELECT exercise, {', '.join(FIELDS)} FROM records WHERE learner = ?", (learner,))
        return {row[0]: _record(row[1:]) for row in rows}

    def learners(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Every learner's records (the dashboard's one read)."""
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for row in self.read(f"SELECT learner, exercise, {', '.join(FIELDS)} FROM records ORDER BY learner"):
            out.setdefault(row[0], {})[row[1]] = _record(row[2:])
        return out

    def names(self) -> list[str]:
        return [r[0] for r in self.read("SELECT DISTINCT learner FROM records")]

    def change(self, learner: str, key: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """``change`` applied to the learner's record of ``key`` in one transaction, within the learner's bounds;
        returns the record written."""
        with self.writing() as db:
            return self.change_in(db, learner, key, change)

    def change_in(self, db: sqlite3.Connection, learner: str, key: str,
                  change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """:meth:`change` inside a write transaction the caller holds (live class mode writes a whole class's
        answers in one)."""
        row = db.execute(f"SELECT {', '.join(FIELDS)} FROM records WHERE learner = ? AND exercise = ?",
                         (learner, key)).fetchone()
        old = _record(row) if row else check_record({})
        new = check_record(change(dict(old, wrong=list(old["wrong"]))))
        if row is None:
            count = db.execute("SELECT count(*) FROM records WHERE learner = ?", (learner,)).fetchone()[0]
            if count >= MAX_RECORDS:
                raise StoreLimitError(f"{learner!r} has records of {MAX_RECORDS} exercises, the most one learner "
                                      "may have; nothing was saved", self.path)
        wrong = json.dumps(new["wrong"], ensure_ascii=False)
        if len(wrong) > 2 and new["wrong"] != old["wrong"]:
            used = db.execute("SELECT coalesce(sum(length(CAST(wrong AS BLOB))), 0) FROM records WHERE "
                              "learner = ? AND exercise != ?", (learner, key)).fetchone()[0]
            if used + len(wrong.encode()) > MAX_ANSWER_BYTES:
                raise StoreLimitError(f"{learner!r}'s stored answers would pass {MAX_ANSWER_BYTES:,} bytes, the "
                                      "most one learner may keep; nothing was saved", self.path)
        db.execute(f"INSERT OR REPLACE INTO records (learner, exercise, {', '.join(FIELDS)}) VALUES "
                   f"(?, ?, {', '.join('?' * len(FIELDS))})",
                   (learner, key, *(new[f] for f in FIELDS[:-1]), wrong))
        return new

    def reset(self, learner: str, keys: Iterable[str] | None = None) -> int:
        """Forgets the learner's records (or those of ``keys``); returns how many went."""
        with self.writing() as db:
            if keys is None:
                return db.execute("DELETE FROM records WHERE learner = ?", (learner,)).rowcount
            return sum(db.execute("DELETE FROM records WHERE learner = ? AND exercise = ?", (learner, k)).rowcount
                       for k in set(keys))

    # ------------------------------------------------------------------------------------------ import, export
    def import_json(self, source: str | Path) -> int:
        """Imports a JSON progress file (and its ``.identities.json``) once; returns the learners imported (0 when
        done before or absent). Records already in the store are kept."""
        source = Path(source)
        try:
            raw = source.read_bytes()
        except FileNotFoundError:
            return 0
        except OSError as exc:
            raise store_error(source, exc, "read") from None
        digest = hashlib.sha256(raw).hexdigest()
        learners = read_progress_file(source)
        ids = _legacy_identities(source)
        with self.writing() as db:
            if db.execute("SELECT 1 FROM imports WHERE source = ?", (str(source.absolute()),)).fetchone():
                return 0
            for name, records in learners.items():
                for key, rec in records.items():
                    db.execute(f"INSERT OR IGNORE INTO records (learner, exercise, {', '.join(FIELDS)}) VALUES "
                               f"(?, ?, {', '.join('?' * len(FIELDS))})",
                               (name, key, *(rec[f] for f in FIELDS[:-1]), json.dumps(rec["wrong"],
                                                                                        ensure_ascii=False)))
            from .identity import name_key

            for entry in ids.values():
                try:
                    key = name_key(entry["name"])  # an earlier version's key may fold names otherwise
                except (ValueError, RuntimeError):
                    continue  # a name the classroom no longer takes: its records stay, closed to the form
                hashed = isinstance(entry.get("hash"), str) and isinstance(entry.get("salt"), str)
                db.execute("INSERT OR IGNORE INTO learners (key, name, salt, hash, link, created) VALUES "
                           "(?, ?, ?, ?, ?, ?)", (key, entry["name"], entry["salt"] if hashed else None,
                                                  entry["hash"] if hashed else None, secrets.token_hex(8),
                                                  time.time()))
            db.execute("INSERT INTO imports VALUES (?, ?, ?, ?)", (str(source.absolute()), digest, time.time(),
                                                                    len(learners)))
            return len(learners)

    def export_json(self) -> str:
        """Every learner's records as a JSON progress file (format hickory-lesson-progress, version 2)."""
        from .progress import FORMAT as PROGRESS
        from .progress import VERSION, compact

        learners = {n: {k: compact(r) for k, r in recs.items()} for n, recs in self.learners().items()}
        return json.dumps({"format": PROGRESS, "version": VERSION, "learners": learners}, indent=1, sort_keys=True,
                          ensure_ascii=False)

    # ------------------------------------------------------------------------------------------ hand-ins
    def add_handin(self, digest: str, learner: str, file: str, text: str) -> bool:
        """Keeps a hand-in text; False if the same text was handed in before."""
        with self.writing() as db:
            return db.execute("INSERT OR IGNORE INTO handins VALUES (?, ?, ?, ?, ?)",
                              (digest, learner, file, text, time.time())).rowcount == 1

    def handins(self) -> list[tuple[str, str]]:
        """(file name, text) of every hand-in kept, oldest first."""
        return [(r[0], r[1]) for r in self.read("SELECT file, text FROM handins ORDER BY added")]


def _record(row: Iterable[Any]) -> dict[str, Any]:
    values = dict(zip(FIELDS, row, strict=True))
    values["wrong"] = json.loads(values["wrong"])
    return values


def _legacy_identities(source: Path) -> dict[str, dict[str, Any]]:
    """The entries of an earlier version's ``<progress>.identities.json`` that can be carried over."""
    path = source.with_name(source.name + ".identities.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entries = data.get("learners") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        return {}
    return {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, dict)
            and isinstance(v.get("name"), str) and 0 < len(v["name"]) <= 200}



def main(argv: list[str]) -> int:
    """``export STORE`` prints the store as a JSON progress file; ``import JSON STORE`` imports a progress file
    (once); each prints a refusal and exits 2 when the file cannot be used."""
    try:
        if len(argv) == 2 and argv[0] == "export":
            print(Store(argv[1]).export_json())
            return 0
        if len(argv) == 3 and argv[0] == "import":
            print(f"{Store(argv[2]).import_json(argv[1])} learners imported from {argv[1]} into {argv[2]}")
            return 0
    except ProgressError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("usage: python -m hickory_widget.lessons.store export STORE | import PROGRESS.json STORE", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
