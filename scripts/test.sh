#!/usr/bin/env bash
# The one test command: README's and CI's. Checks the test data the repository carries
# (tests/data and examples, against their checksums), installs what the tests need (a venv,
# the package, lint and type checks, a cached llama-server build for the live-server test,
# Chromium for the review page test), then runs the whole suite offline.
# Arguments go to pytest: `bash scripts/test.sh -k evaluate -x`.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "test data (tests/data, examples) against SHA256SUMS and the manifests"
python3 tests/data_files.py check

step "python environment (.venv)"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]' 2>&1 \
  | grep -v "^WARNING: Location" || true

# Bytecode for the package, once: where PYTHONDONTWRITEBYTECODE is set (as on the shared
# machine) every `python -m draftflow` the suite starts (a few hundred) would otherwise compile
# all of src/ again, about 0.3 s of CPU each (0.98 -> 0.70 s for `--version`). Unset for the
# run, pytest keeps its rewritten test modules too: a second run collects in 4.4 s, not 10 s.
unset PYTHONDONTWRITEBYTECODE
.venv/bin/python -m compileall -q src

step "lint (ruff), format, types (mypy --strict) and the layer rules (lint-imports)"
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff format --check --quiet src tests benchmarks
.venv/bin/mypy
.venv/bin/lint-imports --no-cache

step "a real OpenAI-compatible server for the live test (cached outside the clone)"
if server_env="$(PYTHON=.venv/bin/python bash scripts/llama-server.sh)"; then
  eval "export ${server_env//$'\n'/ }"
  echo "llama-server: $LLAMA_SERVER"
elif [ -n "${CI:-}" ]; then
  echo "scripts/llama-server.sh failed: the live-server test cannot run" >&2
  exit 1
else
  echo "llama-server unavailable: the live-server test will be skipped" >&2
fi

step "headless Chromium for the review page test"
if ! command -v chromium >/dev/null 2>&1; then
  if [ -n "${CI:-}" ] || [ "${DRAFTFLOW_INSTALL_CHROMIUM:-}" = 1 ]; then
    (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null
  else
    echo "chromium not installed: the browser test will be skipped (set DRAFTFLOW_INSTALL_CHROMIUM=1)"
  fi
fi

step "tests"
exec .venv/bin/pytest -q -n 2 "$@"
