"""Message catalogs: each game keeps English, Italian and German texts in its own ``messages/`` folder, one gettext
catalog per language (``<lang>.po``), read on first use by the small reader below (standard library only).

A message id is a key (``ct.ui.points``), its message string a ``str.format`` template. A message that counts
something has plural forms (``msgid_plural``): the form is picked by the language's plural rule, written out in
:data:`PLURAL_RULES` (English, Italian and German: one form for 1, the other for every other count; a test checks
each catalog's ``Plural-Forms`` header says the same), so ``t("it", "ct.ui.points", n=1)`` is "1 punto" and ``n=2``
"2 punti". Nothing is compiled ahead of time, so the package works the same from a clone, an editable install, a
wheel or a browser (JupyterLite), and Babel is needed only by the tools that write catalogs (a test checks this
reader gives exactly what Babel's reader and gettext give). The three catalogs of a game have the same keys (each
game's tests check it); game terms follow the editions' own words (the game's glossary.csv). Hickory Dickory's
catalogs (``hickory_widget/hickory/words/i18n.py``) are read by the same code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "it", "de")
"""The languages every game speaks; the first is the default."""

PLURAL_RULES: dict[str, Callable[[int], int]] = {
    "en": lambda n: 0 if n == 1 else 1,
    "it": lambda n: 0 if n == 1 else 1,
    "de": lambda n: 0 if n == 1 else 1,
}
"""Which form (msgstr[i]) a count takes, per language: gettext's ``plural=(n != 1)`` of the three catalogs."""


def check_language(lang: Any) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise a ValueError naming the allowed ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    return lang


class PoError(ValueError):
    """A .po file this reader cannot read; the message names the file and the line."""


_ESCAPE = re.compile(r'\\(.)')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_KEYWORD = re.compile(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$')


def _unquote(text: str, where: str) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: a quoted string expected, found {text[:40]!r}")
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(0)), text[1:-1])


def read_po(path: Path) -> dict[str, str | tuple[str, ...]]:
    """The messages of a .po file in file order: key -> string, or for a plural message key -> its forms. Obsolete
    entries (``#~``), the header and messages with a context are left out, as gettext's lookup by key would;
    an empty string falls back to the key (an untranslated message reads as its id, as with gettext)."""
    messages: dict[str, str | tuple[str, ...]] = {}
    entry: dict[str, Any] = {}
    field: tuple[str, int] | None = None

    def flush() -> None:
        msgid = entry.get("msgid")
        if msgid and "msgctxt" not in entry:
            if "msgid_plural" in entry:
                forms = entry.get("forms", {})
                ids = (msgid, entry["msgid_plural"])
                count = max(forms, default=-1) + 1
                messages[msgid] = tuple(forms.get(i) or ids[min(i, 1)] for i in range(max(count, 2)))
            else:
                messages[msgid] = entry.get("msgstr") or msgid
        entry.clear()

    lines = Path(path).read_text(encoding="utf-8").splitlines()
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{path}:{number}"
        if not line or line.startswith("#"):
            if not line and entry:
                flush()
                field = None
            continue
        if line.startswith('"'):
            if field is None:
                raise PoError(f"{where}: a string continues no keyword")
            name, index = field
            text = _unquote(line, where)
            if name == "forms":
                entry["forms"][index] += text
            else:
                entry[name] += text
            continue
        match = _KEYWORD.match(line)
        if not match:
            raise PoError(f"{where}: msgid, msgid_plural, msgstr or msgctxt expected, found {line[:40]!r}")
        keyword, index, text = match.group(1), match.group(2), _unquote(match.group(3), where)
        if keyword in ("msgid", "msgctxt") and ("msgstr" in entry or "forms" in entry):
            flush()
        if index is not None:
            entry.setdefault("forms", {})[int(index)] = text
            field = ("forms", int(index))
        else:
            entry[keyword] = text
            field = (keyword, 0)
    flush()
    return messages


@dataclass(frozen=True)
class Book:
    """One language's catalog, loaded: which keys exist, their templates and, for a plural message, its forms."""

    lang: str
    messages: dict[str, str | tuple[str, ...]]
    path: Path

    def plural(self, key: str) -> bool:
        return isinstance(self.messages.get(key), tuple)

    def templates(self) -> dict[str, str]:
        """Every key with its template; for a plural message the form for a count of 2."""
        return {key: self.template(key, 2) for key in self.messages}

    def template(self, key: str, n: Any = None) -> str:
        """The template of ``key``; a plural message needs the count ``n`` (TypeError otherwise), a missing key is
        a KeyError naming the catalog file."""
        forms = self.messages.get(key)
        if isinstance(forms, str):
            return forms
        if forms is None or not key:
            raise KeyError(f"no message {key!r} in the {self.lang!r} catalog ({self.path})")
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"message {key!r} has plural forms: pass the count as n=<int>, not {n!r}")
        return forms[min(PLURAL_RULES[self.lang](n), len(forms) - 1)]


def load_po(path: Path, lang: str) -> Book:
    """Reads ``path`` (a .po file of language ``lang``)."""
    return Book(check_language(lang), read_po(Path(path)), Path(path))


class Catalog:
    """The three catalogs of one game, loaded on first use from ``<directory>/<lang>.po``."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    @cached_property
    def books(self) -> dict[str, Book]:
        return {lang: load_po(self.directory / f"{lang}.po", lang) for lang in LANGUAGES}

    @cached_property
    def texts(self) -> dict[str, dict[str, str]]:
        """Per language, every key with its template (a plural message: the form for 2)."""
        return {lang: book.templates() for lang, book in self.books.items()}

    def has(self, lang: str, key: str) -> bool:
        return key in self.texts[check_language(lang)]

    def is_plural(self, lang: str, key: str) -> bool:
        """Whether ``key`` has plural forms in ``lang`` (then :meth:`t` needs ``n``)."""
        return self.books[check_language(lang)].plural(key)

    def t(self, lang: str, key: str, **kw: Any) -> str:
        """The text for ``key`` in ``lang`` with the placeholders filled in (KeyError if the key is missing; a
        plural message takes its form from the count ``n``)."""
        template = self.books[check_language(lang)].template(key, kw.get("n"))
        return template.format(**kw) if kw else template

    def prefixed(self, lang: str, prefix: str) -> dict[str, str]:
        """Every template whose key starts with ``prefix`` (for instance the texts a front end needs)."""
        return {k: v for k, v in self.texts[check_language(lang)].items() if k.startswith(prefix)}


def cap(text: str) -> str:
    """The first letter upper-cased, the rest left alone."""
    return text[:1].upper() + text[1:]
