"""English, Italian and German texts (hickory/messages/*.po, i18n.py): complete catalogs, the editions' own
terms, every prompt, label, event sentence and rule explanation produced in every language, and the widget's live
``language`` switch."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from hickory_widget import Game
from hickory_widget.core.protocol import Ask
from hickory_widget.hickory.board.view import build
from hickory_widget.hickory.widget import HickoryWidget
from hickory_widget.hickory.words import labels
from hickory_widget.hickory.words.i18n import FORMS, LANGUAGES, catalog, t

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hickory_widget" / "hickory"
MESSAGES = PACKAGE / "words" / "messages"
GLOSSARY = Path(__file__).parent / "data" / "glossary.csv"
"""A copy of ../shared/rules/glossary.csv, the trilingual term list the editions use."""

EDITION_TERMS = {  # glossary.csv: the terms each edition prints
    "kind.scurrier": {"en": "Scurrier", "it": "Saetta", "de": "Springmaus"},
    "kind.scavenger": {"en": "Scavenger", "it": "Spazzino", "de": "Beutelmaus"},
    "kind.spotter": {"en": "Spotter", "it": "Cercatore", "de": "Guckmaus"},
    "kind.scamp": {"en": "Scamp", "it": "Birba", "de": "Schlaumaus"},
    "kind.scaler": {"en": "Scaler", "it": "Scalatore", "de": "Klettermäuschen"},
    "term.lord_cuckoo": {"en": "Lord Cuckoo", "it": "Lord Cucù", "de": "Prinz Kuckuck"},
    "term.discount_bin": {"en": "discount bin", "it": "cesto delle occasioni", "de": "Klitzis Angebote"},
    "term.hunt_board": {"en": "hunt board", "it": "plancia caccia al tesoro", "de": "Trophäentableau"},
    "term.chirp": {"en": "CHIRP", "it": "CUCUUU", "de": "KUCKU"},
}


def raw(lang: str) -> dict[str, str]:
    """The templates of one language, shared keys only (gender and grammatical forms are per language)."""
    return {k: v for k, v in catalog(lang).items() if not is_grammar(k)}


def is_grammar(key: str) -> bool:
    """Keys a language may have alone: a term's gender, its case forms, pronouns."""
    return key.endswith(tuple(f".{f}" for f in ("gender", *FORMS))) or key.startswith("pronoun.")


