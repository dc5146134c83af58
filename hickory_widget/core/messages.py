"""Message catalogs: each game keeps English, Italian and German texts in its own ``messages/`` folder, one gettext
catalog per language (``<lang>.po``), read by Babel and compiled in memory on first use.

A message id is a key (``ct.ui.points``), its message string a ``str.format`` template. A message that counts
something has plural forms (``msgid_plural``): Python's :mod:`gettext` picks the form by the catalog's own
``Plural-Forms`` header, so ``t("it", "ct.ui.points", n=1)`` is "1 punto" and ``n=2`` "2 punti". Nothing is
compiled ahead of time, so the package works the same from a clone, an editable install or a wheel. The three
catalogs of a game have the same keys (each game's tests check it); game terms follow the editions' own words (the
game's glossary.csv). Hickory Dickory's catalogs (``hickory_widget/hickory/i18n.py``) are read by the same code.
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "it", "de")
"""The languages every game speaks; the first is the default."""


def check_language(lang: Any) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise a ValueError naming the allowed ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    return lang


@dataclass(frozen=True)
class Book:
    """One language's catalog, loaded: Babel's catalog (which keys exist, which are plural) and the compiled
    translations that pick plural forms."""

    po: PoCatalog
    compiled: gettext.GNUTranslations
    path: Path

    def plural(self, key: str) -> bool:
        message = self.po.get(key)
        return message is not None and message.pluralizable

    def templates(self) -> dict[str, str]:
        """Every key with its template; for a plural message the form for a count of 2."""
        out: dict[str, str] = {}
        for message in self.po:
            if not message.id:
                continue  # the header
            key = message.id[0] if message.pluralizable else message.id
            out[key] = self.compiled.ngettext(key, key, 2) if message.pluralizable else self.compiled.gettext(key)
        return out

    def template(self, key: str, n: Any = None) -> str:
        """The template of ``key``; a plural message needs the count ``n`` (TypeError otherwise), a missing key is
        a KeyError naming the catalog file."""
        message = self.po.get(key)
        if message is None or not key:
            raise KeyError(f"no message {key!r} in the {self.po.locale_identifier!r} catalog ({self.path})")
        if not message.pluralizable:
            return self.compiled.gettext(key)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"message {key!r} has plural forms: pass the count as n=<int>, not {n!r}")
        return self.compiled.ngettext(key, key, n)


def load_po(path: Path, lang: str) -> Book:
    """Reads ``path`` (a .po file of language ``lang``) and compiles it in memory."""
    with Path(path).open("rb") as f:
        po = read_po(f, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, po, use_fuzzy=True)
    buf.seek(0)
    return Book(po, gettext.GNUTranslations(buf), Path(path))


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
