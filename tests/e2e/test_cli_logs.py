"""`draftflow logs ID`: each model request and reply of a draft, rejected ones with the reason,
replayed from the README's cassette; the log is the same bytes after an unchanged re-draft."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from draftflow.cli import main

ROOT = Path(__file__).resolve().parents[2]
RECORD_ID = "jvr0x-dgx-spark-bench"
REPLAY = [
    "draft",
    str(ROOT / "examples" / "jvr0x__dgx-spark-bench"),
    "--only",
    "results/qwen3.6-35b-nvfp4-nvidia*.json",
    "--cassette",
    str(ROOT / "cassettes" / "jvr0x-dgx-spark-bench.json"),
    "--model",
    "smollm2",
    "--context-tokens",
    "6000",
    "--max-tokens",
    "512",
    "--max-repairs",
    "0",
]


@pytest.fixture(autouse=True)
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL", "DRAFTFLOW_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DRAFTFLOW_CACHE_DIR", str(tmp_path / "cache"))


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_logs_show_every_request_and_why_each_reply_was_rejected(tmp_path: Path) -> None:
    records = tmp_path / "records"
    assert run(*REPLAY, "--records-dir", str(records)).exit_code == 0
    log_path = records / f"{RECORD_ID}.model-log.json"
    first = log_path.read_bytes()
    result = run("logs", RECORD_ID, "--records-dir", str(records))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{RECORD_ID}: 7 model calls, 7 requests to smollm2: ")
    # jvr0x's replies (draft_facts and draft_framing re-recorded in session 14) are all cut
    assert "0 accepted, 7 rejected" in result.output
    rejected = [line for line in result.output.splitlines() if ": rejected: " in line]
    assert len(rejected) == 7
    assert all("not valid JSON" in line and "(cut at 512 tokens)" in line for line in rejected)
    assert result.output.count("\n  request (system ") == 7
    assert result.output.count("\n  reply (") == 7
    assert "dropped after the checks" in result.output
    only = json.loads(
        run("logs", RECORD_ID, "--records-dir", str(records), "--prompt", "select", "--json").output
    )
    assert [a["prompt"] for a in only["attempts"]] == ["select"]
    assert run(*REPLAY, "--records-dir", str(records)).exit_code == 0
    assert log_path.read_bytes() == first, "an unchanged re-draft writes the same log"


def test_a_record_drafted_without_a_model_says_so(tmp_path: Path) -> None:
    records = tmp_path / "records"
    plain = REPLAY[:4]  # the same draft without the cassette and model
    assert run(*plain, "--records-dir", str(records)).exit_code == 0
    result = run("logs", RECORD_ID, "--records-dir", str(records))
    assert result.exit_code == 2
    assert "was drafted without a model" in result.stderr and "fix: draft it with a model" in (
        result.stderr
    )