def placeholders(template: str) -> set[str]:
    """The fields a template fills, without the form asked of a term ({tile.dat} -> tile)."""
    return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def play(players: int, seed: int, lang: str, texts: list[str], rules: set[str], kinds: set[str]) -> Game:
    """A random game to the end; every prompt, label and (at the end) event sentence in ``lang`` is collected."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        d = game.decision
        assert d is not None
        ask = Ask(d.player, d.kind, game.choice_ids, d.context)
        texts.append(labels.prompt(game.state, ask, lang))
        texts.extend(labels.label(game.state, ask, o, lang) for o in ask.options)
        game.choose(rng.choice(game.choice_ids))
    for e in game.events:
        texts.append(labels.event_text(game.state, e, lang))
        rules.update(e["rules"])
        kinds.add(e["kind"])
    return game


# ------------------------------------------------------------------------------------------------ catalogs
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_key_exists_in_every_language(lang: str) -> None:
    en, other = raw("en"), raw(lang)
    missing = sorted(set(en) - set(other))
    extra = sorted(set(other) - set(en))
    assert not missing, f"keys of en.po missing in {lang}.po: {', '.join(missing)}"
    assert not extra, f"keys of {lang}.po missing in en.po: {', '.join(extra)}"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    en, other = raw("en"), raw(lang)
    wrong = [f"{k}: en {sorted(placeholders(v))} vs {lang} {sorted(placeholders(other[k]))}"
             for k, v in en.items() if k in other and placeholders(v) != placeholders(other[k])]
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_templates_are_non_empty_and_well_formed(lang: str) -> None:
    for key, template in raw(lang).items():
        assert template.strip() or key == "list.sep", f"{lang}.po: {key} is empty"
        placeholders(template)  # raises on a stray brace


def test_unknown_language_is_refused_naming_the_languages() -> None:
    with pytest.raises(ValueError, match="en, it, de"):
        t("fr", "ui.undo")
    with pytest.raises(ValueError, match="en, it, de"):
        build(Game.new(2, seed=1), 0, "fr")


# ------------------------------------------------------------------------------------------------ terms
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_editions_own_terms(lang: str) -> None:
    for key, words in EDITION_TERMS.items():
        assert t(lang, key) == words[lang], f"{lang}: {key}"


def test_terms_match_the_glossary() -> None:
    import csv

    with GLOSSARY.open(encoding="utf-8") as f:
        rows = {r["key"]: r for r in csv.DictReader(f)}
    pairs = {"kind.scurrier": "scurrier", "kind.scavenger": "scavenger", "kind.spotter": "spotter",
             "kind.scamp": "scamp", "kind.scaler": "scaler", "term.lord_cuckoo": "lord_cuckoo",
             "term.discount_bin": "discount_bin", "term.cat_paw": "cat_paw", "term.favor_card": "favor_card",
             "term.quest_card": "quest_card", "term.hunt_board": "hunt_board", "term.minute_hand": "minute_hand",
             "symbol.feather": "sym_feather", "symbol.thimble": "sym_thimble", "symbol.key": "sym_key"}
    for key, gkey in pairs.items():
        for lang in LANGUAGES:
            assert t(lang, key).lower() == rows[gkey][lang].lower(), f"{lang}: {key} vs glossary {gkey}"


def test_labels_use_the_editions_terms() -> None:
    game = Game.new(2, seed=1)
    s = game.state
    ask = Ask("blue", "activate", ["activate:blue.scurrier", "scamp:12"], {"number": 3})
    assert "Saetta" in labels.label(s, ask, "activate:blue.scurrier", "it")
    assert "Springmaus" in labels.label(s, ask, "activate:blue.scurrier", "de")
    assert "Scurrier" in labels.label(s, ask, "activate:blue.scurrier", "en")
    assert "Lord Cucù" in labels.label(s, ask, "scamp:12", "it")
    assert "Prinz Kuckuck" in labels.label(s, ask, "scamp:12", "de")
    assert labels.mouse_name("red.spotter", "it") == "Cercatore di Rosso"
    assert labels.mouse_name("red.spotter", "de") == "die Guckmaus von Rot"


def test_the_bump_sentence_names_the_bumped_mice() -> None:
    game = Game.new(4, seed=1)
    e = {"kind": "mouse_jumped_on", "rules": ["R46", "R47", "R48"], "mouse": "blue.scavenger", "number": 5,
         "bumped": ["red.spotter", "yellow.scurrier"]}
    assert labels.event_text(game.state, e) == ("Blue's Scavenger jumps on the full minute hand at 5 and bumps "
                                                "Red's Spotter and Yellow's Scurrier off.")
    assert "il Cercatore di Rosso e la Saetta di Giallo" in labels.event_text(game.state, e, "it")
    assert "die Guckmaus von Rot und die Springmaus von Gelb" in labels.event_text(game.state, e, "de")


# ------------------------------------------------------------------------------------------------ games
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_random_games_is_produced(lang: str) -> None:
    texts: list[str] = []
    rules: set[str] = set()
    kinds: set[str] = set()
    for players in (1, 2, 4):
        play(players, players, lang, texts, rules, kinds)
    assert texts
    for text in texts:
        assert text.strip(), "an empty text"
        assert "{" not in text and "}" not in text, f"{lang}: a placeholder was left: {text!r}"
    assert {"hand_moved", "mouse_activated", "round_ended", "game_over"} <= kinds
    for kind in kinds:  # an event kind without a sentence of its own falls back to its id: never wanted
        assert labels.event_text(Game.new(2).state, {"kind": kind, "rules": []}, lang) != f"{kind.replace('_', ' ')}."


def test_every_rule_in_random_games_is_explained_in_every_language() -> None:
    rules: set[str] = set()
    for players, seed in ((1, 5), (2, 6), (3, 7), (4, 8)):
        play(players, seed, "en", [], rules, set())
    assert {"R40", "R45", "R105"} <= rules
    for lang in LANGUAGES:
        missing = sorted(r for r in rules if f"rule.{r}" not in catalog(lang))
        assert not missing, f"rules without an explanation in {lang}.po: {', '.join(missing)}"


def test_every_rule_and_event_in_the_engine_source_has_a_text() -> None:
    """Statically: rule ids given to emit/enter/leap calls and every emitted event kind (also rare ones)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    rule_ids = set(re.findall(r'"((?:R\d+[a-z]?)|(?:Q\d+))"', source))
    kinds = set(re.findall(r'\.emit\(\s*"(\w+)"', source))
    variants = {"mouse_fled": ("mouse_fled_inner", "mouse_fled_outer"), "solo_result": ("solo_won", "solo_lost")}
    for lang in LANGUAGES:
        cat = catalog(lang)
        missing = sorted(r for r in rule_ids if f"rule.{r}" not in cat)
        assert not missing, f"rule ids in the engine without an explanation in {lang}.po: {', '.join(missing)}"
        for kind in kinds:
            for key in variants.get(kind, (kind,)):
                assert f"event.{key}" in cat, f"event kind {kind!r} has no sentence in {lang}.po"


# ------------------------------------------------------------------------------------------------ view, widget
def test_view_model_carries_language_ui_and_explained_rules() -> None:
    game = Game.new(2, seed=2)
    for _ in range(30):
        game.choose(game.choice_ids[0])
    for lang in LANGUAGES:
        view = build(game, 7, lang)
        assert view["lang"] == lang
        assert view["ui"]["ui.undo"] == t(lang, "ui.undo")
        assert view["log"]
        for entry in view["log"]:
            assert [r["id"] for r in entry["rule_texts"]] == entry["rules"]
            for r in entry["rule_texts"]:
                assert r["text"] == labels.rule_text(r["id"], lang)


