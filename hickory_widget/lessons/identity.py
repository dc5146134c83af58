"""Who a learner is in the classroom app: a name that cannot be impersonated by a look-alike, and a PIN of their own.

A name is compared by its *key*: the name in Unicode NFC (then NFKC, as it is shown), folded by its Unicode TR39
*skeleton* (the confusables table of Unicode's security mechanisms, as the ``disarm`` package ships and applies
it: ``Adɑ``, ``ᴀᴅᴀ``, Cherokee ``ᎪᎠᎪ``, ``AIice``, ``0livia`` meet ``Ada``, ``Alice``, ``Olivia``), then
casefolded. A name mixing scripts (Latin with Cyrillic, say) is refused outright: no honest name needs it; names
of the classroom's roles (:data:`RESERVED`: teacher, admin ...) are refused too.

A learner's PIN (4-8 digits, chosen on the first visit) is kept only as a salted scrypt hash in the classroom's
store (:mod:`.store`, table ``learners``). A name that is in the class without a PIN (joined by a join link, a PIN
cleared by the teacher, a record older than PINs) is closed to the join form: only its join link opens it. After
:data:`FREE_FAILURES` wrong PINs a name is locked for a minute, doubling with each further failure up to
:data:`MAX_LOCK` seconds; the teacher can clear it. The teacher's code is checked before any lock, and wrong codes
are counted per visitor (each page opened), so nobody can lock the teacher out. A join link carries a key computed
from the name, the name's link nonce (new at each New PIN, which ends the old link) and the classroom's secret
(HMAC-SHA256).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .progress import ProgressError
from .store import MAX_LEARNERS, Store

MAX_NAME = 40
PIN = re.compile(r"^[0-9]{4,8}$")
FREE_FAILURES = 5
FIRST_LOCK = 60.0
MAX_LOCK = 15 * 60.0
SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}
RESERVED = ("teacher", "teachers", "admin", "administrator", "root", "system", "staff", "moderator", "presenter",
            "presentation", "present", "projector", "everyone", "anonymous", "guest", "nobody", "learner",
            "insegnante", "docente", "maestra", "maestro", "professore", "professoressa", "prof", "lehrer",
            "lehrerin", "lehrkraft")
"""Names of the classroom's roles (compared by key, so look-alikes too): nobody registers as the teacher."""
MIN_CODE = 8
WEAK_CODES = ("PASSWORD", "12345678", "87654321", "TEACHER1", "QWERTYUI", "ABCDEFGH", "CLASSROOM", "HICKORY1")


class IdentityError(ValueError):
    """A wrong PIN, a locked name, a refused link or a name the classroom does not take; nothing is changed.

    ``code`` and ``details`` name the catalog text (``classroom.error.<code>``) the app shows the learner."""

    def __init__(self, message: str, code: str = "damaged", **details: Any) -> None:
        super().__init__(message)
        self.code, self.details = code, details


class LearnerNameError(IdentityError):
    """A name the classroom does not take (empty, too long, odd characters, mixed scripts); says what is allowed."""


# -------------------------------------------------------------------------------------------------- names
def script_of(ch: str) -> str | None:
    """The script of a letter (its Unicode name's first word, e.g. LATIN); None for digits, spaces, marks."""
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else "UNKNOWN"


def clean_name(name: Any) -> str:
    """The name as shown: NFC first, then NFKC, spaces collapsed; LearnerNameError for a name the classroom
    refuses."""
    if not isinstance(name, str):
        raise LearnerNameError(f"a name is a text, not {type(name).__name__}", "name_length", n=MAX_NAME)
    text = " ".join(unicodedata.normalize("NFKC", unicodedata.normalize("NFC", name[:4 * MAX_NAME])).split())
    if not 1 <= len(text) <= MAX_NAME:
        raise LearnerNameError(f"a name has 1-{MAX_NAME} characters", "name_length", n=MAX_NAME)
    odd = [ch for ch in text if not (ch.isalnum() or ch in " .-_'@")]
    if odd:
        raise LearnerNameError(f"a name has letters, digits, spaces and . - _ ' @, not {odd[0]!r}", "name_chars",
                               char=odd[0] if odd[0].isprintable() and odd[0].isascii() else f"U+{ord(odd[0]):04X}")
    scripts = {s for s in map(script_of, text) if s}
    if len(scripts) > 1:
        raise LearnerNameError(f"a name is written in one alphabet, not a mix ({', '.join(sorted(scripts)).lower()})",
                               "name_mixed")
    return text


def skeleton(text: str) -> str:
    """The TR39 skeleton of ``text`` (digits folded as TR39 folds them: ``0`` with ``O``, ``1`` with ``l``)."""
    try:
        from disarm import skeleton_key
    except ImportError:  # pragma: no cover - the classroom extra installs it
        raise RuntimeError("the classroom needs the package disarm (Unicode TR39 confusables): "
                           "pip install 'hickory-widget[classroom]'") from None
    return skeleton_key(text, digit_policy="tr39")


