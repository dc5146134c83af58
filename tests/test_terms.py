"""The editions' words, Italian articles, no code names, no zero counts, one English spelling (issue 19).

Every text a learner reads (tests/texts_corpus.py: the catalogs, the lessons, the explanations and what bot games
print) is read here the way a native editor would check it by machine:

- Italian mouse names carry their article or articulated preposition, chosen by the template ({mouse.al}) and
  right for the type's gender and first sound ("lo Spazzino", "alla Saetta", "del Cercatore");
- the editions' words (../shared/rules/glossary.csv and the rulebooks) are used, and the known wrong synonyms
  below, each with its reason, never appear;
- no option key or snake_case identifier reaches a learner;
- no count of zero ("holds only 0 tiles");
- English is spelled the US way throughout.
"""

from __future__ import annotations

import csv
import re
import string
from pathlib import Path

import pytest
from texts_corpus import (
    PROGRAMMER_KEYS,
    bot_game_texts,
    bot_games,
    catalog_templates,
    catalog_texts,
    lesson_texts,
    without_fields,
)

from hickory_widget.hickory.words import labels
from hickory_widget.hickory.words.i18n import ARTICLED, FORMS, Term, italian_article, proper_name, term_list

GLOSSARY = Path(__file__).resolve().parents[2] / "shared" / "rules" / "glossary.csv"
if not GLOSSARY.exists():
    GLOSSARY = Path(__file__).resolve().parent / "data" / "glossary.csv"

COLORS = ("blue", "red", "yellow", "brown")
KINDS = ("scurrier", "scavenger", "spotter", "scamp", "scaler")

# ------------------------------------------------------------------------------------------- Italian term forms
ARTICLE_OF_KIND = {"Saetta": "la", "Spazzino": "lo", "Cercatore": "il", "Birba": "la", "Scalatore": "lo"}
"""What a native speaker says, written out by hand (not computed): the check below does not trust the code that
picks articles."""

ARTICULATED = {
    "il": ("il", "al", "del", "dal", "sul", "nel", "con il"),
    "lo": ("lo", "allo", "dello", "dallo", "sullo", "nello", "con lo"),
    "la": ("la", "alla", "della", "dalla", "sulla", "nella", "con la"),
    "l'": ("l'", "all'", "dell'", "dall'", "sull'", "nell'", "con l'"),
}

MOUSE_FIELDS = {"mouse", "receiver", "giver", "partner", "scaler", "bumped", "actor"}
"""Template fields that hold a mouse name (``actor``: a mouse, or a player when no mouse acts)."""

IT_MOUSE = re.compile(r"(?P<kind>Saetta|Spazzino|Cercatore|Birba|Scalatore) di (?P<owner>Blu|Rosso|Giallo|Marrone)\b")


def italian_mouse_problems(text: str) -> list[str]:
    """Every Italian mouse name in ``text`` whose article is missing or wrong (a heading such as 'Saetta di Blu:
    ...' or 'Carta Topo: Saetta di Blu' may go without)."""
    bad = []
    for m in IT_MOUSE.finditer(text):
        allowed = ARTICULATED[ARTICLE_OF_KIND[m["kind"]]]
        before, after = text[:m.start()], text[m.end():]
        words = before.split()
        if before.rstrip() == "" or before.rstrip().endswith(":"):
            ok = after == "" or after.startswith(":")
        elif before.endswith("'"):
            ok = words[-1].lower() in allowed
        else:
            ok = words[-1].lower() in allowed or " ".join(words[-2:]).lower() in allowed
        if not ok:
            bad.append(f"{words[-1] + ' ' if words else ''}{m.group(0)}")
    return bad


@pytest.mark.parametrize("word, gender, plural, article", [
    ("Spazzino", "m", False, "lo"), ("Scalatore", "m", False, "lo"), ("Cercatore", "m", False, "il"),
    ("Esploratore", "m", False, "l'"), ("zaino", "m", False, "lo"), ("gnomo", "m", False, "lo"),
    ("psicologo", "m", False, "lo"), ("xilofono", "m", False, "lo"), ("yogurt", "m", False, "lo"),
    ("Saetta", "f", False, "la"), ("Birba", "f", False, "la"), ("ape", "f", False, "l'"), ("iena", "f", False, "la"),
    ("Spazzini", "m", True, "gli"), ("Cercatori", "m", True, "i"), ("Esploratori", "m", True, "gli"),
    ("Saette", "f", True, "le"), ("api", "f", True, "le"),
])
def test_the_italian_article_follows_gender_number_and_first_sound(word: str, gender: str, plural: bool,
                                                                    article: str) -> None:
    assert italian_article(word, gender, plural) == article


