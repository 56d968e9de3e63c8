"""`draftflow prompts`: where each prompt is read from, overrides and their warnings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from draftflow.cli import main


def test_lists_every_packaged_prompt_with_its_hash(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("DRAFTFLOW_PROMPTS_DIR", raising=False)
    result = CliRunner().invoke(main, ["prompts", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["name"] for r in rows] == [
        "doctor",
        "draft_facts",
        "draft_framing",
        "draft_sections",
        "extract",
        "select",
        "speed",
    ]
    assert all(r["source"] == "packaged" and len(r["sha256"]) == 64 for r in rows)


def test_an_override_is_shown_and_a_changed_variable_set_is_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    (tmp_path / "doctor.md").write_text("---system---\nx\n---user---\n{question}\n")
    monkeypatch.setenv("DRAFTFLOW_PROMPTS_DIR", str(tmp_path))
    result = CliRunner().invoke(main, ["prompts"])
    assert result.exit_code == 0, result.output
    doctor = next(line for line in result.output.splitlines() if line.startswith("doctor"))
    assert "override" in doctor and str(tmp_path) in doctor
    assert "warning: uses variables ['question']" in result.output
