"""Message catalogs: English, Italian and German texts for everything a player reads.

Each language is one flat JSON file in ``messages/`` mapping a key to a template with ``str.format`` placeholders
(``{mouse}``, ``{n}`` ...). The three files have the same keys (tests/test_i18n.py checks it). Game terms follow the
editions' own words (glossary.csv): Scurrier / Saetta / Springmaus, Lord Cuckoo / Lord Cucù / Prinz Kuckuck ...
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "it", "de")
"""The languages the widget speaks; the first is the default."""

_DIR = Path(__file__).parent / "messages"


def check_language(lang: Any) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise a ValueError naming the allowed ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    return lang


@cache
def catalog(lang: str) -> dict[str, str]:
    """The templates of one language (loaded once)."""
    check_language(lang)
    with (_DIR / f"{lang}.json").open(encoding="utf-8") as f:
        return json.load(f)


def has(lang: str, key: str) -> bool:
    return key in catalog(lang)


def t(lang: str, key: str, **kw: Any) -> str:
    """The text for ``key`` in ``lang`` with the placeholders filled in (KeyError if the key is missing)."""
    template = catalog(lang).get(key)
    if template is None:
        raise KeyError(f"no message {key!r} in the {lang!r} catalog ({_DIR / (lang + '.json')})")
    return template.format(**kw) if kw else template


def cap(text: str) -> str:
    """The first letter upper-cased, the rest left alone ('die Springmaus ...' -> 'Die Springmaus ...')."""
    return text[:1].upper() + text[1:]
