"""Benchmark: pathological lines cost time linear in their width.

The timed half of what `tests/e2e/test_extract_harvest_markdown.py` checks by counting
operations (`test_pathological_lines_are_read_in_linear_work`): lines that send a naive
heading, rule or key-value pattern (or a table reader) into backtracking, harvested at two
widths sixteen times apart. Least of `--repeats` CPU times of this process per width (each
run reads a fresh text: a text read before may be remembered); a linear reader's ratio is
about 16 (13-14 measured on 2026-12-05: 4.5 vs 62 ms), a quadratic one's about 256. Kept out
of the suite because a timed ratio flakes on a loaded machine.

    .venv/bin/python benchmarks/harvest_linear.py --repeats 5
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import sys
import time
from pathlib import Path

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.harvest.run import harvest

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path[:0] = [str(TESTS), str(TESTS / "e2e")]

# the test's lines are the source; the modules are found on the path set above
support = importlib.import_module("extract_support")
lines = importlib.import_module("test_extract_harvest_markdown")

LIMIT = 40.0
"""The ratio the old timed test allowed (a quadratic reader is far above it)."""

_RUNS = itertools.count(1)


def _snapshot(text: str) -> Snapshot:
    snapshot: Snapshot = support.snapshot_of({"a.md": text})
    return snapshot


def cpu_seconds(width: int, repeats: int) -> float:
    """The least CPU time of harvesting the pathological lines at `width`, over `repeats`."""
    times = []
    for _ in range(repeats):
        fresh = lines._pathological(width) + "\n" * next(_RUNS)
        start = time.process_time()
        harvest(_snapshot(fresh))
        times.append(time.process_time() - start)
    return min(times)


def main() -> int:
    """Print the two widths' CPU times and their ratio; exit 1 above `LIMIT`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    harvest(_snapshot("warm up\n"))
    narrow = cpu_seconds(5_000, args.repeats)
    wide = cpu_seconds(80_000, args.repeats)
    ratio = wide / narrow if narrow else float("inf")
    print(f"5,000 wide: {narrow * 1000:.1f} ms CPU; 80,000 wide: {wide * 1000:.1f} ms CPU")
    print(f"ratio {ratio:.1f} (linear ~16, quadratic ~256, limit {LIMIT:.0f})")
    return 0 if ratio < LIMIT else 1


if __name__ == "__main__":
    raise SystemExit(main())
