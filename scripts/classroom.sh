#!/usr/bin/env bash
# The classroom app, from nothing: makes .venv, installs the project with Voilà, then serves the lessons
# (examples/06_lessons.ipynb) as an app with no code visible. Each visitor gets a kernel of their own.
#   bash scripts/classroom.sh                 # http://127.0.0.1:8866/?learner=NAME  (&lang=it|de, ?present=1)
#   HOST=0.0.0.0 PORT=8866 bash scripts/classroom.sh   # reachable from the classroom's network
#   POOL_SIZE=25 bash scripts/classroom.sh    # kernels kept ready (default 10; set it to the class size)
#   HICKORY_TEACHER_CODE=K7QM-4XPA bash scripts/classroom.sh   # your own teacher's code (default: a new one each start;
#                                                              # an empty or weak one is refused)
# A taken PORT is refused at start (Voilà may not move to another port: its kernels would call the first one).
# Learners join with their name and a PIN they choose on the first visit (docs/CLASSROOM.md); the teacher's
# dashboard is at http://HOST:PORT/?teacher and opens with the teacher's code printed below.
# Progress is kept in $HICKORY_PROGRESS (default ~/.hickory_widget/classroom.sqlite3), one SQLite store for all
# learners (docs/CLASSROOM.md: its folder's modes for a class of several Unix users). Voilà keeps POOL_SIZE kernels preheated: each has imported the engine and read every lesson before a
# learner arrives, and takes the learner's name and language from the address when it is handed out (a learner
# beyond the pool gets a fresh kernel, as without a pool; each ready kernel holds about 100 MiB). POOL_SIZE=0
# turns preheating off. A kernel handed out is replaced after FILL_DELAY seconds (default 60), so that a class
# arriving at once is not slowed down by the pool refilling itself. Extra arguments go to voila.
# The Voilà template "hickory" (jupyter-data/voila/templates/) is Voilà's lab template asking no CDN for anything.
# Kernel websockets send without Nagle's delay (hickory_widget/core/websocket.py): a click is answered ~30 ms sooner.
# What it runs after the install is the package's own `hickory-classroom` (hickory_widget/lessons/serve.py), which
# works the same from any installed wheel: `pip install "hickory-widget[classroom]" && hickory-classroom --help`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv classroom
.venv/bin/python scripts/build_js.py --quiet  # the widgets' front ends (js/ bundled by esbuild from npm)
# HOST, PORT, POOL_SIZE, FILL_DELAY, HICKORY_TEACHER_CODE and HICKORY_PROGRESS are read by hickory-classroom; it
# refuses a taken port, a weak teacher's code or a bad number before anything starts, and prints the addresses.
exec .venv/bin/python -m hickory_widget.lessons.serve "$@"
