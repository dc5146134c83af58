#!/usr/bin/env bash
# The static JupyterLite site: the example notebooks and the lessons, running in each visitor's browser (Pyodide),
# built from the registries only (PyPI for Python wheels, npm for the Pyodide runtime; no CDN at build or run time).
#   bash scripts/lite.sh          builds build/lite/ (publish that folder on any static host: see the README)
#   bash scripts/lite.sh serve    builds if needed, then serves build/lite/ on http://127.0.0.1:8000 (PORT=...)
# Downloads are cached under build/cache/ (a second build needs no network for anything but the project's wheel).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
OUT="${LITE_OUT:-$ROOT/build/lite}"   # LITE_OUT=... builds elsewhere
CACHE="$ROOT/build/cache/lite"
PYODIDE_VERSION=314.0.6           # = jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION of the kernel pinned below
JUPYTERLITE=(jupyterlite-core==0.8.6 jupyterlite-pyodide-kernel==0.8.6 jupyter_server anywidget jupyterlab_widgets
             packaging)
RUNTIME_DEPS=(comm ipywidgets jupyterlab_widgets anywidget psygnal traitlets)

serve() {
  [ -f "$OUT/index.html" ] || build
  echo "==> serving $OUT on http://127.0.0.1:${PORT:-8000}/ (Ctrl-C stops)"
  exec "$CACHE/env/bin/python" lite/serve.py "$OUT" "${PORT:-8000}"
}

build() {
  local t0=$SECONDS
  mkdir -p "$CACHE"
  # 1. the build tools, in a venv of their own (cached)
  local py=python3; command -v python3 >/dev/null || { echo "error: python3 is needed" >&2; exit 1; }
  if [ ! -x "$CACHE/env/bin/jupyter" ]; then
    echo "==> build tools: ${JUPYTERLITE[*]}"
    "$py" -m venv "$CACHE/env"
    "$CACHE/env/bin/python" -m pip install -q "${JUPYTERLITE[@]}"
  fi
  local env="$CACHE/env/bin"
  "$env/python" -c "import jupyterlite_pyodide_kernel.constants as c; assert c.PYODIDE_VERSION == '$PYODIDE_VERSION', \
'the kernel wants Pyodide ' + c.PYODIDE_VERSION + ', the script packs $PYODIDE_VERSION'"

  # 2. the Pyodide runtime from the npm registry (wasm, standard library, lock file; no package wheels)
  command -v npm >/dev/null || { echo "error: npm is needed (Debian: apt-get install -y npm)" >&2; exit 1; }
  if [ ! -f "$CACHE/npm/package/pyodide-lock.json" ]; then
    echo "==> npm pack pyodide@$PYODIDE_VERSION"
    rm -rf "$CACHE/npm" && mkdir -p "$CACHE/npm"
    (cd "$CACHE/npm" && npm pack -q "pyodide@$PYODIDE_VERSION" >/dev/null && tar xzf "pyodide-$PYODIDE_VERSION.tgz")
  fi

  # 3. pure-Python wheels from PyPI: what the kernel loads at start, at the lock's versions, and the package's
  #    run-time dependencies (cached: pip download skips files already there)
  local pipdl=("$env/python" -m pip download -q --no-deps --only-binary=:all: --platform any --python-version 3.14
               --implementation py --abi none)
  "$env/python" lite/pyodide_dir.py lock-requirements "$CACHE/npm/package/pyodide-lock.json" > "$CACHE/lock-req.txt"
  rm -rf "$CACHE/dep-wheels" "$CACHE/project-wheel" && mkdir -p "$CACHE/lock-wheels" "$CACHE/dep-wheels" \
    "$CACHE/project-wheel"
  "${pipdl[@]}" -d "$CACHE/lock-wheels" -r "$CACHE/lock-req.txt" 2> >(grep -v "^WARNING: Location" >&2)
  "${pipdl[@]}" -d "$CACHE/dep-wheels" "${RUNTIME_DEPS[@]}" 2> >(grep -v "^WARNING: Location" >&2)
  "$env/python" -m pip wheel -q --no-deps "$ROOT" -w "$CACHE/project-wheel" 2> >(grep -v "^WARNING: Location" >&2)
  # the kernel's own wheels (piplite, the ipykernel shim, pyodide_kernel, widgetsnbextension) go into the lock too, so
  # that the worker loads them with the rest in one parallel batch (lite/jupyter-lite.json: loadPyodideOptions)
  # instead of installing them one by one through micropip and piplite
  cp "$CACHE/env/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi/"*.whl \
    "$CACHE/project-wheel/"

  # 3b. compile every wheel's Python to bytecode once, here, with the site's own Pyodide run by Node (each browser
  #     would otherwise compile IPython, the widgets and the package anew on every visit)
  command -v node >/dev/null || { echo "error: node is needed (Debian: apt-get install -y nodejs)" >&2; exit 1; }
  mkdir -p "$CACHE/compiled/lock" && rm -rf "$CACHE/compiled/dep" "$CACHE/compiled/project"
  cp -n "$CACHE/lock-wheels/"*.whl "$CACHE/compiled/lock/"
  cp -r "$CACHE/dep-wheels" "$CACHE/compiled/dep" && cp -r "$CACHE/project-wheel" "$CACHE/compiled/project"
  #     The standard library too: npm's python_stdlib.zip holds sources only (compiled once per Pyodide version)
  local stdlib="$CACHE/compiled/python_stdlib-$PYODIDE_VERSION.zip" stdlib_arg=()
  [ -f "$stdlib" ] || stdlib_arg=("--stdlib=$stdlib")
  node lite/precompile.mjs "$CACHE/npm/package" "${stdlib_arg[@]}" "$CACHE/compiled/lock" "$CACHE/compiled/dep" \
    "$CACHE/compiled/project" >/dev/null

  # 4. the lite folder: Pyodide (at the addon's well-known path static/pyodide), config, notebooks, landing page
  local lite="$CACHE/lite-dir"
  rm -rf "$lite" "$OUT" "$CACHE/.jupyterlite.doit.db" && mkdir -p "$lite/static" "$lite/files"
  "$env/python" lite/pyodide_dir.py assemble "$CACHE/npm/package" "$CACHE/compiled/lock" \
    "$CACHE/compiled/dep" "$CACHE/compiled/project" "$lite/static/pyodide" >/dev/null
  cp "$stdlib" "$lite/static/pyodide/python_stdlib.zip"
  cp lite/jupyter-lite.json "$lite/"
  "$env/python" lite/notebooks.py examples "$lite/files"

  # 5. build (no network from here on), then the landing page and what the site does not need
  (cd "$CACHE" && "$env/jupyter" lite build --lite-dir "$lite" --output-dir "$OUT" --no-sourcemaps \
     --apps lab --apps repl --no-unused-shared-packages >/dev/null 2>"$CACHE/build.log") || { cat "$CACHE/build.log" >&2; exit 1; }
  "$env/python" lite/finish.py "$OUT"
  echo "==> built $OUT in $((SECONDS - t0)) s: $(du -sh "$OUT" | cut -f1)"
}

case "${1:-build}" in
  build) build ;;
  serve) serve ;;
  *) echo "usage: bash scripts/lite.sh [build|serve]" >&2; exit 2 ;;
esac
