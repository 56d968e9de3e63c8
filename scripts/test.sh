#!/usr/bin/env bash
# The one test command: README's and CI's. Checks the test data the repository carries
# (tests/data and examples, against their checksums), installs what the tests need (a venv,
# the package, lint and type checks, a cached llama-server build for the live-server test,
# Chromium for the review page test), then runs the whole suite offline.
# Arguments go to pytest: `bash scripts/test.sh -k evaluate -x`.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's heading says how long the command has run (whole seconds), so that a slow step
# shows in the log.
SECONDS=0
step() { printf '\n== %s  [%d s]\n' "$*" "$SECONDS"; }

step "test data (tests/data, examples) against SHA256SUMS and the manifests, beside the install"
# Reading and hashing ~1,800 files waits on the disk more than it computes: it runs while the
# environment is installed and is waited for before anything reads the data.
data_log="$(mktemp)"
trap 'rm -f "$data_log"' EXIT
python3 tests/data_files.py check >"$data_log" 2>&1 &
data_pid=$!

step "python environment (.venv)"
[ -x .venv/bin/python ] || python3 -m venv .venv
# uv installs what pip would (the same versions: the highest over every index pip's own
# configuration names, as pip picks them) in a tenth of pip's CPU: on a fresh clone 40 -> 9 CPU-s
# with the venv, most of pip's being the byte-compilation of every installed module; a module
# is compiled when first imported instead. No cache outside the clone (--no-cache). pip is
# the fallback.
install_with_uv() {
  .venv/bin/python -m pip install --quiet --disable-pip-version-check uv 2>&1 \
    | grep -v "^WARNING: Location" || true
  local extra find
  extra="$(.venv/bin/python -m pip config get global.extra-index-url 2>/dev/null || true)"
  find="$(.venv/bin/python -m pip config get global.find-links 2>/dev/null || true)"
  UV_EXTRA_INDEX_URL="$extra" UV_FIND_LINKS="${find// /,}" .venv/bin/uv pip install --quiet \
    --python .venv/bin/python --no-cache --index-strategy unsafe-best-match -e '.[dev]'
}
if ! install_with_uv; then
  echo "uv could not install the environment: pip installs it" >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]' 2>&1 \
    | grep -v "^WARNING: Location" || true
fi

# Bytecode for the package, once: where PYTHONDONTWRITEBYTECODE is set (as on the shared
# machine) every `python -m draftflow` the suite starts (a few hundred) would otherwise compile
# all of src/ again, about 0.3 s of CPU each (0.98 -> 0.70 s for `--version`). Unset for the
# run, pytest keeps its rewritten test modules too: a second run collects in 4.4 s, not 10 s.
unset PYTHONDONTWRITEBYTECODE
.venv/bin/python -m compileall -q src

if ! wait "$data_pid"; then
  cat "$data_log"
  exit 1
fi
cat "$data_log"
rm -f "$data_log"

step "lint (ruff), format and the layer rules (lint-imports); types (mypy --strict) beside the tests"
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff format --check --quiet src tests benchmarks
.venv/bin/lint-imports --no-cache
# mypy on a fresh clone is ~20 CPU-s on one core: it runs while the tests do, and the command
# fails if it finds an error (its report is printed then, after the tests').
types_log="$(mktemp)"
trap 'rm -f "$types_log" "$data_log"' EXIT
.venv/bin/mypy >"$types_log" 2>&1 &
types_pid=$!

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

step "this machine's speed now (benchmarks/cpu_speed.py: fixed work, compare runs by it)"
# On a shared machine a CPU second is not a fixed amount of work (session 25: the same code
# and venv took 1.8x the CPU seconds at 22:00 UTC as at 16:00): a run's CPU seconds are
# compared with another run's in units of this figure, measured at its start.
.venv/bin/python benchmarks/cpu_speed.py

step "tests"
# Three workers on two cores: the suite's tests wait as well as compute (servers that hang or
# drip until a deadline, timeouts, git daemons, processes starting), and a core whose worker
# waits is idle. On a quiet 2-core machine the command took 408.4 s wall for 683.1 CPU s
# (89abefd): about 130 core-seconds idle, most of it inside the tests. A third worker keeps
# both cores busy while one waits, for one more collection (~4 CPU s).
tests_status=0
.venv/bin/pytest -q -n 3 "$@" || tests_status=$?
if ! wait "$types_pid"; then
  step "types (mypy --strict) failed"
  cat "$types_log"
  exit 1
fi
exit "$tests_status"
