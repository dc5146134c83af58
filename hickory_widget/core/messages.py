"""Message catalogs: each game keeps English, Italian and German templates in its own ``messages/`` folder.

A catalog is one flat JSON file per language mapping a key to a ``str.format`` template. The three files of a
game have the same keys (each game's tests check it). Game terms follow the editions' own words (the game's
glossary).
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "it", "de")
"""The languages every game speaks; the first is the default."""


def check_language(lang: Any) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise a ValueError naming the allowed ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    return lang


class Catalog:
    """The three catalogs of one game, loaded on first use from ``<directory>/<lang>.json``."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    @cached_property
    def texts(self) -> dict[str, dict[str, str]]:
        out = {}
        for lang in LANGUAGES:
            with (self.directory / f"{lang}.json").open(encoding="utf-8") as f:
                out[lang] = json.load(f)
        return out

    def has(self, lang: str, key: str) -> bool:
        return key in self.texts[check_language(lang)]

    def t(self, lang: str, key: str, **kw: Any) -> str:
        """The text for ``key`` in ``lang`` with the placeholders filled in (KeyError if the key is missing)."""
        template = self.texts[check_language(lang)].get(key)
        if template is None:
            raise KeyError(f"no message {key!r} in the {lang!r} catalog ({self.directory / (lang + '.json')})")
        return template.format(**kw) if kw else template

    def prefixed(self, lang: str, prefix: str) -> dict[str, str]:
        """Every template whose key starts with ``prefix`` (for instance the texts a front end needs)."""
        return {k: v for k, v in self.texts[check_language(lang)].items() if k.startswith(prefix)}


def cap(text: str) -> str:
    """The first letter upper-cased, the rest left alone."""
    return text[:1].upper() + text[1:]
