"""What a player reads, checked as text: every rule id explained in every language
(hickory_widget.hickory.words.explain), plurals and gender chosen by the catalogs' own rules, no hedges like
"(s)", and no sentence copied from the three rulebooks.

The rulebook texts and RULES-SPEC are copies of ../shared/rules (tests/data), so in a clone these tests never skip;
when ../shared is beside the clone the copies must still match it. The sdist leaves the publisher's rulebooks out on
purpose (docs/PACKAGING.md): there the tests that compare our words with them read ../shared/rules/seeds when it is
beside the unpacked sdist, and otherwise skip, saying so.
"""

from __future__ import annotations

import csv
import json
import re
import string
from pathlib import Path

import pytest

import hickory_widget
from hickory_widget import Game
from hickory_widget.core.protocol import Ask
from hickory_widget.hickory.board.view import build
from hickory_widget.hickory.words import labels
from hickory_widget.hickory.words.explain import explained_ids
from hickory_widget.hickory.words.i18n import LANGUAGES, catalog, is_plural, t, tn

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
SHARED = ROOT.parent / "shared" / "rules"
RULEBOOKS = {"en": "004_df23910451921a96.txt", "it": "000_e7ea1e8f261d942a.txt", "de": "003_59f6e40797c823a7.txt"}
COLORS = ("blue", "red", "yellow", "brown")
KINDS = ("scurrier", "scavenger", "spotter", "scamp", "scaler")
HEDGE = re.compile(r"\((s|n|e|en|i|a|o|es|r)\)|\w/\w\b", re.IGNORECASE)
PLURAL_AFTER_ONE = re.compile(r"(?<![\d.,])1 (points|pts|tiles|items|rows|columns|punti|tessere|oggetti|righe|colonne|"
                              r"Siegpunkte|Spielsteine|Objekte|Reihen|Spalten|SP)\b")


def spec_ids() -> list[str]:
    """Rule ids of RULES-SPEC Part A (R1–R129 with sub-rules), its rulings Q1–Q18 and docs/RULINGS.md's H ids."""
    spec = (DATA / "RULES-SPEC.md").read_text(encoding="utf-8")
    part_a = spec[spec.index("# PART A"):spec.index("# PART B")]
    ids = re.findall(r"^(R\d+[a-z]?)\.\s", part_a, re.M) + re.findall(r"^\| (Q\d+) \|", part_a, re.M)
    rulings = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    return ids + re.findall(r"^\| (H\d+) \|", rulings, re.M)


def rulebook(lang: str) -> str:
    """The publisher's rulebook in ``lang``: the clone's copy, else the rules folder beside the project."""
    for path in (DATA / "rulebooks" / f"{lang}.txt", SHARED / "seeds" / RULEBOOKS[lang]):
        if path.exists():
            return path.read_text(encoding="utf-8")
    if (ROOT / ".git").exists():
        pytest.fail(f"tests/data/rulebooks/{lang}.txt is missing from this clone")
    pytest.skip("the publisher's rulebooks are left out of the sdist on purpose; put ../shared/rules/seeds beside "
                "the unpacked sdist (or run from a clone) to compare the product's words with them")


@pytest.mark.parametrize("copy, original", [(DATA / "RULES-SPEC.md", "RULES-SPEC.md"),
                                            *[(DATA / "rulebooks" / f"{lang}.txt", f"seeds/{name}")
                                              for lang, name in RULEBOOKS.items()]])
def test_the_copies_match_the_shared_rules_when_present(copy: Path, original: str) -> None:
    if not copy.exists() and copy.parent.name == "rulebooks" and not (ROOT / ".git").exists():
        pytest.skip("an unpacked sdist: the publisher's rulebooks are left out of it on purpose")
    assert copy.exists(), f"{copy} is missing"
    if (SHARED / original).exists():
        assert copy.read_bytes() == (SHARED / original).read_bytes(), f"{copy} differs from {SHARED / original}"


# ------------------------------------------------------------------------------------------------ explanations
def test_italian_relics_take_the_pronoun_of_cimelio() -> None:
    """"il cimelio corona" is a cimelio (masculine): claiming it is "Rivendicalo", never "Rivendicala"."""
    game = Game.new(players=2, seed=1)
    relics = [tile for tile, tl in game.state.c.tiles.items() if tl.kind == "relic"]
    assert len(relics) == 3
    for tile in relics:
        name = labels.tile_name(game.state, tile, "it")
        assert name.startswith("il cimelio "), name
        assert name.obj == "lo", f"{name}: object pronoun {name.obj!r}"
        assert t("it", "label.claim", tile=name, mouse=labels.mouse_name("blue.scurrier", "it")).startswith(
            "Rivendicalo"), name