def name_key(name: Any) -> str:
    """The key two names are compared by: NFC, NFKC, the TR39 skeleton, casefolded, spaces collapsed."""
    text = clean_name(name)
    return " ".join(unicodedata.normalize("NFC", skeleton(text).casefold()).split())


_RESERVED_KEYS: set[str] = set()


def reserved(name: str) -> bool:
    """True for a name of the classroom's roles, or a look-alike of one (``Teacher``, ``teacher 1`` is not)."""
    if not _RESERVED_KEYS:
        _RESERVED_KEYS.update(name_key(n) for n in RESERVED)
    return name_key(name) in _RESERVED_KEYS


# -------------------------------------------------------------------------------------------------- PINs
def hash_pin(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode(), salt=salt, **SCRYPT).hex()


def check_pin_shape(pin: Any) -> str:
    if not isinstance(pin, str) or not PIN.match(pin):
        raise IdentityError("a PIN is 4 to 8 digits", "pin_shape")
    return pin


def lock_seconds(failures: int) -> float:
    """How long a name stays locked after ``failures`` wrong PINs in a row (0 while under the free count)."""
    if failures < FREE_FAILURES:
        return 0.0
    return min(MAX_LOCK, FIRST_LOCK * 2 ** (failures - FREE_FAILURES))


