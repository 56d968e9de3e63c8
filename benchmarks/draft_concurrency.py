"""Benchmark: how much of a draft's model traffic overlaps, at each `--concurrency`.

Starts `latency_server.py` in a subprocess on 127.0.0.1 (every request waits a fixed latency,
then gets a valid reply), runs `run_draft` in-process on corpus folders with the response
cache off, and measures per run: the requests the server answered, the sum of their latencies
(server side, received to sent), the draft's wall time, the span of the model traffic (first
request received to last reply sent), and the most requests in flight. Medians over repeats.

The lower bound for the span follows from the pipeline's one real dependency: the draft calls
need the grounded extraction, so the extract calls (one per chunk) go first, the draft calls
(sections and framing) after: ideal span = latency × (⌈extract/c⌉ + ⌈draft/c⌉).

    .venv/bin/python benchmarks/draft_concurrency.py --latency 0.5 --repeats 3 \\
        --write benchmarks/results/draft_concurrency.md
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from draftflow.llm import ModelSettings, RecordMode
from draftflow.pipeline.draft import DraftRequest, UsageProbe, run_draft

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parent / "tests" / "data" / "corpus"
DEFAULT_REPOS = (
    "MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark",
    "Reederey87/dgx-spark-2x-deepseek-v4-flash",
    "jvr0x/dgx-spark-bench",
)
EXTRACT_SCHEMA = "ExtractReply"
MODEL = "latency-model"
SERVER_START_SECONDS = 20.0
GENERATED_END = "<!-- end of generated results: text below this line is kept on --write -->"


@dataclass
class Run:
    """One draft against the latency server."""

    repository: str
    concurrency: int
    repeat: int
    requests: int
    extract_requests: int
    draft_requests: int
    latency_sum: float
    wall: float
    span: float
    max_in_flight: int
    stages: dict[str, float] = field(default_factory=dict)
    results: int = 0
    sections: int = 0
    client_requests: int = 0


class StageTimer:
    """Pipeline events that keep each stage's wall time."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def _timed(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = time.perf_counter() - started

    def stage(self, name: str, usage: UsageProbe | None = None) -> AbstractContextManager[None]:
        """Time one stage (the model-call probe is not needed here)."""
        return self._timed(name)


