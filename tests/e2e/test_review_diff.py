"""The structural record diff: matched by identity, prose by sentence, status on its own."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from draftflow.errors import InputError
from draftflow.record.files import dump_record, parse_record, record_to_json
from draftflow.record.model import Record
from draftflow.review.diff import ChangeKind, diff_lines, diff_records, split_sentences
from draftflow.review.versions import load_version
from draftflow.store.write import RecordStore


@pytest.fixture()
def seed(seeds_dir: Path) -> Record:
    """Seed 000, a complete published record."""
    return parse_record((seeds_dir / "000_6cdd457144339b26.txt").read_text(encoding="utf-8"))


def edited(record: Record, edit: Any) -> Record:
    """A copy of `record` with `edit(data)` applied to its JSON data."""
    data = record_to_json(record)
    edit(data)
    return Record.model_validate(data)


def test_identical_records_have_no_changes(seed: Record) -> None:
    """Two loads of one file (not one object twice): no change, and both hashes are the
    file's own (`sha256sum` of what `dump_record` writes), not merely equal."""
    text = dump_record(seed)
    again = parse_record(text)
    assert again is not seed
    diff = diff_records(seed, again)
    assert diff.identical and diff.changes == []
    assert diff.status_change is None and diff.source_move is None
    file_hash = hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert diff.old_sha256 == diff.new_sha256 == file_hash


def test_a_changed_value_is_found_by_label_and_metric_even_after_reordering(seed: Record) -> None:
    def edit(data: dict[str, Any]) -> None:
        results = data["editorial"]["reported_results"]
        results.reverse()  # a new position for every result is not a change
        target = next(r for r in results if r["label"] == "tensorfold-run11 code")
        target["value"] = 92.8

    diff = diff_records(seed, edited(seed, edit))
    assert len(diff.changes) == 1
    change = diff.changes[0]
    assert change.kind is ChangeKind.CHANGED
    assert change.path == (
        'editorial.reported_results[label="tensorfold-run11 code", metric="decode_rate"].value'
    )
    assert (change.old, change.new) == (91.8, 92.8)
    # the pointer addresses the result in the new record
    assert change.pointer.startswith("/editorial/reported_results/")
    assert change.pointer.endswith("/value")
    index = int(change.pointer.split("/")[3])
    assert edited(seed, edit).editorial.reported_results[index].label == "tensorfold-run11 code"


def test_an_int_becoming_a_float_is_a_change(seed: Record) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["editorial"]["reported_results"][4]["value"] = 2165.0

    diff = diff_records(seed, edited(seed, edit))
    assert [(c.old, c.new) for c in diff.changes] == [(2165, 2165.0)]


def test_added_and_removed_results(seed: Record) -> None:
    def edit(data: dict[str, Any]) -> None:
        results = data["editorial"]["reported_results"]
        removed = results.pop(0)
        added = dict(removed, label="new arm", value=1.5)
        results.append(added)

    diff = diff_records(seed, edited(seed, edit))
    kinds = sorted((c.kind.value, c.path) for c in diff.changes)
    assert kinds == [
        ("added", 'editorial.reported_results[label="new arm", metric="decode_rate"]'),
        (
            "removed",
            'editorial.reported_results[label="vllm-kit-run01 prose", metric="decode_rate"]',
        ),
    ]


def test_prose_is_compared_by_sentence(seed: Record) -> None:
    old_answer = seed.editorial.answer
    sentences = split_sentences(old_answer)
    assert len(sentences) == 2

    def edit(data: dict[str, Any]) -> None:
        data["editorial"]["answer"] = sentences[0] + " A new closing sentence with 2.5 in it."

    diff = diff_records(seed, edited(seed, edit))
    (change,) = diff.changes
    assert change.path == "editorial.answer"
    assert [(s.kind.value, s.text) for s in change.sentences] == [
        ("removed", sentences[1]),
        ("added", "A new closing sentence with 2.5 in it."),
    ]


def test_an_inserted_note_does_not_shift_the_others(seed: Record) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["limitations"].insert(0, "A new first limitation.")

    diff = diff_records(seed, edited(seed, edit))
    assert [(c.kind.value, c.path, c.new) for c in diff.changes] == [
        ("added", "limitations[0]", "A new first limitation.")
    ]


def test_sections_are_matched_by_heading(seed: Record) -> None:
    def edit(data: dict[str, Any]) -> None:
        sections = data["editorial"]["sections"]
        sections.insert(0, sections.pop())  # move the last section first
        sections[0]["citations"] = []

    diff = diff_records(seed, edited(seed, edit))
    (change,) = diff.changes
    assert change.kind is ChangeKind.REMOVED
    assert change.path == 'editorial.sections[heading="Where are the limits?"].citations[0]'


def test_added_and_removed_fields(seed: Record) -> None:
    def edit(data: dict[str, Any]) -> None:
        conditions = data["test_profiles"][0]["conditions"]
        del conditions["driver"]
        conditions["new_key"] = "x"

    diff = diff_records(seed, edited(seed, edit))
    assert sorted((c.kind.value, c.path) for c in diff.changes) == [
        ("added", 'test_profiles[label="vllm-kit-run01 prose"].conditions.new_key'),
        ("removed", 'test_profiles[label="vllm-kit-run01 prose"].conditions.driver'),
    ]


def test_status_change_is_reported_apart_from_content(seed: Record) -> None:
    approved = seed.model_copy(update={"editorial_status": "approved"})
    diff = diff_records(seed, approved)
    assert diff.identical
    assert diff.status_change == ("source_derived_detailed_article", "approved")
    assert diff_lines(diff)[0] == ("info", "status: source_derived_detailed_article → approved")


