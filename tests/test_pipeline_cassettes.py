"""The model path offline: drafts of three corpus repositories (Markdown tables, nested JSON,
CSV) replayed from cassettes recorded against a real llama-server (SmolLM2-135M-Instruct).

The model is tiny and its extractions are poor; these tests prove the live path's exchanges
replay exactly and that whatever the model said, the written record verifies clean.
Re-record with `scripts/record-cassettes.sh` after changing a prompt or the request shape.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from draft_cli import draft_args
from draftflow.acquire import acquire
from draftflow.cli import main
from draftflow.records import load_record
from draftflow.render import render_markdown
from draftflow.verify import verify_record

CASSETTES = Path(__file__).resolve().parents[1] / "cassettes"

# (corpus folder, the documents the recording read): the recording settings are in
# scripts/record-cassettes.sh and must match the flags below.
RECORDED = {
    "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark": (
        "results/RESULTS-2026-08-14.md",
        "README.md",
    ),
    "jvr0x__dgx-spark-bench": ("results/qwen3.6-35b-nvfp4-nvidia*.json",),
    "Kleybrink__dgx-spark-bench": (
        "results/20260320_224129/ollama_benchmark_ranking_20260320_224129.csv",
        "README.md",
    ),
}
SETTINGS = [
    "--model",
    "smollm2",
    "--context-tokens",
    "6000",
    "--max-tokens",
    "512",
    "--max-repairs",
    "0",
]


def cassette_for(entry: dict[str, Any]) -> Path:
    return CASSETTES / (entry["repository"].replace("/", "-").lower() + ".json")


def replay_args(folder: Path, entry: dict[str, Any], records: Path, *extra: str) -> list[str]:
    """`draftflow draft` replaying the folder's cassette, with the given settings."""
    return draft_args(folder, entry, records, "--cassette", str(cassette_for(entry)), *extra)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_recorded_model_draft_replays_offline_and_verifies(
    name: str,
    corpus_dir: Path,
    manifest: dict[str, dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for variable in ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(variable, raising=False)
    entry = manifest[name]
    only = [arg for pattern in RECORDED[name] for arg in ("--only", pattern)]
    args = replay_args(corpus_dir / name, entry, tmp_path, *SETTINGS, *only, "--json")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["usage"]["requests"] == 0, "replay must never reach a server"
    assert summary["usage"]["cassette_replays"] > 0
    assert summary["model"] == "smollm2" and summary["errors"] == 0

    record = load_record(summary["record_path"])
    assert record.provenance is not None and record.provenance.model == "smollm2"
    assert set(record.provenance.prompt_hashes) >= {"extract"}
    assert Path(summary["article_path"]).read_text() == render_markdown(record)
    snapshot = acquire(str(corpus_dir / name), origin=entry["url"], revision=entry["revision"])
    report = verify_record(record, snapshot)
    assert report.errors == []
    assert record.editorial.reported_results, "the harvest's figures survive a weak model"


def test_a_request_missing_from_the_cassette_names_the_closest_one(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    name = "jvr0x__dgx-spark-bench"
    entry = manifest[name]
    changed = ["--model", "smollm2", "--context-tokens", "5000", "--max-tokens", "512"]
    args = replay_args(  # a different chunking than recorded: every request misses
        corpus_dir / name, entry, tmp_path / "records", *changed, "--only", RECORDED[name][0]
    )
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 3, result.output
    assert "has no entry for request" in result.output
    assert "closest recorded request" in result.output
    assert "fix:" in result.output
    assert not (tmp_path / "records").exists(), "nothing is written when replay fails"
