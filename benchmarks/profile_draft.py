"""Profile: where one draft's CPU goes, per stage and per function, against the latency server.

Starts `latency_server.py` (as `batch.py` does), drafts each named corpus repository once
in-process under cProfile with the response cache off, and prints per repository the CPU
seconds of each pipeline stage (process time, so waiting for the server counts nothing), then
the functions with the most cumulative and own time. Use it to find the CPU a batch spends
per repository before optimising anything.

    .venv/bin/python benchmarks/profile_draft.py --latency 0 djangodevreng/dgx-spark-benchmarks
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from draft_concurrency import DEFAULT_CORPUS, MODEL, ServerProcess, manifest

from draftflow.llm import ModelSettings, RecordMode
from draftflow.pipeline.draft import DraftRequest, UsageProbe, run_draft

DEFAULT_REPOSITORIES = (
    "djangodevreng/dgx-spark-benchmarks",
    "heitor-mocelin/dgx-spark-research",
    "jethac/dgx-spark-hijinks",
    "Kleybrink/dgx-spark-bench",
)


class StageCpu:
    """Pipeline events that keep each stage's process CPU time and wall time."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = {}
        self.wall: dict[str, float] = {}

    @contextmanager
    def _timed(self, name: str) -> Iterator[None]:
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            yield
        finally:
            self.cpu[name] = time.process_time() - cpu
            self.wall[name] = time.perf_counter() - wall

    def stage(self, name: str, usage: UsageProbe | None = None) -> AbstractContextManager[None]:
        """Time one stage."""
        return self._timed(name)


def profile_one(server: ServerProcess, repository: str, corpus: Path, top: int) -> str:
    """One draft of `repository` under cProfile (none when `top` is 0): its stage CPU and its
    top functions."""
    entry = manifest(corpus)[repository]
    folder = corpus / repository.replace("/", "__")
    timer = StageCpu()
    with tempfile.TemporaryDirectory(prefix="draftflow-profile-") as records:
        settings = ModelSettings(
            base_url=server.url,
            model=MODEL,
            concurrency=32,
            use_cache=False,
            timeout=120,
            max_retries=0,
            record_mode=RecordMode.NONE,
        )
        request = DraftRequest(
            source=str(folder),
            records_dir=Path(records),
            settings=settings,
            revision=entry["revision"],
            origin=entry["url"],
        )
        profiler = cProfile.Profile()
        cpu, wall = time.process_time(), time.perf_counter()
        if top:
            profiler.enable()
        asyncio.run(run_draft(request, timer))
        profiler.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    out = io.StringIO()
    stages = ", ".join(f"{name} {seconds:.2f}" for name, seconds in timer.cpu.items())
    profiled = "profiled" if top else "not profiled"
    out.write(f"## {repository}: {cpu:.2f} CPU s, {wall:.2f} wall s ({profiled})\n")
    out.write(f"stage CPU s: {stages}\n\n")
    if not top:
        return out.getvalue()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Profile each repository named (default: the four biggest of the corpus)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repositories", nargs="*", default=list(DEFAULT_REPOSITORIES))
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per request")
    parser.add_argument("--echo", type=int, default=3, help="candidates echoed per chunk")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument(
        "--top",
        type=int,
        default=30,
        help="functions listed per sort; 0: no profiler, stage CPU only",
    )
    args = parser.parse_args(argv)
    server = ServerProcess(args.latency, args.echo)
    try:
        for repository in args.repositories:
            sys.stdout.write(profile_one(server, repository, args.corpus, args.top))
            sys.stdout.flush()
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
