#!/usr/bin/env bash
# The classroom app, from nothing: makes .venv, installs the project with Voilà, then serves the lessons
# (examples/06_lessons.ipynb) as an app with no code visible. Each visitor gets a kernel of their own.
#   bash scripts/classroom.sh                 # http://127.0.0.1:8866/?learner=NAME  (&lang=it|de, ?present=1)
#   HOST=0.0.0.0 PORT=8866 bash scripts/classroom.sh   # reachable from the classroom's network
# Progress is kept in $HICKORY_PROGRESS (default ~/.hickory_widget/classroom-progress.json), one file for all
# learners. Extra arguments go to voila.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv classroom
export HICKORY_PROGRESS="${HICKORY_PROGRESS:-$HOME/.hickory_widget/classroom-progress.json}"
mkdir -p "$(dirname "$HICKORY_PROGRESS")"
host="${HOST:-127.0.0.1}"
port="${PORT:-8866}"
echo "==> lessons at http://$host:$port/?learner=YOUR_NAME  (progress in $HICKORY_PROGRESS)"
exec .venv/bin/voila examples/06_lessons.ipynb --no-browser --port="$port" --Voila.ip="$host" "$@"
