"""Who a learner is in the classroom app: a name that cannot be impersonated by a look-alike, and a PIN of their own.

A name is compared by its *key*: Unicode NFKC normalisation, look-alike letters of Cyrillic and Greek folded to
the Latin letters they imitate, then casefolding, so ``Ada``, ``ＡＤＡ`` and ``аda`` spelled with Cyrillic letters
meet the same learner. A name mixing scripts (Latin with Cyrillic, say) is refused outright: no honest name needs
it. A learner's PIN (4-8 digits, chosen on the first visit) is kept only as a salted scrypt hash, in a file of its
own next to the progress file (``<progress>.identities.json``, readable by its owner only). After
:data:`FREE_FAILURES` wrong PINs a name is locked for a minute, doubling with each further failure up to
:data:`MAX_LOCK` seconds; the teacher can clear it. A join link carries a key computed from the name and the
classroom's secret (HMAC-SHA256), so the teacher can hand out links that need no PIN.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import math
import os
import re
import secrets
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None  # type: ignore[assignment]
if fcntl is not None and not hasattr(fcntl, "flock"):  # Pyodide (JupyterLite): one kernel per tab, nothing to lock
    fcntl = None  # type: ignore[assignment]

MAX_NAME = 40
PIN = re.compile(r"^[0-9]{4,8}$")
FREE_FAILURES = 5
FIRST_LOCK = 60.0
MAX_LOCK = 15 * 60.0
SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}
FORMAT = "hickory-classroom-identities"

# Letters of Cyrillic and Greek that look like a Latin letter (upper and lower case as each is drawn); after this
# fold and casefolding, a look-alike name has the same key as the Latin one.
CONFUSABLES = {
    # Cyrillic
    "А": "A", "а": "a", "В": "B", "Е": "E", "е": "e", "Ё": "Ë", "ё": "ë", "З": "3", "Н": "H", "І": "I", "і": "i",
    "Ї": "Ï", "ї": "ï", "Ј": "J", "ј": "j", "К": "K", "к": "k", "М": "M", "О": "O", "о": "o", "Р": "P", "р": "p",
    "С": "C", "с": "c", "Ѕ": "S", "ѕ": "s", "Т": "T", "У": "Y", "у": "y", "Х": "X", "х": "x", "Һ": "H", "һ": "h",
    "Ԁ": "D", "ԁ": "d", "Ԛ": "Q", "ԛ": "q", "Ԝ": "W", "ԝ": "w", "Ӏ": "I", "ӏ": "l", "Ь": "b", "ь": "b",
    "Ү": "Y", "ү": "y", "Ғ": "F",
    # Greek
    "Α": "A", "α": "a", "Β": "B", "β": "b", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "ι": "i", "Κ": "K", "κ": "k",
    "Μ": "M", "Ν": "N", "ν": "v", "Ο": "O", "ο": "o", "Ρ": "P", "ρ": "p", "Τ": "T", "Υ": "Y", "υ": "u", "Χ": "X",
    "χ": "x", "γ": "y", "ϲ": "c", "Ϲ": "C", "ϳ": "j", "Ϳ": "J",
}
FOLD = str.maketrans(CONFUSABLES)
SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


class IdentityError(ValueError):
    """A wrong PIN, a locked name, a refused link or a damaged identities file; nothing is changed.

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
    """The name as shown: NFKC-normalised, spaces collapsed; LearnerNameError for a name the classroom refuses."""
    if not isinstance(name, str):
        raise LearnerNameError(f"a name is a text, not {type(name).__name__}", "name_length", n=MAX_NAME)
    text = " ".join(unicodedata.normalize("NFKC", name[:4 * MAX_NAME]).split())
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


