#!/usr/bin/env bash
# Copy the test data anew from a shared data folder (corpus/, devgold/, wild/, seeds/) into
# tests/data/, copy the README's example repository into examples/, and rewrite the checksums
# (tests/data/SHA256SUMS, examples/MANIFEST.json). Run it when new repositories arrive, then
# commit tests/data and examples.
set -euo pipefail
if [ "$#" -ne 1 ]; then
  echo "usage: bash scripts/refresh-test-data.sh SHARED" >&2
  echo "SHARED is the folder holding corpus/, devgold/, wild/ and seeds/ to copy." >&2
  exit 2
fi
shared="$(cd "$1" && pwd)"
cd "$(dirname "$0")/.."
exec python3 tests/data_files.py refresh "$shared"