def test_every_mouse_gives_every_form_with_the_right_article() -> None:
    """Each of the 20 mice in each of the 7 forms: 'lo Spazzino di Blu', 'allo ...', 'dello ...', 'con lo ...'."""
    n = 0
    for c in COLORS:
        for k in KINDS:
            mouse = labels.mouse_name(f"{c}.{k}", "it")
            article = ARTICLE_OF_KIND[str(mouse).split()[0]]
            for form, prep in zip(ARTICLED, ARTICULATED[article], strict=True):
                expected = f"{prep}{mouse}" if prep.endswith("'") else f"{prep} {mouse}"
                assert getattr(mouse, form) == expected
                n += 1
    assert n == 20 * 7
    two = term_list([labels.mouse_name("blue.spotter", "it"), labels.mouse_name("red.scaler", "it")], "it")
    assert two.al == "al Cercatore di Blu e allo Scalatore di Rosso"
    assert proper_name("Blu").al == "a Blu" and proper_name("Blu").art == "Blu"


def _field_uses(template: str) -> list[tuple[str, str]]:
    """(field, form) for every placeholder: ``{mouse.al}`` -> ("mouse", "al"), ``{who}`` -> ("who", "")."""
    out = []
    for _, name, _, _ in string.Formatter().parse(template):
        if name:
            field, _, form = name.partition(".")
            out.append((field, form))
    return out


def italian_templates() -> dict[str, str]:
    return {f"{game}:{k}": v for game in ("hickory", "core", "clocktowers", "mice")
            for k, v in catalog_templates("it", game).items()}


def test_italian_templates_ask_for_the_form_of_every_mouse_in_running_text() -> None:
    """A mouse in running text needs its article: {mouse.art}, {mouse.al}, {receiver.del} ... Only a heading
    ('{mouse}: paga il costo', 'Carta Topo: {mouse}') or a bare name may use the plain form; no template puts its
    own article or preposition in front of a form that already has one."""
    bad, asked = [], 0
    for key, template in italian_templates().items():
        for field, form in _field_uses(template):
            if field not in MOUSE_FIELDS:
                continue
            if form:
                asked += 1
                assert form in FORMS, f"{key}: no form {form!r}"
                before = template.split("{" + f"{field}.{form}" + "}")[0].split()
                if form in ARTICLED and before and before[-1].lower() in {"a", "di", "da", "su", "in", "il", "lo",
                                                                          "la", "al", "del"}:
                    bad.append(f"{key}: '{before[-1]} {{{field}.{form}}}' doubles the article: {template}")
            elif not (template == "{" + field + "}" or template.startswith("{" + field + "}:")
                      or template.endswith(": {" + field + "}")):
                bad.append(f"{key}: {{{field}}} in running text has no article: {template}")
    assert asked >= 46, asked
    assert not bad, "\n".join(bad)


def test_every_italian_template_renders_every_mouse_with_its_article() -> None:
    """Every template with a mouse field, rendered with every mouse in turn (and a pair of bumped mice): each
    mouse name is preceded by the article or articulated preposition its type takes."""
    from hickory_widget.hickory.game import Game

    s = Game.new(2, seed=1).state
    tile = labels.tile_name(s, next(iter(s.c.tiles)), "it")
    mice = [labels.mouse_name(f"{c}.{k}", "it") for c in COLORS for k in KINDS]
    bad, rendered = {}, 0
    for key, template in catalog_templates("it", "hickory").items():
        fields = {f for f, _ in _field_uses(template)}
        if not fields & MOUSE_FIELDS:
            continue
        for i, mouse in enumerate(mice):
            kw: dict[str, object] = {f: mouse for f in fields & MOUSE_FIELDS}
            if "bumped" in fields:
                kw["bumped"] = term_list([mouse, mice[(i + 7) % len(mice)]], "it")
            for f in fields - MOUSE_FIELDS:
                kw[f] = tile if f in ("tile", "other") else proper_name("Blu") if f == "who" else Term("2")
            text = template.format(**kw) if "|" not in template else template.split(" | ")[1].format(**kw)
            rendered += 1
            problems = italian_mouse_problems(text)
            if problems:
                bad.setdefault(key, f"{problems} in: {text}")
    assert rendered >= 46 * 20
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())


