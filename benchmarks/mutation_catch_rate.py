"""The verify mutations' catch rate per kind, and the false errors on the clean gold records.

`tests/e2e/test_verify_mutations.py` asserts each mutation is caught, one test each, and that
each clean gold record has no error flag; this report adds them up (it recomputes every
mutation in one process, 153 s on this machine, so it is not part of the tests).

    .venv/bin/python benchmarks/mutation_catch_rate.py

writes benchmarks/results/verify-mutations.md.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "verify-mutations.md"
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "e2e")]

# the tests' generators are the source; the module is found on the path set above
mutations = importlib.import_module("test_verify_mutations")


def main() -> int:
    """Compute every mutation's outcome, print and write the summary; 1 if any is missed."""
    started = time.perf_counter()
    everything = mutations.all_mutations()
    missed = [m for m in everything if not mutations.outcome(m.id)[0]]
    false_errors = {p.stem: mutations.clean_errors(p.stem) for p in mutations.GOLD_PATHS}
    caught = len(everything) - len(missed)
    lines = [
        "# Verify mutations: catch rate",
        "",
        f"- mutations caught: {caught}/{len(everything)} = {caught / len(everything):.3f}",
        f"- false errors on clean gold records: {sum(map(len, false_errors.values()))} "
        f"({', '.join(f'{rid}: {len(f)}' for rid, f in false_errors.items())})",
        f"- computed in {time.perf_counter() - started:.0f} s",
        "",
        "| kind | caught | total |",
        "|---|---|---|",
    ]
    for kind in mutations.KINDS:
        total = [m for m in everything if m.kind == kind]
        hit = [m for m in total if m not in missed]
        lines.append(f"| {kind} | {len(hit)} | {len(total)} |")
    lines += ["", *(f"- missed: {m.id}, expected an error at {m.expected}" for m in missed)]
    text = "\n".join(lines).rstrip() + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")
    return 1 if missed or any(false_errors.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
