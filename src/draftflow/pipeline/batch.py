"""Batch drafting: many repositories in worker processes, one bounded pool of model requests.

The no-model work of a draft (acquire, harvest, grounding, verify, write) is CPU bound, so
repositories are drafted in worker processes (see `plan_workers`). On Linux, a process with
no other thread (the CLI) forks them: they start at once with draftflow already imported (a
spawned worker needs seconds to import it again, 12 s each on the loaded machine the
benchmark ran on). A process with threads uses a fork server with draftflow preloaded
instead, since forking it could copy a lock another thread holds; other systems spawn.
Model requests are network bound and the server is shared, so every request takes a slot
from one process-shared semaphore of `concurrency` slots: the server sees at most
`concurrency` requests in flight, however many repositories and workers there are.

A worker drafts several repositories at once, each in its own thread with its own event loop.
A repository's CPU-bound stage (seconds of verification) then blocks only its own loop, never
the loop that reads another repository's replies: the interpreter hands the other threads a
turn every few milliseconds (`sys.getswitchinterval`), so their replies are read and their
request slots released at once. (Two repositories sharing one event loop stalled each other:
while one verified, the other's replies waited unread, its slots stayed taken, and its request
timeouts ran out; measured on a loaded machine as repositories failing.) Enough repositories
are in progress to keep both the CPUs and the pool busy: one per CPU, plus one per
`REQUESTS_PER_REPOSITORY` slots, since a repository keeps a few requests out on average (many
while its chunks are extracted, two while it drafts, none while it verifies). A repository's
failure becomes its item in the report (with the error's exit code); it never stops the others.
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import os
import queue
import sys
import threading
import time
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from pathlib import Path

from draftflow.acquire.git import is_git_repository, remote_url
from draftflow.acquire.remote import looks_like_url, parse_github_repository, parse_remote
from draftflow.errors import ConfigError, DraftflowError, InputError
from draftflow.llm import ModelSettings, RecordMode
from draftflow.llm.transport import import_lazy_modules
from draftflow.pipeline.assemble import record_id_for
from draftflow.pipeline.batch_model import (
    INTERNAL_EXIT_CODE,
    BatchItem,
    BatchReport,
    ItemCallback,
    batch_exit_code,
    failed_item,
)
from draftflow.pipeline.batch_worker import worker_main
from draftflow.pipeline.draft import DraftRequest

POLL_SECONDS = 0.5
REQUESTS_PER_REPOSITORY = 4  # a repository's requests in flight, on average over its draft
GIT_SECONDS = 10.0
JOIN_SECONDS = 10.0


def plan_workers(jobs: int, concurrency: int, workers: int | None) -> tuple[int, int]:
    """Worker processes, and the repositories each drafts at once (a thread each).

    Repositories in progress: one per CPU for the CPU-bound stages, plus one per
    `REQUESTS_PER_REPOSITORY` request slots for the model's: a repository in a CPU stage makes
    no request, so the two are counted apart (never more than the repositories). Processes:
    one per CPU, or per `REQUESTS_PER_REPOSITORY` slots when that is more (`workers` decides
    when given), so the system spreads the CPU-bound stages over every core; threads of one
    process share one core's worth of Python.
    """
    cpus = os.cpu_count() or 1
    slots_share = math.ceil(concurrency / REQUESTS_PER_REPOSITORY)
    processes = max(1, min(jobs, workers or max(cpus, slots_share)))
    in_progress = max(processes, min(jobs, cpus + slots_share))
    return processes, math.ceil(in_progress / processes)


def run_batch(
    requests: Sequence[DraftRequest],
    *,
    concurrency: int,
    workers: int | None = None,
    on_item: ItemCallback | None = None,
) -> BatchReport:
    """Draft every request; `concurrency` bounds model requests in flight across all of them.

    `workers` is the number of processes (default: see `plan_workers`); each drafts several
    repositories at once, so that both the CPUs and the `concurrency` slots have work.
    `on_item` is called in this process as each repository finishes.
    """
    _check_settings([r.settings for r in requests])
    started = time.perf_counter()
    found = _duplicates(requests)
    todo = [(i, r) for i, r in enumerate(requests) if i not in found]
    processes, per_worker = plan_workers(len(todo), concurrency, workers)
    if todo:
        found.update(_draft_in_workers(todo, concurrency, processes, per_worker, on_item))
    items = [
        found.get(i)
        or failed_item(
            r.source,
            "WorkerLost",
            "the worker process drafting it stopped unexpectedly",
            "run this repository on its own to see its error",
            INTERNAL_EXIT_CODE,
            0.0,
        )
        for i, r in enumerate(requests)
    ]
    return BatchReport(
        items=items,
        exit_code=batch_exit_code(items),
        concurrency=concurrency,
        workers=processes,
        repositories_per_worker=per_worker,
        usage=_total_usage(items),
        elapsed_seconds=round(time.perf_counter() - started, 3),
    )


def _draft_in_workers(
    todo: list[tuple[int, DraftRequest]],
    concurrency: int,
    processes: int,
    per_worker: int,
    on_item: ItemCallback | None,
) -> dict[int, BatchItem]:
    context = worker_context()
    if isinstance(context, multiprocessing.context.ForkContext):
        _prepare_fork()
    slots = context.BoundedSemaphore(concurrency)
    jobs: multiprocessing.Queue[tuple[int, DraftRequest] | None] = context.Queue()
    results: multiprocessing.Queue[tuple[int, BatchItem]] = context.Queue()
    pool = [
        context.Process(target=worker_main, args=(jobs, results, slots, per_worker), daemon=True)
        for _ in range(processes)
    ]
    for process in pool:
        process.start()  # before the first put, which starts the queue's feeder thread
    gc.unfreeze()  # the workers have their copies; this process collects as before
    for job in todo:
        jobs.put(job)
    for _ in range(processes * per_worker):
        jobs.put(None)  # one end mark for each drafting thread
    try:
        return _collect(results, pool, len(todo), on_item)
    finally:
        _stop(pool)


def _prepare_fork() -> None:
    """Load in this process what every worker would otherwise load for itself, then freeze
    the heap until the workers are forked: they share its pages, and their garbage collector
    never walks (so never copies) the objects they inherit."""
    import_lazy_modules()
    gc.freeze()


WorkerContext = (
    multiprocessing.context.ForkContext
    | multiprocessing.context.ForkServerContext
    | multiprocessing.context.SpawnContext
)


def worker_context() -> WorkerContext:
    """How workers start: fork when it is safe and available, else a fork server, else spawn."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1 and "fork" in methods:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["draftflow.pipeline.batch"])
        return context
    return multiprocessing.get_context("spawn")