IT_PARTICIPLE = re.compile(r"\b(?:è|viene|resta) (?:stat[oa] )?\w+(?:at|ut|it)[oa]\b")
"""'è stato buttato giù', 'viene spinto': a participle agrees with the mouse, and a template cannot know whether it
is 'la Saetta' (feminine) or 'lo Spazzino'; a template with a mouse in it uses a verb that does not agree
('cade dalla lancetta')."""


def test_italian_templates_with_a_mouse_use_no_participle_that_must_agree_with_it() -> None:
    bad = [f"{key}: {template}" for key, template in italian_templates().items()
           if {f for f, _ in _field_uses(template)} & MOUSE_FIELDS and IT_PARTICIPLE.search(template)]
    assert not bad, "\n".join(bad)
    assert IT_PARTICIPLE.search("{mouse.art} è stato buttato giù dalla lancetta")
    assert not IT_PARTICIPLE.search("{mouse.art} cade dalla lancetta dei minuti al numero {n}: dove atterra?")


def test_the_article_check_catches_a_missing_or_wrong_article() -> None:
    assert italian_mouse_problems("Spazzino di Blu si attiva al 4.") == ["Spazzino di Blu"]
    assert italian_mouse_problems("Dai una piuma a Cercatore di Blu") == ["a Cercatore di Blu"]
    assert italian_mouse_problems("la carta di Saetta di Blu") == ["di Saetta di Blu"]
    assert italian_mouse_problems("Attiva il Spazzino di Blu") == ["il Spazzino di Blu"]
    assert italian_mouse_problems("Carta Topo: Saetta di Blu") == []
    assert italian_mouse_problems("Lo Spazzino di Blu dà un bottone alla Saetta di Rosso.") == []
    assert italian_mouse_problems("Saetta di Blu: paga il costo") == []
    assert italian_mouse_problems("Saetta di Blu") == []


