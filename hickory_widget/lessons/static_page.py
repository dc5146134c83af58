"""The static site's landing page (JupyterLite, ``bash scripts/lite.sh``): the lessons of the learner the address
names, in the address's language, as the classroom app shows them but with no server behind it.

``…/?learner=ada&lang=it`` opens Ada's lessons in Italian, ``?present=1`` the teacher's presentation mode. No PIN
is asked: the progress lives in this browser's own storage (the kernel's drive), which nobody else reaches, and
leaves it only as the hand-in the learner exports (:mod:`.handin`). Without ``learner`` the name is "learner".
"""

from __future__ import annotations

from urllib.parse import parse_qs

from ..hickory.words.i18n import LANGUAGES
from .handin import HandinError, check_learner
from .widget import LessonWidget


def lesson_page(query: str = "") -> LessonWidget:
    """The lesson widget for the address whose query string is ``query``; a name that cannot be handed in is
    refused with the reason (ValueError)."""
    q = parse_qs(query, keep_blank_values=True)
    lang = q.get("lang", ["en"])[0]
    try:
        learner = check_learner(q.get("learner", ["learner"])[0])
    except HandinError as exc:
        raise ValueError(f"the learner's name in the address: {exc.problem}") from None
    present = q.get("present", ["0"])[0].lower() in ("1", "true", "yes", "on")
    return LessonWidget(learner=learner, language=lang if lang in LANGUAGES else "en", presentation=present)