def test_R106b_R119_R121_the_solo_end_of_round_paws_scratch_and_then_chase_in_every_language() -> None:
    """Solo (R121): the end-of-round paws scratch the mice where they land (R119) and those mice still move on
    (R120): the explanation must say both, not that scratching replaces the chase."""
    said = {lang: hickory_widget.hickory.explain("R106b", language=lang).lower() for lang in LANGUAGES}
    assert "scratch" in said["en"] and ("chase" in said["en"] or "move on" in said["en"]), said["en"]
    assert "instead of chasing" not in said["en"]
    assert "graffian" in said["it"] and ("scacciar" in said["it"] or "spostano" in said["it"]), said["it"]
    assert "invece di scacciar" not in said["it"]
    assert "nur zu verjagen" in said["de"], said["de"]


def test_every_rule_ruling_and_project_ruling_is_explained_in_every_language() -> None:
    ids = spec_ids()
    assert {"R1", "R40a", "R111", "R129", "Q1", "Q18", "H1", "H14"} <= set(ids)
    assert len([i for i in ids if re.fullmatch(r"R\d+", i)]) == 129
    for lang in LANGUAGES:
        missing = [i for i in ids if f"rule.{i}" not in catalog(lang)]
        assert not missing, f"no explanation in {lang}.po for: {', '.join(missing)}"
        assert set(explained_ids(lang)) >= set(ids)
        for i in ids:
            text = hickory_widget.hickory.explain(i, language=lang)
            assert len(text.split()) >= 4, f"{lang} {i}: too short to explain anything: {text!r}"
            assert "Rule " + i not in text


def test_explanations_differ_by_language_and_say_when_data_is_reconstructed() -> None:
    for i in spec_ids():
        en, it, de = (hickory_widget.hickory.explain(i, lang) for lang in LANGUAGES)
        assert len({en, it, de}) == 3, f"{i} is not translated"
    assert "reconstructed" in hickory_widget.hickory.explain("R21")
    assert "ricostruiti" in hickory_widget.hickory.explain("R28", "it")
    assert "rekonstruierte" in hickory_widget.hickory.explain("Q14", "de")


def test_explain_refuses_unknown_ids_and_languages_saying_what_is_allowed() -> None:
    assert hickory_widget.hickory.explain("r48") == hickory_widget.hickory.explain("R48")
    for bad in ("R999", "R48z", "48", "", "M3", None):
        with pytest.raises(ValueError, match="ids look like R48 or R40a"):
            hickory_widget.hickory.explain(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="en, it, de"):
        hickory_widget.hickory.explain("R48", language="fr")


def test_rule_badges_carry_the_same_explanations() -> None:
    game = Game.new(3, seed=4)
    for _ in range(40):
        game.choose(game.choice_ids[0])
    for lang in LANGUAGES:
        badges = [r for entry in build(game, 1, lang)["log"] for r in entry["rule_texts"]]
        assert badges
        for badge in badges:
            assert badge["text"] == hickory_widget.hickory.explain(badge["id"], lang)


# ------------------------------------------------------------------------------------------------ plurals, gender
def mice(lang: str) -> list[str]:
    return [labels.mouse_name(f"{c}.{k}", lang) for c in COLORS for k in KINDS]


def tiles(lang: str) -> list[str]:
    s = Game.new(2, seed=1).state
    seen: dict[tuple, str] = {}
    for tile, tl in s.c.tiles.items():
        seen.setdefault((tl.kind, tl.color, tl.symbol, tile if tl.kind == "relic" else ""), tile)
    return [labels.tile_name(s, tile, lang) for tile in seen.values()]


COUNTED = {"points": "points", "score": "points", "goal": "points", "rows": "rows", "columns": "columns",
           "tiles": "tiles", "items": "items", "over": "tiles", "left": "tiles", "need": "tiles", "have": "tiles",
           "yours": "points", "best": "points"}
