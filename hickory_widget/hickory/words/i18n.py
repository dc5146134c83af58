"""Message catalogs: English, Italian and German texts for everything a player reads.

Each language is one gettext catalog, ``messages/<lang>.po``, that translators' tools (Poedit, Weblate, Lokalize)
open as they are. The message id is a key (``event.delivered``), the message string a ``str.format`` template
(``{mouse}``, ``{n}`` ...). The core's own reader (:mod:`hickory_widget.core.messages`, standard library only)
reads each catalog when the language is first used and picks plural forms by the language's rule (the same as
the catalog's ``Plural-Forms`` header), so a count of 1 reads "1 punto", "1 Siegpunkt" and 2 reads "2 punti",
"2 Siegpunkte". Nothing is compiled ahead of time, so the package works the same from a clone, ``pip install -e``,
a wheel or a browser (the ``.po`` files ship inside the package).

Grammatical gender and case stay with each term: ``kind.spotter.gender`` sits next to ``kind.spotter`` in the
Italian and German catalogs, and extra forms (``tile.red.button.dat``, ``mouse.gen``) next to the plain one.
:func:`term` turns a key into a :class:`Term`, a string that also answers ``{tile.obj}`` (the object pronoun "lo"
or "la"), ``{mouse.gen}`` ("der Springmaus von Blau") and so on inside a template.

Italian terms also answer the article forms (:data:`ARTICLED`): ``{mouse.art}`` "lo Spazzino di Blu",
``{mouse.al}`` "alla Saetta di Blu", ``{receiver.del}`` "del Cercatore di Rosso", picked from the term's gender,
number and first sound, so a template asks for the form its sentence needs and never writes an article itself
(docs/STYLE-it.md). A player's name is a :func:`proper_name` (``{who.al}`` "a Blu").

Game terms follow the editions' own words (glossary.csv): Scurrier / Saetta / Springmaus, Lord Cuckoo / Lord
Cucù / Prinz Kuckuck ... (docs/STYLE-en.md, STYLE-it.md, STYLE-de.md).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from ...core.messages import Book, load_po

LANGUAGES = ("en", "it", "de")
"""The languages the widget speaks; the first is the default."""

_DIR = Path(__file__).parent / "messages"

CASES = ("nom", "acc", "dat", "gen", "obj")
"""German cases, and ``obj``, the object pronoun (it / lo, la / ihn, sie, es)."""

ARTICLED = ("art", "al", "del", "dal", "sul", "nel", "con")
"""Italian forms with the definite article, named after their masculine shape: ``art`` "lo Spazzino di Blu",
``al`` "alla Saetta di Blu", ``del`` "dell'Esploratore", ``dal``, ``sul``, ``nel`` and ``con`` ("con il / con lo /
con la / con l'"). The article follows the term's gender, number and initial sound (:func:`italian_article`)."""

FORMS = CASES + ARTICLED
"""The grammatical forms a :class:`Term` can give, asked for in a template as ``{mouse.dat}`` or ``{mouse.al}``.
A language without a form of its own gives the plain text (for ``obj``, the pronoun of the term's gender)."""

_VOWELS = "aeiouàèéìòóùAEIOUÀÈÉÌÒÓÙ"

_PREPOSITIONS = {  # article -> its articulated forms, in the order of ARTICLED[1:]
    "il": ("al", "del", "dal", "sul", "nel", "con il"),
    "lo": ("allo", "dello", "dallo", "sullo", "nello", "con lo"),
    "la": ("alla", "della", "dalla", "sulla", "nella", "con la"),
    "l'": ("all'", "dell'", "dall'", "sull'", "nell'", "con l'"),
    "i": ("ai", "dei", "dai", "sui", "nei", "con i"),
    "gli": ("agli", "degli", "dagli", "sugli", "negli", "con gli"),
    "le": ("alle", "delle", "dalle", "sulle", "nelle", "con le"),
}
ARTICLES = tuple(_PREPOSITIONS)
"""The Italian definite articles."""

_HAS_ARTICLE = re.compile(r"^((il|lo|la|i|gli|le|un|uno|una) |l'|un')")


def italian_article(word: str, gender: str, plural: bool = False) -> str:
    """The definite article an Italian noun phrase starting with ``word`` takes: "lo" before s + consonant, z, gn,
    ps, pn, x, y and i + vowel ("lo Spazzino", "lo Scalatore"), "l'" before another vowel ("l'Esploratore"),
    else "il"; feminine "la" / "l'"; plurals "gli" / "i" and "le"."""
    w = word.lower()
    vowel = w[:1] in _VOWELS.lower() and not (w[:1] == "i" and w[1:2] in _VOWELS.lower())
    strong = (w[:1] in "zxy" or w[:2] in ("gn", "ps", "pn") or (w[:1] == "s" and w[1:2] not in _VOWELS.lower())
              or (w[:1] == "i" and w[1:2] in _VOWELS.lower()))
    if gender == "f":
        return "le" if plural else ("l'" if vowel else "la")
    if plural:
        return "gli" if vowel or strong else "i"
    return "l'" if vowel else "lo" if strong else "il"


def articled(text: str, article: str) -> dict[str, str]:
    """Every :data:`ARTICLED` form of ``text`` with ``article``: {"art": "lo Spazzino", "al": "allo Spazzino", ...}."""
    def join(prefix: str) -> str:
        return prefix + text if prefix.endswith("'") else f"{prefix} {text}"
    return {form: join(p) for form, p in zip(ARTICLED, (article, *_PREPOSITIONS[article]), strict=True)}


def check_language(lang: Any) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise a ValueError naming the allowed ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    return lang


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` lives."""
    return _DIR / f"{check_language(lang)}.po"


@cache
def _book(lang: str) -> Book:
    """One language, loaded by the core's gettext reader (the same code reads every game's catalogs)."""
    return load_po(po_path(lang), lang)


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of one language with its template; for a plural message the form for a count of 2."""
    return _book(check_language(lang)).templates()


def has(lang: str, key: str) -> bool:
    return key in catalog(lang)


def is_plural(lang: str, key: str) -> bool:
    """Whether ``key`` has plural forms in ``lang`` (then :func:`t` needs ``n``)."""
    return _book(check_language(lang)).plural(key)


def _template(lang: str, key: str, n: Any) -> str:
    return _book(check_language(lang)).template(key, n)


def t(lang: str, key: str, **kw: Any) -> str:
    """The text for ``key`` in ``lang`` with the placeholders filled in (KeyError if the key is missing).

    For a plural message the count ``n`` picks the form by the language's plural rule: ``t("it", "count.points",
    n=1)`` is "1 punto". Placeholders may ask a :class:`Term` for a form: ``{tile.obj}``, ``{mouse.gen}``.
    """
    template = _template(lang, key, kw.get("n"))
    return template.format(**kw) if kw else template


def tn(lang: str, key: str, n: int, **kw: Any) -> str:
    """:func:`t` for a count: the plural form for ``n``, with ``{n}`` filled in."""
    return t(lang, key, n=n, **kw)


class Term(str):
    """A game term or noun phrase as text, that also knows its gender and grammatical forms.

    ``str(term)`` is the plain form (German: the case the sentence uses most, nominative for mice, accusative for
    tiles); ``term.dat``, ``term.gen`` ... and ``term.obj`` (the object pronoun) are available in any template.
    """

    gender: str
    forms: dict[str, str]

    def __new__(cls, text: str, gender: str = "", forms: dict[str, str] | None = None) -> Term:
        obj = super().__new__(cls, text)
        obj.gender = gender
        obj.forms = dict(forms or {})
        return obj

    def __getattr__(self, name: str) -> str:
        if name.startswith("_") or name not in FORMS:
            raise AttributeError(f"a term has no form {name!r}; the forms are {', '.join(FORMS)}")
        return self.forms.get(name, str(self))


def gender(lang: str, *keys: str) -> str:
    """The grammatical gender ("m", "f", "n") stored with the first of ``keys`` that has one ("" if none has)."""
    for key in keys:
        if has(lang, f"{key}.gender"):
            return t(lang, f"{key}.gender")
    return ""


def term(lang: str, key: str, gender_of: tuple[str, ...] = (), **kw: Any) -> Term:
    """The message ``key`` as a :class:`Term`: its forms from ``<key>.<form>`` messages, its gender from
    ``<key>.gender`` or else from the keys in ``gender_of`` (a tile takes its symbol's gender)."""
    g = gender(lang, key, *gender_of)
    forms = {form: t(lang, f"{key}.{form}", **kw) for form in FORMS if has(lang, f"{key}.{form}")}
    if "obj" not in forms and has(lang, f"pronoun.obj.{g or 'n'}"):
        forms["obj"] = t(lang, f"pronoun.obj.{g or 'n'}")
    text = t(lang, key, **kw)
    plural = any(has(lang, f"{k}.plural") for k in (key, *gender_of))
    if lang == "it" and g in ("m", "f") and "art" not in forms and not _HAS_ARTICLE.match(text):
        article = t(lang, f"{key}.article") if has(lang, f"{key}.article") else italian_article(text, g, plural)
        forms.update(articled(text, article))
    return Term(text, g, forms)


def proper_name(text: str) -> Term:
    """A proper name (a player's colour "Blu", "Lord Cucù") as a :class:`Term`: it takes no article, so in Italian
    ``{who.al}`` is "a Blu" and ``{who.del}`` "di Blu"."""
    plain = ("a", "di", "da", "su", "in", "con")
    return Term(text, "", {"art": text, **{f: f"{p} {text}" for f, p in zip(ARTICLED[1:], plain, strict=True)}})


def term_list(terms: list[Term], lang: str) -> Term:
    """Several terms joined as words ("A, B e C"); each form repeats the form on every term ("al Cercatore di Blu
    e alla Saetta di Rosso"), as Italian repeats articulated prepositions."""
    def joined(words: list[str]) -> str:
        if len(words) <= 1:
            return "".join(words)
        return t(lang, "list.pair", first=t(lang, "list.sep").join(words[:-1]), last=words[-1])
    if len(terms) == 1:
        return terms[0]
    forms = {f: joined([getattr(x, f) for x in terms]) for f in FORMS if f != "obj"}
    return Term(joined([str(x) for x in terms]), "", forms)


def cap(text: str) -> str:
    """The first letter upper-cased, the rest left alone ('die Springmaus ...' -> 'Die Springmaus ...')."""
    return text[:1].upper() + text[1:]
