"""The classroom app: a LessonWidget set up from the page's address, for Voilà (examples/06_lessons.ipynb).

Voilà gives each visitor a kernel of their own. ``.../06_lessons.ipynb?learner=ada&lang=it`` opens Ada's progress
in Italian and ``?present=1`` the teacher's presentation mode. Without ``learner`` the name is
``$HICKORY_LEARNER`` or, on JupyterHub, the hub's user name. ``HICKORY_PROGRESS`` names the progress file
(scripts/classroom.sh sets it).

With Voilà's preheated kernels (``--preheat_kernel=True``, as scripts/classroom.sh serves it) the notebook runs
before anyone visits: :func:`prepare` does the slow part then (imports, the curriculum, the front end), and
:func:`query_string` waits, in that kernel, for the visitor's address, which Voilà hands over when it gives the
kernel to a learner. Without preheating the address is in ``QUERY_STRING`` from the start.
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from ..hickory.i18n import check_language

if TYPE_CHECKING:
    from .widget import LessonWidget

LEARNER = re.compile(r"^[\w .@-]{1,40}$")


def prepare() -> None:
    """Import the widget and read every built-in lesson in every language now, so that a learner given this
    kernel waits only for their own board."""
    from . import curriculum
    from .widget import LessonWidget  # noqa: F401  (imports ipywidgets and joins the front end's modules)

    for language in ("en", "it", "de"):
        curriculum(language)[0].exercises[0].game()


def preheated() -> bool:
    """True in a kernel Voilà started ahead of its visitor (its address comes later)."""
    return os.environ.get("VOILA_PREHEAT", "False") == "True"


def wait_for_visitor() -> None:
    """In a preheated kernel: wait until Voilà hands this kernel to a visitor, then put the visit's details
    (``QUERY_STRING`` ...) into the environment.

    This is what ``voila.utils.get_query_string`` does (the same websocket, ``voila/query/<kernel id>``, on the
    address Voilà gives its kernels), with the ``websockets`` client Voilà itself depends on: importing
    ``voila.utils`` would load the whole Jupyter server into every kernel of the pool (about 50 MiB and several
    seconds each, measured here)."""
    from websockets.sync.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL") or "/"
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env['VOILA_KERNEL_ID']}")
    with connect(url, open_timeout=30, max_size=2**20) as socket:
        visit = json.loads(socket.recv())
    env.update({str(k): str(v) for k, v in visit.items()})


def query_string() -> str:
    """The visitor's query string; in a preheated kernel this waits until Voilà gives the kernel to a visitor."""
    if preheated():
        wait_for_visitor()
    return os.environ.get("QUERY_STRING", "")


def classroom_app(query: str | None = None) -> LessonWidget:
    """The lesson widget for the visitor whose address carries ``query`` (default: the visitor's, see
    :func:`query_string`)."""
    from .widget import LessonWidget

    q = parse_qs(query_string() if query is None else query)
    default = os.environ.get("HICKORY_LEARNER") or os.environ.get("JUPYTERHUB_USER") or "learner"
    learner = q.get("learner", [default])[0].strip()
    if not LEARNER.match(learner):
        raise ValueError(f"learner name {learner!r}: 1-40 letters, digits, spaces, '.', '@', '-' or '_'")
    lang = check_language(q.get("lang", ["en"])[0])
    present = q.get("present", ["0"])[0].lower() in ("1", "true", "yes", "on")
    return LessonWidget(learner=learner, language=lang, presentation=present,
                        progress_path=os.environ.get("HICKORY_PROGRESS") or None)
