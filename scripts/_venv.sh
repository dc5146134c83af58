# Shared by scripts/test.sh, scripts/lab.sh and scripts/build_compiled.sh: makes .venv (once) and installs the
# project into it. Sourced, not run. Usage: ensure_venv EXTRA   (EXTRA is an optional-dependency group of
# pyproject.toml)

# The Python to make venvs with: $PYTHON, else the newest python3.1x on PATH (3.10 or newer). Prints its name.
find_python() {
  local py="${PYTHON:-}"
  if [ -z "$py" ]; then
    for candidate in python3.13 python3.12 python3.11 python3.10 python3; do
      if command -v "$candidate" >/dev/null 2>&1 &&
         "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
        py="$candidate"; break
      fi
    done
  fi
  [ -n "$py" ] || { echo "error: Python 3.10 or newer is needed and none was found on PATH" >&2; return 1; }
  echo "$py"
}

ensure_venv() {
  local extra="$1" root py
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  VENV="$root/.venv"
  py="$(find_python)" || return 1
  if [ ! -x "$VENV/bin/python" ]; then
    echo "==> creating $VENV with $py"
    "$py" -m venv "$VENV"
  fi
  # Reinstall only when pyproject.toml changed since the last install into this venv.
  local stamp="$VENV/.installed-$extra" want
  want="$(cat "$root/pyproject.toml" | cksum)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "==> installing hickory_widget[$extra] into $VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip || return 1
    "$VENV/bin/python" -m pip install --quiet -e "$root[$extra]" || return 1
    echo "$want" > "$stamp"
  fi
}
