#!/usr/bin/env python3
"""Carry message keys from flat JSON catalogs into the gettext catalogs hickory_widget/hickory/words/messages/<lang>.po.

The catalogs used to be JSON files ({"key": "template", ...}, one per language). Branches that still add keys
to en.json / it.json / de.json can be merged with this script: every key of a JSON file that its language's .po
file lacks is appended (in the JSON file's order) with the JSON template as its message string. An existing
message is never changed, even if the JSON text differs (the script lists those keys so you can look). Italian
and German entries get the English text as a comment for translators. A .po file that does not exist yet is
created with its language's Plural-Forms header.

Flat JSON has no plural forms, so imported keys are plain messages; give a key plural forms by hand in the .po
file if its text counts something (see hickory_widget/hickory/words/i18n.py, and write "{n} tiles" style counts with
``msgid_plural``). Then run ``bash scripts/test.sh -q tests/test_i18n.py tests/test_texts.py``.

Usage (from the repository root):

    python scripts/messages_from_json.py                     # en.json, it.json, de.json beside the .po files
    python scripts/messages_from_json.py it=/tmp/it.json     # one language from another file
    python scripts/messages_from_json.py --delete-json       # and delete each JSON file once carried over
    python scripts/messages_from_json.py --dry-run           # only list what would be added
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = ROOT / "hickory_widget" / "hickory" / "words" / "messages"
LANGUAGES = ("en", "it", "de")
TEAM = "hickory_widget authors"
LANGUAGE_NAMES = {"en": "English", "it": "Italian", "de": "German"}


def load_po(path: Path, lang: str) -> Catalog:
    """The catalog at ``path``, or a new empty one for ``lang`` (with Babel's Plural-Forms for it)."""
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang)
    header = (f"# {LANGUAGE_NAMES[lang]} messages of hickory_widget: prompts, labels, log, rule explanations.\n"
              "# Keys are message ids; each message string is a Python str.format template.")
    return Catalog(locale=lang, project="hickory_widget", version="0.1", header_comment=header,
                   copyright_holder="the hickory_widget authors", msgid_bugs_address="the project's issue tracker",
                   last_translator=TEAM, language_team=TEAM, revision_date=datetime.now(timezone.utc), fuzzy=False)


def save_po(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as f:
        write_po(f, catalog, width=0, omit_header=False, sort_output=False, include_lineno=False,
                 include_previous=False)


def load_json(path: Path) -> dict[str, str]:
    """A flat JSON catalog; a clear error if it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"{path}: not a readable JSON file ({e})")
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        sys.exit(f"{path}: a message catalog must be one JSON object mapping keys to template strings")
    return data


def english_text(key: str, english: dict[str, str], en_po: Catalog) -> str | None:
    message = en_po.get(key)
    if message is not None:
        string = message.string
        return string[-1] if isinstance(string, tuple) else string
    return english.get(key)


def carry(lang: str, source: Path, messages: Path, english: dict[str, str], en_po: Catalog,
          dry_run: bool) -> tuple[list[str], list[str]]:
    """Append the keys of ``source`` missing from ``messages/<lang>.po``; returns (added, differing) keys."""
    po_file = messages / f"{lang}.po"
    catalog = load_po(po_file, lang)
    data = load_json(source)
    added, differing = [], []
    for key, template in data.items():
        existing = catalog.get(key)
        if existing is not None:
            current = existing.string[-1] if isinstance(existing.string, tuple) else existing.string
            if current != template:
                differing.append(key)
            continue
        comments = []
        if lang != "en":
            en = english_text(key, english, en_po)
            if en is not None:
                comments.append(f"en: {en}")
        catalog.add(key, template, auto_comments=comments)
        added.append(key)
    if added and not dry_run:
        save_po(catalog, po_file)
    return added, differing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="*", metavar="LANG=FILE.json",
                        help="JSON catalogs by language (default: messages/<lang>.json where it exists)")
    parser.add_argument("--messages", type=Path, default=MESSAGES, help="the folder of the .po files")
    parser.add_argument("--delete-json", action="store_true", help="delete each JSON file once carried over")
    parser.add_argument("--dry-run", action="store_true", help="list what would be added, change nothing")
    args = parser.parse_args(argv)

    sources: dict[str, Path] = {}
    for item in args.sources:
        lang, sep, file = item.partition("=")
        if not sep or lang not in LANGUAGES:
            parser.error(f"{item!r}: give LANG=FILE.json with LANG one of {', '.join(LANGUAGES)}")
        sources[lang] = Path(file)
    if not args.sources:
        sources = {lang: args.messages / f"{lang}.json" for lang in LANGUAGES
                   if (args.messages / f"{lang}.json").exists()}
    if not sources:
        print("no JSON catalogs to carry over")
        return 0
    english = load_json(sources["en"]) if "en" in sources else {}
    en_po = load_po(args.messages / "en.po", "en")
    for lang in sorted(sources, key=LANGUAGES.index):  # English first: the others quote it for translators
        added, differing = carry(lang, sources[lang], args.messages, english, en_po, args.dry_run)
        if lang == "en":
            en_po = load_po(args.messages / "en.po", "en")
        verb = "would add" if args.dry_run else "added"
        print(f"{lang}: {verb} {len(added)} keys from {sources[lang]}" + (f": {', '.join(added)}" if added else ""))
        if differing:
            print(f"{lang}: kept the .po text of {len(differing)} keys whose JSON text differs: {', '.join(differing)}")
        if args.delete_json and not args.dry_run:
            sources[lang].unlink()
            print(f"{lang}: deleted {sources[lang]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
