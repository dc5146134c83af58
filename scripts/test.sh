#!/usr/bin/env bash
# The whole test suite, from nothing: makes .venv, installs the project with its test tools, makes sure Debian's
# chromium is there for the browser tests (tests/browser), checks style with ruff, then runs pytest (rules,
# properties, notebooks, JupyterLab in a headless browser). Extra arguments go to pytest, e.g. -m "not browser".
#
# Then the same tests against the compiled build (docs/SPEED.md): scripts/build_compiled.sh builds the mypyc wheel
# and installs it into .venv-compiled, and pytest runs again there, every test but the browser tests (they drive
# JupyterLab and the front end, which do not change with the build; the engine they reach is tested by the rest)
# and those marked patches_engine (they monkeypatch functions the compiled code calls directly). A failing build
# fails the script. SKIP_COMPILED=1 skips this second run (e.g. for a quick local check). Extra arguments go to
# both runs (a -m of your own replaces the compiled run's marker expression).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh

# In CI a missing browser must fail the browser tests, not skip them (tests/browser/conftest.py reads this).
if [ "${CI:-}" = "true" ]; then
  export HICKORY_E2E=1
fi

# The browser tests drive Debian's chromium through the Python playwright package (never `playwright install`,
# whose browser download cannot work here). Installed once, quietly, only when missing.
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  if [ "$(id -u)" = "0" ]; then
    echo "==> installing Debian's chromium for the browser tests"
    if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
           DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; then
      echo "warning: apt-get could not install chromium; the browser tests will skip (or fail in CI)" >&2
    fi
  else
    echo "note: /usr/bin/chromium is missing, so the browser tests (tests/browser) will be skipped." >&2
    echo "      Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
  fi
}

# Node runs the front end's own tests (node --test js/); npm fetches the files an exported page loads.
ensure_node() {
  command -v node >/dev/null && command -v npm >/dev/null && return 0
  if [ "$(id -u)" = "0" ]; then
    echo "==> installing Debian's nodejs and npm for the front-end tests"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null ||
      echo "warning: apt-get could not install nodejs/npm; the js tests will skip (or fail in CI)" >&2
  else
    echo "note: node/npm are missing; install them with: sudo apt-get install -y nodejs npm" >&2
  fi
}

# JupyterHub's proxy for tests/test_jupyterhub.py (the README's hub recipe): configurable-http-proxy from npm, in the
# suite's npm cache (as tests/browser/assets.py keeps its packages); jupyterhub itself is in the test extra.
ensure_proxy() {
  local folder="${HICKORY_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hickory-widget/npm}/configurable-http-proxy"
  [ -x "$folder/node_modules/.bin/configurable-http-proxy" ] && return 0
  command -v npm >/dev/null || return 0   # ensure_node said why; the hub test then skips (or fails in CI)
  echo "==> installing configurable-http-proxy from npm into $folder"
  npm install --no-audit --no-fund --prefix "$folder" configurable-http-proxy@4 >/dev/null ||
    echo "warning: npm could not install configurable-http-proxy; the JupyterHub test will skip (or fail in CI)" >&2
}

# ESLint for the front end (tests/test_js.py; eslint.config.mjs), from npm into the same cache, never into the tree.
ensure_eslint() {
  local folder="${HICKORY_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hickory-widget/npm}/eslint"
  export HICKORY_ESLINT="$folder"
  [ -f "$folder/node_modules/eslint/bin/eslint.js" ] && return 0
  command -v npm >/dev/null || return 0   # ensure_node said why; the lint test then skips (or fails in CI)
  echo "==> installing ESLint from npm into $folder"
  npm install --no-audit --no-fund --prefix "$folder" eslint@9 @eslint/js@9 globals@15 >/dev/null ||
    echo "warning: npm could not install ESLint; the lint test will skip (or fail in CI)" >&2
}

# The widgets' front-end bundles (scripts/build_js.py: esbuild, pinned, from npm into the same cache as ESLint).
ensure_esbuild() {
  command -v npm >/dev/null || { echo "error: the widgets' front end is built with esbuild from npm: install Node.js" >&2; exit 1; }
  .venv/bin/python scripts/build_js.py
}

ensure_venv test
ensure_chromium
ensure_node
ensure_proxy
ensure_eslint
ensure_esbuild
echo "==> ruff"
.venv/bin/ruff check .
echo "==> pytest (pure Python)"
HICKORY_BUILD=pure .venv/bin/python -m pytest "$@"

if [ "${SKIP_COMPILED:-}" = "1" ]; then
  echo "==> SKIP_COMPILED=1: the compiled build is not tested"
  exit 0
fi
start=$SECONDS
bash scripts/build_compiled.sh
echo "==> pytest (compiled build, .venv-compiled)"
# The pytest script, not `python -m pytest`: the source tree must not come first on sys.path, or the pure modules
# would shadow the installed compiled ones (tests/test_compiled.py checks they do not). Some tests import helpers
# as `tests.…`, so the checkout goes on sys.path after site-packages, by a .pth file of that venv.
site="$(.venv-compiled/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
echo "$PWD" > "$site/hickory_checkout_last.pth"
HICKORY_BUILD=compiled .venv-compiled/bin/pytest -p no:cacheprovider \
  -m "not browser and not patches_engine" "$@"
echo "==> the compiled build and its tests took $((SECONDS - start)) s"
