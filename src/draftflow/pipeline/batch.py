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

import asyncio
import gc
import math
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from enum import StrEnum
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from draftflow.acquire.git import is_git_repository, remote_url
from draftflow.acquire.remote import looks_like_url, parse_github_repository, parse_remote
from draftflow.errors import ConfigError, DraftflowError, InputError
from draftflow.llm import ModelSettings, RecordMode
from draftflow.llm.slots import ProcessSemaphore, SharedSlots
from draftflow.llm.transport import import_lazy_modules
from draftflow.pipeline.assemble import record_id_for
from draftflow.pipeline.draft import DraftOutcome, DraftRequest, run_draft
from draftflow.runtime.collector import tune_collector
from draftflow.store.write import between_saves

POLL_SECONDS = 0.5
REQUESTS_PER_REPOSITORY = 4  # a repository's requests in flight, on average over its draft
GIT_SECONDS = 10.0
JOIN_SECONDS = 10.0
INTERNAL_EXIT_CODE = 2  # an unexpected error in one repository: reported, like bad input


class BatchState(StrEnum):
    """What happened to one repository of a batch."""

    NEW = "new"
    CHANGED = "changed"
    UNCHANGED = "unchanged"
    FAILED = "failed"


class BatchFailure(BaseModel):
    """Why one repository could not be drafted, with the fix and the exit code it maps to."""

    error: str
    message: str
    hint: str | None
    exit_code: int


class BatchItem(BaseModel):
    """One repository of a batch: its record and flags, or its failure; and its time."""

    source: str
    state: BatchState
    record_id: str | None = None
    repository: str | None = None
    revision: str | None = None
    results: int = 0
    errors: int = 0
    warnings: int = 0
    seconds: float = 0.0
    outcome: DraftOutcome | None = None
    failure: BatchFailure | None = None


class BatchReport(BaseModel):
    """A whole batch: one item per source, in the order given, and the exit code it earns."""

    items: list[BatchItem]
    exit_code: int
    concurrency: int
    workers: int
    repositories_per_worker: int = 1
    """Repositories each worker process drafts at once (a thread each)."""
    usage: dict[str, int]
    elapsed_seconds: float


ItemCallback = Callable[[BatchItem], None]
Job = tuple[int, DraftRequest]


class JobSource(Protocol):
    """Where a worker takes its jobs (a queue): `None` is an end mark."""

    def get(self) -> Job | None:
        """The next job, waiting for one."""
        ...


class ResultSink(Protocol):
    """Where a worker puts each finished job's item (a queue)."""

    def put(self, item: tuple[int, BatchItem]) -> None:
        """Hand one result back."""
        ...


def batch_exit_code(items: Sequence[BatchItem]) -> int:
    """0 if all succeeded; the worst failure's code (4 > 3 > 2) if any failed; else 1 for flags."""
    failures = [item.failure.exit_code for item in items if item.failure is not None]
    if failures:
        return max(failures)
    return 1 if any(item.errors for item in items) else 0


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
        or _failed(
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
        context.Process(target=_worker_main, args=(jobs, results, slots, per_worker), daemon=True)
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
            failed[index] = _failed(
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


# ---- in the worker processes ----------------------------------------------------------------


def _worker_main(jobs: Any, results: Any, semaphore: Any, at_once: int) -> None:
    """A worker process: draft jobs from `jobs`, `at_once` at a time, until the end marks.

    The parent takes an interrupt and stops its workers (SIGTERM). Saves run in the drafting
    threads, where signals cannot be held, so the worker stops between saves, never halfway
    through one: each record's files are all written or none are.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_between_saves)
    tune_collector()  # a forked worker has it already; a spawned one does not
    serve_jobs(jobs, results, semaphore, at_once)


def _stop_between_saves(signum: int, _frame: object) -> None:
    with between_saves():
        os._exit(128 + signum)  # at once: the drafting threads are not waited for


def serve_jobs(
    jobs: JobSource, results: ResultSink, semaphore: ProcessSemaphore, at_once: int
) -> None:
    """Draft jobs from `jobs` in `at_once` threads, each with its own event loop, one
    repository at a time, until each thread has taken an end mark (None); results go to
    `results` as `(index, BatchItem)`. Every model request takes a slot of `semaphore`."""
    threads = [
        threading.Thread(target=_drafter, args=(jobs, results, semaphore), daemon=True)
        for _ in range(at_once)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def _drafter(jobs: JobSource, results: ResultSink, semaphore: ProcessSemaphore) -> None:
    while (job := jobs.get()) is not None:
        # a loop of its own per repository: the slots' asyncio lock belongs to one loop
        results.put(asyncio.run(_draft_one(job, SharedSlots(semaphore))))


async def _draft_one(job: Job, slots: SharedSlots) -> tuple[int, BatchItem]:
    index, request = job
    started = time.perf_counter()
    try:
        outcome = await run_draft(request, slots=slots)
        item = _succeeded(request.source, outcome)
    except DraftflowError as error:
        item = _failed(
            request.source,
            type(error).__name__,
            error.message,
            error.hint,
            error.exit_code,
            time.perf_counter() - started,
        )
    except Exception as error:  # a bug met by one repository must not stop the others
        item = _failed(
            request.source,
            type(error).__name__,
            f"unexpected error: {error}",
            "run this repository on its own to see the traceback, and report it",
            INTERNAL_EXIT_CODE,
            time.perf_counter() - started,
        )
    return index, item


def _succeeded(source: str, outcome: DraftOutcome) -> BatchItem:
    if outcome.new_record:
        state = BatchState.NEW
    else:
        state = BatchState.CHANGED if outcome.changed else BatchState.UNCHANGED
    return BatchItem(
        source=source,
        state=state,
        record_id=outcome.record_id,
        repository=outcome.repository,
        revision=outcome.revision,
        results=outcome.results,
        errors=outcome.errors,
        warnings=outcome.warnings,
        seconds=outcome.elapsed_seconds,
        outcome=outcome,
    )


def _failed(
    source: str, error: str, message: str, hint: str | None, exit_code: int, seconds: float
) -> BatchItem:
    return BatchItem(
        source=source,
        state=BatchState.FAILED,
        seconds=round(seconds, 3),
        failure=BatchFailure(error=error, message=message, hint=hint, exit_code=exit_code),
    )
