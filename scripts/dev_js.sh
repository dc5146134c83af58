#!/usr/bin/env bash
# Front-end development: rebuilds the bundles on every save of a file in js/ (esbuild --watch). Start JupyterLab
# with ANYWIDGET_HMR=1 (e.g. `ANYWIDGET_HMR=1 bash scripts/lab.sh`, watchfiles installed) and a saved file redraws
# the widgets on the page without a reload (docs/FRONTEND.md).
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PYTHON:-python3}" scripts/build_js.py --watch "$@"
