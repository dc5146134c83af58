"""The Italian and German example notebooks (examples/it, examples/de) are the English ones with the texts of
examples/i18n/<notebook>.<lang>.po: up to date with both, every cell translated, code changed only where it speaks
the language, and the texts read by the same checks as the catalogs (docs/NOTEBOOKS.md)."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from test_terms import DE_LOWER_CLAUSE_AFTER_COLON, IT_NUMBER_ARTICLE, italian_mouse_problems, wrong_words

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import notebook_languages as nl  # noqa: E402

DONE = ("00_quickstart", "01_setup", "02_tick_resolution", "03_delivery_scoring", "04_end_of_round", "05_what_if",
        "07_clocktowers", "08_mice")
"""Every notebook with prose, in both languages (06_lessons has none: the classroom page speaks the learner's
language from its address)."""

SPEAKS = re.compile(r"event_text\(|tile_name\(|mouse_name\(|actions_text\(|\.decision\.prompt\b|\.choices\b|"
                    r"\.widget\(|\bbuild\(game|curriculum\(|lesson_widget\(")
"""Code that shows a game text: in a translated notebook it must ask for a language (the notebook's, or another on
purpose, such as the German notebook showing the Italian lesson), never fall back to English."""
CHOSEN = re.compile(r"""(['"])(it|de)\1""")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_the_translated_notebooks_are_up_to_date_complete_and_true_to_the_english_code() -> None:
    found = nl.check()
    assert not found, "\n".join(map(str, found))


@pytest.mark.parametrize("lang", nl.LANGS)
def test_every_notebook_with_prose_exists_in_both_languages(lang: str) -> None:
    have = {p.stem for p in nl.translated_notebooks(lang)}
    with_prose = {p.stem for p in nl.english_notebooks() if any(c["cell_type"] == "markdown" for c in cells(p))}
    assert with_prose == set(DONE), "a new English notebook with prose: translate it and add it to DONE"
    assert set(DONE) <= have, f"no {lang} catalog for {sorted(set(DONE) - have)}"
    for name in DONE:
        assert (nl.EXAMPLES / lang / f"{name}.ipynb").exists()


@pytest.mark.parametrize("lang", nl.LANGS)
def test_code_that_shows_a_game_text_asks_for_the_notebooks_language(lang: str) -> None:
    bad = []
    for path in sorted((nl.EXAMPLES / lang).glob("*.ipynb")):
        for i, cell in enumerate(cells(path)):
            text = nl.source(cell)
            if cell["cell_type"] == "code" and SPEAKS.search(text) and not CHOSEN.search(text):
                bad.append(f"{lang}/{path.name} cell {i} (id {cell['id']}): {SPEAKS.search(text).group(0)}")
    assert not bad, "these cells show English game texts:\n" + "\n".join(bad)


def notebook_texts(lang: str) -> list[tuple[str, str]]:
    out = []
    for path in sorted((nl.EXAMPLES / lang).glob("*.ipynb")):
        scope = "hickory/" if path.name[:2] < "07" else "cards/"
        for i, cell in enumerate(cells(path)):
            text = nl.source(cell)
            if cell["cell_type"] == "markdown":
                text = re.sub(r"`[^`]*`", "…", text)  # code in the prose is code
            else:
                text = "\n".join(re.findall(r"#\s*(.*)", text) + re.findall(r"print\(f?\"([^\"]*)\"", text))
            out.append((f"{scope}{lang}/{path.name} cell {i}", text))
    return out


@pytest.mark.parametrize("lang", nl.LANGS)
def test_the_notebooks_use_the_editions_words(lang: str) -> None:
    """The known wrong synonyms of tests/test_terms.py (its WRONG_WORDS, each with its reason), and Italian mouse
    names with their article, Italian numbers with the article of their sound, German sentences capitalized
    after a colon."""
    found = []
    for where, text in notebook_texts(lang):
        found += wrong_words(lang, where, text)
        if lang == "it":
            found += [f"{where}: no article for '{p}'" for p in italian_mouse_problems(text)]
            found += [f"{where}: number article in: {m.group(0)}" for m in IT_NUMBER_ARTICLE.finditer(text)]
        else:
            found += [f"{where}: lower case after a colon: {m.group(0)}"
                      for m in DE_LOWER_CLAUSE_AFTER_COLON.finditer(text)]
    assert not found, "\n".join(found)


# ------------------------------------------------------------------------------------------------ the sync itself
@pytest.fixture
def copy_of_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """examples/ with 00_quickstart and its catalogs, copied, and the script pointed at the copy."""
    ex = tmp_path / "examples"
    (ex / "i18n").mkdir(parents=True)
    shutil.copy(nl.EXAMPLES / "00_quickstart.ipynb", ex)
    for lang in nl.LANGS:
        shutil.copy(nl.catalog_path("00_quickstart", lang), ex / "i18n")
        (ex / lang).mkdir()
        shutil.copy(nl.EXAMPLES / lang / "00_quickstart.ipynb", ex / lang)
    monkeypatch.setattr(nl, "ROOT", tmp_path)
    monkeypatch.setattr(nl, "EXAMPLES", ex)
    monkeypatch.setattr(nl, "I18N", ex / "i18n")
    assert nl.check() == []
    return ex


def edit_english(ex: Path, cell_id: str, text: str) -> None:
    path = ex / "00_quickstart.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["id"] == cell_id:
            cell["source"] = nl.lines(text)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def test_a_changed_english_cell_makes_its_translation_stale_until_revised(copy_of_examples: Path) -> None:
    ex = copy_of_examples
    edit_english(ex, "20b0ab7c", "A move that is not legal is refused, saying what is allowed; nothing changes.")
    found = [str(f) for f in nl.check()]
    assert any("cell 5 (id 20b0ab7c): stale" in f for f in found), found
    nl.main(["update"])
    entry = next(m for m in nl.read_catalog(ex / "i18n" / "00_quickstart.it.po", "it") if m.context == "20b0ab7c")
    assert "fuzzy" in entry.flags and entry.user_comments[0] == nl.PREVIOUS
    assert " ".join(entry.user_comments[1:]).startswith("| Anything that is not legal is refused")
    assert entry.string.startswith("Una mossa non permessa")   # the old translation is kept for the translator
    assert any("20b0ab7c): stale: marked fuzzy" in str(f) for f in nl.check(("it",)))
    catalog = nl.read_catalog(ex / "i18n" / "00_quickstart.it.po", "it")
    catalog.get(entry.id, context=entry.context).flags.discard("fuzzy")
    nl.write_catalog(catalog, ex / "i18n" / "00_quickstart.it.po")
    assert any("20b0ab7c): revised but the old English is still above" in str(f) for f in nl.check(("it",)))
    catalog.get(entry.id, context=entry.context).user_comments = []
    nl.write_catalog(catalog, ex / "i18n" / "00_quickstart.it.po")
    nl.build(("it",))
    assert nl.check(("it",)) == []


def test_a_new_english_cell_is_reported_untranslated(copy_of_examples: Path) -> None:
    ex = copy_of_examples
    path = ex / "00_quickstart.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"].append({"cell_type": "markdown", "id": "new-cell", "metadata": {}, "source": ["One more word."]})
    path.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    assert any("(id new-cell): no translation" in str(f) for f in nl.check())
    nl.main(["update"])
    assert any("(id new-cell): untranslated: the entry is empty" in str(f) for f in nl.check())


def test_a_hand_edited_translated_notebook_is_found(copy_of_examples: Path) -> None:
    target = copy_of_examples / "de" / "00_quickstart.ipynb"
    target.write_text(target.read_text(encoding="utf-8").replace("fünf Minuten", "zehn Minuten"), encoding="utf-8")
    assert [str(f) for f in nl.check()] == [
        "examples/de/00_quickstart.ipynb: out of date with the English notebook and its catalog: run `python "
        "scripts/notebook_languages.py build` (never edit it by hand: edit the catalog)"]


@pytest.mark.parametrize("english, localized, ok", [
    ("print(game.decision.prompt)", "print(game.decision_in('it').prompt)", True),
    ("print(event_text(s, e), 'rules')", "print(event_text(s, e, 'it'), 'regole')", True),
    ("print(event_text(s, e))", "print(event_text(s, e, lang='it'))  # un commento", True),
    ("w = game.widget()", 'w = game.widget(language="it")', True),
    ("print(game.decision.prompt)", "print(game.decision.prompt); game.undo()", False),
    ("print(game.decision.prompt)", "print(game.decision.label)", False),
    ("print(game.decision.prompt)", "print(game.decision.prompt", False),
])
def test_localized_code_may_differ_only_in_language_strings_and_comments(english: str, localized: str,
                                                                         ok: bool) -> None:
    problem = nl.code_problem(english, localized, "it")
    assert (problem is None) == ok, problem
