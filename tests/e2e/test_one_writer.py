"""One writer per record, with real processes: a second writer waits for the first and then
builds on what it wrote; nothing is lost, versions strictly increase, and a writer that waits
too long says who holds the record."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from draft_cli import (
    MODEL_VARIABLES,
    SMALL_FOLDER,
    SMALL_ID,
    SMALL_ONLY,
    draft_args,
    draft_small_record,
)
from draftflow.record.files import load_record
from draftflow.store.write import RecordStore

OTHER_ONLY = "results/gemma-4-26b-a4b-bf16.json"


def start(*args: str, wait: str = "300") -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k not in MODEL_VARIABLES}
    env["DRAFTFLOW_LOCK_WAIT"] = wait
    return subprocess.Popen(
        [sys.executable, "-m", "draftflow", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_until_waiting(records: Path, processes: list[subprocess.Popen[str]]) -> None:
    """Give the processes time to start and reach the lock (they import, then read)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and all(p.poll() is None for p in processes):
        time.sleep(0.5)
        if time.monotonic() > deadline - 55:  # five seconds: imports and acquire are done
            break
    for process in processes:
        assert process.poll() is None, process.communicate()


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, stderr = process.communicate(timeout=300)
    return process.returncode, stderr


@pytest.fixture(scope="module")
def drafted_once(
    tmp_path_factory: pytest.TempPathFactory, corpus_dir: Path, manifest: dict[str, Any]
) -> Path:
    return draft_small_record(corpus_dir, manifest, tmp_path_factory.mktemp("w") / "records")


@pytest.fixture()
def records(drafted_once: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(drafted_once, tmp_path / "records"))


def headline_ids(records: Path) -> list[str]:
    record = load_record(records / f"{SMALL_ID}.json")
    assert record.provenance is not None and record.provenance.selection is not None
    return [c.id for c in record.provenance.selection.chosen]


def test_select_while_a_draft_runs_loses_nothing(
    records: Path, tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    store = RecordStore(records)
    version_before = store.load(SMALL_ID).editorial.version
    only = ("--only", SMALL_ONLY, "--only", OTHER_ONLY)
    folder, entry = corpus_dir / SMALL_FOLDER, manifest[SMALL_FOLDER]
    # a figure the selection holds whichever writer goes first
    alone = tmp_path / "alone"
    code, stderr = finish(start(*draft_args(folder, entry, alone, *only)))
    assert code == 0, stderr
    dropped = next(i for i in headline_ids(records) if i in headline_ids(alone))
    draft = draft_args(folder, entry, records, *only)
    select = ["select", SMALL_ID, "--drop", dropped, "--reason", "a token count"]
    with store.writer(SMALL_ID):  # both must wait for this holder, then for each other
        processes = [start(*draft), start(*select, "--records-dir", str(records))]
        wait_until_waiting(records, processes)
        assert store.load(SMALL_ID).editorial.version == version_before
    outcomes = [finish(p) for p in processes]
    assert outcomes[0][0] == 0 and outcomes[1][0] in (0, 1), outcomes  # 1: error flags
    final = store.load(SMALL_ID)
    assert final.provenance is not None and final.provenance.selection is not None
    edits = final.provenance.selection.edits
    assert [e.dropped for e in edits] == [[dropped]]  # the editor's edit survived
    assert final.source.revision == manifest[SMALL_FOLDER]["revision"]
    # the draft's content survived too: it read the other results file
    assert any(OTHER_ONLY in r.evidence_url for r in final.editorial.reported_results)
    versions = [load_record(p).editorial.version for p in store.history(SMALL_ID)]
    versions.append(final.editorial.version)
    assert versions == sorted(set(versions)) and final.editorial.version == version_before + 2


def test_two_drafts_at_once_write_versions_one_after_the_other(
    tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    records = tmp_path / "records"
    entry, folder = manifest[SMALL_FOLDER], corpus_dir / SMALL_FOLDER
    records.mkdir()
    store = RecordStore(records)
    with store.writer(SMALL_ID):
        processes = [
            start(*draft_args(folder, entry, records, "--only", only))
            for only in (SMALL_ONLY, OTHER_ONLY)
        ]
        wait_until_waiting(records, processes)
    for process in processes:
        code, stderr = finish(process)
        assert code == 0, stderr
    versions = [load_record(p).editorial.version for p in store.history(SMALL_ID)]
    assert versions == [1] and store.load(SMALL_ID).editorial.version == 2


def test_a_writer_that_waits_too_long_says_who_holds_the_record(records: Path) -> None:
    store = RecordStore(records)
    before = (records / f"{SMALL_ID}.json").read_bytes()
    with store.writer(SMALL_ID):
        select = start(
            "select", SMALL_ID, "--drop", headline_ids(records)[0], "--reason", "r",
            "--records-dir", str(records), wait="1",
        )  # fmt: skip
        code, stderr = finish(select)
    assert code == 4, stderr
    assert f"being written by another draftflow command (process {os.getpid()})" in stderr
    assert "DRAFTFLOW_LOCK_WAIT" in stderr and "Traceback" not in stderr
    assert (records / f"{SMALL_ID}.json").read_bytes() == before
    assert json.loads((records / f"{SMALL_ID}.json").read_text())["id"] == SMALL_ID
