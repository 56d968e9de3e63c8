"""Benchmark: the no-model harvest of the whole corpus (14 repositories, 9.1 MB).

Acquires every corpus folder once (at its manifest revision; not timed in the total), then
times, per repository and in total, `harvest` (every number-bearing cell, leaf and line) and
the deterministic extraction on top of it (`extract_deterministic`: classify, ground, derive).
Medians over repeats. The target (issue 9): the whole-corpus harvest + extraction under 10 s.

    .venv/bin/python benchmarks/harvest_bench.py --repeats 3 \\
        --write benchmarks/results/harvest.md

Side by side with other code (a git worktree of an earlier commit): each round runs one fresh
process per tree, in alternating order, each harvesting the whole corpus once (cold: nothing
memoised), and reports harvest CPU seconds per MB; medians over the rounds.

    git worktree add --detach /tmp/base <commit>
    .venv/bin/python benchmarks/harvest_bench.py --side-by-side /tmp/base --rounds 7
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract import harvest
from draftflow.extract.deterministic import extract_deterministic

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parent / "tests" / "data" / "corpus"
TARGET_SECONDS = 10.0


@dataclass
class Timing:
    """One repository's medians."""

    repository: str
    documents: int
    megabytes: float
    candidates: int
    results: int
    harvest_seconds: float
    extract_seconds: float
    wall_seconds: float
    first_seconds: float
    """Harvest + extraction of the first run, before any memoised cell or token is reused."""


def _snapshots(corpus: Path) -> list[Snapshot]:
    entries = json.loads((corpus / "MANIFEST.json").read_text(encoding="utf-8"))
    return [
        acquire(
            str(corpus / e["repository"].replace("/", "__")),
            origin=e["url"],
            revision=e["revision"],
        )
        for e in entries
    ]


def _time(snapshot: Snapshot, repeats: int) -> Timing:
    harvest_times: list[float] = []
    extract_times: list[float] = []
    wall_times: list[float] = []
    candidates = results = 0
    for _ in range(repeats):
        wall = time.perf_counter()
        started = time.process_time()
        found = harvest(snapshot)
        harvested = time.process_time()
        extraction = extract_deterministic(snapshot, found)
        done = time.process_time()
        harvest_times.append(harvested - started)
        extract_times.append(done - harvested)
        wall_times.append(time.perf_counter() - wall)
        candidates, results = len(found), len(extraction.reported_results)
    return Timing(
        repository=snapshot.repository,
        documents=len(snapshot.documents),
        megabytes=sum(d.bytes for d in snapshot.documents) / 1e6,
        candidates=candidates,
        results=results,
        harvest_seconds=statistics.median(harvest_times),
        extract_seconds=statistics.median(extract_times),
        wall_seconds=statistics.median(wall_times),
        first_seconds=harvest_times[0] + extract_times[0],
    )


def _report(timings: list[Timing], repeats: int, load: tuple[float, float]) -> str:
    total_harvest = sum(t.harvest_seconds for t in timings)
    total_extract = sum(t.extract_seconds for t in timings)
    total = total_harvest + total_extract
    first = sum(t.first_seconds for t in timings)
    verdict = "meets" if total < TARGET_SECONDS else "MISSES"
    first_verdict = "meets" if first < TARGET_SECONDS else "misses"
    lines = [
        "# Whole-corpus harvest (no model)",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {platform.machine()}, "
        f"{os.cpu_count()} CPUs (shared with other work), Python {platform.python_version()}; "
        f"median of {repeats} runs per repository; acquisition not timed. Times are CPU seconds "
        "of the process (`time.process_time`): the machine is shared, so wall time (last "
        "column) depends on the load, and CPU seconds too rise under load (shared caches and "
        f"cores). Load average (1 min) {load[0]:.2f} before the run, {load[1]:.2f} after.",
        "",
        "    .venv/bin/python benchmarks/harvest_bench.py --repeats 3 "
        "--write benchmarks/results/harvest.md",
        "",
        "| repository | documents | MB | candidates | results | harvest s | extract s | wall s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {t.repository} | {t.documents} | {t.megabytes:.2f} | {t.candidates} | {t.results} "
        f"| {t.harvest_seconds:.2f} | {t.extract_seconds:.2f} | {t.wall_seconds:.2f} |"
        for t in timings
    ]
    lines += [
        f"| **all {len(timings)}** | {sum(t.documents for t in timings)} "
        f"| {sum(t.megabytes for t in timings):.2f} | {sum(t.candidates for t in timings)} "
        f"| {sum(t.results for t in timings)} | {total_harvest:.2f} | {total_extract:.2f} "
        f"| {sum(t.wall_seconds for t in timings):.2f} |",
        "",
        f"Total harvest + extraction: **{total:.2f} CPU s** ({verdict} the "
        f"{TARGET_SECONDS:.0f} s target). The first of the {repeats} runs, before any memoised "
        f"cell, token or row is reused: {first:.2f} CPU s ({first_verdict} it).",
        "",
    ]
    return "\n".join(lines)


