#!/usr/bin/env bash
# Opens the example notebooks in JupyterLab, from nothing: makes .venv, installs the project and JupyterLab,
# then starts the server in examples/ (Italian and German notebooks in examples/it and examples/de). Without a
# screen it prints the URL to open.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv lab
# the widgets' front ends (js/ bundled by esbuild from npm: hickory_widget/static/, git-ignored)
.venv/bin/python scripts/build_js.py --quiet
# JupyterLab asks on its first start whether to fetch Jupyter's news, in a toast over the first notebook. This
# project's own JupyterLab (its .venv) answers "no" for it, in the app's settings overrides (users can still change it).
.venv/bin/python -m hickory_widget.core.lab_settings
args=(--notebook-dir=examples)
[ "$(id -u)" = 0 ] && args+=(--allow-root)
[ -z "${DISPLAY:-}" ] && args+=(--no-browser)
exec .venv/bin/jupyter lab "${args[@]}" "$@"
