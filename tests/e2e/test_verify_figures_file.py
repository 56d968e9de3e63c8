"""`draftflow verify` checks a record's figures file too, found as `status` and `approve` find
it (beside the record, by the record's id): a figure edited there by hand is flagged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from draft_cli import SMALL_ID as RECORD_ID
from draft_cli import draft_small_record
from draftflow.cli import main


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory, corpus_dir: Path, manifest: Any) -> Path:
    return draft_small_record(corpus_dir, manifest, tmp_path_factory.mktemp("v") / "records")


def verify_errors(records: Path) -> list[dict[str, Any]]:
    """The error flags of `draftflow verify --json` on the record (its stored source)."""
    result = CliRunner().invoke(main, ["verify", str(records / f"{RECORD_ID}.json"), "--json"])
    assert result.exit_code in (0, 1), result.output
    flags: list[dict[str, Any]] = json.loads(result.stdout)["flags"]
    return [flag for flag in flags if flag["severity"] == "error"]


def test_a_figure_edited_in_the_figures_file_is_flagged_by_verify(records: Path) -> None:
    before = verify_errors(records)
    path = records / f"{RECORD_ID}.figures.json"
    data = json.loads(path.read_text())
    figure = data["figures"][-1]
    figure["value"] = 98765.4321
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    after = verify_errors(records)
    assert len(after) > len(before)
    assert any("98765" in json.dumps(flag) for flag in after), after
