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

Tables (several learners at one game, each on their own server) need one store every server can write:
``HICKORY_TABLES`` names it, in a folder of the class's group with the setgid bit and group write (SQLite's WAL
writes beside the file), e.g. ``install -d -m 2770 -g class /srv/hickory-tables`` and
``HICKORY_TABLES=/srv/hickory-tables/tables.sqlite3``. Only the tables live there (a seat's browser is sent its
seat's view only); each learner's progress stays in their own home.
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