def expected_record_id(request: DraftRequest) -> str | None:
    """The record id `request` will write, when it can be told without reading the source."""
    if request.record_id:
        return request.record_id
    try:
        if request.origin:
            return record_id_for(parse_github_repository(request.origin))
        path = Path(request.source).expanduser()
        if path.is_dir():
            url = (
                remote_url(path, "origin", timeout=GIT_SECONDS) if is_git_repository(path) else None
            )
            return record_id_for(parse_github_repository(url)) if url else None
        if looks_like_url(request.source):
            return record_id_for(parse_remote(request.source).repository)
    except DraftflowError:
        return None  # the draft itself reports what is wrong with the source
    return None


def _duplicates(requests: Sequence[DraftRequest]) -> dict[int, BatchItem]:
    """A failed item for each request that would write a record an earlier one writes."""
    first: dict[str, str] = {}
    failed: dict[int, BatchItem] = {}
    for index, request in enumerate(requests):
        record_id = expected_record_id(request)
        if record_id is None:
            continue
        if record_id in first:
            failed[index] = failed_item(
                request.source,
                "InputError",
                f"it would write record {record_id}, which {first[record_id]} writes in this batch",
                "list each repository once, or give this line its own --id in the --from FILE",
                InputError.exit_code,
                0.0,
            )
        else:
            first[record_id] = request.source
    return failed


def _check_settings(settings: Sequence[ModelSettings]) -> None:
    if any(s.cassette is not None and s.record_mode is not RecordMode.NONE for s in settings):
        raise ConfigError(
            "a batch cannot record a cassette: its repositories would overwrite each other's "
            "recordings",
            hint="record one repository at a time (`draftflow draft SOURCE --cassette FILE "
            "--record-mode new`); a batch may replay with --record-mode none",
        )


def _collect(
    results: multiprocessing.Queue[tuple[int, BatchItem]],
    pool: Sequence[BaseProcess],
    expected: int,
    on_item: ItemCallback | None,
) -> dict[int, BatchItem]:
    found: dict[int, BatchItem] = {}
    while len(found) < expected:
        try:
            index, item = results.get(timeout=POLL_SECONDS)
        except queue.Empty:
            if not any(process.is_alive() for process in pool):
                break  # every worker is gone: what is missing is reported as lost
            continue
        found[index] = item
        if on_item is not None:
            on_item(item)
    return found


def _stop(pool: Sequence[BaseProcess]) -> None:
    for process in pool:
        process.join(timeout=JOIN_SECONDS if not process.is_alive() else 0.1)
    for process in pool:
        if process.is_alive():
            process.terminate()
            process.join(timeout=JOIN_SECONDS)


def _total_usage(items: Sequence[BatchItem]) -> dict[str, int]:
    total: dict[str, int] = {}
    for item in items:
        for key, value in (item.outcome.usage if item.outcome else {}).items():
            total[key] = total.get(key, 0) + value
    return total
