"""The core's catalogs (gettext .po files read by Babel, core/messages.py) for the shell, Clocktowers and Mice!:
the same keys and plural messages in every language, and every template reads right for the counts 0, 1, 2 and 5
(no "(s)" hedges, no "1 points"), as tests/test_texts.py checks for Hickory Dickory's catalogs."""

from __future__ import annotations

import re
import string

import pytest

from hickory_widget.clocktowers.words.labels import CATALOG as CLOCKTOWERS
from hickory_widget.core.messages import LANGUAGES, Catalog
from hickory_widget.core.widget import SHELL
from hickory_widget.mice.words.labels import CATALOG as MICE

CATALOGS = {"shell": SHELL, "clocktowers": CLOCKTOWERS, "mice": MICE}
HEDGE = re.compile(r"\((s|n|e|en|i|a|o|es|r)\)|\w/\w\b", re.IGNORECASE)
PLURAL_AFTER_ONE = re.compile(r"(?<![\d.,])1 (points|cards|punti|carte|Punkte|Karten)\b")
SINGULAR_AFTER_MANY = re.compile(r"(?<![\d.,])[025] (point|card|punto|carta|Punkt|Karte)\b")


def fields(template: str) -> set[str]:
    return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("name", CATALOGS)
def test_every_language_has_the_same_keys_and_the_same_plural_messages(name: str) -> None:
    catalog: Catalog = CATALOGS[name]
    en = catalog.texts["en"]
    for lang in LANGUAGES:
        assert set(catalog.texts[lang]) == set(en), f"{name} {lang}: keys differ from en"
        assert {k for k in en if catalog.is_plural(lang, k)} == {k for k in en if catalog.is_plural("en", k)}
        for key, template in catalog.texts[lang].items():
            assert fields(template) == fields(en[key]), f"{name} {lang} {key}: placeholders differ from en"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CATALOGS)
def test_every_template_reads_right_for_every_count(name: str, lang: str) -> None:
    catalog: Catalog = CATALOGS[name]
    bad: dict[str, str] = {}
    for key, template in catalog.texts[lang].items():
        for count in (0, 1, 2, 5):
            kw: dict[str, object] = {f: count if f == "n" else f"<{f}>" for f in fields(template)}
            if catalog.is_plural(lang, key):
                kw["n"] = count
            text = catalog.t(lang, key, **kw)
            if ("{" in text or "}" in text or HEDGE.search(text) or PLURAL_AFTER_ONE.search(text)
                    or SINGULAR_AFTER_MANY.search(text)):
                bad.setdefault(key, text)
    assert not bad, "\n".join(f"{name} {lang} {k}: {v}" for k, v in bad.items())


@pytest.mark.parametrize("lang, one, two", [("en", "1 point", "2 points"), ("it", "1 punto", "2 punti"),
                                            ("de", "1 Punkt", "2 Punkte")])
def test_points_follow_each_languages_plural_rule_in_both_card_games(lang: str, one: str, two: str) -> None:
    for catalog, key in ((CLOCKTOWERS, "ct.ui.points"), (MICE, "mice.ui.points")):
        assert catalog.t(lang, key, n=1) == one and catalog.t(lang, key, n=2) == two
        assert catalog.t(lang, key, n=0) == two.replace("2", "0")
        with pytest.raises(TypeError, match="plural forms"):
            catalog.t(lang, key)
    assert MICE.t(lang, "mice.ui.pile", n=1) != MICE.t(lang, "mice.ui.pile", n=2).replace("2", "1")


def test_a_missing_key_names_the_catalog_file() -> None:
    with pytest.raises(KeyError,
                       match=r"no message 'mice\.nothing' in the 'de' catalog \(.*mice/words/messages/de\.po\)"):
        MICE.t("de", "mice.nothing")
