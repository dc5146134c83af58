#!/usr/bin/env bash
# Builds the widgets' front ends (js/ -> hickory_widget/static/<widget>.js and .css, esbuild from npm, inline source
# maps) for a checkout or an editable install, and prints their sizes. The wheel builds its own (hatch_build.py).
#   bash scripts/build_js.sh             once
#   bash scripts/build_js.sh --release --out DIR   the wheel's minified bundles into DIR (to measure them)
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PYTHON:-python3}" scripts/build_js.py "$@"
