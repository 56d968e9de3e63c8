"""A batch worker process: drafts repositories from a queue, each in a thread with its own
event loop, every model request taking a slot of the process-shared semaphore."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from typing import Any

from draftflow.errors import DraftflowError
from draftflow.llm.slots import ProcessSemaphore, SharedSlots
from draftflow.pipeline.batch_model import (
    INTERNAL_EXIT_CODE,
    BatchItem,
    BatchState,
    Job,
    JobSource,
    ResultSink,
    failed_item,
)
from draftflow.pipeline.draft import DraftOutcome, run_draft
from draftflow.runtime.collector import tune_collector
from draftflow.store.write import between_saves


def worker_main(jobs: Any, results: Any, semaphore: Any, at_once: int) -> None:
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
        item = failed_item(
            request.source,
            type(error).__name__,
            error.message,
            error.hint,
            error.exit_code,
            time.perf_counter() - started,
        )
    except Exception as error:  # a bug met by one repository must not stop the others
        item = failed_item(
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
