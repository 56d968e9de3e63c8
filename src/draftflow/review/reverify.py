"""Re-verification: whatever the editor is shown or signs is checked against its sources again.

`status`, `review` and `approve` never take `verified` or the stored `<id>.verify.json` on
trust: a record (and its figures file) may have been edited by hand since it was written. Each
finds the record's sources, and `draftflow verify` finds them the same way (`snapshot_for`,
then `current_report`, which checks the figures file too):
1. `--source` when the editor gives one;
2. else the source the draft stored (`<id>.source.json`: a checkout, a folder, or a remote
   read from the fetch cache);
3. else the record's own repository URL at its revision (the fetch cache first).
With `offline` (what `status` uses unless told to fetch) a remote is read from the cache only.
Sources that cannot be read make the outcome `not-reverified`, with the reason and the fix:
a value, never a crash and never a silent fall-back to the stored report.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import DraftflowError, NotCachedError
from draftflow.record.model import Record
from draftflow.record.source import RecordSource
from draftflow.select import FIGURES_NAME, load_figures
from draftflow.store.source import load_record_source
from draftflow.store.write import RecordStore
from draftflow.verify import (
    DocumentIndexes,
    VerificationReport,
    verify_figures,
    verify_record,
    with_figures,
)


class Verification(StrEnum):
    """The outcome of checking a record against its sources now."""

    PASSED = "passed"
    FAILED = "failed"
    NOT_REVERIFIED = "not-reverified"


@dataclass(frozen=True)
class Reverification:
    """A record checked again: the outcome, the report and sources it rests on, or why not."""

    verification: Verification
    report: VerificationReport | None = None
    snapshot: Snapshot | None = None
    reason: str | None = None
    hint: str | None = None


@dataclass(frozen=True)
class AcquireLimits:
    """How much of a source to read and how long to wait for git (`draftflow verify`'s
    options; the other commands read with the defaults)."""

    max_bytes: int
    timeout: float


def snapshot_for(
    record: Record,
    source: str | None,
    *,
    stored: RecordSource | None = None,
    offline: bool = False,
    limits: AcquireLimits | None = None,
) -> Snapshot:
    """The record's sources at the record's revision (the order is in the module docstring).

    The repository and revision always come from the record; `stored` is its source file.
    Raises `DraftflowError` when they cannot be read.
    """
    origin = record.source.url
    revision = record.source.revision
    location = source or _stored_location(stored) or origin
    if limits is None:
        return acquire(location, revision=revision, origin=origin, offline=offline)
    return acquire(
        location,
        revision=revision,
        origin=origin,
        offline=offline,
        max_bytes=limits.max_bytes,
        timeout=limits.timeout,
    )


def _stored_location(stored: RecordSource | None) -> str | None:
    # `--only` narrowed what was drafted, not what the record may cite: the whole tree is read.
    return stored.location if stored is not None else None


def current_report(record: Record, snapshot: Snapshot, store: RecordStore) -> VerificationReport:
    """The record's report now: `verify_record`, plus its figures file's flags when it has one
    (as the draft wrote them). A figures file that cannot be read raises `InputError`."""
    indexes = DocumentIndexes()  # the record and its figures file read each document once
    report = verify_record(record, snapshot, indexes=indexes)
    figures_path = store.extra_path(record.id, FIGURES_NAME)
    if not figures_path.is_file():
        return report
    figures = [figure.result for figure in load_figures(figures_path)]
    return with_figures(report, verify_figures(record, figures, snapshot, indexes=indexes))


def reverify(
    store: RecordStore, record: Record, *, source: str | None = None, offline: bool = False
) -> Reverification:
    """Check `record` against its sources now (see the module docstring).

    Sources that cannot be read give `NOT_REVERIFIED` with the reason; a figures file or a
    source file that cannot be read raises `InputError` (the record's own files are broken).
    """
    stored = load_record_source(store.root, record.id)
    try:
        snapshot = snapshot_for(record, source, stored=stored, offline=offline)
    except DraftflowError as error:
        figures_path = store.extra_path(record.id, FIGURES_NAME)
        if figures_path.is_file():
            load_figures(figures_path)  # a corrupt figures file is said even so (InputError)
        return Reverification(
            Verification.NOT_REVERIFIED,
            reason=f"could not re-verify: {error.message}",
            hint=_unreadable_hint(record, error),
        )
    report = current_report(record, snapshot, store)
    outcome = Verification.FAILED if report.errors else Verification.PASSED
    return Reverification(outcome, report=report, snapshot=snapshot)


def _unreadable_hint(record: Record, error: DraftflowError) -> str:
    named = (
        f"draftflow status --source {record.id}=PATH (a local copy of its repository at its "
        "revision; review, verify and approve take --source PATH)"
    )
    if isinstance(error, NotCachedError):
        return f"name a local copy, offline: {named}; or let it fetch (draftflow status --fetch)"
    return f"{error.hint or 'make the sources readable'}; or name a local copy: {named}"