# ------------------------------------------------------------------------------------------- editions' words
WRONG_WORDS: dict[str, list[tuple[str, ...]]] = {
    # language: (pattern, scope, reason[, unless]); scope "hickory" = Hickory Dickory's texts and the shared core's;
    # ``unless``: the word is right where the English text of the same message matches it (an action "token")
    "it": [
        (r"\bprend\w*|\bpres[aeio]\b", "hickory",
         "a tile is claimed: the edition says 'rivendicare' ('MERCATO: Rivendica 2 tessere dal cesto delle "
         "occasioni'), never 'prendere'"),
        (r"\breliqui", "all", "the edition's relic is the 'cimelio' (Tessera Cimelio)"),
        (r"\bconsegn\w*\s+(?:i |il |un |dei |tutti i |\S+ )?cimeli", "all",
         "relics are returned ('Restituire i cimeli'); 'consegnare' is for delivering items"),
        (r"\bHickory Dickory Dock\b", "all", "the game is 'Hickory Dickory' in the Italian edition"),
        (r"\b(?:di|tra le opzioni di) adesso\b", "all",
         "'la scelta di adesso', 'le opzioni di adesso' is a calque of 'options now': say 'adesso' with the verb "
         "('Adesso questa scelta non c'è')"),
        (r"\b(?:sono|è|alla|ancora|già) pari\b", "all",
         "'i valori sono pari' also reads 'the values are even': a tie is 'in parità' ('I cani 4 sono in parità')"),
        (r"\bpeso\b", "hickory", "the pinecone weight is the edition's 'Segnalino Pigna'"),
        (r"\bgrupp[oi] di (?:simbolo|colore)\b", "all",
         "'il gruppo di simbolo più grande' is not Italian: 'il gruppo più grande con lo stesso simbolo' (the "
         "edition: 'gruppo più numeroso')"),
        (r"\bBalzare favore\b", "hickory",
         "a favor card's Leap is 'il balzo di una carta favore'; 'un Balzare favore' glues two nouns the English way"),
        (r"\b(?:un|il) (?:Arrampicarsi|Lanciare|Balzare|Cercare|Spendere)\b", "hickory",
         "an action's name is a verb and takes no article: 'con Arrampicarsi 2', 'l'azione Arrampicarsi 3', "
         "'solo l'icona Lanciare', not 'un Arrampicarsi 2'"),
        (r"\bvale il valore\b", "all",
         "'vale il valore' says one word twice: 'vale il numero sopra il Segnalino Pigna'"),
        (r"\b(?:ri)?prova(?:re)? da solo\b", "all",
         "'riprova da solo' speaks to a boy only: the neutral 'riprova tu' (docs/STYLE-it.md)"),
        (r"\bnessun tuo\b", "all", "'Nessun tuo topo' is not Italian: 'nessuno dei tuoi topi'"),
        (r"\bsaltare su(?=\s+(?:sono|è|e|o)\b|[.,;:])", "hickory",
         "'saltare su' needs its place: 'saltare sulla lancetta'"),
    ],
    "de": [
        (r"(?<!aktionsfeld-)(?<!punkte-)plättchen", "hickory",
         "a tile is a 'Spielstein'; only the Aktionsfeld-Plättchen (the edition's 'die Plättchen' for short) and "
         "the 50-Punkte-Plättchen are Plättchen", r"(?i)\btokens?\b"),
        (r"Relikt", "all", "the edition's relic is the 'Insignie'"),
        (r"\b[Kk]ette", "hickory", "the chain is the 'Pendelkette' (the Pendel board)"),
        (r"Seitentableau", "all", "the side board is the 'Zusatztafel'"),
        (r"50-Punkte-Marker", "all", "the 50-point token is the '50-Punkte-Plättchen'"),
        (r"hinaus(?:zieh|gez|geh|lauf)|zieht\s+\S+\s+hinaus|\bHinausziehen", "hickory",
         "a mouse 'wuselt' onto the outer space ('Auf das Außenfeld wuseln')"),
        (r"Hickory[ -]Dickory", "all", "the German edition is 'Die Stunde der Maus'"),
        (r"\bman\b", "all", "the learner is 'du' everywhere (docs/STYLE-de.md): 'kannst du abliefern', not 'kann man'"),
        (r"\bEngine\b", "all", "a 12-year-old reads 'das Programm' ('Festlegung des Programms'), not the English "
         "'Engine'"),
        (r"(?:^|[.!?;:] )Solo (?!spielen\b)[a-zäöüß]", "all",
         "'Solo dauert …' is English word order: German says 'Im Solospiel dauert …'"),
        (r"vor dem Abliefern der (?:Spring|Beutel|Guck|Schlau)maus", "hickory",
         "'vor dem Abliefern der Guckmaus' reads 'before delivering the Spotter': 'bevor die Guckmaus abliefert'"),
        (r"\b(?:liegt|liegen|bleibt|bleiben)\s+(?:\S+\s+){0,2}bei der (?:Spring|Beutel|Guck|Schlau)maus", "hickory",
         "a tile lies on a mouse's card: 'auf dem Mausbogen der Beutelmaus' (docs/STYLE-de.md)"),
    ],
    "en": [
        (r"\bcolour|\bcentre|\bfavour|\bneighbour|\bbehaviour|\bhonour"
         r"|\bgrey\b|\b(?:real|organ|recogn|apolog|final|normal|priorit|summar|memor|minim|maxim)is(?:e|ed|es|ing)\b"
         r"|\bcatalogue\b|\btravelled\b|\bcancelled\b|\bmetre",
         "all", "one spelling system: US ('color', 'center', 'favor', 'gray', '-ize')"),
        (r"discards clock face down", "all", "English needs the article: 'discards a clock face down'"),
        (r"\b(?:tak(?:e|es|ing|en)|took)\b(?:\s+[\w'-]+){0,3}?\s+(?:tiles?|wild|key|spool|button|feather|thimble)s?\b",
         "hickory", "the English edition claims a tile ('Claim 1 tile from the bag'); 'take' is for Mice! cards"),
    ],
}


def scope_of(where: str) -> str:
    if where.startswith(("hickory/", "core/")) or re.match(r"lessons/\d", where) or where.startswith("bot:hickory"):
        return "hickory"
    return "cards"


def wrong_words(lang: str, where: str, text: str, english: str | None = None) -> list[str]:
    """The wrong synonyms in ``text``; ``english`` is the same message in English (None for a text without one,
    such as a line a bot game printed: then words that depend on the meaning are left to the catalog check)."""
    found = []
    for pattern, scope, reason, *unless in WRONG_WORDS[lang]:
        if scope == "hickory" and scope_of(where) != "hickory":
            continue
        if unless and (english is None or re.search(unless[0], english)):
            continue
        for m in re.finditer(pattern, text, re.IGNORECASE):
            found.append(f"{where}: '{m.group(0)}' ({reason}) in: {text[:160]}")
    return found


def learner_texts(lang: str) -> list[tuple[str, str]]:
    return [(w, without_fields(x)) for w, x in catalog_texts(lang)] + list(lesson_texts(lang))


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_no_known_wrong_synonym_appears_in_any_learner_text(lang: str) -> None:
    english = dict(learner_texts("en"))
    found = [p for where, text in learner_texts(lang)
             for p in wrong_words(lang, where, text, english.get(where.replace(f"/{lang}.po", "/en.po"), ""))]
    assert not found, "\n".join(found)


