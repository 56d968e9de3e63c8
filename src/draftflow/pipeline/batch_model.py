"""What a batch reports: one item per repository (its record or its failure) and the whole."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Protocol

from pydantic import BaseModel

from draftflow.pipeline.draft import DraftOutcome, DraftRequest

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
    """0 if all succeeded; the worst failure's code (5 > 4 > 3 > 2) if any failed; else 1
    for flags."""
    failures = [item.failure.exit_code for item in items if item.failure is not None]
    if failures:
        return max(failures)
    return 1 if any(item.errors for item in items) else 0


def failed_item(
    source: str, error: str, message: str, hint: str | None, exit_code: int, seconds: float
) -> BatchItem:
    """The item of a repository that could not be drafted."""
    return BatchItem(
        source=source,
        state=BatchState.FAILED,
        seconds=round(seconds, 3),
        failure=BatchFailure(error=error, message=message, hint=hint, exit_code=exit_code),
    )
