"""The record store: atomic writes, history of earlier versions, locks, diffs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from draftflow.errors import InputError, OutputError
from draftflow.records import Record, dump_record, load_record
from draftflow.write import RecordStore, atomic_write_text

GOLD = Path(__file__).resolve().parents[1] / "records" / "gold"


@pytest.fixture()
def record() -> Record:
    return load_record(GOLD / "heitor-mocelin-dgx-spark-research.json")


def test_atomic_write_replaces_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b.txt"
    atomic_write_text(target, "first\n")
    atomic_write_text(target, "second\n")
    assert target.read_text() == "second\n"
    assert [p.name for p in target.parent.iterdir()] == ["b.txt"]


def test_interrupted_write_keeps_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "r.json"
    atomic_write_text(target, "old\n")

    def crash(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"], "no temp file left behind"


def test_unwritable_directory_is_an_output_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OutputError) as caught:
        atomic_write_text(blocker / "r.json", "{}\n")
    assert caught.value.hint


def test_save_new_then_unchanged_then_changed(tmp_path: Path, record: Record) -> None:
    store = RecordStore(tmp_path)
    first = store.save(record, markdown="# a\n", report="{}\n")
    assert first.previous_text is None and first.changed
    assert store.paths(record.id).json.read_text() == dump_record(record)

    again = store.save(record, markdown="# a\n", report="{}\n")
    assert not again.changed and again.unified_diff() == ""
    assert store.history(record.id) == []

    changed = record.model_copy(update={"title": record.title + " (revised)"})
    third = store.save(changed, markdown="# b\n", report="{}\n")
    assert third.changed
    assert "(revised)" in third.unified_diff()
    history = store.history(record.id)
    assert [p.name for p in history] == ["0001.json"]
    assert history[0].read_text() == dump_record(record)
    assert store.load(record.id).title.endswith("(revised)")
    assert store.ids() == [record.id]


def test_bad_ids_and_missing_records_say_what_to_do(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    with pytest.raises(InputError):
        store.paths("../escape")
    with pytest.raises(InputError) as caught:
        store.load("nope")
    assert "draftflow status" in (caught.value.hint or "")