def test_the_synonym_check_catches_each_wrong_word() -> None:
    assert wrong_words("it", "hickory/it.po x", "Prendi un bottone viola")
    assert not wrong_words("it", "mice/it.po x", "Un cacciatore prende ogni carta")
    assert wrong_words("it", "lessons/14-relics.json", "Consegna i cimeli a Lord Cucù")
    assert wrong_words("de", "hickory/de.po x", "Lege das Plättchen auf den Mausbogen", "Put the tile on the card")
    assert not wrong_words("de", "hickory/de.po x", "Das Plättchen auf der 8", "The token on 8")
    assert not wrong_words("de", "hickory/de.po x", "das Aktionsfeld-Plättchen der 12 und das 50-Punkte-Plättchen")
    assert wrong_words("de", "hickory/de.po x", "klettert die Kette hinauf")
    assert not wrong_words("de", "hickory/de.po x", "klettert die Pendelkette hinauf")
    assert wrong_words("de", "core/de.po x", "Willkommen bei Hickory Dickory")
    assert wrong_words("en", "mice/en.po x", "the centre is empty")
    assert wrong_words("en", "hickory/en.po x", "a colour group")
    assert not wrong_words("en", "hickory/en.po x", "the largest color group, in the center")
    assert wrong_words("en", "lessons/12-market.json", "Pay 1, then take 2 tiles from the discount bin.")
    assert wrong_words("en", "hickory/en.po x", "Who may take the blue key?")
    assert wrong_words("en", "lessons/08-claiming.json", "jumped off at 5 and took the purple key")
    assert not wrong_words("en", "hickory/en.po x", "a marker that passes 50 takes a 50-point token")
    assert not wrong_words("en", "mice/en.po x", "the elephant takes the dogs")
    assert wrong_words("it", "hickory/it.po x", "Non è tra le opzioni di adesso.")
    assert wrong_words("it", "lessons/01-goal.json", "poi il gruppo di simbolo più grande")
    assert wrong_words("it", "lessons/mice/02-ties.json", "I cani 4 sono pari tra loro")
    assert not wrong_words("it", "lessons/mice/02-ties.json", "I cani 4 sono in parità tra loro")
    assert wrong_words("de", "hickory/de.po x", "Festlegung der Engine: …")
    # issue 31: each text as it was before its fix
    assert wrong_words("it", "hickory/it.po x", "oppure balza in avanti se è una Saetta o gioca un Balzare favore")
    assert wrong_words("it", "lessons/15-scamp.json", "Un Arrampicarsi 2 si ferma sul 10 con solo 2.")
    assert wrong_words("it", "lessons/16-favors.json", "Il Balzare di una carta favore dà a un topo una terza scelta")
    assert not wrong_words("it", "lessons/15-scamp.json", "Con Arrampicarsi 2 lo Scalatore si ferma sul 10.")
    assert wrong_words("it", "hickory/it.po x", "foglia traguardo (vale il valore sopra la pigna: 9)")
    assert wrong_words("it", "core/it.po x", "per vedere la soluzione, poi riprova da solo.")
    assert not wrong_words("it", "hickory/it.po x", "un oggetto da solo ne fa 3")
    assert wrong_words("it", "hickory/it.po x", "Nessun tuo topo può partire dal numero 1 adesso")
    assert wrong_words("it", "lessons/04-jumping.json", "Uscire e saltare su sono mosse del cerchio interno.")
    assert not wrong_words("it", "lessons/04-jumping.json", "saltare sulla lancetta sono le mosse")
    assert wrong_words("de", "lessons/19-solo.json", "Solo dauert eine Stunde länger.")
    assert wrong_words("de", "hickory/de.po x", "Die Personenzahl ändert einiges: Solo beginnt der Stundenzeiger bei 6")
    assert not wrong_words("de", "lessons/19-solo.json", "Solo spielen")
    assert not wrong_words("de", "hickory/de.po x", "Solo: Du gewinnst mit mindestens 100 Siegpunkten.")
    assert wrong_words("de", "lessons/16-favors.json",
                       "Diese lässt die Beutelmaus ihren Knopf vor dem Abliefern der Guckmaus zuwerfen")
    assert wrong_words("de", "lessons/16-favors.json", "der Knopf bleibt bei der Beutelmaus auf Außenfeld 9.")
    assert not wrong_words("de", "lessons/16-favors.json", "der Knopf bleibt auf dem Mausbogen der Beutelmaus.")


def glossary_rows() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