class ServerProcess:
    """`latency_server.py` in a subprocess, with its statistics over HTTP."""

    def __init__(self, latency: float, echo: int) -> None:
        command = [
            sys.executable,
            str(HERE / "latency_server.py"),
            "--latency",
            str(latency),
            "--model",
            MODEL,
            "--echo",
            str(echo),
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.close()
            raise RuntimeError(f"the latency server did not start (said {self.url!r})")
        self._root = self.url.removesuffix("/v1")

    def stats(self) -> dict[str, Any]:
        """The server's statistics since the last reset."""
        with urllib.request.urlopen(f"{self._root}/stats", timeout=10) as response:
            data: dict[str, Any] = json.load(response)
        return data

    def reset(self) -> None:
        """Start counting afresh."""
        request = urllib.request.Request(f"{self._root}/stats/reset", data=b"", method="POST")
        with urllib.request.urlopen(request, timeout=10):
            pass

    def close(self) -> None:
        """Stop the server process (this process started it)."""
        self.process.terminate()
        try:
            self.process.wait(timeout=SERVER_START_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=SERVER_START_SECONDS)


def manifest(corpus: Path) -> dict[str, dict[str, Any]]:
    """The corpus manifest by repository name."""
    entries = json.loads((corpus / "MANIFEST.json").read_text(encoding="utf-8"))
    return {entry["repository"]: entry for entry in entries}


def draft_once(
    server: ServerProcess,
    entry: dict[str, Any],
    folder: Path,
    concurrency: int,
    repeat: int,
    timeout: float,
    *,
    record_cassette: bool = False,
) -> Run:
    """One draft of `folder` at `concurrency`, records into a fresh temporary folder.

    With `record_cassette` every exchange is also recorded to a new cassette (record mode
    `new`), the way cassettes are made against a real server.
    """
    timer = StageTimer()
    server.reset()
    with tempfile.TemporaryDirectory(prefix="draftflow-bench-") as records:
        cassette = Path(records) / "cassette.json" if record_cassette else None
        settings = ModelSettings(
            base_url=server.url,
            model=MODEL,
            concurrency=concurrency,
            use_cache=False,
            timeout=timeout,
            max_retries=0,
            cassette=cassette,
            record_mode=RecordMode.NEW if record_cassette else RecordMode.NONE,
        )
        request = DraftRequest(
            source=str(folder),
            records_dir=Path(records),
            settings=settings,
            revision=entry["revision"],
            origin=entry["url"],
        )
        started = time.perf_counter()
        outcome = asyncio.run(run_draft(request, timer))
        wall = time.perf_counter() - started
    stats = server.stats()
    extract = stats["by_schema"].get(EXTRACT_SCHEMA, 0)
    return Run(
        repository=entry["repository"],
        concurrency=concurrency,
        repeat=repeat,
        requests=stats["requests"],
        extract_requests=extract,
        draft_requests=stats["requests"] - extract,
        latency_sum=stats["latency_sum"],
        wall=wall,
        span=stats["span"],
        max_in_flight=stats["max_in_flight"],
        stages=timer.seconds,
        results=outcome.results,
        sections=outcome.sections,
        client_requests=outcome.usage.get("requests", 0),
    )


def ideal_span(latency: float, extract: int, draft: int, concurrency: int) -> float:
    """The shortest possible model span: extract calls in waves, then the draft calls."""
    return latency * (math.ceil(extract / concurrency) + math.ceil(draft / concurrency))


@dataclass
class Row:
    """Medians of the repeats of one repository at one concurrency."""

    repository: str
    concurrency: int
    repeats: int
    requests: int
    extract_requests: int
    draft_requests: int
    latency_sum: float
    wall: float
    span: float
    ideal: float
    max_in_flight: int
    extract_stage: float
    draft_stage: float
    other_stages: float

    @property
    def wall_ratio(self) -> float:
        """Wall time over the sum of request latencies (1.0 = fully serial model calls)."""
        return self.wall / self.latency_sum if self.latency_sum else math.nan

    @property
    def overlap(self) -> float:
        """Sum of latencies over the model span: the mean number of requests in flight."""
        return self.latency_sum / self.span if self.span else math.nan


def summarise(runs: list[Run], latency: float) -> list[Row]:
    """One row of medians per (repository, concurrency)."""
    groups: dict[tuple[str, int], list[Run]] = {}
    for run in runs:
        groups.setdefault((run.repository, run.concurrency), []).append(run)
    rows = []
    for (repository, concurrency), group in groups.items():
        extract = int(statistics.median(r.extract_requests for r in group))
        draft = int(statistics.median(r.draft_requests for r in group))
        rows.append(
            Row(
                repository=repository,
                concurrency=concurrency,
                repeats=len(group),
                requests=int(statistics.median(r.requests for r in group)),
                extract_requests=extract,
                draft_requests=draft,
                latency_sum=statistics.median(r.latency_sum for r in group),
                wall=statistics.median(r.wall for r in group),
                span=statistics.median(r.span for r in group),
                ideal=ideal_span(latency, extract, draft, concurrency),
                max_in_flight=max(r.max_in_flight for r in group),
                extract_stage=statistics.median(r.stages.get("extract", 0.0) for r in group),
                draft_stage=statistics.median(r.stages.get("draft", 0.0) for r in group),
                other_stages=statistics.median(
                    sum(v for k, v in r.stages.items() if k not in ("extract", "draft"))
                    for r in group
                ),
            )
        )
    return rows


def markdown(rows: list[Row], args: argparse.Namespace, started: str) -> str:
    """The results file: the table, what the columns mean, and how to reproduce."""
    lines = [
        "# Draft concurrency against a fixed-latency server",
        "",
        f"Measured {started} on {platform.node() or 'this machine'}: {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, shared and noisy, so every figure is the median "
        f"of {args.repeats} runs. Latency per request: {args.latency:g} s. Response cache off; "
        f"every model call reaches the server. Cassette recording: "
        f"{'on (record mode new)' if args.record_cassette else 'off'}. The server echoes "
        f"{args.echo} harvested candidates per extract chunk as results, so the draft stage "
        "has grounded results and makes its model calls too.",
        "",
        "| repository | c | requests (extract+draft) | sum of latencies s | wall s | "
        "wall / sum | model span s | ideal span s | overlap | max in flight | "
        "extract stage s | draft stage s | other stages s |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for row in sorted(rows, key=lambda r: (r.repository, r.concurrency)):
        lines.append(
            f"| {row.repository} | {row.concurrency} | {row.requests} "
            f"({row.extract_requests}+{row.draft_requests}) | {row.latency_sum:.2f} | "
            f"{row.wall:.2f} | {row.wall_ratio:.2f} | {row.span:.2f} | {row.ideal:.2f} | "
            f"{row.overlap:.2f} | {row.max_in_flight} | {row.extract_stage:.2f} | "
            f"{row.draft_stage:.2f} | {row.other_stages:.2f} |"
        )
    lines += [
        "",
        "Columns:",
        "- **requests**: chat requests the server answered in one draft (extract chunks + "
        "draft calls); the same count the client reports in its usage.",
        "- **sum of latencies**: server side, request received to reply sent, summed over the "
        "draft's requests. What the model calls would take one after another.",
        "- **wall**: `run_draft` from start to return (acquire, harvest, model calls, "
        "grounding, assemble, verify, write).",
        "- **wall / sum**: 1.0 or more means the model calls did not overlap at all.",
        "- **model span**: first request received to last reply sent, server side.",
        "- **ideal span**: latency × (⌈extract/c⌉ + ⌈draft/c⌉): the draft calls need the "
        "grounded extraction, so they cannot start before the last extract reply.",
        "- **overlap**: sum of latencies / model span, the mean number of requests in flight.",
        "- **max in flight**: the most requests the server held at once (max over repeats); "
        "never above c if `--concurrency` bounds the client.",
        "- **stage** columns: wall time of the pipeline's stages (`StageEvents`); other = "
        "acquire + verify + write.",
        "",
        "## Reproduce",
        "",
        "```bash",
        "cd /work/main   # the checkout",
        f".venv/bin/python benchmarks/draft_concurrency.py --latency {args.latency:g} "
        f"--repeats {args.repeats} --concurrency {' '.join(map(str, args.concurrency))}"
        f"{' --record-cassette' if args.record_cassette else ''} \\",
        "    --write benchmarks/results/draft_concurrency.md",
        "```",
        "",
        "Traffic goes only to the server on 127.0.0.1 that the script starts (and stops). "
        "Records go to temporary folders. `--repo OWNER/NAME` (repeatable) picks corpus "
        "repositories, `--corpus DIR` the corpus folder, `--raw FILE` keeps every run as JSON.",
        "",
        GENERATED_END,
        "",
    ]
    return "\n".join(lines)


def write_results(path: Path, generated: str) -> None:
    """Write `generated` to `path`, keeping the hand-written text after the marker."""
    kept = ""
    if path.exists():
        old = path.read_text(encoding="utf-8")
        if GENERATED_END in old:
            kept = old.split(GENERATED_END, 1)[1].lstrip("\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(generated + kept, encoding="utf-8")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--latency", type=float, default=0.5, help="seconds per request")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--repo", action="append", help="corpus repository OWNER/NAME")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--echo", type=int, default=3, help="candidates echoed per chunk")
    parser.add_argument("--timeout", type=float, default=60.0, help="client timeout, seconds")
    parser.add_argument(
        "--record-cassette",
        action="store_true",
        help="also record every exchange to a new cassette, as when recording",
    )
    parser.add_argument("--write", type=Path, help="write the Markdown results here")
    parser.add_argument("--raw", type=Path, help="write every run as JSON here")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the grid, print the table, and write it when asked."""
    args = parse_args(argv)
    entries = manifest(args.corpus)
    repos = args.repo or list(DEFAULT_REPOS)
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    server = ServerProcess(args.latency, args.echo)
    runs: list[Run] = []
    try:
        first = entries[repos[0]]
        folder = args.corpus / first["repository"].replace("/", "__")
        draft_once(
            server,
            first,
            folder,
            max(args.concurrency),
            -1,
            args.timeout,
            record_cassette=args.record_cassette,
        )  # warm-up
        for repeat in range(args.repeats):
            for name in repos:
                entry = entries[name]
                folder = args.corpus / name.replace("/", "__")
                for concurrency in args.concurrency:
                    run = draft_once(
                        server,
                        entry,
                        folder,
                        concurrency,
                        repeat,
                        args.timeout,
                        record_cassette=args.record_cassette,
                    )
                    runs.append(run)
                    print(
                        f"{name} c={concurrency} #{repeat}: {run.requests} requests, "
                        f"sum {run.latency_sum:.2f}s, wall {run.wall:.2f}s, "
                        f"span {run.span:.2f}s, max in flight {run.max_in_flight}",
                        file=sys.stderr,
                        flush=True,
                    )
    finally:
        server.close()
    text = markdown(summarise(runs, args.latency), args, started)
    print(text)
    if args.write:
        write_results(args.write, text)
    if args.raw:
        args.raw.write_text(
            json.dumps([asdict(r) for r in runs], indent=2) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
