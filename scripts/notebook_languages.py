"""The example notebooks in Italian and German, made from the English ones and one catalog per notebook and language.

The English notebook in examples/ is the only source of the code. examples/i18n/<notebook>.<lang>.po holds, for every
markdown cell, its English text (msgid), the translation (msgstr) and the cell id (msgctxt); a code cell is in the
catalog only when its localized copy differs (a ``language`` argument, a printed label), and then differs in nothing
else (checked here). examples/it/ and examples/de/ are written from the two and committed, so JupyterLab, lab.sh and
the static site open them as they are. docs/NOTEBOOKS.md tells a translator how to update a cell.

    python scripts/notebook_languages.py update [it|de [NOTEBOOK ...]]  # catalogs follow the English, then build
                                            # (naming a notebook starts its catalog in that language)
    python scripts/notebook_languages.py build                 # examples/<lang>/ from the catalogs
    python scripts/notebook_languages.py check                 # what is stale, untranslated or out of date; exit 1

Needs babel (the ``test`` dependency group) to read and write the catalogs; the built notebooks need nothing.
"""

from __future__ import annotations

import copy
import io
import json
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
I18N = EXAMPLES / "i18n"
LANGS = ("it", "de")
NAMES = {"it": "Italian", "de": "German"}


def english_notebooks() -> list[Path]:
    return sorted(EXAMPLES.glob("[0-9][0-9]_*.ipynb"))


def catalog_path(notebook: str, lang: str) -> Path:
    return I18N / f"{notebook}.{lang}.po"


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def lines(text: str) -> list[str]:
    """A cell's source the way Jupyter stores it: one string per line, each but the last ending in a newline."""
    return text.splitlines(keepends=True)


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write_catalog(catalog: Catalog, path: Path) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


# ------------------------------------------------------------------------------------------------ code cells
LANGUAGE_CODES = {f"{q}{code}{q}" for code in ("en", "it", "de") for q in "'\""}


def _tokens(code: str) -> list[tuple[int, str]]:
    """Tokens of ``code`` without comments and layout: what must stay the same in every language."""
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type not in skip]