class Identities:
    """The classroom's learners, their PIN hashes, join links and locks, in the classroom's store (:mod:`.store`).

    Every change is one transaction of the store, so the kernels of a whole class (one per visitor) share one
    count of wrong PINs."""

    def __init__(self, progress_path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.store = Store.at(progress_path)
        self.path = self.store.path
        self.clock = clock

    # ------------------------------------------------------------------------------------------ questions
    def entry(self, name: str) -> dict[str, Any] | None:
        rows = self.store.read("SELECT name, salt, hash, link FROM learners WHERE key = ?", (name_key(name),))
        return dict(zip(("name", "salt", "hash", "link"), rows[0], strict=True)) if rows else None

    def _holder(self, db: Any, key: str) -> str | None:
        """The name under which records of ``key`` are kept with no identity (progress older than PINs, a hub)."""
        return _holder_in((row[0] for row in db.execute("SELECT DISTINCT learner FROM records")), key)

    def status(self, name: str) -> str:
        """``new`` (nobody has it), ``pin`` (its PIN opens it) or ``closed`` (in the class without a PIN: only its
        join link opens it)."""
        entry = self.entry(name)
        if entry is not None:
            return "pin" if entry["hash"] else "closed"
        return "closed" if _holder_in(self.store.names(), name_key(name)) is not None else "new"

    def known(self, name: str) -> bool:
        """True if a learner of this name (or a look-alike of it) has chosen a PIN."""
        return self.status(name) == "pin"

    def shown_name(self, name: str) -> str:
        """The name as its learner first typed it (the records' key), or the cleaned ``name``."""
        entry = self.entry(name)
        return entry["name"] if entry else clean_name(name)

    def learners(self) -> dict[str, dict[str, Any]]:
        rows = self.store.read("SELECT key, name, salt, hash, link FROM learners")
        return {r[0]: dict(zip(("name", "salt", "hash", "link"), r[1:], strict=True)) for r in rows}

    # ------------------------------------------------------------------------------------------ joining
    def create(self, name: str, pin: str) -> str:
        """A new learner with their PIN; returns the name to keep progress under. Refused if the name is taken
        (with a PIN, or without one: then only its join link opens it), reserved, or the class is full."""
        shown, key = clean_name(name), name_key(name)
        check_pin_shape(pin)
        if reserved(shown):
            raise IdentityError(f"the name {shown!r} is kept for the classroom's roles", "reserved", name=shown)
        salt = secrets.token_bytes(16)
        digest = hash_pin(pin, salt)
        with self.store.writing() as db:
            old = db.execute("SELECT name, hash FROM learners WHERE key = ?", (key,)).fetchone()
            if old is not None and old[1]:
                raise IdentityError(f"the name {old[0]!r} is taken; type its PIN", "taken", name=old[0])
            holder = old[0] if old is not None else self._holder(db, key)
            if holder is not None:
                raise IdentityError(f"{holder!r} is in the class without a PIN: only its join link opens it",
                                    "no_pin", name=holder)
            if db.execute("SELECT count(*) FROM learners").fetchone()[0] >= MAX_LEARNERS:
                raise IdentityError(f"the class has {MAX_LEARNERS} names, the most it holds", "full", n=MAX_LEARNERS)
            db.execute("INSERT INTO learners VALUES (?, ?, ?, ?, ?, ?)",
                       (key, shown, salt.hex(), digest, secrets.token_hex(8), self.clock()))
            return shown

    def _locked(self, db: Any, who: str) -> tuple[int, float]:
        row = db.execute("SELECT failures, locked_until FROM locks WHERE who = ?", (who,)).fetchone()
        return (int(row[0]), float(row[1])) if row else (0, 0.0)

    def _fail(self, db: Any, who: str, failures: int) -> None:
        db.execute("INSERT OR REPLACE INTO locks VALUES (?, ?, ?)",
                   (who, failures + 1, self.clock() + lock_seconds(failures + 1)))

    def verify(self, name: str, pin: str) -> str:
        """The learner's name if ``pin`` is theirs; IdentityError (and one more failure counted) otherwise."""
        key = name_key(name)
        entry = self.entry(name)
        if entry is None or not entry["hash"]:
            raise IdentityError(f"no learner named {clean_name(name)!r} with a PIN", "unknown", name=clean_name(name))
        good = isinstance(pin, str) and PIN.match(pin) is not None and hmac.compare_digest(
            hash_pin(pin, bytes.fromhex(entry["salt"])), entry["hash"])
        who = f"pin:{key}"
        with self.store.writing() as db:
            failures, until = self._locked(db, who)
            wait = until - self.clock()
            if wait > 0:
                raise IdentityError(f"too many wrong PINs: try again in {math.ceil(wait)} s, or ask the teacher",
                                    "locked", n=math.ceil(wait))
            if good:
                db.execute("DELETE FROM locks WHERE who = ?", (who,))
                return str(entry["name"])
            self._fail(db, who, failures)
        raise IdentityError("wrong PIN", "wrong_pin")

    def forget_pin(self, name: str) -> str:
        """The teacher's New PIN: the name's PIN is cleared and its lock too (progress kept), its old join link
        ends; returns the key of its new link, the only way in until the learner chooses a PIN again."""
        key, shown = name_key(name), clean_name(name)
        with self.store.writing() as db:
            old = db.execute("SELECT name FROM learners WHERE key = ?", (key,)).fetchone()
            nonce = secrets.token_hex(8)
            if old is None:
                db.execute("INSERT INTO learners VALUES (?, ?, NULL, NULL, ?, ?)", (key, shown, nonce, self.clock()))
            else:
                db.execute("UPDATE learners SET salt = NULL, hash = NULL, link = ? WHERE key = ?", (nonce, key))
            db.execute("DELETE FROM locks WHERE who = ?", (f"pin:{key}",))
        return self.link_key(name)

    def set_pin(self, name: str, pin: str) -> str:
        """A learner who came in by their join link chooses their PIN (only while the name has none)."""
        check_pin_shape(pin)
        key = name_key(name)
        salt = secrets.token_bytes(16)
        digest = hash_pin(pin, salt)
        with self.store.writing() as db:
            row = db.execute("SELECT name, hash FROM learners WHERE key = ?", (key,)).fetchone()
            if row is None or row[1]:
                raise IdentityError("this name has a PIN already", "taken", name=row[0] if row else clean_name(name))
            db.execute("UPDATE learners SET salt = ?, hash = ? WHERE key = ?", (salt.hex(), digest, key))
            return str(row[0])

    # ------------------------------------------------------------------------------------------ join links
    def secret(self) -> bytes:
        return bytes.fromhex(self.store.meta("secret") or "")

    def link_key(self, name: str) -> str:
        """The key of ``name``'s join link (``?learner=NAME&key=KEY``); a New PIN changes it."""
        entry = self.entry(name)
        nonce = entry["link"] if entry else ""
        return hmac.new(self.secret(), f"{name_key(name)}\n{nonce}".encode(), hashlib.sha256).hexdigest()[:20]

    def issue_link(self, name: str) -> str:
        """The key of a join link for ``name`` (the teacher's dashboard); refused for the classroom's roles. A new
        name is put in the class at once, without a PIN, so nobody registers it before its link is opened."""
        if reserved(name):
            raise IdentityError(f"the name {clean_name(name)!r} is kept for the classroom's roles", "reserved",
                                name=clean_name(name))
        key = name_key(name)
        with self.store.writing() as db:
            if db.execute("SELECT 1 FROM learners WHERE key = ?", (key,)).fetchone() is None:
                if db.execute("SELECT count(*) FROM learners").fetchone()[0] >= MAX_LEARNERS:
                    raise IdentityError(f"the class has {MAX_LEARNERS} names, the most it holds", "full",
                                        n=MAX_LEARNERS)
                shown = self._holder(db, key) or clean_name(name)
                db.execute("INSERT INTO learners VALUES (?, ?, NULL, NULL, '', ?)", (key, shown, self.clock()))
        return self.link_key(name)

    def check_link(self, name: str, key: Any) -> str:
        """The learner's name if ``key`` is their join link's key; IdentityError otherwise. The name is then in the
        class (without a PIN until its learner chooses one: closed to the join form)."""
        if reserved(name) or not isinstance(key, str) or not hmac.compare_digest(self.link_key(name), key[:40]):
            raise IdentityError("this join link is not valid: ask the teacher for yours", "bad_link")
        nkey = name_key(name)
        with self.store.writing() as db:
            row = db.execute("SELECT name FROM learners WHERE key = ?", (nkey,)).fetchone()
            if row is not None:
                return str(row[0])
            shown = self._holder(db, nkey) or clean_name(name)
            db.execute("INSERT INTO learners VALUES (?, ?, NULL, NULL, '', ?)", (nkey, shown, self.clock()))
            return shown

    # ------------------------------------------------------------------------------------------ the teacher
    def check_teacher(self, given: Any, code: str | None, visitor: str = "") -> None:
        """Passes if ``given`` is the teacher's ``code``: checked first, so no lock ever refuses the right code.
        Wrong codes lock this ``visitor`` only (one page opened), as wrong PINs lock a name."""
        if check_teacher_code(given, code):
            try:
                with self.store.writing() as db:
                    db.execute("DELETE FROM locks WHERE who = ?", (f"teacher:{visitor}",))
            except ProgressError:  # a store that cannot be used: the teacher still opens the page that says why
                pass
            return
        who = f"teacher:{visitor}"
        with self.store.writing() as db:
            failures, until = self._locked(db, who)
            wait = until - self.clock()
            if wait > 0:
                raise IdentityError(f"too many wrong codes: try again in {math.ceil(wait)} s", "locked",
                                    n=math.ceil(wait))
            self._fail(db, who, failures)
        raise IdentityError("wrong teacher's code", "wrong_code")

    def locks(self) -> list[tuple[str, int, float]]:
        """(who, wrong tries, locked until) of every name or visitor with wrong tries counted."""
        return [(r[0], int(r[1]), float(r[2])) for r in self.store.read("SELECT who, failures, locked_until FROM "
                                                                         "locks ORDER BY locked_until DESC")]

    def clear_lock(self, who: str) -> bool:
        with self.store.writing() as db:
            return db.execute("DELETE FROM locks WHERE who = ?", (who,)).rowcount > 0


def _holder_in(names: Iterable[str], key: str) -> str | None:
    """The first of ``names`` whose key is ``key`` (names the classroom no longer takes are passed over)."""
    for learner in names:
        try:
            if name_key(learner) == key:
                return learner
        except (ValueError, RuntimeError):
            continue
    return None


def check_teacher_code(given: Any, code: str | None) -> bool:
    """True if ``given`` is the teacher's code (spaces, dashes and case ignored; never for a weak or empty code,
    :func:`weak_code`); constant time."""
    if not isinstance(given, str) or weak_code(code) is not None:  # an empty or weak code opens nothing
        return False
    norm = lambda s: re.sub(r"[\s-]", "", s).upper().encode("utf-8", "surrogatepass")  # noqa: E731
    return hmac.compare_digest(norm(given[:64]), norm(code))


def weak_code(code: Any) -> str | None:
    """Why ``code`` cannot be the teacher's code (None when it can): empty, shorter than :data:`MIN_CODE`
    characters (spaces and dashes not counted), fewer than 5 different characters, or a well-known one."""
    norm = re.sub(r"[\s-]", "", code).upper() if isinstance(code, str) else ""
    if not norm:
        return "the teacher's code is empty"
    if len(norm) < MIN_CODE:
        return f"the teacher's code has {len(norm)} characters; it needs at least {MIN_CODE} (spaces and dashes " \
               "not counted)"
    if len(set(norm)) < 5 or norm in WEAK_CODES:
        return "the teacher's code is too easy to guess: use at least 5 different characters, or let " \
               "scripts/classroom.sh make one"
    return None


def new_teacher_code() -> str:
    """A code such as ``K7QM-4XPA``: 8 characters with no look-alikes (no 0/O, 1/I/L), never a weak one."""
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    while True:
        raw = "".join(secrets.choice(alphabet) for _ in range(8))
        if weak_code(raw) is None:
            return f"{raw[:4]}-{raw[4:]}"


if __name__ == "__main__":  # scripts/classroom.sh: a fresh teacher's code, or `--check CODE` (exit 2 if weak)
    if sys.argv[1:2] == ["--check"]:
        problem = weak_code(sys.argv[2] if len(sys.argv) > 2 else "")
        if problem:
            print(f"error: {problem}; set HICKORY_TEACHER_CODE to a stronger one or leave it unset", file=sys.stderr)
            sys.exit(2)
    else:
        print(new_teacher_code())
