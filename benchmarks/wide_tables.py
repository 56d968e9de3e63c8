"""Benchmark: CPU seconds of a no-model draft of a synthetic README holding one wide table.

Issue 32 asks for time linear in a table's cells (10,000 columns in at most 10 CPU s). The
README is generated here (seeded, so each run drafts the same bytes): a heading, a sentence,
and a table of `--columns` columns (`model` then `c<i> tok/s`) by `--rows` rows of numbers that
repeat about 30 times per row, as real sweeps repeat values. Each repeat drafts it in-process
with no model (`run_draft`) and prints its CPU seconds; then the median. `--profile N` prints
the N functions with the most cumulative and own time of the last repeat. The collector is
tuned as the command line tunes it (`--library-collector` keeps Python's defaults).

    .venv/bin/python benchmarks/wide_tables.py --columns 10000 --repeats 3
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.runtime.collector import tune_collector


def wide_readme(columns: int, rows: int, seed: int = 32) -> str:
    """A README with one table of `columns` figure columns and `rows` rows."""
    rng = random.Random(seed)
    distinct = max(1, columns // 10)
    values = [round(rng.uniform(1, 999), 1) for _ in range(distinct)]
    header = "| model | " + " | ".join(f"c{i} tok/s" for i in range(columns)) + " |"
    rule = "|---" * (columns + 1) + "|"
    lines = ["# Wide sweep", "", "Decode throughput of three models on one box.", "", header, rule]
    for row in range(rows):
        cells = " | ".join(str(rng.choice(values)) for _ in range(columns))
        lines.append(f"| model-{row} | {cells} |")
    return "\n".join(lines) + "\n"


def many_tables_readme(tables: int, seed: int = 32) -> str:
    """A README of `tables` one-cell tables (`|tok/s|` over an integer), blank-line apart in
    one section: many small tables rather than one wide one (50,000 of them are ~0.9 MB, under
    the 1 MB a document may hold)."""
    rng = random.Random(seed)
    lines = ["# Many sweeps", "", "Decode throughput of one model, one run per table.", ""]
    for _ in range(tables):
        lines += ["|tok/s|", "|-|", f"|{rng.randint(1, 999)}|", ""]
    return "\n".join(lines)


def draft_once(folder: Path, profiler: cProfile.Profile | None) -> float:
    """CPU seconds of one no-model draft of `folder`."""
    with tempfile.TemporaryDirectory(prefix="draftflow-wide-") as records:
        request = DraftRequest(
            source=str(folder),
            records_dir=Path(records),
            settings=ModelSettings(),
            revision="a" * 40,
            origin="https://github.com/someone/wide-sweep",
        )
        cpu = time.process_time()
        if profiler is not None:
            profiler.enable()
        asyncio.run(run_draft(request))
        if profiler is not None:
            profiler.disable()
        return time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    """Draft the wide table `--repeats` times; print each CPU time and the median."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--columns", type=int, default=10_000)
    parser.add_argument("--rows", type=int, default=3)
    parser.add_argument("--tables", type=int, default=0, help="N one-cell tables instead")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", type=int, default=0, help="functions listed; 0: none")
    parser.add_argument(
        "--library-collector",
        action="store_true",
        help="keep Python's default collector settings (the command line tunes them)",
    )
    args = parser.parse_args(argv)
    if not args.library_collector:
        tune_collector()  # as `draftflow draft` does: the time an editor's command pays
    with tempfile.TemporaryDirectory(prefix="draftflow-wide-src-") as source:
        folder = Path(source) / "someone__wide-sweep"
        folder.mkdir()
        readme = (
            many_tables_readme(args.tables) if args.tables else wide_readme(args.columns, args.rows)
        )
        (folder / "README.md").write_text(readme)
        times: list[float] = []
        profiler = cProfile.Profile() if args.profile else None
        for repeat in range(args.repeats):
            last = repeat == args.repeats - 1
            times.append(draft_once(folder, profiler if last else None))
            print(f"run {repeat + 1}: {times[-1]:.2f} CPU s", flush=True)
    shape = f"{args.tables} tables" if args.tables else f"{args.columns} columns x {args.rows} rows"
    print(f"{shape}: median {statistics.median(times):.2f} CPU s")
    if profiler is not None:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(args.profile)
        stats.sort_stats("tottime").print_stats(args.profile)
        sys.stdout.write(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
