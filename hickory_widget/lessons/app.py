"""The classroom app: a LessonWidget set up from the page's address, for Voilà (examples/06_lessons.ipynb).

Voilà gives each visitor a kernel of their own and passes the address's query string in ``QUERY_STRING``, so
``.../06_lessons.ipynb?learner=ada&lang=it`` opens Ada's progress in Italian and ``?present=1`` the teacher's
presentation mode. Without ``learner`` the name is ``$HICKORY_LEARNER`` or, on JupyterHub, the hub's user name.
``HICKORY_PROGRESS`` names the progress file (scripts/classroom.sh sets it).
"""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qs

from ..i18n import check_language
from .widget import LessonWidget

LEARNER = re.compile(r"^[\w .@-]{1,40}$")


def classroom_app(query: str | None = None) -> LessonWidget:
    """The lesson widget for the visitor whose address carries ``query`` (default: ``$QUERY_STRING``)."""
    q = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    default = os.environ.get("HICKORY_LEARNER") or os.environ.get("JUPYTERHUB_USER") or "learner"
    learner = q.get("learner", [default])[0].strip()
    if not LEARNER.match(learner):
        raise ValueError(f"learner name {learner!r}: 1-40 letters, digits, spaces, '.', '@', '-' or '_'")
    lang = check_language(q.get("lang", ["en"])[0])
    present = q.get("present", ["0"])[0].lower() in ("1", "true", "yes", "on")
    return LessonWidget(learner=learner, language=lang, presentation=present,
                        progress_path=os.environ.get("HICKORY_PROGRESS") or None)
