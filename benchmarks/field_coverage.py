"""How many of the seed's fields a no-model draft fills, per field, over corpus repositories.

Issue 33: the seed record fills per result `measurement_denominator`, `repetitions`,
`max_output_tokens`, `temperature`, `top_p`, `thinking`, `kv_dtype`, `prefix_cache`,
`draft_tokens`, `experiment_date` and `per_run_values`; at record level
`reported_setup.parallelism`, `kv_dtype`, `context_limit_tokens` and `model_artifact` with its
revision. This drafts each repository with no model (`draftflow draft DIR --records-dir OUT`)
and counts, per field, the values filled and blank (a per-result field over every headline
result, a record field once per record).

    python3 benchmarks/field_coverage.py --draft --out /tmp/cov-new tests/data/corpus/*/
    PYTHONPATH=/tmp/base/src python3 benchmarks/field_coverage.py --draft --out /tmp/cov-old ...
    python3 benchmarks/field_coverage.py --out /tmp/cov-old --compare /tmp/cov-new

`--draft` runs the drafts with this interpreter (`python -m draftflow`, so `PYTHONPATH` picks
the code measured); without it the records already in `--out` are counted.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

RESULT_FIELDS = (
    "measurement_denominator",
    "repetitions",
    "max_output_tokens",
    "temperature",
    "top_p",
    "thinking",
    "kv_dtype",
    "prefix_cache",
    "draft_tokens",
    "experiment_date",
    "per_run_values",
)
SETUP_FIELDS = ("parallelism", "kv_dtype", "context_limit_tokens", "experiment_date")


def draft_all(repositories: list[Path], out: Path) -> None:
    """Draft each repository with no model into `out` (one record per repository)."""
    out.mkdir(parents=True, exist_ok=True)
    for repository in repositories:
        command = [sys.executable, "-m", "draftflow", "draft", str(repository)]
        command += ["--records-dir", str(out)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        print(f"{repository.name}: exit {done.returncode}", file=sys.stderr)


def _records(out: Path) -> list[tuple[str, dict[str, object]]]:
    found = []
    for path in sorted(out.glob("*.json")):
        if path.name.count(".") > 1:  # .figures.json, .verify.json, .source.json
            continue
        found.append((path.stem, json.loads(path.read_text(encoding="utf-8"))))
    return found


def count(out: Path) -> dict[str, list[int]]:
    """Per field: [filled, blank] over the records in `out`."""
    counts: dict[str, list[int]] = {}

    def tally(field: str, value: object) -> None:
        slot = counts.setdefault(field, [0, 0])
        slot[0 if value not in (None, "", []) else 1] += 1

    for _, record in _records(out):
        editorial = record.get("editorial") or {}
        assert isinstance(editorial, dict)
        for result in editorial.get("reported_results") or []:
            conditions = result.get("conditions") or {}
            for field in RESULT_FIELDS:
                tally(f"result.{field}", conditions.get(field))
        setup = record.get("reported_setup") or {}
        assert isinstance(setup, dict)
        for field in SETUP_FIELDS:
            tally(f"reported_setup.{field}", setup.get(field))
        artifact = record.get("model_artifact") or {}
        assert isinstance(artifact, dict)
        tally("model_artifact.id", artifact.get("id"))
        tally("model_artifact.revision", artifact.get("revision"))
    return counts


def main() -> int:
    """Draft (optionally) and print the per-field coverage, or two runs side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repositories", nargs="*", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--draft", action="store_true")
    parser.add_argument("--compare", type=Path, help="a second records folder: before -> after")
    args = parser.parse_args()
    if args.draft:
        draft_all(args.repositories, args.out)
    before = count(args.out)
    after = count(args.compare) if args.compare else None
    print(
        f"records: {len(_records(args.out))}"
        + (f" -> {len(_records(args.compare))}" if after else "")
    )
    print(f"{'field':38} {'filled/total':>14}" + ("  ->  after" if after else ""))
    for field in sorted(set(before) | set(after or {})):
        filled, blank = before.get(field, [0, 0])
        line = f"{field:38} {filled:>6}/{filled + blank:<7}"
        if after is not None:
            new_filled, new_blank = after.get(field, [0, 0])
            line += f"  ->  {new_filled}/{new_filled + new_blank}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
