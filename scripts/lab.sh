#!/usr/bin/env bash
# Opens the example notebooks in JupyterLab, from nothing: makes .venv, installs the project and JupyterLab,
# then starts the server in examples/ (Italian and German notebooks in examples/it and examples/de). Without a
# screen it prints the URL to open.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv lab
args=(--notebook-dir=examples)
[ "$(id -u)" = 0 ] && args+=(--allow-root)
[ -z "${DISPLAY:-}" ] && args+=(--no-browser)
exec .venv/bin/jupyter lab "${args[@]}" "$@"
