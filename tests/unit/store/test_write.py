"""The record store: atomic writes, history of earlier versions, locks, diffs."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from draftflow.errors import InputError, Interrupted, OutputError
from draftflow.record.files import dump_record, load_record
from draftflow.record.model import Record
from draftflow.store.write import RecordStore, atomic_write_text, between_saves, validate_record_id

GOLD = Path(__file__).resolve().parents[3] / "records" / "gold"


@pytest.fixture()
def record() -> Record:
    return load_record(GOLD / "heitor-mocelin-dgx-spark-research.json")


def test_a_write_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b.txt"
    atomic_write_text(target, "first\n")
    atomic_write_text(target, "second\n")
    assert target.read_text() == "second\n"
    assert [p.name for p in target.parent.iterdir()] == ["b.txt"]


def test_a_write_interrupted_with_half_its_bytes_on_disk_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Interrupted after the new bytes reached disk but before they replace the target: a
    reader still sees the old file whole (a write in place would show the new text, or a
    truncated file), and no temporary file is left."""
    target = tmp_path / "r.json"
    atomic_write_text(target, "old " * 1000)
    seen: list[str] = []
    real_fsync = os.fsync

    def interrupt(fd: int) -> None:
        real_fsync(fd)
        seen.append(target.read_text())
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(target, "new " * 2000)
    assert seen == ["old " * 1000], "while the new bytes were written, the target was the old"
    assert target.read_text() == "old " * 1000
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"], "no temp file left behind"


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


