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
# Kernel websockets send without Nagle's delay (hickory_widget/core/websocket.py): a click is answered ~30 ms sooner.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv classroom
# The classroom's store (one SQLite file: progress, PINs, locks, hand-ins). The JSON progress file of earlier
# versions (~/.hickory_widget/classroom-progress.json) is imported into it once, at its first use.
old_json="$HOME/.hickory_widget/classroom-progress.json"
if [ -z "${HICKORY_PROGRESS:-}" ] && [ -f "$old_json" ] && [ ! -f "$HOME/.hickory_widget/classroom.sqlite3" ]; then
  export HICKORY_PROGRESS="$old_json"   # its store is classroom-progress.sqlite3 beside it
else
  export HICKORY_PROGRESS="${HICKORY_PROGRESS:-$HOME/.hickory_widget/classroom.sqlite3}"
fi
mkdir -p "$(dirname "$HICKORY_PROGRESS")"
host="${HOST:-127.0.0.1}"
port="${PORT:-8866}"
pool="${POOL_SIZE:-10}"
[[ "$pool" =~ ^[0-9]+$ ]] && [ "$pool" -le 200 ] || { echo "error: POOL_SIZE must be a number 0-200, not '$pool'" >&2; exit 2; }
fill_delay="${FILL_DELAY:-60}"
[[ "$fill_delay" =~ ^[0-9]+$ ]] || { echo "error: FILL_DELAY must be whole seconds, not '$fill_delay'" >&2; exit 2; }
preheat=(--preheat_kernel=True --pool_size="$pool" --VoilaKernelManager.fill_delay="$fill_delay")
[ "$pool" -gt 0 ] || preheat=()
# A preheated kernel asks the server for its visitor's address; it must reach the server at the address it serves.
case "$host" in 0.0.0.0|::) ;; *) export VOILA_APP_IP="$host" ;; esac
export HICKORY_TEACHER_CODE="${HICKORY_TEACHER_CODE:-$(.venv/bin/python -m hickory_widget.lessons.identity)}"
# an empty or weak teacher's code would open the dashboard to a guess: refused before anything starts
.venv/bin/python -m hickory_widget.lessons.identity --check "$HICKORY_TEACHER_CODE" || exit 2
# a taken port: Voilà would serve on another one while its preheated kernels call this one back
.venv/bin/python -m hickory_widget.lessons.app --check-port "$host" "$port" || exit 2
echo "==> lessons at http://$host:$port/?learner=YOUR_NAME  (progress in $HICKORY_PROGRESS)"
echo "==>   Clocktowers' or Mice!'s lessons: add &game=clocktowers or &game=mice (or pick the game on the page)"
echo "==> teacher's dashboard at http://$host:$port/?teacher  code: $HICKORY_TEACHER_CODE"
echo "==> $pool kernels kept ready (POOL_SIZE)"
exec .venv/bin/voila examples/06_lessons.ipynb --no-browser --port="$port" --Voila.port_retries=0 --Voila.ip="$host" \
  --Voila.kernel_websocket_connection_class=hickory_widget.core.websocket.NoDelayConnection ${preheat[@]+"${preheat[@]}"} "$@"
