"""JupyterHub serving the classroom: every learner logs in, gets a Jupyter server of their own under their own Unix
user, and lands on the lessons (Voilà, no code visible) as themselves: the hub's user is the learner, nothing asked.

    pip install "hickory-widget[classroom]" jupyterhub      # the hub's and the users' Python (one machine)
    npm install -g configurable-http-proxy                  # the hub's proxy
    jupyterhub -f scripts/jupyterhub_config.py              # as root: it starts each learner's server as them

tests/test_jupyterhub.py runs this file as it is (three Unix users made with useradd, a password of its own, free
ports on 127.0.0.1), adding only the ports and folders of a test. README.md ("For a class larger than one machine
serves") tells the rest. Settings, from the hub's environment:

* ``HICKORY_HUB_USERS``: the learners (and teacher) allowed in, comma-separated Unix user names. Empty: every user
  the authenticator accepts.
* ``HICKORY_HUB_PASSWORD``: for a trial or a test only, one password for every allowed user (JupyterHub's
  DummyAuthenticator). Unset: the machine's own logins (PAM, JupyterHub's default); a school would put its own
  authenticator (OAuth, LDAP) here.
* ``HICKORY_HUB_NOTEBOOKS``: a folder the hub puts the classroom's notebook in (default /srv/hickory-classroom,
  readable by all, written by the hub only); every learner's server opens on it.
* ``HICKORY_HUB_PYTHON``: the Python that runs the learners' servers (default: the hub's own); the project with
  its ``classroom`` extra and jupyterhub must be installed there.

Each learner's progress then lands in their own home (``~/.hickory_widget/lesson-progress.sqlite3``, a file only
they may read). For the teacher's dashboard to see the whole class, give the servers one store in a folder shared
by a class group instead (docs/CLASSROOM.md, "On JupyterHub": ``HICKORY_PROGRESS``), or collect hand-ins.

Tables (several learners at one game, each on their own server) are kept by a service of their own (recommended):
``HICKORY_TABLES_SERVICE_USER`` names a Unix user made for it (``useradd --system hickory-tables``); the hub starts
``python -m hickory_widget.lessons.tables_service`` as that user (a managed service, ``hickory-tables``), the store
at ``HICKORY_TABLES_STORE`` (default /srv/hickory-tables/tables.sqlite3, in a folder only that user may enter:
``install -d -m 700 -o hickory-tables /srv/hickory-tables``), and every learner's server gets ``HICKORY_TABLES`` set
to the service's URL. A learner's kernel then cannot open the store at all; the service answers each hub user with
their own seat only, and every hand to the teacher: a hub admin, a member of the hub group ``teachers``
(``HICKORY_TEACHER_GROUPS``), or a user named in ``HICKORY_TEACHERS``. ``HICKORY_TABLES_SERVICE_PORT``: its port
on 127.0.0.1 (default 10101).

Without the service, a class that trusts each other may share one store every server can write (any learner's
code can then read every hand in it): ``HICKORY_TABLES`` names it, in a folder of the class's group with the
setgid bit and group write (SQLite's WAL writes beside the file), e.g. ``install -d -m 2770 -g class
/srv/hickory-tables`` and ``HICKORY_TABLES=/srv/hickory-tables/tables.sqlite3``. Each learner's progress stays in
their own home either way.
"""

import os
import shutil
import sys
from pathlib import Path

from hickory_widget.lessons.serve import notebook

c = get_config()  # noqa: F821  (JupyterHub's config loader provides it)

# who may log in
users = {name.strip() for name in os.environ.get("HICKORY_HUB_USERS", "").split(",") if name.strip()}
if users:
    c.Authenticator.allowed_users = users
if os.environ.get("HICKORY_HUB_PASSWORD"):
    c.JupyterHub.authenticator_class = "dummy"  # a trial or a test: one shared password
    c.DummyAuthenticator.password = os.environ["HICKORY_HUB_PASSWORD"]

# the classroom's notebook, from the installed package, where every learner's server can read it
folder = Path(os.environ.get("HICKORY_HUB_NOTEBOOKS", "/srv/hickory-classroom"))
folder.mkdir(parents=True, exist_ok=True)
folder.chmod(0o755)
shutil.copyfile(notebook(), folder / "classroom.ipynb")
(folder / "classroom.ipynb").chmod(0o644)

# each learner's server: their own Unix user (LocalProcessSpawner, JupyterHub's default), opening on the lessons
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [os.environ.get("HICKORY_HUB_PYTHON", sys.executable), "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(folder)
c.Spawner.default_url = "/voila/render/classroom.ipynb"
# Voilà's page with the project's template: nothing asked of a CDN (jupyter-data/voila/templates/hickory)
c.Spawner.args = ["--VoilaConfiguration.template=hickory"]
c.Spawner.env_keep = ["PATH", "PYTHONPATH", "LANG", "LC_ALL", "HICKORY_PROGRESS", "HICKORY_HANDINS", "HICKORY_TABLES"]
# a class arriving at once on a busy machine: give each server time to start
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

# the tables behind a service of their own, run as a Unix user of its own: the only reader of the tables store
service_user = os.environ.get("HICKORY_TABLES_SERVICE_USER")
if service_user:
    tables_store = Path(os.environ.get("HICKORY_TABLES_STORE", "/srv/hickory-tables/tables.sqlite3"))
    tables_port = int(os.environ.get("HICKORY_TABLES_SERVICE_PORT", "10101"))
    if not tables_store.parent.exists():  # the store's folder: the service's user alone may enter it
        tables_store.parent.mkdir(mode=0o700, parents=True)
        shutil.chown(tables_store.parent, user=service_user)
    tables_env = {k: os.environ[k] for k in ("HICKORY_TEACHERS", "HICKORY_TEACHER_GROUPS", "LANG", "PATH")
                  if k in os.environ}
    c.JupyterHub.services = [{
        "name": "hickory-tables", "user": service_user, "url": f"http://127.0.0.1:{tables_port}",
        "command": [os.environ.get("HICKORY_HUB_PYTHON", sys.executable), "-m", "hickory_widget.lessons.tables_service",
                    "--store", str(tables_store)],
        "cwd": str(tables_store.parent), "environment": tables_env, "display": False}]
    # the service reads a user's admin flag and groups (who is the teacher) with its own token
    c.JupyterHub.load_roles = [{"name": "hickory-tables", "scopes": ["read:users", "read:groups"],
                                "services": ["hickory-tables"]}]
    # every learner's server (and kernel) asks the service, never the store
    os.environ["HICKORY_TABLES"] = f"http://127.0.0.1:{tables_port}/services/hickory-tables/"
