"""Sign-off: refused while an error is open, acks need reasons, bound to the exact bytes."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import CheckFailed, InputError, OutputError
from draftflow.record.files import dump_record, parse_record
from draftflow.record.model import Record
from draftflow.record.render import render_markdown
from draftflow.review.signoff import APPROVED_STATUS, approve, load_signoff
from draftflow.store.write import RecordStore
from draftflow.verify import CheckedCounts, Rule, Severity, VerificationReport
from draftflow.verify.report import make_flag

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture()
def draft(seeds_dir: Path) -> Record:
    """Seed 000 as a fresh draft."""
    record = parse_record((seeds_dir / "000_6cdd457144339b26.txt").read_text(encoding="utf-8"))
    return record.model_copy(update={"editorial_status": "draft"})


@pytest.fixture()
def store(tmp_path: Path, draft: Record) -> RecordStore:
    """A records directory holding the draft."""
    store = RecordStore(tmp_path / "records")
    store.save(draft, markdown=render_markdown(draft))
    return store


def snapshot_of(record: Record) -> Snapshot:
    """An empty snapshot of the record's repository (the fake verifier never reads it)."""
    return Snapshot(
        repository=record.source.repository,
        url=record.source.url,
        revision=record.source.revision,
        commit_time=None,
        documents=[],
    )


ERROR = make_flag(
    Severity.ERROR, Rule.PROSE, "/editorial/answer", "1017", "no cited document states 1017"
)
WARNING = make_flag(
    Severity.WARNING, Rule.CITATIONS, "/editorial/sections/0/citations", "x", "check this"
)


def verifier_with(*flags: object):  # type: ignore[no-untyped-def]
    """A verifier that reports `flags` for any record."""

    def verify(record: Record, snapshot: Snapshot) -> VerificationReport:
        return VerificationReport(record_id=record.id, checked=CheckedCounts(), flags=list(flags))

    return verify


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_refused_while_an_error_flag_is_open(store: RecordStore, draft: Record) -> None:
    before = store.paths(draft.id).json.read_bytes()
    with pytest.raises(CheckFailed, match="1 error flag") as caught:
        approve(
            store, draft.id, snapshot_of(draft), editor="Ed", verifier=verifier_with(ERROR, WARNING)
        )
    assert caught.value.exit_code == 1
    assert ERROR.id in caught.value.message
    assert not store.paths(draft.id).signoff.exists()
    assert store.paths(draft.id).json.read_bytes() == before