GLOSSARY_NOT_IN_RUNNING_TEXT = {
    "round": "Italian keeps the English 'round' of the edition; nothing to check beyond the English",
}


def _stem(word: str) -> str:
    w = word.lower().strip("().,")
    return w[:max(4, round(len(w) * 0.75))]


@pytest.mark.parametrize("lang", ["it", "de"])
def test_every_glossary_term_in_the_english_texts_has_the_editions_word(lang: str) -> None:
    """For each game term of glossary.csv (a word or short name) that the English texts use, the texts of
    ``lang`` use the edition's word for it (matched on its stem, so 'Saette' and 'Springmäuse' count)."""
    en = " ".join(text for _, text in learner_texts("en")).lower()
    other = " ".join(text for _, text in learner_texts(lang)).lower()
    missing, checked = [], 0
    for row in glossary_rows():
        key, english, word = row["key"], row["en"], row[lang]
        if (key.startswith(("msg_", "token_", "tip_", "ability_", "icon_", "learn_")) or len(english.split()) > 3
                or key in GLOSSARY_NOT_IN_RUNNING_TEXT or not re.search(rf"\b{re.escape(english.lower())}\b", en)):
            continue
        checked += 1
        stems = [_stem(w) for w in re.split(r"[ \-]", word) if len(w) > 3 and w[0].isalpha()]
        if stems and not all(s in other for s in stems):
            missing.append(f"{key}: en '{english}' -> {lang} '{word}'")
    assert checked >= 60, checked
    assert not missing, "\n".join(missing)


# --------------------------------------------------------------------------------- code names and zero counts
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")


def option_keys() -> set[str]:
    from hickory_widget.clocktowers.rules.options import OPTIONS as CT
    from hickory_widget.hickory.rules.options import OPTIONS as HD
    from hickory_widget.mice.rules.options import OPTIONS as MI

    return set(HD) | set(CT) | set(MI)


def code_names(text: str, keys: set[str]) -> list[str]:
    return SNAKE.findall(text) + [k for k in keys if "_" not in k and re.search(rf"\b{k}\b", text)]


ZERO = {
    "en": re.compile(r"\b(?:only|just)\s+0\b|\b0 (?:tiles?|items?|cards?|mice|floors?|rows?|columns?)\b"),
    "it": re.compile(r"\b(?:solo|soltanto)\s+0\b|\b0 (?:tessere|oggetti|carte|topi|piani|righe|colonne)\b"),
    "de": re.compile(r"\bnur\s+0\b|\b0 (?:Spielsteine|Objekte|Karten|Mäuse|Stockwerke|Reihen|Spalten)\b"),
}


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_no_identifier_reaches_a_learner_text(lang: str) -> None:
    keys = option_keys()
    found = [f"{where}: {code_names(text, keys)} in: {text[:140]}" for where, text in learner_texts(lang)
             if not where.split(" ")[-1].startswith(PROGRAMMER_KEYS) and code_names(text, keys)]
    assert not found, "\n".join(found)


def test_the_identifier_check_catches_option_keys_and_snake_case() -> None:
    assert code_names("the option cuckoo_leap_needs_relic", set()) == ["cuckoo_leap_needs_relic"]
    assert code_names("a rule option", option_keys()) == []


# ------------------------------------------------------------------------------------------------ bot games
def problems(lang: str, where: str, text: str, keys: set[str]) -> list[str]:
    """Everything the checks of this file find in one text."""
    out = wrong_words(lang, where, text)
    out += [f"{where}: code name {c} in: {text}" for c in code_names(text, keys)]
    out += [f"{where}: zero count in: {text}" for _ in ZERO[lang].findall(text)]
    if lang == "it":
        out += [f"{where}: no article for '{p}' in: {text}" for p in italian_mouse_problems(text)]
        out += [f"{where}: number article in: {text}" for _ in IT_NUMBER_ARTICLE.findall(text)]
    return out


GAMES_IN_TEST = 30
"""Bot games played here (all three games, every player count, seeds 1 to 3); scripts/check_texts.py plays 60."""


def test_what_bot_games_print_passes_every_check() -> None:
    keys = option_keys()
    found: list[str] = []
    counted = dict.fromkeys(("en", "it", "de"), 0)
    for name, players, seed in bot_games(GAMES_IN_TEST):
        for lang, texts in bot_game_texts(name, players, seed).items():
            counted[lang] += len(texts)
            for text in set(texts):
                found += problems(lang, f"bot:{name}:{players}p:seed{seed}", text, keys)
    assert min(counted.values()) > 1000, counted
    assert not found, "\n".join(sorted(set(found))[:60])