def test_every_ui_key_the_front_end_asks_for_exists() -> None:
    js = "\n".join((ROOT / "js" / "hickory" / name).read_text(encoding="utf-8") for name in ("board.mjs", "widget.mjs"))
    keys = set(re.findall(r'\btr\("([\w.]+)"', js))
    assert {"ui.undo", "ui.new_game", "ui.priority", "ui.quests", "ui.market", "ui.chain"} <= keys
    ui = build(Game.new(2, seed=1))["ui"]
    for lang in LANGUAGES:
        assert not sorted(keys - set(catalog(lang))), f"{lang}: {sorted(keys - set(catalog(lang)))}"
    assert not keys - set(ui), f"not sent to the front end: {sorted(keys - set(ui))}"
    for src in ("deliveries", "quests", "hunt", "chain", "relics", "pool"):
        assert f"source.{src}" in ui


def test_the_widget_switches_language_live() -> None:
    w = HickoryWidget(Game.new(2, seed=3))
    assert w.view["lang"] == "en"
    english = w.view["decision"]["prompt"]
    version = w.view["version"]
    w.language = "it"
    assert w.view["lang"] == "it"
    assert w.view["version"] > version
    assert w.view["decision"]["prompt"] != english
    ask = Ask(w.game.decision.player, w.game.decision.kind, w.game.choice_ids, w.game.decision.context)
    assert w.view["decision"]["prompt"] == labels.prompt(w.game.state, ask, "it")
    assert w.texts["ui.undo"] == t("it", "ui.undo") and "ui" not in w.view  # the texts travel apart
    w.set_language("de")
    assert w.view["lang"] == "de"
    assert w.view["decision"]["prompt"] == labels.prompt(w.game.state, ask, "de")
    before = dict(w.view)
    with pytest.raises(ValueError, match="en, it, de"):
        w.language = "fr"
    assert w.language == "de"
    assert w.view == before
    assert "en, it, de" in w.error
    with pytest.raises(ValueError, match="en, it, de"):
        HickoryWidget(Game.new(2, seed=3), language="xx")
    assert HickoryWidget(Game.new(2, seed=3), language="de").view["lang"] == "de"


def test_the_front_end_takes_its_words_from_the_view_model(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed, so the front end's texts cannot be checked (CI must have it)")
        pytest.skip("node is not installed: install nodejs to check the front end's texts")
    ui = build(Game.new(2, seed=1), 0, "it")["ui"]
    board = (ROOT / "js" / "hickory" / "board.mjs").as_uri()
    script = tmp_path / "check.mjs"
    script.write_text(f"""
import {{ tr, useTexts, mouseLabel, itemLabel, ruleBadges }} from {json.dumps(board)};
const out = {{}};
out.fallback = tr("ui.undo", "Undo");
useTexts({{ ui: {json.dumps(ui)} }});
out.undo = tr("ui.undo", "Undo");
out.missing = tr("ui.no_such_key", "plain {{n}}", {{ n: 3 }});
out.mouse = mouseLabel("blue.scurrier");
out.item = itemLabel("red", "feather");
out.badges = ruleBadges({{ rules: ["R48"], rule_texts: [{{ id: "R48", text: "x" }}] }});
console.log(JSON.stringify(out));
""", encoding="utf-8")
    result = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["fallback"] == "Undo"
    assert out["undo"] == t("it", "ui.undo")
    assert out["missing"] == "plain 3"
    assert out["mouse"] == "Saetta di Blu"
    assert out["item"] == "piuma rossa"
    assert out["badges"] == [{"id": "R48", "text": "x"}]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_is_a_valid_gettext_file_with_its_plural_rule(lang: str) -> None:
    from babel.messages.pofile import read_po

    with (MESSAGES / f"{lang}.po").open("rb") as f:
        po = read_po(f, locale=lang, abort_invalid=True)
    assert po.locale is not None and str(po.locale) == lang
    assert po.plural_forms == "nplurals=2; plural=(n != 1);"
    assert not list(MESSAGES.glob("*.json")), "the JSON catalogs were converted: use scripts/messages_from_json.py"
    for message in po:
        if message.id:
            assert not message.fuzzy, f"{lang}.po: {message.id} is marked fuzzy"
            if message.pluralizable:
                assert all(message.string), f"{lang}.po: {message.id[0]} lacks a plural form"
    msgfmt = shutil.which("msgfmt")
    if msgfmt:  # GNU gettext's own check, where it is installed
        result = subprocess.run([msgfmt, "--check", "-o", os.devnull, str(MESSAGES / f"{lang}.po")],
                                capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr
