"""Benchmark: every corpus repository drafted in one batch against a fixed-latency server.

Starts `latency_server.py` (every request waits `--latency` seconds, then gets a valid reply;
the pieces come from `draft_concurrency.py`), then:

1. calibrates: drafts each repository alone (`draft_concurrency.draft_once`) to count its
   extract and draft requests, and to time it alone;
2. drafts all of them in one batch at each `--concurrency`, `--repeats` times, as a user
   would (`python -m draftflow draft --from LIST --json`, response cache off), and measures
   the command's wall time, the server's requests, span and most requests in flight, the CPU
   time of the command and its workers, and the peak of their summed RSS (sampled every
   0.1 s).

The ideal wall time is the model's alone, with no CPU cost: a repository's draft calls need
its grounded extraction, so its chain is ⌈extract/c⌉ + ⌈draft/c⌉ waves, and all requests
take at least ⌈total/c⌉ waves: ideal = latency × max(⌈total/c⌉, the longest chain).

    .venv/bin/python benchmarks/batch.py --latency 0.5 --concurrency 1 8 32 --repeats 3 \\
        --write benchmarks/results/batch.md
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from draft_concurrency import (
    DEFAULT_CORPUS,
    GENERATED_END,
    MODEL,
    Run,
    ServerProcess,
    draft_once,
    manifest,
    write_results,
)

SAMPLE_SECONDS = 0.1
STARTED = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")


@dataclass
class BatchRun:
    """One batch of a set of repositories at one concurrency."""

    batch: str
    concurrency: int
    repeat: int
    wall: float
    requests: int
    latency_sum: float
    span: float
    max_in_flight: int
    cpu_seconds: float
    peak_rss_mib: float
    failed: int
    workers: int
    at_once: int = 1
    latency: float = 0.0
    load_before: float = 0.0
    server_cpu_seconds: float = 0.0


class RssSampler:
    """The peak of the summed RSS of one process and all of its descendants."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak_kib = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak_kib = max(self.peak_kib, sum(_rss_kib(p) for p in _tree(self.pid)))
            self._stop.wait(SAMPLE_SECONDS)


def _tree(root: int) -> list[int]:
    """`root` and its descendants, from the parent pid of every process in /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended while we looked
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, pending = [], [root]
    while pending:
        pid = pending.pop()
        found.append(pid)
        pending.extend(children.get(pid, []))
    return found


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass  # the process ended between listing and reading
    return 0


def _process_cpu_seconds(pid: int) -> float:
    """User + system seconds a live process has used so far (its /proc stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children_cpu_seconds() -> float:
    """CPU of every waited-for descendant: the command, and the workers it waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def source_list(entries: dict[str, dict[str, Any]], corpus: Path) -> str:
    """The `--from FILE` text: one corpus folder per line, pinned to its manifest entry."""
    return "".join(
        f"{corpus / name.replace('/', '__')} --origin {entry['url']} "
        f"--revision {entry['revision']}\n"
        for name, entry in sorted(entries.items())
    )


def batch_command(
    tmp: Path,
    server: ServerProcess,
    entries: dict[str, dict[str, Any]],
    corpus: Path,
    concurrency: int,
    timeout: float,
    workers: int | None,
) -> list[str]:
    """The `draftflow draft --from LIST` command a user would run, its list and records in
    `tmp`, the response cache off, against `server`."""
    listing = tmp / "sources.txt"
    listing.write_text(source_list(entries, corpus), encoding="utf-8")
    return [
        sys.executable,
        "-m",
        "draftflow",
        "draft",
        "--from",
        str(listing),
        "--records-dir",
        str(tmp / "records"),
        "--json",
        "--base-url",
        server.url,
        "--model",
        MODEL,
        "--concurrency",
        str(concurrency),
        "--no-cache",
        "--max-retries",
        "0",
        "--timeout",
        str(timeout),
        *(["--workers", str(workers)] if workers else []),
    ]


def batch_once(
    label: str,
    server: ServerProcess,
    latency: float,
    entries: dict[str, dict[str, Any]],
    corpus: Path,
    concurrency: int,
    repeat: int,
    timeout: float,
    workers: int | None,
) -> BatchRun:
    """Run `draftflow draft --from LIST` as a user would, into a fresh temporary folder.

    It runs in a temporary working directory, so no project config file applies.
    """
    server.reset()
    with tempfile.TemporaryDirectory(prefix="draftflow-batch-") as tmp:
        command = batch_command(Path(tmp), server, entries, corpus, concurrency, timeout, workers)
        load_before = os.getloadavg()[0]
        cpu = _children_cpu_seconds()
        server_cpu = _process_cpu_seconds(server.process.pid)
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=tmp, stdout=subprocess.PIPE, text=True)
        with RssSampler(process.pid) as sampler:
            out, _ = process.communicate()
        wall = time.perf_counter() - started
        cpu = _children_cpu_seconds() - cpu
        server_cpu = _process_cpu_seconds(server.process.pid) - server_cpu
    report = json.loads(out)
    stats = server.stats()
    return BatchRun(
        batch=label,
        concurrency=concurrency,
        repeat=repeat,
        wall=wall,
        requests=stats["requests"],
        latency_sum=stats["latency_sum"],
        span=stats["span"],
        max_in_flight=stats["max_in_flight"],
        cpu_seconds=cpu,
        peak_rss_mib=sampler.peak_kib / 1024,
        failed=sum(1 for item in report["items"] if item["failure"] is not None),
        workers=int(report["workers"]),
        at_once=int(report.get("repositories_per_worker", 1)),
        latency=latency,
        load_before=load_before,
        server_cpu_seconds=server_cpu,
    )


def ideal_wall(latency: float, calibration: list[Run], concurrency: int) -> float:
    """latency × max(⌈total/c⌉, the longest repository chain ⌈extract/c⌉ + ⌈draft/c⌉)."""
    total = sum(run.requests for run in calibration)
    chain = max(
        math.ceil(run.extract_requests / concurrency) + math.ceil(run.draft_requests / concurrency)
        for run in calibration
    )
    return latency * max(math.ceil(total / concurrency), chain)


def batch_table(
    label: str, runs: list[BatchRun], calibration: list[Run], latency: float
) -> list[str]:
    """One table: the medians of a set's batches at each concurrency, against the ideal and
    the CPU floor."""
    title = (
        "all of them"
        if label == "all"
        else "the subset " + ", ".join(sorted(r.repository for r in calibration))
    )
    lines = [
        "",
        f"## One batch of {title}, {latency:g} s per request",
        "",
        "| c | runs | workers × at once | requests | wall s | ideal s | CPU floor s | "
        "wall / ideal | model span s | max in flight | CPU s | stub CPU s | peak RSS MiB | "
        "load before | failed |",
        "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for concurrency in sorted({run.concurrency for run in runs}):
        group = [run for run in runs if run.concurrency == concurrency]
        wall = statistics.median(run.wall for run in group)
        ideal = ideal_wall(latency, calibration, concurrency)
        cpu = statistics.median(r.cpu_seconds for r in group)
        low, high = min(r.load_before for r in group), max(r.load_before for r in group)
        loads = f"{low:.1f}" if f"{low:.1f}" == f"{high:.1f}" else f"{low:.1f}–{high:.1f}"
        lines.append(
            f"| {concurrency} | {len(group)} | {group[0].workers} × {group[0].at_once} | "
            f"{int(statistics.median(r.requests for r in group))} | {wall:.2f} | "
            f"{ideal:.2f} | {cpu / (os.cpu_count() or 1):.1f} | {wall / ideal:.2f} | "
            f"{statistics.median(r.span for r in group):.2f} | "
            f"{max(r.max_in_flight for r in group)} | {cpu:.1f} | "
            f"{statistics.median(r.server_cpu_seconds for r in group):.1f} | "
            f"{max(r.peak_rss_mib for r in group):.0f} | {loads} | "
            f"{max(r.failed for r in group)} |"
        )
    return lines


def markdown(
    runs: list[BatchRun], calibration: list[Run], args: argparse.Namespace, started: str
) -> str:
    """The results file: calibration, the batch table, what the columns mean, how to rerun."""
    lines = [
        "# Batch drafting against a fixed-latency server",
        "",
        f"Measured {started} on {platform.node() or 'this machine'}: {os.cpu_count()} cores, "
        f"Python {platform.python_version()}. The machine is shared with other engineers' "
        "test runs and noisy: batch figures are medians of the runs each row counts (up to "
        f"{args.repeats}). Latency per request: {args.latency:g} s"
        + (f" (and {args.extra_latency:g} s, a second table)" if args.extra_latency else "")
        + "; response cache off, "
        f"so every model call reaches the server; the server echoes {args.echo} harvested "
        "candidates per extract chunk as results. All "
        f"{len(calibration)} corpus repositories (the three dev-set repositories with gold "
        "figures are among them) in one batch.",
        "",
        "## The repositories, each drafted alone (calibration, c = 32"
        + (
            f"; from an earlier run: `--calibration {args.calibration}`)"
            if args.calibration
            else ")"
        ),
        "",
        "| repository | requests (extract+draft) | wall alone s | extract stage s | "
        "draft stage s | other stages s |",
        "|---|--:|--:|--:|--:|--:|",
    ]
    for run in sorted(calibration, key=lambda r: r.repository):
        other = sum(v for k, v in run.stages.items() if k not in ("extract", "draft"))
        lines.append(
            f"| {run.repository} | {run.requests} ({run.extract_requests}+"
            f"{run.draft_requests}) | {run.wall:.2f} | {run.stages.get('extract', 0):.2f} | "
            f"{run.stages.get('draft', 0):.2f} | {other:.2f} |"
        )
    total = sum(run.requests for run in calibration)
    lines.append(f"| all | {total} | {sum(r.wall for r in calibration):.2f} | | | |")
    for latency in dict.fromkeys(run.latency for run in runs):
        for label in dict.fromkeys(run.batch for run in runs if run.latency == latency):
            names = {r.repository for r in calibration} if label == "all" else set(args.subset)
            lines += batch_table(
                label,
                [r for r in runs if r.batch == label and r.latency == latency],
                [r for r in calibration if r.repository in names],
                latency,
            )
    lines += [
        "",
        "Columns:",
        "- **c**: `--concurrency`, the requests in flight across the whole batch.",
        "- **runs**: batches measured; wall, span, requests and CPU are their medians.",
        "- **workers × at once**: worker processes (one per CPU, or per four slots), and the "
        "repositories each drafts at once, a thread each (one per CPU plus one per four slots "
        "in all, so both the CPUs and the pool have work).",
        "- **requests**: chat requests the server answered in the batch.",
        "- **wall**: the `draftflow draft --from LIST` command from start to exit: Python's "
        "start and imports, the worker processes, acquire, harvest, model calls, verify "
        "and write.",
        "- **ideal**: latency × max(⌈requests/c⌉, the longest repository chain "
        "⌈extract/c⌉ + ⌈draft/c⌉): the model's time alone, with no CPU cost at all.",
        "- **CPU floor**: the batch's CPU seconds / cores: the wall time its CPU work alone "
        "needs on this machine with every core free for it (they are not: the machine is "
        "shared). No schedule beats max(ideal, CPU floor).",
        "- **model span**: first request received to last reply sent, server side.",
        "- **max in flight**: the most requests the server held at once (max over repeats); "
        "never above c.",
        "- **CPU**: user + system seconds of the command and its worker processes.",
        "- **stub CPU**: user + system seconds of the latency server during the batch: not "
        "draftflow's, but it runs on the same cores (a real model server would not).",
        "- **load before**: the 1-minute load average when the run started (range over "
        "repeats): other work on the machine competing for its cores.",
        "- **peak RSS**: the most memory the command and its workers held together "
        "(sampled every 0.1 s; max over repeats).",
        "",
        "## Reproduce",
        "",
        "```bash",
        f".venv/bin/python benchmarks/batch.py --latency {args.latency:g} "
        f"--concurrency {' '.join(map(str, args.concurrency))} --repeats {args.repeats} \\",
        *(
            [
                f"    --extra-latency {args.extra_latency:g} --extra-concurrency "
                f"{' '.join(map(str, args.extra_concurrency))} --extra-repeats "
                f"{args.extra_repeats} \\"
            ]
            if args.extra_latency
            else []
        ),
        *([f"    --subset {' '.join(args.subset)} \\"] if args.subset else []),
        "    --write benchmarks/results/batch.md",
        "```",
        "",
        "Traffic goes only to the server on 127.0.0.1 that the script starts (and stops). "
        "Records go to temporary folders. `--raw FILE` keeps every run as JSON.",
        "",
        GENERATED_END,
        "",
    ]
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--latency", type=float, default=0.5, help="seconds per request")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--echo", type=int, default=3, help="candidates echoed per chunk")
    parser.add_argument("--timeout", type=float, default=120.0, help="client timeout, seconds")
    parser.add_argument("--workers", type=int, help="worker processes (default: CPU count)")
    parser.add_argument(
        "--calibration",
        type=Path,
        help="reuse the calibration of an earlier --raw FILE instead of drafting each "
        "repository alone again",
    )
    parser.add_argument(
        "--subset",
        nargs="+",
        default=[],
        metavar="OWNER/NAME",
        help="also batch these repositories alone (a second table)",
    )
    parser.add_argument(
        "--extra-latency",
        type=float,
        help="also batch against a server with this latency (an extra table; the ideal takes "
        "its request counts from the calibration)",
    )
    parser.add_argument("--extra-concurrency", type=int, nargs="+", default=[8, 32])
    parser.add_argument("--extra-repeats", type=int, default=1)
    parser.add_argument(
        "--report-only",
        type=Path,
        metavar="RAW",
        help="run nothing: write the tables from the runs and calibration of a --raw FILE "
        "(the other options say what the runs were)",
    )
    parser.add_argument("--write", type=Path, help="write the Markdown results here")
    parser.add_argument("--raw", type=Path, help="write every run as JSON here")
    return parser.parse_args(argv)


def batches(
    server: ServerProcess,
    latency: float,
    sets: dict[str, dict[str, dict[str, Any]]],
    concurrencies: list[int],
    repeats: int,
    args: argparse.Namespace,
    done: list[BatchRun],
    calibration: list[Run],
) -> list[BatchRun]:
    """Every set batched at every concurrency, `repeats` times, against `server`; with
    `--raw`, the file is rewritten after every batch, so a cut run keeps what it measured."""
    runs: list[BatchRun] = []
    for repeat in range(repeats):
        for label, chosen in sets.items():
            for concurrency in concurrencies:
                batch = batch_once(
                    label,
                    server,
                    latency,
                    chosen,
                    args.corpus,
                    concurrency,
                    repeat,
                    args.timeout,
                    args.workers,
                )
                runs.append(batch)
                if args.raw:
                    save_raw(args.raw, calibration, [*done, *runs])
                print(
                    f"{label} {latency:g}s c={concurrency} #{repeat}: {batch.requests} "
                    f"requests, wall {batch.wall:.2f}s, max in flight {batch.max_in_flight}, "
                    f"CPU {batch.cpu_seconds:.1f}s, peak {batch.peak_rss_mib:.0f} MiB, "
                    f"load {batch.load_before:.1f}, failed {batch.failed}",
                    file=sys.stderr,
                    flush=True,
                )
    return runs


def main(argv: list[str] | None = None) -> int:
    """Calibrate, run the batches, print the table, and write it when asked."""
    args = parse_args(argv)
    if args.report_only:
        return report_only(args)
    entries = manifest(args.corpus)
    started = STARTED
    server = ServerProcess(args.latency, args.echo)
    runs: list[BatchRun] = []
    try:
        calibration = []
        if args.calibration is not None:
            recorded = json.loads(args.calibration.read_text(encoding="utf-8"))["calibration"]
            calibration = [Run(**run) for run in recorded]
        for name, entry in sorted(entries.items()) if not calibration else ():
            folder = args.corpus / name.replace("/", "__")
            run = draft_once(server, entry, folder, 32, -1, args.timeout)
            calibration.append(run)
            print(
                f"alone {name}: {run.requests} requests, wall {run.wall:.2f}s",
                file=sys.stderr,
                flush=True,
            )
        sets = {"all": entries}
        if args.subset:
            sets["subset"] = {name: entries[name] for name in args.subset}
        runs += batches(
            server, args.latency, sets, args.concurrency, args.repeats, args, runs, calibration
        )
    finally:
        server.close()
    if args.extra_latency:
        server = ServerProcess(args.extra_latency, args.echo)
        try:
            runs += batches(
                server,
                args.extra_latency,
                {"all": entries},
                args.extra_concurrency,
                args.extra_repeats,
                args,
                runs,
                calibration,
            )
        finally:
            server.close()
    text = markdown(runs, calibration, args, started)
    print(text)
    if args.write:
        write_results(args.write, text)
    if args.raw:
        save_raw(args.raw, calibration, runs)
    return 0


def report_only(args: argparse.Namespace) -> int:
    """The results file from a --raw FILE of an earlier (perhaps cut) run."""
    raw = json.loads(args.report_only.read_text(encoding="utf-8"))
    calibration = [Run(**run) for run in raw["calibration"]]
    runs = [BatchRun(**run) for run in raw["runs"]]
    started = raw.get("started", "(time not recorded)")
    text = markdown(runs, calibration, args, started)
    print(text)
    if args.write:
        write_results(args.write, text)
    return 0


def save_raw(path: Path, calibration: list[Run], runs: list[BatchRun]) -> None:
    """Every run so far, and the calibration, as JSON (`--calibration` reads it back)."""
    raw = {
        "started": STARTED,
        "calibration": [asdict(r) for r in calibration],
        "runs": [asdict(r) for r in runs],
    }
    path.write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
