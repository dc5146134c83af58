"""Plain-word explanations of the rules: every rule id of RULES-SPEC (R1–R129 with sub-rules such as R40a), every
ruling on an ambiguity (Q1–Q18) and every ruling of this project (H1–H17, docs/RULINGS.md), in each language.

The texts are the catalog messages ``rule.<ID>``; the widget's rule badges show the same ones.
"""

from __future__ import annotations

import re

from .i18n import LANGUAGES, catalog, check_language, t

ID_SHAPE = re.compile(r"^(R\d+[a-z]?|Q\d+|H\d+)$")
"""How an id looks: R48, R40a, Q7, H14."""


def explained_ids(language: str = "en") -> list[str]:
    """Every id with an explanation in ``language``, in catalog order."""
    return [key[5:] for key in catalog(check_language(language)) if key.startswith("rule.") and
            ID_SHAPE.match(key[5:])]


def explain(rule_id: str, language: str = "en") -> str:
    """The explanation of ``rule_id`` ("R48", "r48", "Q7", "H3") in ``language`` ("en", "it" or "de").

    An id that is malformed or has no explanation raises a ValueError saying how ids look.
    """
    check_language(language)
    rid = rule_id.strip() if isinstance(rule_id, str) else rule_id
    if isinstance(rid, str) and rid[:1].lower() in "rqh":
        rid = rid[:1].upper() + rid[1:]
    if not isinstance(rid, str) or not ID_SHAPE.match(rid) or f"rule.{rid}" not in catalog(language):
        raise ValueError(f"no rule {rule_id!r}: ids look like R48 or R40a (rules R1–R129 of RULES-SPEC), "
                         f"Q7 (rulings Q1–Q18) or H3 (project rulings H1–H17, docs/RULINGS.md); "
                         f"languages: {', '.join(LANGUAGES)}")
    return t(language, f"rule.{rid}")
