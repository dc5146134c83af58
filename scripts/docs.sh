#!/usr/bin/env bash
# The docs site: getting started, the rules in our words (en/it/de), the notebooks run with their pictures, the
# guides, the API reference and the JupyterLite site, as one static folder (Sphinx + MyST-NB + Furo, from PyPI; no
# CDN or web font at view time).
#   bash scripts/docs.sh            builds build/docs/ (OUT=... elsewhere), with build/lite/ inside as lite/
#                                   (scripts/lite.sh builds it first when it is missing)
#   LITE=PATH bash scripts/docs.sh  embeds an existing JupyterLite build; LITE=none builds the docs without it
#   bash scripts/docs.sh serve      builds if needed, then serves the folder on http://127.0.0.1:8001 (PORT=...)
# The notebooks' runs are cached in build/cache/docs/ (DOCS_CACHE=...) while the notebook and the package are unchanged.
# DOCS_RUN=en runs only the English notebooks (the others are shown without outputs; the test suite does this, as
# tests/test_notebooks.py already runs every language). DOCS_PYTHON=... uses that Python (with the `docs` dependency group) instead of the project's .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
OUT="${OUT:-$ROOT/build/docs}"

python_for_docs() {
  if [ -n "${DOCS_PYTHON:-}" ]; then echo "$DOCS_PYTHON"; return; fi
  # shellcheck source=scripts/_venv.sh
  source "$ROOT/scripts/_venv.sh"
  ensure_venv test >&2   # the `test` group includes `docs` and the packages the notebooks use
  echo "$VENV/bin/python"
}

build() {
  local py lite_arg=()
  py="$(python_for_docs)"
  case "${LITE:-}" in
    none) ;;
    "") [ -f "$ROOT/build/lite/index.html" ] || bash "$ROOT/scripts/lite.sh"
        lite_arg=(--lite "$ROOT/build/lite") ;;
    *) lite_arg=(--lite "$LITE") ;;
  esac
  "$py" "$ROOT/scripts/build_js.py" --quiet   # the widgets' front ends, which the notebooks' widgets load
  "$py" "$ROOT/docs/site/make_site.py" "$OUT" "${lite_arg[@]}" --cache "${DOCS_CACHE:-$ROOT/build/cache/docs}" \
    --run "${DOCS_RUN:-en,it,de}"
}

case "${1:-build}" in
  build) build ;;
  serve) [ -f "$OUT/index.html" ] || build
         echo "==> serving $OUT on http://127.0.0.1:${PORT:-8001}/ (Ctrl-C stops)"
         exec python3 "$ROOT/lite/serve.py" "$OUT" "${PORT:-8001}" ;;
  *) echo "usage: bash scripts/docs.sh [build|serve]" >&2; exit 2 ;;
esac
