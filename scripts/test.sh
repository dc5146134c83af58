#!/usr/bin/env bash
# The whole test suite, from nothing: makes .venv, installs the project with its test tools, checks style
# with ruff, then runs pytest (rules, properties, notebooks). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
ensure_venv test
echo "==> ruff"
.venv/bin/ruff check .
echo "==> pytest"
exec .venv/bin/python -m pytest "$@"
