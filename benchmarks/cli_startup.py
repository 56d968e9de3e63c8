"""Benchmark how fast the CLI starts: `draftflow --version` and a small no-model draft.

An editor runs draftflow many times a day, and the test suite starts it as a process a few
hundred times, so the import cost of a command that calls no model matters. Each command runs
`--runs` times in a fresh process; the median wall time is reported, with the model libraries
(openai, langchain-core) the process had loaded when it ended.

    .venv/bin/python benchmarks/cli_startup.py     # writes benchmarks/results/cli-startup.md
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "cli-startup.md"
EXAMPLE = ROOT / "tests" / "data" / "corpus" / "turboderp__exllamav2"
MODEL_LIBRARIES = ("openai", "langchain_core")
# The CLI ends with os._exit (past atexit): report the loaded libraries just before.
PROBE = f"""
import os, sys
end = os._exit
def report_then_end(code):
    print("LOADED", *sorted(m for m in {MODEL_LIBRARIES!r} if m in sys.modules), flush=True)
    end(code)
os._exit = report_then_end
from draftflow.cli import main
main()
"""


def timed(args: list[str]) -> tuple[float, list[str]]:
    """Wall seconds of one CLI run in a fresh process, and the model libraries it loaded."""
    started = time.perf_counter()
    ran = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
    )
    seconds = time.perf_counter() - started
    loaded = next(line for line in ran.stdout.splitlines() if line.startswith("LOADED"))
    return seconds, loaded.split()[1:]


def measure(args: list[str], runs: int) -> dict[str, object]:
    """Median and spread of `runs` runs of one command."""
    outcomes = [timed(args) for _ in range(runs)]
    times = [seconds for seconds, _ in outcomes]
    return {
        "median_s": round(statistics.median(times), 3),
        "min_s": round(min(times), 3),
        "max_s": round(max(times), 3),
        "loaded": outcomes[-1][1],
    }


def main() -> None:
    """Measure both commands and write the results table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as records:
        commands = {
            "draftflow --version": ["--version"],
            f"draftflow draft {EXAMPLE.name} (no model)": [
                "draft",
                str(EXAMPLE),
                "--records-dir",
                records,
            ],
        }
        found = {name: measure(args, options.runs) for name, args in commands.items()}
    print(json.dumps(found, indent=2))
    lines = [
        "# CLI start-up",
        "",
        f"`.venv/bin/python benchmarks/cli_startup.py --runs {options.runs}` on "
        f"{platform.machine()}, Python {platform.python_version()}; wall seconds per run, "
        "each in a fresh process.",
        "",
        "| Command | Median | Min | Max | Model libraries loaded |",
        "|---|---:|---:|---:|---|",
    ]
    for name, row in found.items():
        loaded = ", ".join(row["loaded"]) if row["loaded"] else "none"  # type: ignore[arg-type]
        lines.append(
            f"| `{name}` | {row['median_s']} | {row['min_s']} | {row['max_s']} | {loaded} |"
        )
    RESULTS.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
