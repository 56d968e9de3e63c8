"""Profile: where a whole batch's CPU goes, in the parent, each worker and the latency server.

Runs one `draftflow draft --from LIST` batch of the corpus (the command `batch.py` measures)
under py-spy (`pip install py-spy`; a sampling profiler, so the batch runs at nearly its own
speed), with the parent and every worker process sampled, and py-spy attached to the latency
server as well. Only samples of a thread holding its process's GIL count (`--gil`): one per
process at a time. On a loaded machine a process also holds its GIL while it waits for a
core, so the totals run above the CPU seconds the batch used (printed first, from rusage):
read the shares, not the seconds. It prints the samples by process (parent, workers,
server), by pipeline stage (the first draftflow module a stack runs under `run_draft`, else
its first draftflow module), how much of each ran inside the OpenAI SDK and its HTTP stack,
and the functions with the most own samples.

    .venv/bin/python benchmarks/profile_batch.py --latency 0.5 --concurrency 32
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from batch import _children_cpu_seconds, batch_command
from draft_concurrency import DEFAULT_CORPUS, ServerProcess, manifest

SDK_PACKAGES = frozenset({"openai", "httpx", "httpcore", "h11", "anyio", "sniffio", "distro"})
STAGE_ALIASES = {"verified": "verify", "assemble": "verify", "render": "write"}
IPC_FUNCTIONS = ("ForkingPickler", "_send_bytes", "_recv_bytes", "Queue._feed", "Queue.get")


@dataclass
class Tally:
    """Samples of one kind of process, by stage and by own function."""

    samples: int = 0
    by_stage: collections.Counter[str] = field(default_factory=collections.Counter)
    sdk_by_stage: collections.Counter[str] = field(default_factory=collections.Counter)
    own: collections.Counter[str] = field(default_factory=collections.Counter)


def _package(frame: str) -> str:
    """`func (pkg/mod.py)` → `pkg`; a module of the standard library gives its own name."""
    location = frame.rsplit(" (", 1)[-1].rstrip(")")
    return location.split("/", 1)[0].removesuffix(".py")


def _draftflow_module(frame: str) -> str | None:
    location = frame.rsplit(" (", 1)[-1].rstrip(")")
    if not location.startswith("draftflow/"):
        return None
    name = location.removeprefix("draftflow/").split("/", 1)[0].removesuffix(".py")
    return STAGE_ALIASES.get(name, name)


def stage_of(frames: list[str]) -> str:
    """The pipeline stage a stack runs in, or what it does outside of draftflow."""
    below = next((i for i, f in enumerate(frames) if f.startswith("run_draft ")), None)
    for frame in frames[below + 1 if below is not None else 0 :]:
        module = _draftflow_module(frame)
        if module is not None and module not in ("batch", "pipeline", "cli"):
            return module
    text = ";".join(frames)
    if "_find_and_load" in text:
        return "(imports)"
    if any(name in text for name in IPC_FUNCTIONS):
        return "(ipc: queues, pickling)"
    if "draftflow/cli" in text or "draftflow/batch" in text:
        return "(batch, cli)"
    return f"(other: {_package(frames[-1])})" if frames else "(empty)"


def read_raw(path: Path, tallies: dict[str, Tally], default_kind: str) -> None:
    """Add the collapsed stacks of a py-spy raw file to `tallies`, by kind of process."""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = stack.split(";")
        processes = [f for f in frames if f.startswith("process ")]
        frames = [f for f in frames if not f.startswith("process ")]
        kind = default_kind if len(processes) <= 1 else "worker"
        tally = tallies.setdefault(kind, Tally())
        stage = stage_of(frames)
        tally.samples += count
        tally.by_stage[stage] += count
        if any(_package(f) in SDK_PACKAGES for f in frames):
            tally.sdk_by_stage[stage] += count
        if frames:
            tally.own[frames[-1]] += count


def report(tallies: dict[str, Tally], rate: int, top: int) -> str:
    """The tables: samples (≈ CPU s) by process kind and stage, the SDK's share, own time."""
    total = sum(t.samples for t in tallies.values())
    lines = [f"samples in all: {total} ({total / rate:.1f} s at {rate} Hz)", ""]
    lines += ["| process | stage | GIL s | % of all | of it in the SDK (openai, httpx...) |"]
    lines += ["|---|---|--:|--:|--:|"]
    for kind, tally in sorted(tallies.items(), key=lambda kv: -kv[1].samples):
        for stage, count in tally.by_stage.most_common():
            sdk = tally.sdk_by_stage[stage]
            lines.append(
                f"| {kind} | {stage} | {count / rate:.2f} | {100 * count / total:.1f} | "
                f"{sdk / rate:.2f} |"
            )
    for kind, tally in sorted(tallies.items(), key=lambda kv: -kv[1].samples):
        lines += ["", f"### {kind}: functions with the most own samples", ""]
        lines += [f"{count / rate:7.2f} s  {name}" for name, count in tally.own.most_common(top)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Run one batch under py-spy and print where its CPU went."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--echo", type=int, default=3)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--rate", type=int, default=100, help="samples per second")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--keep", type=Path, help="keep the raw py-spy files in this folder")
    args = parser.parse_args(argv)
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
    if spy is None:
        print("py-spy is not installed: .venv/bin/pip install py-spy", file=sys.stderr)
        return 2
    server = ServerProcess(args.latency, args.echo)
    try:
        with tempfile.TemporaryDirectory(prefix="draftflow-profile-batch-") as tmp_text:
            tmp = Path(tmp_text)
            raw_batch, raw_server = tmp / "batch.txt", tmp / "server.txt"
            common = [
                "record",
                "--gil",
                "--nonblocking",
                "--nolineno",
                "-f",
                "raw",
                "-r",
                str(args.rate),
            ]
            server_spy = subprocess.Popen(
                [spy, *common, "-o", str(raw_server), "--pid", str(server.process.pid)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            command = batch_command(
                tmp, server, manifest(args.corpus), args.corpus, args.concurrency, 120, args.workers
            )
            load = os.getloadavg()[0]
            cpu, wall = _children_cpu_seconds(), time.perf_counter()
            subprocess.run(
                [spy, *common, "-s", "-o", str(raw_batch), "--", *command],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=True,
            )
            cpu, wall = _children_cpu_seconds() - cpu, time.perf_counter() - wall
            server_spy.send_signal(signal.SIGINT)
            server_spy.wait(timeout=30)
            tallies: dict[str, Tally] = {}
            read_raw(raw_batch, tallies, "parent")
            read_raw(raw_server, tallies, "latency server")
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(raw_batch, args.keep / "batch.txt")
                shutil.copy(raw_server, args.keep / "server.txt")
    finally:
        server.close()
    print(
        f"c = {args.concurrency}, latency {args.latency:g} s: wall {wall:.2f} s, CPU (batch and "
        f"py-spy) {cpu:.1f} s, load before {load:.1f}\n"
    )
    print(report(tallies, args.rate, args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
