#!/usr/bin/env bash
# The optional compiled build (docs/SPEED.md): the engine's hot modules compiled with mypyc (the list is in
# pyproject.toml, [tool.hatch.build.targets.wheel.hooks.mypyc]) into a platform wheel in dist/, then installed with
# the test and bench extras into .venv-compiled, a venv of its own beside .venv (which keeps the pure package).
#
#   bash scripts/build_compiled.sh            # build (if the sources changed since the last build) and install
#   bash scripts/build_compiled.sh --wheel    # only build dist/hickory_widget-*-cp3*-*.whl
#
# The wheel is built from a copy of the tree in a temporary directory: mypyc writes its .so files next to the
# sources, and there they would shadow the pure modules of the editable install in .venv. Any failure (mypy's type
# check, the C compiler, the import check at the end) stops the script with a non-zero status.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
source scripts/_venv.sh

WHEEL_ONLY=0
[ "${1:-}" = "--wheel" ] && WHEEL_ONLY=1

# mypyc's C extensions need a C compiler: Debian's gcc, installed once when missing (as test.sh does for chromium).
if ! command -v cc >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    echo "==> installing Debian's gcc for the compiled build"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null
  else
    echo "error: the compiled build needs a C compiler; install it with: sudo apt-get install -y gcc" >&2
    exit 1
  fi
fi
PY="$(find_python)"
CVENV="$ROOT/.venv-compiled"
if [ ! -x "$CVENV/bin/python" ]; then
  echo "==> creating $CVENV with $PY"
  "$PY" -m venv "$CVENV"
  "$CVENV/bin/python" -m pip install --quiet --upgrade pip
fi

# The files a wheel is made of: those git knows (tracked, or new and not ignored), else the tree without venvs.
copy_tree() {
  local dest="$1"
  if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$ROOT" ls-files -z --cached --others --exclude-standard |
      (cd "$ROOT" && xargs -0 tar cf - --ignore-failed-read 2>/dev/null) | tar xf - -C "$dest"
  else
    tar cf - --exclude=./.venv --exclude=./.venv-compiled --exclude=./dist --exclude=./node_modules \
      --exclude=./.git . | tar xf - -C "$dest"
  fi
}

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/src" dist
copy_tree "$WORK/src"
# Rebuild only when something that goes into the wheel changed (and for another Python).
STAMP="$( (cd "$WORK/src" && find . -type f -print0 | sort -z | xargs -0 cksum; "$CVENV/bin/python" -V) | cksum)"
TAG="$("$CVENV/bin/python" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')"
WHEEL="$(ls dist/hickory_widget-*-"$TAG"-"$TAG"-*.whl 2>/dev/null | head -n 1 || true)"
if [ -n "$WHEEL" ] && [ -f dist/.compiled-stamp ] && [ "$(cat dist/.compiled-stamp)" = "$STAMP" ]; then
  echo "==> $WHEEL is up to date"
else
  echo "==> building the compiled wheel with mypyc (a few minutes)"
  rm -f dist/hickory_widget-*-"$TAG"-"$TAG"-*.whl dist/.compiled-stamp
  start=$SECONDS
  HATCH_BUILD_HOOKS_ENABLE=1 "$CVENV/bin/python" -m pip wheel --no-deps --wheel-dir "$WORK/wheel" \
    "$WORK/src" || { echo "error: the compiled build failed (see mypy/mypyc's output above)" >&2; exit 1; }
  WHEEL="$(ls "$WORK"/wheel/hickory_widget-*-"$TAG"-"$TAG"-*.whl 2>/dev/null | head -n 1 || true)"
  [ -n "$WHEEL" ] || { echo "error: the build made no $TAG platform wheel: $(ls "$WORK/wheel")" >&2; exit 1; }
  cp "$WHEEL" dist/
  WHEEL="dist/$(basename "$WHEEL")"
  echo "$STAMP" > dist/.compiled-stamp
  echo "==> built $WHEEL in $((SECONDS - start)) s"
fi
[ "$WHEEL_ONLY" = 1 ] && exit 0

if [ ! -f "$CVENV/.installed" ] || [ "$(cat "$CVENV/.installed")" != "$STAMP" ]; then
  echo "==> installing $WHEEL with the test and bench groups into $CVENV"
  "$CVENV/bin/python" -m pip uninstall --quiet --yes hickory-widget >/dev/null 2>&1 || true
  "$CVENV/bin/python" -m pip install --quiet "$ROOT/$WHEEL" --group "$ROOT/pyproject.toml:test" \
    --group "$ROOT/pyproject.toml:bench"
  echo "$STAMP" > "$CVENV/.installed"
fi
# Loudly wrong rather than silently pure: the installed rules must be extension modules.
(cd "$WORK" && "$CVENV/bin/python" -c '
import sys
from hickory_widget.hickory.rules import state
if not state.__file__.endswith((".so", ".pyd")):
    sys.exit(f"error: {state.__file__} is not compiled; the compiled build did not install")
print(f"==> compiled build installed: {state.__file__}")
')