def name_key(name: Any) -> str:
    """The key two names are compared by: NFKC, look-alikes folded to Latin, casefolded, spaces collapsed."""
    text = clean_name(name)
    return unicodedata.normalize("NFKC", text.translate(FOLD).casefold())


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
    """The classroom's learners and their PIN hashes, in ``<progress file>.identities.json``.

    Entries: ``{key: {"name": shown name, "salt": hex, "hash": hex, "failures": n, "locked_until": t}}`` plus the
    classroom's ``secret`` for join links. Every change is made under a lock and written atomically, so that the
    kernels of a whole class (one per visitor) share one count of wrong PINs."""

    def __init__(self, progress_path: str | Path, clock: Callable[[], float] = time.time) -> None:
        progress_path = Path(progress_path)
        self.path = progress_path.with_name(progress_path.name + ".identities.json")
        self.clock = clock

    # ------------------------------------------------------------------------------------------ the file
    def _read(self) -> dict[str, Any]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {"format": FORMAT, "learners": {}}
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise IdentityError(f"identities file {self.path} is damaged (not JSON); move it away and learners "
                                "choose new PINs") from None
        if (not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("learners"), dict)
                or not all(isinstance(v, dict) for v in data["learners"].values())):
            raise IdentityError(f"{self.path} is not a classroom identities file; it is left untouched")
        return data

    @contextlib.contextmanager
    def _changing(self) -> Iterator[dict[str, Any]]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.with_name(self.path.name + ".lock").open("a") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                data = self._read()
                yield data
                fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".identities-", suffix=".json")
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    json.dump(data, f, indent=1, sort_keys=True, ensure_ascii=False)
                os.chmod(tmp, 0o600)
                os.replace(tmp, self.path)
            finally:
                if fcntl is not None:
                    fcntl.flock(lock, fcntl.LOCK_UN)

    # ------------------------------------------------------------------------------------------ questions
    def entry(self, name: str) -> dict[str, Any] | None:
        return self._read()["learners"].get(name_key(name))

    def known(self, name: str) -> bool:
        """True if a learner of this name (or a look-alike of it) has chosen a PIN."""
        entry = self.entry(name)
        return entry is not None and "hash" in entry

    def shown_name(self, name: str) -> str:
        """The name as its learner first typed it (the progress file's key), or the cleaned ``name``."""
        entry = self.entry(name)
        return entry["name"] if entry and isinstance(entry.get("name"), str) else clean_name(name)

    def learners(self) -> dict[str, dict[str, Any]]:
        return dict(self._read()["learners"])

    # ------------------------------------------------------------------------------------------ joining
    def create(self, name: str, pin: str) -> str:
        """A new learner with their PIN; returns the name to keep progress under. Refused if the name is taken."""
        shown, key = clean_name(name), name_key(name)
        check_pin_shape(pin)
        with self._changing() as data:
            old = data["learners"].get(key)
            if old is not None and "hash" in old:
                raise IdentityError(f"the name {old.get('name', shown)!r} is taken; type its PIN", "taken",
                                    name=old.get("name", shown))
            salt = secrets.token_bytes(16)
            entry = {"name": old.get("name", shown) if old else shown, "salt": salt.hex(), "hash": hash_pin(pin, salt),
                     "failures": 0, "locked_until": 0.0}
            data["learners"][key] = entry
            return entry["name"]

    def verify(self, name: str, pin: str) -> str:
        """The learner's name if ``pin`` is theirs; IdentityError (and one more failure counted) otherwise."""
        key = name_key(name)
        with self._changing() as data:
            entry = data["learners"].get(key)
            if entry is None or "hash" not in entry:
                raise IdentityError(f"no learner named {clean_name(name)!r} yet", "unknown", name=clean_name(name))
            now = self.clock()
            wait = float(entry.get("locked_until", 0.0)) - now
            if wait > 0:
                raise IdentityError(f"too many wrong PINs: try again in {math.ceil(wait)} s, or ask the teacher",
                                    "locked", n=math.ceil(wait))
            good = isinstance(pin, str) and PIN.match(pin) is not None and hmac.compare_digest(
                hash_pin(pin, bytes.fromhex(entry["salt"])), entry["hash"])
            if good:
                entry["failures"], entry["locked_until"] = 0, 0.0
                return entry["name"]
            entry["failures"] = int(entry.get("failures", 0)) + 1
            entry["locked_until"] = now + lock_seconds(entry["failures"])
        raise IdentityError("wrong PIN", "wrong_pin")

    def forget_pin(self, name: str) -> None:
        """The teacher's help for a learner who forgot their PIN: the next visit chooses a new one (progress kept)."""
        key = name_key(name)
        with self._changing() as data:
            entry = data["learners"].get(key)
            if entry is not None:
                data["learners"][key] = {"name": entry.get("name", clean_name(name))}

    # ------------------------------------------------------------------------------------------ join links
    def secret(self) -> bytes:
        data = self._read()
        if not isinstance(data.get("secret"), str):
            with self._changing() as data:
                data.setdefault("secret", secrets.token_hex(32))
        return bytes.fromhex(data["secret"])

    def link_key(self, name: str) -> str:
        """The key of ``name``'s join link (``?learner=NAME&key=KEY``)."""
        return hmac.new(self.secret(), name_key(name).encode(), hashlib.sha256).hexdigest()[:20]

    def check_link(self, name: str, key: Any) -> str:
        """The learner's name if ``key`` is their join link's key; IdentityError otherwise."""
        if not isinstance(key, str) or not hmac.compare_digest(self.link_key(name), key[:40]):
            raise IdentityError("this join link is not valid: ask the teacher for yours", "bad_link")
        with self._changing() as data:
            entry = data["learners"].setdefault(name_key(name), {"name": clean_name(name)})
            return entry["name"]

    def check_teacher(self, given: Any, code: str | None) -> None:
        """Passes if ``given`` is the teacher's ``code``; wrong codes lock the dashboard as wrong PINs lock a name."""
        with self._changing() as data:
            entry = data.setdefault("teacher", {"failures": 0, "locked_until": 0.0})
            now = self.clock()
            wait = float(entry.get("locked_until", 0.0)) - now
            if wait > 0:
                raise IdentityError(f"too many wrong codes: try again in {math.ceil(wait)} s", "locked",
                                    n=math.ceil(wait))
            if check_teacher_code(given, code):
                entry["failures"], entry["locked_until"] = 0, 0.0
                return
            entry["failures"] = int(entry.get("failures", 0)) + 1
            entry["locked_until"] = now + lock_seconds(entry["failures"])
        raise IdentityError("wrong teacher's code", "wrong_code")


def check_teacher_code(given: Any, code: str | None) -> bool:
    """True if ``given`` is the teacher's code (spaces, dashes and case ignored); constant time."""
    if not code or not isinstance(given, str):
        return False
    norm = lambda s: re.sub(r"[\s-]", "", s).upper().encode()  # noqa: E731
    return hmac.compare_digest(norm(given[:64]), norm(code))


def new_teacher_code() -> str:
    """A code such as ``K7QM-4XPA``: 8 characters with no look-alikes (no 0/O, 1/I/L)."""
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    raw = "".join(secrets.choice(alphabet) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


if __name__ == "__main__":  # scripts/classroom.sh: a fresh teacher's code
    print(new_teacher_code())