def _without_language_arguments(tokens: list[tuple[int, str]], lang: str) -> list[tuple[int, str]]:
    """``tokens`` with every argument that names a language taken out: ``, 'it'``, ``language='de'``, ``lang='en'``
    (and the other uses of a language code, the same in both texts): a notebook may speak ``lang`` anywhere."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(tokens):
        kind, text = tokens[i]
        if kind == tokenize.STRING and text in LANGUAGE_CODES:
            if len(out) >= 2 and out[-1][1] == "=" and out[-2][1] in ("language", "lang"):
                del out[-2:]
            if out and out[-1][1] == ",":
                out.pop()
            i += 1
            continue
        out.append((kind, text))
        i += 1
    # game.decision_in('it') / game.choices_in('it'): the English reads game.decision / game.choices
    for j in range(len(out) - 2, -1, -1):
        if out[j][1].endswith("_in") and out[j + 1][1] == "(" and j + 2 < len(out) and out[j + 2][1] == ")":
            out[j:j + 3] = [(out[j][0], out[j][1][:-3])]
    return out


def code_problem(english: str, localized: str, lang: str) -> str | None:
    """Why ``localized`` is more than ``english`` with its language arguments, strings and comments in ``lang``
    (None when it is not). Strings may change (printed labels), and a language argument may be added or changed."""
    try:
        theirs = _without_language_arguments(_tokens(localized), lang)
        ours = _without_language_arguments(_tokens(english), lang)
    except (tokenize.TokenError, SyntaxError) as err:
        return f"the localized code does not parse: {err}"
    if len(theirs) != len(ours):
        return ("the localized code has other statements than the English (only language arguments, strings and "
                "comments may differ)")
    for (k1, t1), (k2, t2) in zip(ours, theirs, strict=True):
        if k1 != k2 or (t1 != t2 and k1 != tokenize.STRING):
            return (f"the localized code has {t2!r} where the English has {t1!r} (only language arguments, strings "
                    "and comments may differ)")
    return None


# ------------------------------------------------------------------------------------------------ catalogs
PREVIOUS = "Old English (revise, then delete the fuzzy flag and these lines):"
"""Written above a stale entry with the old English, line by line after '| ' (babel cannot read back a multi-line
``#| msgid``; it wraps long comment lines, which is fine for a reader)."""
@dataclass
class Finding:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def update(lang: str, notebook: Path) -> Catalog:
    """The catalog of ``notebook`` in ``lang`` brought up to date with the English cells: a new markdown cell gets an
    empty entry, a changed cell (markdown or localized code) keeps its old translation, marked fuzzy with the old
    English above it as a comment, and entries of cells that are gone are dropped."""
    path = catalog_path(notebook.stem, lang)
    old = read_catalog(path, lang) if path.exists() else None
    new = Catalog(locale=lang, project=f"hickory_widget examples/{notebook.name}", version="1", fuzzy=False,
                  header_comment=f"# {NAMES[lang]} texts of examples/{notebook.name} (docs/NOTEBOOKS.md).",
                  language_team=f"{NAMES[lang]} <hickory_widget examples>", copyright_holder="hickory_widget",
                  creation_date=old.creation_date if old else None, revision_date=old.revision_date if old else None)
    by_cell = {m.context: m for m in old if m.id and m.context} if old else {}
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        text, cid = source(cell), cell["id"]
        before = by_cell.get(cid)
        if cell["cell_type"] == "code" and before is None:
            continue  # identical in every language
        kind = f"{cell['cell_type']} cell"
        if before is not None and before.id == text:
            new[text] = Message(text, before.string, context=cid, flags=before.flags, auto_comments=[kind],
                                user_comments=before.user_comments)
        elif before is not None:
            stale = "fuzzy" in before.flags and before.user_comments[:1] == [PREVIOUS]
            comments = before.user_comments if stale else [PREVIOUS, *(f"| {line}" for line in before.id.split("\n"))]
            new[text] = Message(text, before.string, context=cid, flags={"fuzzy"}, auto_comments=[kind],
                                user_comments=comments)
        elif text.strip():
            new[text] = Message(text, "", context=cid, auto_comments=[kind])
    write_catalog(new, path)
    return new


def translations(notebook: Path, lang: str) -> tuple[dict[str, str], list[Finding]]:
    """{cell id: localized source} from the catalog, and what is wrong with it (stale, untranslated, gone)."""
    path = catalog_path(notebook.stem, lang)
    rel = path.relative_to(ROOT)
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    catalog = read_catalog(path, lang)
    entries = {m.context: m for m in catalog if m.id}
    found: list[Finding] = []
    out: dict[str, str] = {}
    for i, cell in enumerate(cells):
        cid, text = cell["id"], source(cell)
        where = f"{rel} cell {i} (id {cid})"
        m = entries.pop(cid, None)
        if m is None:
            if cell["cell_type"] == "markdown" and text.strip():
                found.append(Finding(where, "no translation: run `python scripts/notebook_languages.py update "
                                     f"{lang}` and translate the new entry"))
            continue
        if m.id != text:
            found.append(Finding(where, "stale: the English cell changed since it was translated; run `update`, "
                                 "then revise the entry marked fuzzy (the old English is beside it)"))
        elif "fuzzy" in m.flags:
            found.append(Finding(where, "stale: marked fuzzy; revise the translation against the new English, then "
                                 "remove the fuzzy flag"))
        elif m.user_comments[:1] == [PREVIOUS]:
            found.append(Finding(where, "revised but the old English is still above the entry: delete those lines"))
        elif not m.string.strip():
            found.append(Finding(where, "untranslated: the entry is empty"))
        elif cell["cell_type"] == "markdown" and m.string.strip() == text.strip():
            found.append(Finding(where, "untranslated: the entry repeats the English"))
        elif cell["cell_type"] == "code" and (problem := code_problem(text, m.string, lang)):
            found.append(Finding(where, problem))
        out[cid] = m.string
    for cid in entries:
        found.append(Finding(str(rel), f"an entry for cell {cid}, which the English notebook no longer has: run "
                             "`update`"))
    return out, found


def localized(notebook: Path, lang: str) -> dict:
    """The notebook in ``lang``: the English one with each translated cell's source replaced."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    texts, _ = translations(notebook, lang)
    out = copy.deepcopy(nb)
    for cell in out["cells"]:
        if cell["id"] in texts:
            cell["source"] = lines(texts[cell["id"]])
    out["metadata"]["hickory_widget"] = {"language": lang, "source": f"../{notebook.name}",
                                         "catalog": f"../i18n/{catalog_path(notebook.stem, lang).name}"}
    return out


def dump(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def translated_notebooks(lang: str) -> list[Path]:
    """The English notebooks that have a catalog in ``lang``."""
    return [nb for nb in english_notebooks() if catalog_path(nb.stem, lang).exists()]


def build(langs: tuple[str, ...] = LANGS) -> list[Path]:
    written = []
    for lang in langs:
        for notebook in translated_notebooks(lang):
            target = EXAMPLES / lang / notebook.name
            target.parent.mkdir(exist_ok=True)
            target.write_text(dump(localized(notebook, lang)), encoding="utf-8")
            written.append(target)
    return written


def check(langs: tuple[str, ...] = LANGS) -> list[Finding]:
    """Everything that keeps examples/<lang>/ from being a true, complete, up-to-date translation."""
    found: list[Finding] = []
    for lang in langs:
        wanted = {nb.name for nb in translated_notebooks(lang)}
        for notebook in translated_notebooks(lang):
            found += translations(notebook, lang)[1]
            target = EXAMPLES / lang / notebook.name
            if not target.exists():
                found.append(Finding(str(target.relative_to(ROOT)), "missing: run `python scripts/notebook_languages"
                                     ".py build`"))
            elif target.read_text(encoding="utf-8") != dump(localized(notebook, lang)):
                found.append(Finding(str(target.relative_to(ROOT)), "out of date with the English notebook and its "
                                     "catalog: run `python scripts/notebook_languages.py build` (never edit it by "
                                     "hand: edit the catalog)"))
        for extra in sorted((EXAMPLES / lang).glob("*.ipynb")) if (EXAMPLES / lang).exists() else []:
            if extra.name not in wanted:
                found.append(Finding(str(extra.relative_to(ROOT)), "has no English source with a catalog"))
    return found


def main(argv: list[str]) -> int:
    command, *langs = argv or ["check"]
    chosen = (tuple(langs[:1]) if command == "update" else tuple(langs)) or LANGS
    if bad := [lang for lang in chosen if lang not in LANGS]:
        print(f"unknown language {', '.join(bad)}: the notebooks are translated into {', '.join(LANGS)}")
        return 2
    if command == "update":
        lang, *names = langs or [None]
        for one in (lang,) if lang else LANGS:
            started = {nb for nb in english_notebooks() if nb.stem in names or nb.name in names}
            for notebook in sorted(set(translated_notebooks(one)) | started):
                update(one, notebook)
        build(chosen[:1] if lang else LANGS)
    elif command == "build":
        for path in build(chosen):
            print("wrote", path.relative_to(ROOT))
    elif command != "check":
        print(f"unknown command {command!r}: update, build or check")
        return 2
    found = check(chosen)
    for finding in found:
        print(finding)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