def test_threads_of_one_process_check_one_folder_at_once(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    failures: list[BaseException] = []

    def check() -> None:
        for _ in range(200):
            try:
                store.ensure_writable()
            except OutputError as error:
                failures.append(error)

    threads = [threading.Thread(target=check) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert list(tmp_path.iterdir()) == [], "no probe left behind"


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


def test_an_extra_file_given_as_bytes_is_written_as_they_are(
    tmp_path: Path, record: Record
) -> None:
    """A draft hands the figures file over as its UTF-8 bytes (no second copy as text)."""
    store = RecordStore(tmp_path)
    data = bytearray('{"figures": ["ü €"]}\n'.encode())
    store.save(record, markdown="# a\n", extra={"figures.json": data})
    path = store.extra_path(record.id, "figures.json")
    assert path.read_bytes() == data
    written = path.stat().st_mtime_ns
    os.utime(path, ns=(written - 10**9, written - 10**9))  # an unchanged file is not rewritten
    store.save(record, markdown="# a\n", extra={"figures.json": bytes(data)})
    assert path.stat().st_mtime_ns == written - 10**9
    store.save(record, markdown="# a\n", extra={"figures.json": b"[]\n"})
    assert path.read_text(encoding="utf-8") == "[]\n"


def test_a_file_given_in_pieces_is_written_piece_by_piece_and_kept_when_unchanged(
    tmp_path: Path, record: Record
) -> None:
    """A draft hands the figures file and the report over in pieces (issue 33: 220 and 91 MB
    for 100,000 figures, never held whole): written as they come, compared on disk."""
    store = RecordStore(tmp_path)
    pieces = ['{"figures": [', '"ü €"', "]}\n"]
    handed: list[str] = []

    def given() -> Iterator[bytes]:
        for piece in pieces:
            handed.append(piece)
            yield piece.encode()

    store.save(record, markdown="# a\n", report=[b"{}", b"\n"], extra={"figures.json": given()})
    path = store.extra_path(record.id, "figures.json")
    assert path.read_text(encoding="utf-8") == "".join(pieces)
    assert store.paths(record.id).verify.read_bytes() == b"{}\n"
    assert handed == pieces
    written = path.stat().st_mtime_ns
    os.utime(path, ns=(written - 10**9, written - 10**9))  # an unchanged file is not rewritten
    store.save(record, markdown="# a\n", extra={"figures.json": given()})
    assert path.stat().st_mtime_ns == written - 10**9
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    store.save(record, markdown="# a\n", extra={"figures.json": iter([b"[]", b"\n"])})
    assert path.read_text(encoding="utf-8") == "[]\n"


def test_bad_ids_and_missing_records_say_what_to_do(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    with pytest.raises(InputError, match=r"'\.\./escape' is not a record id: use letters") as bad:
        store.paths("../escape")
    assert "--id" in (bad.value.hint or "")
    with pytest.raises(InputError) as caught:
        store.load("nope")
    assert "draftflow status" in (caught.value.hint or "")


# ---- the save as one unit -----------------------------------------------------------------


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (hidden ones too) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def changed(record: Record) -> Record:
    editorial = record.editorial.model_copy(update={"version": record.editorial.version + 1})
    return record.model_copy(update={"editorial": editorial})


@pytest.fixture()
def interrupts_raise() -> Iterator[None]:
    """The CLI's own SIGINT/SIGTERM handlers, as a real run has them; the signal they note is
    forgotten afterwards, as the command's end forgets it, so later tests start clean."""
    from draftflow.cli import _interrupts_raise, _Received

    try:
        with _interrupts_raise():
            yield
    finally:
        _Received.name = None


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_staging_writes_nothing_and_leaves_no_temporary_file(
    tmp_path: Path,
    record: Record,
    monkeypatch: pytest.MonkeyPatch,
    interrupts_raise: None,
    signum: int,
) -> None:
    store = RecordStore(tmp_path)
    store.save(record, markdown="# a\n", report="{}\n", extra={"figures.json": "[]\n"})
    before = files_of(tmp_path)
    real_fsync, calls = os.fsync, []

    def fsync_then_signal(fd: int) -> None:  # the signal lands while the 2nd file is staged
        real_fsync(fd)
        calls.append(fd)
        if len(calls) == 2:
            signal.raise_signal(signum)

    monkeypatch.setattr(os, "fsync", fsync_then_signal)
    with pytest.raises(Interrupted) as caught:
        store.save(
            changed(record), markdown="# b\n", report="{1}\n", extra={"figures.json": "[1]\n"}
        )
    assert caught.value.signal_name == signal.Signals(signum).name
    assert caught.value.written == []
    assert files_of(tmp_path) == before, "the previous version stays whole, nothing half-new"


def test_a_signal_during_the_renames_waits_until_all_are_done(
    tmp_path: Path, record: Record, monkeypatch: pytest.MonkeyPatch, interrupts_raise: None
) -> None:
    store = RecordStore(tmp_path)
    store.save(record, markdown="# a\n", report="{}\n", extra={"figures.json": "[]\n"})
    real_replace = os.replace

    def replace_with_a_signal(src: str, dst: str) -> None:
        signal.raise_signal(signal.SIGTERM)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace_with_a_signal)
    new = changed(record)
    with pytest.raises(Interrupted) as caught:
        store.save(new, markdown="# b\n", report="{1}\n", extra={"figures.json": "[1]\n"})
    paths = store.paths(record.id)
    assert paths.json in caught.value.written
    assert paths.json.read_text() == dump_record(new)
    assert (paths.md.read_text(), paths.verify.read_text()) == ("# b\n", "{1}\n")
    assert store.extra_path(record.id, "figures.json").read_text() == "[1]\n"
    assert [p.name for p in store.history(record.id)] == ["0001.json"]
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith((".tmp", ".previous"))]


def test_a_failed_rename_puts_every_earlier_file_back(
    tmp_path: Path, record: Record, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RecordStore(tmp_path)
    store.save(record, markdown="# a\n", report="{}\n", extra={"figures.json": "[]\n"})
    before = files_of(tmp_path)
    real_replace, renames = os.replace, []

    def third_rename_fails(src: str, dst: str) -> None:
        renames.append(dst)
        if len(renames) == 3:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", third_rename_fails)
    with pytest.raises(OutputError, match="No space left") as caught:
        store.save(
            changed(record), markdown="# b\n", report="{1}\n", extra={"figures.json": "[1]\n"}
        )
    assert "free disk space" in (caught.value.hint or "")
    monkeypatch.setattr(os, "replace", real_replace)
    assert files_of(tmp_path) == before, "the history copy is gone too"
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith((".tmp", ".previous"))]


def test_files_get_the_umask_mode_and_replaced_files_keep_theirs(
    tmp_path: Path, record: Record
) -> None:
    store = RecordStore(tmp_path)
    old = os.umask(0o027)
    try:
        store.save(record, markdown="# a\n", report="{}\n")
    finally:
        os.umask(old)
    paths = store.paths(record.id)
    assert {oct(p.stat().st_mode & 0o777) for p in (paths.json, paths.md, paths.verify)} == {
        oct(0o640)
    }
    paths.md.chmod(0o664)
    store.save(record, markdown="# b\n", report="{}\n")
    assert oct(paths.md.stat().st_mode & 0o777) == oct(0o664)


def test_an_extra_file_name_must_be_a_plain_suffix(tmp_path: Path, record: Record) -> None:
    store = RecordStore(tmp_path)
    for bad in ("../x.json", "verify.json", "md", "Figures.JSON"):
        with pytest.raises(ValueError):
            store.extra_path(record.id, bad)
    assert store.extra_path(record.id, "figures.json").name == f"{record.id}.figures.json"
    assert store.ids() == []


def test_record_ids_that_cannot_name_a_file_safely_are_refused() -> None:
    for bad in ("a b$(x)", "../x", ".hidden", "a/b", "a.b", "", "x" * 129):
        with pytest.raises(InputError, match="is not a record id"):
            validate_record_id(bad)
    assert validate_record_id("jvr0x-dgx-spark-bench_2") == "jvr0x-dgx-spark-bench_2"


def test_writing_into_a_missing_folder_can_be_refused(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "page.html"
    with pytest.raises(OutputError, match="does not exist"):
        atomic_write_text(target, "<html>", create_folder=False)
    assert not target.parent.exists()
    with pytest.raises(OutputError, match="it is a folder"):
        atomic_write_text(tmp_path, "x")


def test_a_stop_between_saves_waits_for_renames_another_thread_has_begun(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renaming, proceed = threading.Event(), threading.Event()
    real_replace = os.replace

    def held_replace(source: str | Path, target: str | Path) -> None:
        renaming.set()
        proceed.wait(timeout=30)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", held_replace)
    target = tmp_path / "a.txt"
    saver = threading.Thread(target=atomic_write_text, args=(target, "saved"))
    saver.start()
    assert renaming.wait(timeout=30)
    seen: list[str] = []

    def stop() -> None:
        with between_saves():
            seen.append(target.read_text())  # the save is whole by now

    stopper = threading.Thread(target=stop)
    stopper.start()
    stopper.join(timeout=0.5)
    assert stopper.is_alive()  # still waiting: the rename has not ended
    proceed.set()
    saver.join(timeout=30)
    stopper.join(timeout=30)
    assert seen == ["saved"]