def test_diff_lines_show_each_kind(seed: Record) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["title"] = "Another title."
        data["runtime_topics"].append("SGLang")

    lines = diff_lines(diff_records(seed, edited(seed, edit)))
    assert ("added", '+ runtime_topics[2]: "SGLang"') in lines
    assert ("changed", "~ title:") in lines
    assert ("removed", "    - DeepSeek 1017: TensorFold on two DGX Sparks") in lines


def test_sentence_splitting_keeps_decimals_and_versions_whole() -> None:
    text = "Decode rose to 56.9 tok/s on 0.6.6. Prefill stayed near 2,165. Done!"
    assert split_sentences(text) == [
        "Decode rose to 56.9 tok/s on 0.6.6.",
        "Prefill stayed near 2,165.",
        "Done!",
    ]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


def test_against_a_git_revision_of_the_records_directory(tmp_path: Path, seed: Record) -> None:
    records = tmp_path / "records"
    store = RecordStore(records)
    store.save(seed, markdown="# v1\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "v1")
    changed = seed.model_copy(update={"title": "Changed title"})
    store.save(changed, markdown="# v2\n")

    old, label = load_version(store, seed.id, "HEAD")
    assert label == "git HEAD"
    assert dump_record(old) == dump_record(seed)
    assert [c.path for c in diff_records(old, store.load(seed.id)).changes] == ["title"]

    previous, label = load_version(store, seed.id, "previous")
    assert (label, dump_record(previous)) == ("previous", dump_record(seed))

    with pytest.raises(InputError, match="git cannot show") as raised:
        load_version(store, seed.id, "HEAD~1")  # one commit only: HEAD~1 does not exist
    hint = raised.value.hint or ""
    suggested = hint.split("--against ", 1)[1].split()[0]
    old, label = load_version(store, seed.id, suggested)  # the fix names one that works
    assert label == f"git {suggested}" and dump_record(old) == dump_record(seed)
    assert f"draftflow diff {seed.id} --against previous" in hint
    with pytest.raises(InputError, match="never approved"):
        load_version(store, seed.id, "approved")


def test_outside_git_the_fix_names_the_records_own_history(tmp_path: Path, seed: Record) -> None:
    store = RecordStore(tmp_path / "records")
    store.save(seed, markdown="# v1\n")
    with pytest.raises(InputError) as raised:
        load_version(store, seed.id, "HEAD~1")
    assert "not in a git repository" in (raised.value.hint or "")
    assert "no earlier version" in (raised.value.hint or "")
    store.save(seed.model_copy(update={"title": "Changed"}), markdown="# v2\n")
    with pytest.raises(InputError) as raised:
        load_version(store, seed.id, "HEAD~1")
    assert f"draftflow diff {seed.id} --against previous" in (raised.value.hint or "")


def test_a_commit_move_is_one_line_and_unchanged_documents_list_nothing(seed: Record) -> None:
    old_revision, new_revision = seed.source.revision, "f" * 40
    changed_path = seed.supplemental_sources[0].document_path
    old_sha = seed.supplemental_sources[0].document_sha256

    def move(data: dict[str, Any]) -> None:
        text = json.dumps(data).replace(old_revision, new_revision).replace(old_sha, "e" * 64)
        data.clear()
        data.update(json.loads(text))
        data["source"]["last_commit_at"] = "2030-01-01T00:00:00+00:00"

    moved = edited(seed, move)
    diff = diff_records(seed, moved)
    assert diff.changes == []
    assert diff.source_move is not None
    assert diff.source_move.changed_documents == [changed_path]
    lines = diff_lines(diff)
    assert lines[0] == (
        "info",
        f"source revision: {old_revision[:12]} → {new_revision[:12]} "
        f"(1 of {diff.source_move.documents} documents changed: {changed_path})",
    )
    assert lines[1:] == [("info", "no other content changes")]


def test_against_approved_after_a_hand_edit(tmp_path: Path, seed: Record) -> None:
    from draftflow.acquire.snapshot import Snapshot
    from draftflow.review.signoff import approve
    from draftflow.verify import CheckedCounts, VerificationReport

    store = RecordStore(tmp_path)
    store.save(seed, markdown="# v1\n")
    snapshot = Snapshot(
        repository="o/n", url="u", revision="0" * 40, commit_time=None, documents=[]
    )
    approve(
        store,
        seed.id,
        snapshot,
        editor="Ed",
        verifier=lambda r, s: VerificationReport(record_id=r.id, checked=CheckedCounts(), flags=[]),
    )
    old, label = load_version(store, seed.id, "approved")
    assert label.startswith("approved by Ed at ")
    assert diff_records(old, store.load(seed.id)).identical

    # an editor rewrites the file by hand: no history entry, yet the approved version is kept
    edited_text = dump_record(seed.model_copy(update={"summary": "Hand-edited."}))
    store.paths(seed.id).json.write_text(edited_text)
    old, _ = load_version(store, seed.id, "approved")
    diff = diff_records(old, store.load(seed.id))
    assert [c.path for c in diff.changes] == ["summary"]
    assert diff.status_change == ("approved", seed.editorial_status)

    # without any copy of the signed bytes, the editor is told where else to look
    (tmp_path / ".approved" / f"{seed.id}.json").unlink()
    for old_version in store.history(seed.id):
        old_version.unlink()
    with pytest.raises(InputError, match="is not in"):
        load_version(store, seed.id, "approved")


def test_previous_needs_history(tmp_path: Path, seed: Record) -> None:
    store = RecordStore(tmp_path)
    store.save(seed, markdown="# v1\n")
    with pytest.raises(InputError, match="no previous version"):
        load_version(store, seed.id, "previous")