MOUSE_FIELDS = {"mouse", "receiver", "giver", "partner", "scaler", "bumped", "actor", "who", "owner"}
TILE_FIELDS = {"tile", "other", "item"}


def fields(template: str) -> set[str]:
    return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def renderings(lang: str):
    """Every message of ``lang`` rendered with counts 0, 1, 2 and 5 and, in turn, every mouse and every tile."""
    ms, ts = mice(lang), tiles(lang)
    for key, template in catalog(lang).items():
        names = fields(template)
        for count in (0, 1, 2, 5):
            rounds = max(len(ms), len(ts)) if names & (MOUSE_FIELDS | TILE_FIELDS) else 1
            for i in range(rounds):
                kw: dict[str, object] = {}
                for name in names:
                    if name in COUNTED:
                        kw[name] = tn(lang, f"count.{COUNTED[name]}", count)
                    elif name in MOUSE_FIELDS:
                        kw[name] = ms[i % len(ms)]
                    elif name in TILE_FIELDS:
                        kw[name] = ts[i % len(ts)]
                    else:
                        kw[name] = count
                if is_plural(lang, key):
                    kw["n"] = count
                yield key, t(lang, key, **kw)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_reads_right_for_every_count_and_term(lang: str) -> None:
    bad: dict[str, str] = {}
    n = 0
    for key, text in renderings(lang):
        n += 1
        if "{" in text or "}" in text or HEDGE.search(text) or PLURAL_AFTER_ONE.search(text):
            bad.setdefault(key, text)
    assert n > 10000
    assert not bad, "\n".join(f"{lang} {k}: {v}" for k, v in bad.items())


@pytest.mark.parametrize("lang, one, two", [("en", "1 point", "2 points"), ("it", "1 punto", "2 punti"),
                                            ("de", "1 Siegpunkt", "2 Siegpunkte")])
def test_plural_forms_follow_the_languages_rules(lang: str, one: str, two: str) -> None:
    assert t(lang, "count.points", n=1) == one
    assert t(lang, "count.points", n=2) == two
    assert tn(lang, "count.points", 0) == two.replace("2", "0")
    with pytest.raises(TypeError, match="plural forms"):
        t(lang, "count.points")


def test_a_scaler_scoring_one_point_reads_singular() -> None:
    s = Game.new(2, seed=1).state
    e = {"kind": "scaler_climbed", "rules": ["R101"], "color": "blue", "space": 3, "points": 1}
    assert labels.event_text(s, e, "en") == "Blue's Scaler climbs to space 3 and scores 1 point."
    assert labels.event_text(s, e, "it").endswith("ottiene 1 punto.")
    assert labels.event_text(s, e, "de").endswith("erhält 1 Siegpunkt.")
    e["points"] = 2
    assert labels.event_text(s, e, "de").endswith("erhält 2 Siegpunkte.")


def test_italian_pronouns_agree_with_the_tile() -> None:
    s = Game.new(2, seed=1).state
    button = next(k for k, tl in s.c.tiles.items() if (tl.color, tl.symbol) == ("purple", "button"))
    key = next(k for k, tl in s.c.tiles.items() if (tl.color, tl.symbol) == ("red", "key"))
    for tile, article, pronoun in ((button, "un bottone viola", "lo"), (key, "una chiave rossa", "la")):
        e = {"kind": "tile_claimed", "rules": ["R69"], "mouse": "blue.scurrier", "receiver": "blue.spotter",
             "tile": tile}
        text = labels.event_text(s, e, "it")
        assert f"rivendica {article} e {pronoun} mette sulla carta del Cercatore di Blu" in text
        ask = Ask("blue", "claim", ["claim:blue.spotter", "skip_claim"], {"number": 3, "tile": tile})
        assert labels.label(s, ask, "claim:blue.spotter", "it") == (
            f"Rivendica{pronoun} sulla carta del Cercatore di Blu")
        assert labels.label(s, ask, "claim:blue.spotter", "en") == "Claim it onto Blue's Spotter's card"


