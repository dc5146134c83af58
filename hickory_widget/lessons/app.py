"""The classroom app: who the visitor is, then their page, for Voilà (examples/06_lessons.ipynb).

Voilà gives each visitor a kernel of their own, and the page's address says what they want:

* ``?learner=ada&lang=it``: the join form (:mod:`.join`), name filled in; Ada types her PIN (or chooses one on her
  first visit) and her lessons open in Italian. Nobody opens or resets Ada's progress without her PIN.
* ``?learner=ada&key=...``: a join link from the teacher's dashboard; no PIN asked. Until Ada chooses a PIN, her
  name is closed to the form: only the link opens it.
* ``?teacher``: the teacher's dashboard (:mod:`.dashboard`) once the teacher's code is typed
  (``$HICKORY_TEACHER_CODE``; scripts/classroom.sh makes one and prints it when the app starts).
* ``?watch=3``: table 3 as a watcher sees it (the projector's page, :mod:`.table_watch`): the board from no seat,
  no hidden card, live; the teacher's Tables tab gives this address.
* ``?present=1``: the teacher's presentation mode: it never reads nor writes anybody's record (not even one named
  ``teacher``, a name nobody may register) and refuses Reset, so it asks for nothing.
* ``&game=mice`` (or ``clocktowers``, ``hickory``): the game the lessons (or the dashboard) open on; a row of
  buttons above the lessons changes it (:mod:`.game_bar`).
* Once a learner is in (PIN, join link or hub), the row of games above the lessons has one more button, Tables: the
  game tables (:mod:`.table_lobby`, :mod:`.table_view`): sit at a table, or open one, and play from this device.
* The same row shows the class's live question when the teacher asks one (:mod:`.live_view`): the row asks the
  kernel every 0.5 s, the learner answers there and sees the solution when the teacher reveals it.
* Behind JupyterHub (``$JUPYTERHUB_USER`` in the kernel's environment) the hub's user is the learner and
  nothing is asked.
* In the static site (JupyterLite: the kernel runs in the learner's browser, see scripts/lite.sh) there is no
  server and no teacher to join: the lessons open at once, as on the site's landing page
  (:mod:`.static_page`), with the progress in this browser's own storage; ``learner=`` names the record
  ("learner" when absent, the landing page's too).

``HICKORY_PROGRESS`` names the classroom's store (:mod:`.store`, an SQLite file; scripts/classroom.sh sets it): the
progress, the PIN hashes (:mod:`.identity`), the locks and the hand-ins. A name ending in ``.json`` (a progress file
of an earlier version) means the ``.sqlite3`` beside it, which imports that file once.

With Voilà's preheated kernels (``--preheat_kernel=True``, as scripts/classroom.sh serves it) the notebook runs
before anyone visits: :func:`prepare` does the slow part then (imports, the curriculum, the front end), and
:func:`query_string` waits, in that kernel, for the visitor's address, which Voilà hands over when it gives the
kernel to a learner. Without preheating the address is in ``QUERY_STRING`` from the start.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from ..hickory.words.i18n import LANGUAGES, t
from .progress import DEFAULT_PATH

log = logging.getLogger(__name__)


def static_site() -> bool:
    """True in a kernel that runs in the visitor's browser (Pyodide, the static site): no server is behind it."""
    return sys.platform == "emscripten"


def prepare() -> None:
    """Import the widget and read every built-in lesson in every language now, so that a learner given this
    kernel waits only for their own board. In the static site the kernel is the visitor's own and starts when
    they open the page: there only the imports are done (the rest would delay their first board)."""
    from . import curriculum, dashboard, game_bar, identity, join, live_view, tracked  # noqa: F401  (the pages)
    from .games import NAMES
    from .widget import LessonWidget  # noqa: F401  (imports ipywidgets and joins the front end's modules)

    if static_site():
        return
    identity.skeleton("Ada")  # the TR39 table is there (else a clear error now, not at the first learner's name)
    for language in ("en", "it", "de"):
        for game in NAMES:
            curriculum(language, game)[0].exercises[0].game()
        live_view.exercise("goal/where-hand", language)  # the live class's index of every game's exercises


def check_port(host: str, port: int) -> str | None:
    """Why the classroom cannot serve on ``host:port`` (None when it can): Voilà would otherwise move to another
    port while its preheated kernels call the first one back, and every learner would see only an error."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            probe.bind((host, port))
        except OSError as exc:
            return (f"port {port} on {host} is taken ({exc.strerror}): stop what serves there (another "
                    f"scripts/classroom.sh?) or start with PORT=another number")
    return None


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


def progress_path() -> Path:
    """The classroom's store (``$HICKORY_PROGRESS``; a ``.json`` name means the ``.sqlite3`` beside it)."""
    from .store import Store, store_path

    named = os.environ.get("HICKORY_PROGRESS") or DEFAULT_PATH
    Store.at(named)  # a JSON file named here is imported once, at the store's first use
    return store_path(named)