def _cold_harvest(corpus: Path) -> dict[str, float]:
    """Harvest every corpus snapshot once in this (fresh) process: CPU seconds and MB."""
    snapshots = _snapshots(corpus)
    megabytes = sum(d.bytes for s in snapshots for d in s.documents) / 1e6
    started = time.process_time()
    harvested = [harvest(snapshot) for snapshot in snapshots]
    seconds = time.process_time() - started
    figures = sum(
        len(extract_deterministic(snapshot, found).reported_results)
        for snapshot, found in zip(snapshots, harvested, strict=True)
    )
    total = time.process_time() - started
    return {
        "seconds": seconds,
        "extract_seconds": total,
        "megabytes": megabytes,
        "candidates": sum(len(found) for found in harvested),
        "figures": figures,
    }


def _child(tree: Path, corpus: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    command = [sys.executable, str(Path(__file__).resolve()), "--child", "--corpus", str(corpus)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _side_by_side(base: Path, corpus: Path, rounds: int) -> str:
    """Interleaved cold harvests of `base` and this tree; a Markdown report."""
    trees = {"base": base.resolve(), "this": HERE.parent}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    load_before = os.getloadavg()[0]
    for round_ in range(rounds):
        order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
        for name in order:
            runs[name].append(_child(trees[name], corpus))
    load_after = os.getloadavg()[0]
    lines = [
        f"{rounds} rounds, one fresh process per tree per round, alternating order; load "
        f"average (1 min) {load_before:.2f} before, {load_after:.2f} after.",
        "",
        "| round | base harvest CPU s | this harvest CPU s | ratio | base extract CPU s "
        "| this extract CPU s | ratio |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for index, (old, new) in enumerate(zip(runs["base"], runs["this"], strict=True), start=1):
        ratio = new["seconds"] / old["seconds"]
        whole = new["extract_seconds"] / old["extract_seconds"]
        lines.append(
            f"| {index} | {old['seconds']:.2f} | {new['seconds']:.2f} | {ratio:.2f} "
            f"| {old['extract_seconds']:.2f} | {new['extract_seconds']:.2f} | {whole:.2f} |"
        )
    summary = []
    for name in trees:
        seconds = statistics.median(run["seconds"] for run in runs[name])
        whole = statistics.median(run["extract_seconds"] for run in runs[name])
        megabytes = runs[name][0]["megabytes"]
        candidates = int(runs[name][0]["candidates"])
        figures = int(runs[name][0]["figures"])
        summary.append(
            f"| {name} | {seconds:.2f} | {megabytes:.2f} | {seconds / megabytes:.3f} "
            f"| {whole / megabytes:.3f} | {candidates} | {figures} |"
        )
    return "\n".join(
        [
            *lines,
            "",
            "| tree | median harvest CPU s | MB | harvest CPU s per MB "
            "| harvest + extract CPU s per MB | candidates | figures |",
            "|---|---:|---:|---:|---:|---:|---:|",
            *summary,
            "",
        ]
    )


def main() -> None:
    """Run the benchmark and print (or write) the Markdown report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--write", type=Path, help="Write the report to this file.")
    parser.add_argument(
        "--side-by-side", type=Path, metavar="TREE", help="Compare with the code in TREE."
    )
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_cold_harvest(args.corpus)))
        return
    if args.side_by_side:
        print(_side_by_side(args.side_by_side, args.corpus, args.rounds))
        return
    snapshots = _snapshots(args.corpus)
    load_before = os.getloadavg()[0]
    timings = [_time(snapshot, args.repeats) for snapshot in snapshots]
    report = _report(timings, args.repeats, (load_before, os.getloadavg()[0]))
    if args.write:
        args.write.write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