@pytest.mark.parametrize(
    ("acks", "flags", "message"),
    [
        pytest.param({ERROR.id: "  "}, (ERROR,), "has no reason", id="no reason"),
        pytest.param({"ffff": "why"}, (ERROR,), "no flag 'ffff'", id="unknown flag id"),
        pytest.param({"": "why"}, (ERROR, WARNING), "matches 2 flags", id="ambiguous flag id"),
    ],
)
def test_a_bad_acknowledgement_is_refused(
    store: RecordStore, draft: Record, acks: dict[str, str], flags: tuple[object, ...], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        approve(
            store,
            draft.id,
            snapshot_of(draft),
            editor="Ed",
            acks=acks,
            verifier=verifier_with(*flags),
        )
    assert not store.paths(draft.id).signoff.exists()


def test_an_empty_editor_is_refused(store: RecordStore, draft: Record) -> None:
    with pytest.raises(InputError, match="editor"):
        approve(store, draft.id, snapshot_of(draft), editor=" ", verifier=verifier_with())


def test_acknowledged_approval_pins_the_exact_bytes(store: RecordStore, draft: Record) -> None:
    paths = store.paths(draft.id)
    result = approve(
        store,
        draft.id,
        snapshot_of(draft),
        editor=" A. Editor ",
        now=NOW,
        acks={ERROR.id[:6]: "stated in the README chart caption"},  # a unique prefix is enough
        verifier=verifier_with(ERROR, WARNING),
    )
    signoff = load_signoff(paths.signoff)
    assert signoff == result.signoff
    assert signoff is not None
    assert signoff.editor == "A. Editor"
    assert signoff.time == "2026-11-30T12:00:00+00:00"
    assert signoff.record_sha256 == file_sha256(paths.json)
    assert [(a.flag_id, a.reason, a.rule) for a in signoff.acknowledged] == [
        (ERROR.id, "stated in the README chart caption", "prose")
    ]
    assert (signoff.errors, signoff.warnings) == (1, 1)
    assert signoff.draftflow_version
    approved = store.load(draft.id)
    assert approved.editorial_status == APPROVED_STATUS
    assert approved.model_copy(update={"editorial_status": "draft"}) == draft
    # the draft went to history; article and report match the approved record
    assert [p.read_text() for p in store.history(draft.id)] == [dump_record(draft)]
    assert paths.md.read_text() == render_markdown(approved)
    assert (
        paths.json.parent / ".approved" / f"{draft.id}.json"
    ).read_text() == paths.json.read_text()
    assert json.loads(paths.verify.read_text())["flags"][0]["id"] == ERROR.id
    on_disk = json.loads(paths.signoff.read_text())
    assert list(on_disk)[:4] == ["record_id", "editor", "time", "record_sha256"]


def test_approving_again_rewrites_nothing_but_the_signoff(
    store: RecordStore, draft: Record
) -> None:
    approve(store, draft.id, snapshot_of(draft), editor="Ed", verifier=verifier_with())
    again = approve(store, draft.id, snapshot_of(draft), editor="Ed", verifier=verifier_with())
    assert not again.record_changed
    assert len(store.history(draft.id)) == 1


def test_a_crash_before_replace_leaves_the_record_and_no_signoff(
    store: RecordStore, draft: Record, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = store.paths(draft.id)
    before = paths.json.read_bytes()
    real_replace = os.replace
    replaced: list[str] = []

    def crash(src: str, dst: str) -> None:
        if Path(dst) == paths.json:  # the process dies after the temp file, before replace
            raise KeyboardInterrupt
        replaced.append(Path(dst).name)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        approve(store, draft.id, snapshot_of(draft), editor="Ed", verifier=verifier_with())
    monkeypatch.undo()
    assert replaced == ["0001.json"]  # the history copy was written, then the crash
    assert paths.json.read_bytes() == before
    assert not paths.signoff.exists()
    assert not [p for p in paths.json.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_record_changed_during_approval_is_not_signed(store: RecordStore, draft: Record) -> None:
    def verify_while_someone_edits(record: Record, snapshot: Snapshot) -> VerificationReport:
        # a hand edit: draftflow's own writers wait for the lock approve holds (next test)
        other = record.model_copy(update={"title": "Re-drafted meanwhile"})
        store.paths(draft.id).json.write_text(dump_record(other))
        return verifier_with()(record, snapshot)

    with pytest.raises(OutputError, match="changed while it was being approved"):
        approve(
            store, draft.id, snapshot_of(draft), editor="Ed", verifier=verify_while_someone_edits
        )
    assert not store.paths(draft.id).signoff.exists()
    # the other writer's version is kept in history
    assert "Re-drafted meanwhile" in store.history(draft.id)[-1].read_text()


def test_another_writer_waits_for_the_approval_and_gives_up_clearly(
    store: RecordStore, draft: Record, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DRAFTFLOW_LOCK_WAIT", "0.3")
    other = draft.model_copy(update={"title": "Re-drafted meanwhile"})
    refused: list[OutputError] = []

    def verify_while_someone_redrafts(record: Record, snapshot: Snapshot) -> VerificationReport:
        with pytest.raises(OutputError, match="being written by another draftflow") as caught:
            store.save(other, markdown=render_markdown(other))
        refused.append(caught.value)
        return verifier_with()(record, snapshot)

    approve(
        store, draft.id, snapshot_of(draft), editor="Ed", verifier=verify_while_someone_redrafts
    )
    assert refused and f"process {os.getpid()}" in refused[0].message
    assert "DRAFTFLOW_LOCK_WAIT" in (refused[0].hint or "")
    assert store.load(draft.id).title == draft.title  # the approved version, signed


def test_a_hand_edited_record_in_another_layout_is_approved(
    store: RecordStore, draft: Record
) -> None:
    path = store.paths(draft.id).json
    path.write_text(json.dumps(json.loads(path.read_text())))  # one line, no final newline
    result = approve(store, draft.id, snapshot_of(draft), editor="Ed", verifier=verifier_with())
    assert result.signoff.record_sha256 == file_sha256(path)
    assert path.read_text() == dump_record(store.load(draft.id))  # written canonically


def test_a_missing_record_cannot_be_approved(store: RecordStore, draft: Record) -> None:
    with pytest.raises(InputError, match="no record 'nope'"):
        approve(store, "nope", snapshot_of(draft), editor="Ed", verifier=verifier_with())


def test_a_broken_signoff_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "x.signoff.json"
    path.write_text('{"editor": ""}')
    with pytest.raises(InputError, match=r"sign-off file .* cannot be read"):
        load_signoff(path)
    assert load_signoff(tmp_path / "missing.json") is None
