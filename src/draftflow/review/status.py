"""Where each record stands in review: draft, flagged, approved, or stale since approval.

The state is computed from files alone (no sources, no network), so `status` is instant:
- `approved`: a sign-off exists and its `record_sha256` equals the sha256 of the record now;
- `stale`: a sign-off exists but the record changed since (approve again);
- `flagged`: never signed off, and the stored verification report has error flags;
- `draft`: never signed off, no error flags (or no stored report yet: `verified` says so).
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ValidationError

from draftflow.errors import InputError
from draftflow.records import Record, record_content_sha256
from draftflow.review.signoff import SignOff, load_signoff
from draftflow.verify import VerificationReport
from draftflow.write import RecordStore


class ReviewState(StrEnum):
    """Where a record stands in the editor's workflow."""

    DRAFT = "draft"
    FLAGGED = "flagged"
    APPROVED = "approved"
    STALE = "stale"


class RecordStatus(BaseModel):
    """One row of `draftflow status`."""

    id: str
    repository: str
    revision: str
    short_revision: str
    results: int
    errors: int
    warnings: int
    verified: bool
    state: ReviewState
    last_change: str
    approved_by: str | None = None
    approved_at: str | None = None
    approved_sha256: str | None = None
    content_sha256: str


def load_report(path: Path) -> VerificationReport | None:
    """The stored verification report at `path`, or None when there is none."""
    if not path.is_file():
        return None
    try:
        return VerificationReport.model_validate_json(path.read_text(encoding="utf-8"))
    except (ValidationError, UnicodeDecodeError) as error:
        raise InputError(
            f"the verification report {path} cannot be read: {error}",
            hint="re-run `draftflow verify` or `draftflow draft` to rewrite it",
        ) from None


def review_state(
    record: Record, report: VerificationReport | None, signoff: SignOff | None
) -> ReviewState:
    """The review state of one record from its content, stored report and sign-off."""
    if signoff is not None:
        if signoff.record_sha256 == record_content_sha256(record):
            return ReviewState.APPROVED
        return ReviewState.STALE
    if report is not None and any(str(f.severity) == "error" for f in report.flags):
        return ReviewState.FLAGGED
    return ReviewState.DRAFT


def record_status(store: RecordStore, record_id: str) -> RecordStatus:
    """The status row of one record in `store`."""
    paths = store.paths(record_id)
    record = store.load(record_id)
    report = load_report(paths.verify)
    signoff = load_signoff(paths.signoff)
    flags = report.flags if report else []
    errors = sum(1 for f in flags if str(f.severity) == "error")
    return RecordStatus(
        id=record_id,
        repository=record.source.repository,
        revision=record.source.revision,
        short_revision=record.source.revision[:12],
        results=len(record.editorial.reported_results),
        errors=errors,
        warnings=len(flags) - errors,
        verified=report is not None,
        state=review_state(record, report, signoff),
        last_change=_mtime_iso(paths.json),
        approved_by=signoff.editor if signoff else None,
        approved_at=signoff.time if signoff else None,
        approved_sha256=signoff.record_sha256 if signoff else None,
        content_sha256=record_content_sha256(record),
    )


def status(records_dir: Path) -> list[RecordStatus]:
    """One status row per record in `records_dir`, sorted by id."""
    if not records_dir.is_dir():
        raise InputError(
            f"records directory {records_dir} does not exist",
            hint="pass the folder holding <id>.json records, or draft one first",
        )
    store = RecordStore(records_dir)
    return [record_status(store, record_id) for record_id in store.ids()]


def _mtime_iso(path: Path) -> str:
    stamp = datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).replace(microsecond=0)
    return stamp.isoformat()
