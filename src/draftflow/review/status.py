"""Where each record stands in review, from its files AND its sources checked again now.

Nothing on disk is taken on trust (`verified`, the stored report, the sign-off): each record is
re-verified against its sources (`reverify`), and its state is
- `approved`: a sign-off exists, its hash is the `published_sha256` of the record, its article
  and its figures file now, and re-verification finds no error flag the sign-off does not
  acknowledge;
- `stale`: a sign-off exists but a published file changed since (approve again), or the
  sign-off predates the hash that covers the article and figures file;
- `flagged`: re-verification finds error flags (for a signed record: ones it does not
  acknowledge; a sign-off edited to match a tampered record lands here);
- `draft`: never signed off, and re-verification finds no error flag;
- `not-reverified`: the sources could not be read, so nothing is claimed (`problem` says why);
- `unreadable`: a file of the record (the record, its sign-off, figures or source file) is
  corrupt; the row names the file and the fix, and the other records still show.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel

from draftflow.errors import DraftflowError, InputError
from draftflow.record.files import parse_record, record_file_sha256
from draftflow.record.model import Record
from draftflow.review.copies import LocalCopies
from draftflow.review.reverify import Reverification, Verification, reverify
from draftflow.review.signoff import SignOff, load_signoff, open_error_flags, published_sha256_now
from draftflow.store.write import RecordStore
from draftflow.text.json_input import load_optional_json, read_input_text
from draftflow.verify import VerificationReport


class ReviewState(StrEnum):
    """Where a record stands in the editor's workflow."""

    DRAFT = "draft"
    FLAGGED = "flagged"
    APPROVED = "approved"
    STALE = "stale"
    NOT_REVERIFIED = "not-reverified"
    UNREADABLE = "unreadable"


class RecordStatus(BaseModel):
    """One row of `draftflow status`: the record now, its re-verification and its sign-off."""

    id: str
    state: ReviewState
    verification: Verification | None = None
    repository: str | None = None
    revision: str | None = None
    short_revision: str | None = None
    results: int = 0
    errors: int = 0
    warnings: int = 0
    acknowledged: int = 0
    verified: bool = False
    last_change: str | None = None
    approved_by: str | None = None
    approved_at: str | None = None
    approved_sha256: str | None = None
    content_sha256: str | None = None
    published_sha256: str | None = None
    approved_published_sha256: str | None = None
    problem: str | None = None
    fix: str | None = None


def load_report(path: Path) -> VerificationReport | None:
    """The stored verification report at `path`, or None when there is none."""
    return load_optional_json(
        path,
        VerificationReport,
        what="the verification report",
        hint="re-run `draftflow verify` or `draftflow draft` to rewrite it",
    )


def review_state(published_now: str, check: Reverification, signoff: SignOff | None) -> ReviewState:
    """The state of a record whose published files hash to `published_now` (`published_sha256`),
    from its re-verification now and its sign-off (the rules are in the module docstring)."""
    if signoff is not None and signoff.published_sha256 != published_now:
        return ReviewState.STALE
    if check.report is None:
        return ReviewState.NOT_REVERIFIED
    if open_errors(check.report, signoff):
        return ReviewState.FLAGGED
    return ReviewState.APPROVED if signoff is not None else ReviewState.DRAFT


def open_errors(report: VerificationReport, signoff: SignOff | None) -> int:
    """How many error flags of `report` the sign-off does not acknowledge."""
    return len(open_error_flags(report, signoff))


def record_status(
    store: RecordStore,
    record_id: str,
    *,
    source: str | None = None,
    offline: bool = True,
    copies: LocalCopies | None = None,
) -> RecordStatus:
    """The status row of one record in `store`, re-verified against its sources.

    A corrupt file of the record raises `InputError` (`status` turns it into a row).
    """
    path = store.paths(record_id).json
    text = read_input_text(
        path,
        what="the record file",
        hint="restore it from its history (.history/) or draft the record again",
    )
    record = parse_record(text, origin=str(path))
    signoff = load_signoff(store.paths(record_id).signoff)
    published = published_sha256_now(store, record_id)
    if source is None and copies is not None:
        source = copies.for_record(record)
    check = reverify(store, record, source=source, offline=offline)
    hashes = (record_file_sha256(text), published)
    return _row(record_id, record, hashes, check, signoff, _mtime_iso(path))


def _row(
    record_id: str,
    record: Record,
    hashes: tuple[str, str],
    check: Reverification,
    signoff: SignOff | None,
    last_change: str,
) -> RecordStatus:
    report = check.report
    errors = len(report.errors) if report else 0
    state = review_state(hashes[1], check, signoff)
    problem, fix = check.reason, check.hint
    if state is ReviewState.STALE and signoff is not None:
        problem, fix = _stale_problem(record_id, signoff)
    elif state is ReviewState.FLAGGED and signoff is not None and report is not None:
        problem = (
            f"signed off, but {open_errors(report, signoff)} error flag(s) found now are not "
            "acknowledged: the record or its sign-off was changed by hand"
        )
        fix = f"run `draftflow review {record_id}`, then fix the record and approve it again"
    return RecordStatus(
        id=record_id,
        state=state,
        verification=check.verification,
        repository=record.source.repository,
        revision=record.source.revision,
        short_revision=record.source.revision[:12],
        results=len(record.editorial.reported_results),
        errors=errors,
        warnings=len(report.flags) - errors if report else 0,
        acknowledged=errors - open_errors(report, signoff) if report else 0,
        verified=report is not None,
        last_change=last_change,
        approved_by=signoff.editor if signoff else None,
        approved_at=signoff.time if signoff else None,
        approved_sha256=signoff.record_sha256 if signoff else None,
        content_sha256=hashes[0],
        published_sha256=hashes[1],
        approved_published_sha256=signoff.published_sha256 if signoff else None,
        problem=problem,
        fix=fix,
    )


def _stale_problem(record_id: str, signoff: SignOff) -> tuple[str, str]:
    fix = f"run `draftflow diff {record_id}` and `draftflow review {record_id}`, then approve again"
    if signoff.published_sha256 is None:
        return "the sign-off predates the hash that covers the article and figures file", fix
    return "signed off, but the record, its article or its figures file changed since", fix


def unreadable_row(record_id: str, error: DraftflowError) -> RecordStatus:
    """The row of a record one of whose files is corrupt: what is wrong and the fix."""
    return RecordStatus(
        id=record_id,
        state=ReviewState.UNREADABLE,
        problem=error.message,
        fix=error.hint,
    )


def status(
    records_dir: Path, *, offline: bool = True, copies: LocalCopies | None = None
) -> list[RecordStatus]:
    """One status row per record in `records_dir`, sorted by id, each re-verified now (against
    the local copy `copies` names for it, if any).

    A record whose files cannot be read is one `unreadable` row; the others still show.
    """
    if not records_dir.is_dir():
        raise InputError(
            f"records directory {records_dir} does not exist",
            hint="pass the folder holding <id>.json records, or draft one first",
        )
    store = RecordStore(records_dir)
    rows = []
    for record_id in store.ids():
        try:
            rows.append(record_status(store, record_id, offline=offline, copies=copies))
        except DraftflowError as error:
            rows.append(unreadable_row(record_id, error))
    if copies is not None:
        copies.check_all_used()
    return rows


def _mtime_iso(path: Path) -> str:
    stamp = datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).replace(microsecond=0)
    return stamp.isoformat()
