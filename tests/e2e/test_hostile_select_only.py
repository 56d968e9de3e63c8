"""`draftflow select` on a record drafted with `--only`, as real processes: the selection reads
only those files, so no topic from outside them enters and no error flag appears."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_process import cli
from draft_cli import SMALL_FOLDER, SMALL_ID, SMALL_ONLY, draft_args


def test_select_on_an_only_record_reads_only_those_files(
    corpus_dir: Path, manifest: dict[str, Any], tmp_path: Path
) -> None:
    records = tmp_path / "records"
    args = draft_args(corpus_dir / SMALL_FOLDER, manifest[SMALL_FOLDER], records,
                      "--only", SMALL_ONLY)  # fmt: skip
    drafted = cli(tmp_path, *args)
    assert drafted.returncode == 0, drafted.stderr
    before = json.loads((records / f"{SMALL_ID}.json").read_text())
    report = json.loads((records / f"{SMALL_ID}.verify.json").read_text())
    assert report["checked"]["errors"] == 0
    first = before["provenance"]["selection"]["chosen"][0]["id"]

    selected = cli(tmp_path, "select", SMALL_ID, "--drop", first, "--reason", "not a lead claim",
                   "--records-dir", str(records), "--json")  # fmt: skip
    assert selected.returncode == 0, selected.stderr
    outcome = json.loads(selected.stdout)
    assert outcome["dropped"] == [first] and outcome["errors"] == 0, outcome
    after = json.loads((records / f"{SMALL_ID}.json").read_text())
    for field in ("hardware_topics", "model_topics", "runtime_topics"):
        assert after.get(field) == before.get(field), field
    changed = {c["path"].split("[")[0].split(".")[0] for c in outcome["diff"]["changes"]}
    assert not changed & {"hardware_topics", "model_topics", "runtime_topics"}, changed
