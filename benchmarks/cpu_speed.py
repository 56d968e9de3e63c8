"""Benchmark: the CPU seconds this machine takes for one fixed piece of Python work, now.

Test-suite runs are compared in CPU seconds, but on the shared machine a CPU second is not a
fixed amount of work: the same code and venv (session 23's `871310d`, one process) took 8.6
CPU s for a test at 16:00 UTC and 14.7 at 22:00 UTC (benchmarks/results/test-suite.md,
session 25). This workload uses the standard library only (regular expressions over generated
text, JSON round trips, sorting, dictionaries: what the drafter spends its time on), so it
costs the same on every commit; its CPU seconds measure the machine. `scripts/test.sh` prints
it before the tests: divide a run's CPU seconds by it to compare runs made at other times.

    python3 benchmarks/cpu_speed.py --repeats 5
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import time

_ROW = re.compile(r"\|\s*([A-Za-z][\w .-]*?)\s*\|\s*(\d+(?:\.\d+)?)\s*(tok/s|ms|GB)\s*\|")


def _text(seed: int, rows: int) -> str:
    """A Markdown-like table of `rows` rows, the same bytes for the same seed."""
    pick = random.Random(seed)
    units = ("tok/s", "ms", "GB")
    return "\n".join(
        f"| model-{pick.randrange(50)} q{pick.randrange(2, 9)} | "
        f"{pick.uniform(0, 500):.2f} {units[pick.randrange(3)]} |"
        for _ in range(rows)
    )


def workload() -> int:
    """The fixed work; returns a checksum so that nothing is optimised away."""
    text = _text(7, 40_000)
    found = _ROW.findall(text)
    by_unit: dict[str, list[float]] = {}
    for name, value, unit in found:
        by_unit.setdefault(unit, []).append(float(value) + len(name))
    records = [{"name": n, "value": v, "unit": u} for n, v, u in found]
    again = json.loads(json.dumps(records))
    ordered = sorted(again, key=lambda r: (r["unit"], r["value"], r["name"]))
    return len(ordered) + sum(len(v) for v in by_unit.values())


def measure() -> float:
    """CPU seconds (this process) of one run of the workload."""
    started = time.process_time()
    workload()
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    seconds = [measure() for _ in range(args.repeats)]
    shown = ", ".join(f"{s:.3f}" for s in seconds)
    print(f"cpu_speed: {statistics.median(seconds):.3f} CPU s (median of {shown})")


if __name__ == "__main__":
    main()
