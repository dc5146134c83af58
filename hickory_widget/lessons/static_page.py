"""The static site's landing page (JupyterLite, ``bash scripts/lite.sh``): the lessons of the learner the address
names, in the address's language, as the classroom app shows them but with no server behind it.

``…/?learner=ada&lang=it`` opens Ada's lessons in Italian, ``?present=1`` the teacher's presentation mode. No PIN
is asked: the progress lives in this browser's own storage (the kernel's drive), which nobody else reaches, and
leaves it only as the hand-in the learner exports (:mod:`.handin`). Without ``learner`` the name is "learner".
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import parse_qs

from ..hickory.words.i18n import LANGUAGES
from .classroom_words import say
from .handin import MAX_LEARNER, HandinError, check_learner
from .widget import LessonWidget


class AddressError(ValueError):
    """The address names a learner whose progress could not be handed in; the message is in the address's
    language and says what a name may be."""


def _name_problem(name: str, lang: str) -> str:
    if not name.strip() or len(name.strip()) > MAX_LEARNER:
        return say(lang, "classroom.error.name_length", n=MAX_LEARNER)
    return say(lang, "classroom.error.name_control")


def address_learner(name: str, lang: str) -> str:
    """The learner ``name`` from the address, if their progress could be handed in; AddressError (in ``lang``)
    otherwise."""
    try:
        return check_learner(name)
    except HandinError:
        raise AddressError(say(lang, "classroom.address.name", problem=_name_problem(name, lang))) from None


def lesson_page(query: str = "") -> LessonWidget:
    """The lesson widget for the address whose query string is ``query``; a name that cannot be handed in is
    refused (AddressError, in the address's language, saying what a name may be)."""
    q = parse_qs(query, keep_blank_values=True)
    lang = q.get("lang", ["en"])[0]
    lang = lang if lang in LANGUAGES else "en"
    learner = address_learner(q.get("learner", ["learner"])[0], lang)
    present = q.get("present", ["0"])[0].lower() in ("1", "true", "yes", "on")
    return LessonWidget(learner=learner, language=lang, presentation=present)


def landing_page(query: str = "") -> Any:
    """What the static site's landing page shows: the lessons, or, when the address cannot name a learner, why
    (in the address's language) instead of a Python error."""
    try:
        return lesson_page(query)
    except AddressError as exc:
        from ipywidgets import HTML

        return HTML(f'<p role="alert" data-testid="address-error" style="font-size:16px;max-width:60ch">'
                    f"{escape(str(exc))}</p>")