def test_german_cases_follow_the_sentence() -> None:
    s = Game.new(2, seed=1).state
    button = next(k for k, tl in s.c.tiles.items() if (tl.color, tl.symbol) == ("red", "button"))
    feather = next(k for k, tl in s.c.tiles.items() if (tl.color, tl.symbol) == ("green", "feather"))
    ask = Ask("blue", "spend", [f"pay:{button}", f"pay:{feather}"], {"mouse": "blue.scurrier"})
    assert labels.label(s, ask, f"pay:{button}", "de") == "Mit einem roten Knopf bezahlen"
    assert labels.label(s, ask, f"pay:{feather}", "de") == "Mit einer grünen Feder bezahlen"
    text = t("de", "why.claim_receiver", mouse=labels.mouse_name("blue.scurrier", "de"))
    assert "auf den Mausbogen der Springmaus von Blau" in text
    assert labels.mouse_name("red.scaler", "de").gen == "des Klettermäuschens von Rot"


# ------------------------------------------------------------------------------------------------ own words
def words(text: str) -> list[str]:
    """Lower-case words, punctuation and placeholders dropped (a placeholder breaks a run: '|')."""
    text = re.sub(r"\{[^}]*\}", " | ", text.lower())
    text = re.sub(r"[’']", " ", text)
    return re.findall(r"\||[^\W_]+", text)