def classroom_app(query: str | None = None) -> Any:
    """The page for the visitor whose address carries ``query`` (default: the visitor's, see
    :func:`query_string`): the join form then the lessons, the dashboard, or the presentation mode; the game
    named by ``game=`` (hickory, clocktowers, mice; Hickory Dickory when absent) first, with a row to change it."""
    import ipywidgets

    from .card_widget import WIDGETS
    from .classroom_words import say, store_problem
    from .dashboard import Dashboard
    from .game_bar import GameBar, pick_game
    from .identity import Identities, IdentityError
    from .join import JoinForm, error_text, store_text
    from .live import Live
    from .live_view import LiveBar
    from .progress import ProgressError
    from .store import StoreError
    from .table_lobby import TableLobby
    from .tables import classroom_tables, tables_path
    from .tracked import TRACKED

    q = parse_qs(query_string() if query is None else query, keep_blank_values=True)
    lang = q.get("lang", ["en"])[0]
    lang = lang if lang in LANGUAGES else "en"
    game = pick_game(q.get("game", [""])[0])
    # the classroom's store; in the static site (the visitor's own browser, one learner) a JSON file as before
    path = Path(os.environ.get("HICKORY_PROGRESS") or DEFAULT_PATH) if static_site() else progress_path()
    if "watch" in q and not static_site():  # a table from no seat (the projector): nothing hidden, nothing asked
        from .table_watch import TableWatch

        tables = classroom_tables(tables_path(path))
        wanted = q["watch"][0]
        if not wanted.isdigit() or all(row["id"] != int(wanted) for row in tables.tables()):
            raise ValueError(f"watch= names a table by its number; there is no table {wanted[:20]!r}")
        return TableWatch(tables, int(wanted), lang).box
    if "teacher" in q:
        return Dashboard(path, lang, os.environ.get("HICKORY_TEACHER_CODE") or None, game=game).panel
    hub = os.environ.get("JUPYTERHUB_USER")
    box = ipywidgets.VBox()
    if q.get("present", ["0"])[0].lower() in ("1", "true", "yes", "on"):
        GameBar(box, lang, game, lambda g, lg: WIDGETS[g](learner=hub or "teacher", language=lg,
                                                          presentation=True, progress_path=None))
        return box

    def lessons_of(name: str, reset_check: Any = None) -> GameBar:
        """The learner's lessons, the game row above them (``reset_check``: what Reset asks first)."""
        bars: list[GameBar] = []

        def make(g: str, lg: str) -> Any:
            widget = TRACKED[g](learner=name, language=lg, progress_path=path)
            widget.reset_check = reset_check
            widget.reset_asked = lambda: bars[0].ask_reset() if bars else None
            return widget

        bars.append(LiveBar(box, lang, game, make,
                            lambda: TableLobby(classroom_tables(tables_path(path)), name, lang, game),
                            Live(path), name))
        return bars[0]

    if hub:
        lessons_of(hub)
        return box
    if static_site():  # nobody else reaches this browser's storage: no PIN, the learner's lessons at once
        from .static_page import address_learner

        name = address_learner(q.get("learner", ["learner"])[0], lang)  # refused in the address's language
        GameBar(box, lang, game, lambda g, lg: WIDGETS[g](learner=name, language=lg, progress_path=path))
        return box

    identities = Identities(path)
    forms: list[JoinForm] = []

    def pin_problem(error: Exception) -> str:
        """Why a PIN was not saved, as the learner reads it (plain text: the row escapes it)."""
        if isinstance(error, IdentityError):
            return say(lang, f"classroom.error.{error.code}", **error.details)
        return say(lang, "classroom.error.store", problem=store_problem(lang, error))

    def joined(name: str) -> None:
        """The learner is who they say: their lessons replace the form (or the form says why not)."""
        def pin_again(pin: Any) -> bool:
            """Reset asks for the learner's PIN again (a name with none is reset by the teacher)."""
            try:
                return identities.verify(name, pin) == name
            except (IdentityError, StoreError):
                return False

        try:
            bar = lessons_of(name, pin_again)
            if identities.status(name) == "closed":  # came by the join link: a PIN of their own for next time
                bar.offer_pin(lambda pin: identities.set_pin(name, pin), pin_problem)
        except ProgressError as exc:
            log.exception("classroom: the progress of %r cannot be opened", name)
            if not forms:
                raise
            forms[0].error = store_text(lang, exc) if isinstance(exc, StoreError) else t(lang,
                                                                                          "classroom.error.progress")
            forms[0].draw()

    name = q.get("learner", [os.environ.get("HICKORY_LEARNER", "")])[0][:200]
    error = ""
    if "key" in q:
        try:
            joined(identities.check_link(name, q["key"][0]))
            return box
        except StoreError as exc:
            error = store_text(lang, exc)
        except ProgressError:
            error = t(lang, "classroom.error.progress")
        except IdentityError as exc:
            error = error_text(lang, exc)
    forms.append(JoinForm(identities, lang, joined, name=name, error=error))
    box.children = (forms[0].panel,)
    return box


if __name__ == "__main__":  # the classroom from the installed package (the ``hickory-classroom`` command, .serve)
    if sys.argv[1:2] == ["--check-port"] and len(sys.argv) == 4:  # exit 2 with the reason when HOST PORT is taken
        problem = check_port(sys.argv[2], int(sys.argv[3]))
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            sys.exit(2)
    else:
        from .serve import main

        sys.exit(main())
