"""Review states from files alone: draft, flagged, approved, stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftflow.errors import InputError
from draftflow.records import Record, parse_record
from draftflow.render import render_markdown
from draftflow.review.signoff import approve
from draftflow.review.status import ReviewState, record_status, status
from draftflow.snapshot import Snapshot
from draftflow.verify import CheckedCounts, Rule, Severity, VerificationReport
from draftflow.verify.report import make_flag
from draftflow.write import RecordStore


@pytest.fixture()
def draft(seeds_dir: Path) -> Record:
    """Seed 000 as a fresh draft."""
    record = parse_record((seeds_dir / "000_6cdd457144339b26.txt").read_text(encoding="utf-8"))
    return record.model_copy(update={"editorial_status": "draft"})


def report_with(record: Record, *severities: Severity) -> VerificationReport:
    flags = [
        make_flag(s, Rule.PROSE, f"/notes/{i}", str(i), "message") for i, s in enumerate(severities)
    ]
    return VerificationReport(record_id=record.id, checked=CheckedCounts(), flags=flags)


def save(store: RecordStore, record: Record, report: VerificationReport | None) -> None:
    text = report.model_dump_json(indent=2) + "\n" if report else None
    store.save(record, markdown=render_markdown(record), report=text)


def approve_clean(store: RecordStore, record: Record) -> None:
    snapshot = Snapshot(
        repository="o/n", url="u", revision="0" * 40, commit_time=None, documents=[]
    )
    approve(store, record.id, snapshot, editor="Ed", verifier=lambda r, s: report_with(r))


def test_unverified_draft(tmp_path: Path, draft: Record) -> None:
    store = RecordStore(tmp_path)
    save(store, draft, None)
    row = record_status(store, draft.id)
    assert (row.state, row.verified, row.errors) == (ReviewState.DRAFT, False, 0)
    assert row.repository == draft.source.repository
    assert row.short_revision == draft.source.revision[:12]
    assert row.results == 6
    assert row.last_change.endswith("+00:00")


def test_warnings_alone_leave_a_draft_and_errors_flag_it(tmp_path: Path, draft: Record) -> None:
    store = RecordStore(tmp_path)
    save(store, draft, report_with(draft, Severity.WARNING))
    assert record_status(store, draft.id).state is ReviewState.DRAFT
    save(store, draft, report_with(draft, Severity.ERROR, Severity.WARNING, Severity.ERROR))
    row = record_status(store, draft.id)
    assert (row.state, row.errors, row.warnings, row.verified) == (ReviewState.FLAGGED, 2, 1, True)


def test_approved_then_stale_then_approved_again(tmp_path: Path, draft: Record) -> None:
    store = RecordStore(tmp_path)
    save(store, draft, report_with(draft))
    approve_clean(store, draft)
    row = record_status(store, draft.id)
    assert (row.state, row.approved_by) == (ReviewState.APPROVED, "Ed")
    assert row.approved_sha256 == row.content_sha256

    # re-saving the approved record unchanged keeps it approved
    save(store, store.load(draft.id), report_with(draft))
    assert record_status(store, draft.id).state is ReviewState.APPROVED

    # any change, even the status alone, makes it stale
    save(store, store.load(draft.id).model_copy(update={"editorial_status": "draft"}), None)
    assert record_status(store, draft.id).state is ReviewState.STALE
    changed = draft.model_copy(update={"summary": "A new summary."})
    save(store, changed, report_with(changed, Severity.ERROR))
    row = record_status(store, draft.id)
    assert row.state is ReviewState.STALE
    assert row.approved_sha256 != row.content_sha256

    approve(
        store,
        draft.id,
        Snapshot(repository="o/n", url="u", revision="0" * 40, commit_time=None, documents=[]),
        editor="Ed",
        acks={"": "fine"},
        verifier=lambda r, s: report_with(r, Severity.ERROR),
    )
    assert record_status(store, draft.id).state is ReviewState.APPROVED


def test_status_lists_every_record_sorted(tmp_path: Path, draft: Record) -> None:
    store = RecordStore(tmp_path)
    for record_id in ("b-record", "a-record"):
        save(store, draft.model_copy(update={"id": record_id}), None)
    assert [row.id for row in status(tmp_path)] == ["a-record", "b-record"]


def test_a_missing_records_directory_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        status(tmp_path / "nope")


def test_an_unreadable_report_is_an_input_error(tmp_path: Path, draft: Record) -> None:
    store = RecordStore(tmp_path)
    save(store, draft, None)
    store.paths(draft.id).verify.write_text("{not json")
    with pytest.raises(InputError, match="cannot be read"):
        record_status(store, draft.id)