def test_zero_counts_are_said_in_words() -> None:
    """R70, R73: an empty card 'holds no tiles' (not 'holds only 0 tiles'); R113: a hunt board with no full row
    reads 'has filled 2 columns', with neither 'has not filled a whole row or column'."""
    from hickory_widget.hickory.builder import Position
    from hickory_widget.hickory.game import Game
    from hickory_widget.hickory.words.why_not import why_not

    pos = Position(["blue", "red"], seed=3).empty_leaves().no_favors().minute(3).token(4, "T-MARKET")
    game = pos.mouse("blue.spotter", "hand").favor("blue", "F07").game()
    game.choose("jump_off")
    assert game.decision.kind == "action" and "act:0" not in game.choice_ids
    words = {"en": "holds no tiles", "it": "non ha tessere", "de": "liegt kein Spielstein"}
    for lang in ("en", "it", "de"):
        answer = why_not(game, "act:0", lang)
        assert words[lang] in answer and not ZERO[lang].search(answer), answer
    s = Game.new(2, seed=1).state
    e = {"kind": "hunt_board_scored", "rules": ["R113"], "color": "blue", "rows": 0, "columns": 2, "points": 10}
    assert labels.event_text(s, e) == "Blue has filled 2 columns of the hunt board: 10 points."
    e.update(columns=0, points=0)
    assert labels.event_text(s, e, "it") == ("Blu non ha riempito nessuna riga o colonna intera della plancia caccia "
                                             "al tesoro: nessun punto.")
    e.update(rows=1, columns=1, points=10)
    assert labels.event_text(s, e, "de") == ("Blau hat auf dem Trophäentableau 1 Reihe und 1 Spalte gefüllt: "
                                             "10 Siegpunkte.")


IT_NUMBER_ARTICLE = re.compile(r"\b(?:il|al|del|dal|sul|nel|col) (?:1|8|11)\b|\b(?:l'|all'|dell'|dall'|sull'|nell')"
                               r"(?:[2-79]|10|12)\b")
"""'dell'1', 'all'8', 'sull'11' but 'del 4', 'al 12': Italian numbers take the article of their spoken form."""
IT_ARTICLE_BEFORE_NUMBER_FIELD = re.compile(r"\b(?:il|al|del|dal|sul|nel|l'|all'|dell'|dall'|sull'|nell')"
                                            r" ?\{(?:n|hour|minute|number|start|space|x)\}")


def test_italian_numbers_take_the_right_article() -> None:
    """'al {n}' cannot be right for 1, 8 and 11 ('all'8'), so a template says 'al numero {n}'; a written number
    gets the article of its spoken form ('dell'1', 'del 4')."""
    texts = [*catalog_texts("it"), *lesson_texts("it")]
    bad = [f"{w}: {x}" for w, x in texts if IT_NUMBER_ARTICLE.search(x) or IT_ARTICLE_BEFORE_NUMBER_FIELD.search(x)]
    assert len(texts) > 1500
    assert not bad, "\n".join(bad)


def test_the_number_article_check_knows_the_elided_numbers() -> None:
    assert IT_NUMBER_ARTICLE.search("la casella interna del 1")
    assert IT_NUMBER_ARTICLE.search("all'4")
    assert not IT_NUMBER_ARTICLE.search("dell'1, del 4, all'8, al 12, dall'11")
    assert IT_ARTICLE_BEFORE_NUMBER_FIELD.search("si attiva al {n}.")
    assert not IT_ARTICLE_BEFORE_NUMBER_FIELD.search("si attiva al numero {n}.")


def test_italian_lessons_and_catalogs_name_every_mouse_with_its_article() -> None:
    """The lessons write mouse names out ('lo Spazzino di Blu è sulla casella interna del 4'): each has its article
    too, as an option text may stand alone ('Cercatore di Rosso')."""
    texts = [*lesson_texts("it"), *((w, without_fields(x)) for w, x in catalog_texts("it"))]
    named = [(w, x) for w, x in texts if IT_MOUSE.search(x)]
    bad = [f"{w}: {italian_mouse_problems(x)} in: {x}" for w, x in named if italian_mouse_problems(x)]
    assert len(named) > 80
    assert not bad, "\n".join(bad)


DE_LOWER_CLAUSE_AFTER_COLON = re.compile(r": (?:(?:es|er|sie|du|wir|ihr) [a-zäöüß]"
                                         r"|(?:schau|wähle|klicke|spiele?|zähle|ziehe|lege|wirf|sammle|bringe|gib|nimm"
                                         r"|alles|man)\b)")
