"""Review states from the record file, its sign-off and its re-verification now.

The end-to-end cases (a hand-edited record, a forged sign-off, corrupt files, sources that
cannot be read) run through the CLI on a drafted corpus record in tests/test_cli_review.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from draftflow.errors import InputError
from draftflow.record.files import parse_record, record_file_sha256
from draftflow.record.model import Record
from draftflow.record.render import render_markdown
from draftflow.review.reverify import Reverification, Verification
from draftflow.review.signoff import SignOff
from draftflow.review.status import (
    ReviewState,
    load_report,
    open_errors,
    record_status,
    review_state,
    status,
)
from draftflow.store.write import RecordStore
from draftflow.verify import CheckedCounts, Rule, Severity, VerificationReport
from draftflow.verify.report import make_flag

SHA = "a" * 64


@pytest.fixture()
def draft(seeds_dir: Path) -> Record:
    """Seed 000 as a fresh draft."""
    record = parse_record((seeds_dir / "000_6cdd457144339b26.txt").read_text(encoding="utf-8"))
    return record.model_copy(update={"editorial_status": "draft"})


def report_with(*severities: Severity) -> VerificationReport:
    flags = [
        make_flag(s, Rule.PROSE, f"/notes/{i}", str(i), "message") for i, s in enumerate(severities)
    ]
    return VerificationReport(record_id="r", checked=CheckedCounts(), flags=flags)


def checked(report: VerificationReport) -> Reverification:
    outcome = Verification.FAILED if report.errors else Verification.PASSED
    return Reverification(outcome, report=report)


NOT_CHECKED = Reverification(Verification.NOT_REVERIFIED, reason="could not re-verify: offline")


def signoff(sha256: str = SHA, *acknowledged_ids: str) -> SignOff:
    acks = [
        {"flag_id": i, "severity": "error", "rule": "prose", "location": "/", "claim": "1"}
        | {"reason": "fine"}
        for i in acknowledged_ids
    ]
    return SignOff.model_validate(
        {
            "record_id": "r",
            "editor": "Ed",
            "time": "2026-12-01T00:00:00+00:00",
            "record_sha256": sha256,
            "published_sha256": sha256,
            "acknowledged": acks,
            "errors": len(acks),
            "warnings": 0,
        }
    )


def test_states_without_a_signoff() -> None:
    assert review_state(SHA, checked(report_with()), None) is ReviewState.DRAFT
    assert review_state(SHA, checked(report_with(Severity.WARNING)), None) is ReviewState.DRAFT
    assert review_state(SHA, checked(report_with(Severity.ERROR)), None) is ReviewState.FLAGGED
    assert review_state(SHA, NOT_CHECKED, None) is ReviewState.NOT_REVERIFIED


def test_approved_only_when_the_hash_matches_and_every_error_now_is_acknowledged() -> None:
    clean, failing = report_with(), report_with(Severity.ERROR, Severity.ERROR)
    assert review_state(SHA, checked(clean), signoff()) is ReviewState.APPROVED
    assert review_state("b" * 64, checked(clean), signoff()) is ReviewState.STALE
    # a sign-off whose hash matches a record that fails verification now is never "approved"
    assert review_state(SHA, checked(failing), signoff()) is ReviewState.FLAGGED
    one = failing.errors[0].id
    assert review_state(SHA, checked(failing), signoff(SHA, one)) is ReviewState.FLAGGED
    assert open_errors(failing, signoff(SHA, one)) == 1
    both = signoff(SHA, *(f.id for f in failing.errors))
    assert review_state(SHA, checked(failing), both) is ReviewState.APPROVED
    # nor is one whose sources could not be read
    assert review_state(SHA, NOT_CHECKED, signoff()) is ReviewState.NOT_REVERIFIED


def save(store: RecordStore, record: Record) -> None:
    store.save(record, markdown=render_markdown(record), report=report_with().model_dump_json())


def test_a_record_whose_sources_cannot_be_read_says_so_and_never_trusts_its_report(
    tmp_path: Path, draft: Record
) -> None:
    store = RecordStore(tmp_path)
    save(store, draft)  # a stored report with no flags
    source = {"kind": "folder", "location": str(tmp_path / "gone"), "only": []}
    store.extra_path(draft.id, "source.json").write_text(json.dumps(source))
    row = record_status(store, draft.id)
    assert (row.state, row.verification, row.verified) == (
        ReviewState.NOT_REVERIFIED,
        Verification.NOT_REVERIFIED,
        False,
    )
    assert row.problem is not None and row.problem.startswith("could not re-verify")
    assert "does not exist" in row.problem and row.fix and "--source" in row.fix
    assert row.content_sha256 == record_file_sha256(store.paths(draft.id).json.read_bytes())
    assert row.last_change is not None and row.last_change.endswith("+00:00")


def test_status_lists_every_record_sorted_and_a_corrupt_one_as_one_row(
    tmp_path: Path, draft: Record
) -> None:
    store = RecordStore(tmp_path)
    for record_id in ("c-record", "b-record", "a-record"):
        save(store, draft.model_copy(update={"id": record_id}))
    store.paths("b-record").json.write_text('{"id": "b-rec')
    rows = status(tmp_path)
    assert [row.id for row in rows] == ["a-record", "b-record", "c-record"]
    broken = rows[1]
    assert broken.state is ReviewState.UNREADABLE and broken.repository is None
    assert broken.problem and "not valid JSON" in broken.problem and broken.fix
    assert {rows[0].state, rows[2].state} == {ReviewState.NOT_REVERIFIED}
    # no source file, and the record's repository is not in the fetch cache: status never fetches
    assert rows[0].problem and "fetching is off" in rows[0].problem
    assert rows[0].fix and "draftflow status --fetch" in rows[0].fix


def test_a_missing_records_directory_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        status(tmp_path / "nope")


def test_an_unreadable_report_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "r.verify.json"
    path.write_text("{not json")
    with pytest.raises(InputError, match="is not valid JSON") as raised:
        load_report(path)
    assert "draftflow verify" in (raised.value.hint or "")
    assert load_report(tmp_path / "missing.json") is None