def game_terms() -> dict[int, set[tuple[str, ...]]]:
    """The glossary's short entries (names of components, actions, mice) as word tuples, by length."""
    out: dict[int, set[tuple[str, ...]]] = {}
    with (DATA / "glossary.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            for lang in LANGUAGES:
                phrase = tuple(w for w in words(row[lang]) if w != "|")
                if 0 < len(phrase) <= 4:
                    out.setdefault(len(phrase), set()).add(phrase)
    return out


RUN = 8


def runs(seq: list[str], terms: dict[int, set[tuple[str, ...]]]) -> set[tuple[str, ...]]:
    """All runs of RUN words in ``seq``; every game term counts as the one word '§', so a copied sentence is found
    even when its terms are those of another edition ('|', a placeholder, ends a run)."""
    kept: list[str] = []
    i = 0
    while i < len(seq):
        for size in sorted(terms, reverse=True):
            if tuple(seq[i:i + size]) in terms[size]:
                kept.append("§")
                i += size
                break
        else:
            kept.append(seq[i])
            i += 1
    out: set[tuple[str, ...]] = set()
    for j in range(len(kept) - RUN + 1):
        run = tuple(kept[j:j + RUN])
        if "|" not in run and sum(w != "§" for w in run) >= RUN // 2:
            out.add(run)
    return out


def lesson_texts(node: object, where: str) -> list[tuple[str, str]]:
    """Every text of a lesson file (task, hints, explanation, answers, reasons), named by its place in the file."""
    if isinstance(node, dict):
        if set(node) == set(LANGUAGES) and all(isinstance(v, str) for v in node.values()):
            return [(f"{where}.{lang}", text) for lang, text in node.items()]
        return [t for key, value in node.items() for t in lesson_texts(value, f"{where}.{key}")]
    if isinstance(node, list):
        return [t for i, value in enumerate(node) for t in lesson_texts(value, f"{where}[{i}]")]
    return []


def notebooks() -> list[Path]:
    """The example notebooks in English and, made from them, in Italian and German (docs/NOTEBOOKS.md)."""
    return [p for where in ("*.ipynb", "it/*.ipynb", "de/*.ipynb") for p in sorted((ROOT / "examples").glob(where))]


def product_texts() -> list[tuple[str, str]]:
    """Every catalog message, every notebook cell (source and printed output) and every text of the built-in
    lessons, named by where it is."""
    out = [(f"{lang}.po {key}", text) for lang in LANGUAGES for key, text in catalog(lang).items()]
    for path in sorted((ROOT / "hickory_widget" / "lessons" / "data").rglob("*.json")):
        out += lesson_texts(json.loads(path.read_text(encoding="utf-8")), path.name)
    for nb in notebooks():
        name = str(nb.relative_to(ROOT / "examples"))
        for i, cell in enumerate(json.loads(nb.read_text(encoding="utf-8"))["cells"]):
            out.append((f"{name} cell {i}", "".join(cell["source"])))
            for o in cell.get("outputs", []):
                out.append((f"{name} cell {i} output", "".join(o.get("text", ""))))
    return out


def test_no_run_of_eight_words_is_copied_from_a_rulebook() -> None:
    terms = game_terms()
    book_runs = {lang: runs(words(rulebook(lang)), terms) for lang in LANGUAGES}
    assert all(len(r) > 1000 for r in book_runs.values())
    copied = []
    for where, text in product_texts():
        mine = runs(words(text), terms)
        for lang, theirs in book_runs.items():
            for run in sorted(mine & theirs):
                copied.append(f"{where} shares with the {lang} rulebook: {' '.join(run)}")
    assert not copied, "\n".join(copied)


def test_the_overlap_check_catches_a_copied_sentence() -> None:
    terms = game_terms()
    en = words(rulebook("en"))
    theirs = runs(en, terms)
    sample = " ".join(en[200:230])
    assert runs(words(sample), terms) & theirs


def test_every_example_notebook_names_the_python3_kernel() -> None:
    assert len(notebooks()) >= 15
    for nb in notebooks():
        spec = json.loads(nb.read_text(encoding="utf-8"))["metadata"].get("kernelspec", {})
        assert spec.get("name") == "python3" and spec.get("language") == "python", f"{nb.name}: kernelspec {spec}"


def test_the_editions_terms_are_used_throughout() -> None:
    """Italian: the Pedina Tracciato Priorità, Tessere Casella Azione, casella interna/esterna (one wording);
    German: the round is a Stunde, the hour hand always the Stundenzeiger."""
    it, de = catalog("it"), catalog("de")
    for key, text in it.items():
        low = text.lower()
        assert "segnalino priorit" not in low and "tessere azione" not in low and "tessera azione" not in low, key
        assert "casella del cerchio" not in low and "caselle del cerchio" not in low, key
    assert it["ui.priority_marker"] == "(Pedina Tracciato Priorità)"
    assert "Tessera Casella Azione" in it["ui.sun_token"]
    for key, text in de.items():
        assert not re.search(r"Stunde \{hour\}|\{hour\}\. Stunde", text), f"{key}: the hour hand is not a Stunde"
    assert "Stundenzeiger" in de["ui.hour_minute"] and de["ui.round"] == "Stunde {n}"


def test_every_rule_id_cited_in_a_text_or_notebook_has_an_explanation() -> None:
    """A learner who meets "(R69a)" in a why-not answer or a notebook can look it up (quest ids like Q07 aside)."""
    cited: dict[str, str] = {}
    for where, text in product_texts():
        for rid in re.findall(r"\b(R\d+[a-z]?|Q[1-9]\d*|H\d+)\b", text):
            cited.setdefault(rid, where)
    assert {"R111", "R69a", "R52", "H1"} <= set(cited)
    missing = {rid: where for rid, where in cited.items() if f"rule.{rid}" not in catalog("en")}
    assert not missing, f"cited without an explanation: {missing}"


def test_each_ruling_with_a_switch_says_in_words_that_an_option_exists() -> None:
    """A reader of Q3's explanation learns that a rule option gives the other reading, in words: the option's key
    (hickory_widget/hickory/rules/options.py) is code, never shown to a learner."""
    from hickory_widget.hickory.rules.options import OPTIONS

    words = {"en": "rule option", "it": "opzione di regola", "de": "Regeloption"}
    for name, description in OPTIONS.items():
        for q in re.findall(r"\bQ\d+\b", description.split(":")[0]):
            for lang in LANGUAGES:
                text = hickory_widget.hickory.explain(q, lang)
                assert words[lang] in text, f"{lang} {q} does not say that a rule option exists"
                assert name not in text, f"{lang} {q} shows the option key {name}"


def test_the_lesson_widget_speaks_from_the_same_catalogs_with_plural_points() -> None:
    from hickory_widget.lessons import ui_text

    keys = {lang: {k for k in catalog(lang) if k.startswith("lesson.ui.")} for lang in LANGUAGES}
    assert {"lesson.ui.correct", "lesson.ui.best_points", "lesson.ui.stars.3"} <= keys["en"]
    assert keys["en"] == keys["it"] == keys["de"], "every lesson text in all three languages"
    one, five = tn("it", "count.points", 1), tn("it", "count.points", 5)
    assert ui_text("it", "best_points", yours=one, best=five, horizon="Tic") == (
        "La tua scelta dà 1 punto entro la fine del Tic; la scelta migliore dà 5 punti.")
    assert ui_text("de", "best_equal", best=tn("de", "count.points", 1), horizon="des Ticktacks").startswith(
        "Deine Wahl erreicht bis zum Ende des Ticktacks 1 Siegpunkt ")