"""German: after a colon a whole sentence starts with a capital ('Das Spiel ist vorbei: Es gibt …',
docs/STYLE-de.md); a colon followed by a pronoun and a verb, or by an imperative, always starts one."""


def test_a_german_sentence_after_a_colon_starts_with_a_capital() -> None:
    texts = [*lesson_texts("de"), *((w, without_fields(x)) for w, x in catalog_texts("de"))]
    bad = [f"{w}: {x}" for w, x in texts if DE_LOWER_CLAUSE_AFTER_COLON.search(x)]
    assert len(texts) > 1500
    assert not bad, "\n".join(bad)
    assert DE_LOWER_CLAUSE_AFTER_COLON.search("Schau aufs Klettermäuschen: es ist nah am Zielfeld.")
    assert not DE_LOWER_CLAUSE_AFTER_COLON.search("Schau aufs Klettermäuschen: Es ist nah am Zielfeld.")
    assert DE_LOWER_CLAUSE_AFTER_COLON.search("daher ist nichts geschehen: schau neu hin")
    assert not DE_LOWER_CLAUSE_AFTER_COLON.search("Bis zu 3 Zahlen: jede außer der 12")


def test_a_lesson_does_not_refuse_a_move_twice() -> None:
    """A move that is simply not offered gets the why-not answer alone ('That is not one of the options now.
    What you can do: …'), not 'That move is not allowed.' before it, which said the same thing twice; a move
    refused by a rule keeps the lead ('That move is not allowed. A Scurrier leaps …')."""
    from hickory_widget.hickory.words.i18n import t
    from hickory_widget.lessons import curriculum

    for lang in ("en", "it", "de"):
        search = next(lesson for lesson in curriculum(lang) if lesson.id == "search")
        keep_key = next(ex for ex in search.exercises if ex.id == "keep-key")
        message = keep_key.check("stay").message
        lead = t(lang, "lesson.ui.not_allowed")
        generic = t(lang, "why.generic", legal="").split(". ")[0]
        assert message.startswith(generic) and lead not in message, message


def test_the_readme_changelog_and_docs_spell_english_one_way() -> None:
    """The prose of README, CHANGELOG and docs/ follows the same US spelling as the catalogs ('color', 'center',
    'gray', '-ize'); code in backticks keeps its names (the Mice! proof `centre`, a `colours` field)."""
    root = Path(__file__).resolve().parent.parent
    spelling = next(pattern for pattern, _, reason, *_ in WRONG_WORDS["en"] if "one spelling system" in reason)
    files = [root / "README.md", root / "CHANGELOG.md",
             *(p for p in sorted((root / "docs").glob("*.md")) if not p.name.startswith("STYLE-"))]
    found = []
    for path in files:
        in_code = False
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                in_code = not in_code
                continue
            prose = " ".join(line.split("`")[::2]) if not in_code else ""
            found += [f"{path.name}:{n}: {m.group(0)}" for m in re.finditer(spelling, prose, re.I)]
    assert not found, "British spellings in the docs' prose:\n" + "\n".join(found)


def test_the_board_picture_names_every_mouse_with_its_article() -> None:
    """The static picture's captions (a mouse's and a Scaler's tooltip) read as the widget does: Italian 'Lo
    Scalatore di Blu sulla catena: partenza', not 'Scalatore di Blu su partenza'; German captions start with a
    capital ('Die Guckmaus von Blau', 'Das Klettermäuschen von Blau am Pendel: Start')."""
    import html

    from hickory_widget.hickory.board.svg import game_svg
    from hickory_widget.hickory.game import Game

    game = Game.new(3, seed=2)
    for lang in ("it", "de"):
        captions = [html.unescape(x) for x in re.findall(r"<title[^>]*>([^<]*)<", game_svg(game, lang))]
        assert len(captions) > 15, captions
        if lang == "it":
            named = [x for x in captions if IT_MOUSE.search(x)]
            assert any("Scalatore" in x for x in named), named
            bad = [f"{italian_mouse_problems(x)} in: {x}" for x in named if italian_mouse_problems(x)]
            bad += [x for x in named if re.search(r"\bsu (?:partenza|foglia)\b", x)]
        else:
            named = [x for x in captions if re.search(r"\bvon (?:Blau|Rot|Gelb)\b", x)]
            assert any("Klettermäuschen" in x for x in named), named
            bad = [x for x in named if not x[:1].isupper() or re.search(r"\bauf (?:Start|Blatt)\b", x)]
        assert not bad, "\n".join(bad)
