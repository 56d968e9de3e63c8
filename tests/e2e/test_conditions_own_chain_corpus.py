"""Conditions read only from a figure's own context (issue 31), on the team gold's repository
copies: LLM-serve's summary table takes no concurrency from `Concurrency Levels: 1, 2, 4, ...`
and no output length from `512 tokens (128 for Qwen)`; exo's DeepSeek write-up is not MLX's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from draftflow.cli import main

ROOT = Path(__file__).resolve().parents[2]
TEAM_CORPUS = ROOT / "tests" / "data" / "teamgold" / "corpus"

pytestmark = pytest.mark.skipif(
    not TEAM_CORPUS.is_dir(),
    reason="the team gold's repository copies are not carried (fetched material): make them "
    "with python3 scripts/team-corpus.py --mirrors DIR",
)


def _figures(tmp_path: Path, folder: str, repository: str, only: str) -> list[dict[str, Any]]:
    done = CliRunner().invoke(
        main,
        [
            "draft",
            str(TEAM_CORPUS / folder),
            "--origin",
            f"https://github.com/{repository}",
            "--revision",
            "a" * 40,
            "--records-dir",
            str(tmp_path),
            "--only",
            only,
        ],
    )
    assert done.exit_code == 0, done.output
    found = json.loads(next(tmp_path.glob("*.figures.json")).read_text())
    return list(found["figures"])


def test_llm_serve_summary_table_takes_no_count_from_a_sweep_or_an_exception(
    tmp_path: Path,
) -> None:
    figures = _figures(
        tmp_path,
        "Subrahmanyam2305__LLM-serve",
        "Subrahmanyam2305/LLM-serve",
        "analysis/all_models/README.md",
    )
    table = [f for f in figures if 45 <= f["source_line"] <= 48]
    assert table
    for figure in table:
        assert figure["conditions"].get("concurrency") is None, figure["label"]
        assert figure["conditions"].get("output_tokens") is None, figure["label"]


def test_exo_deepseek_write_up_is_not_an_mlx_run(tmp_path: Path) -> None:
    figures = _figures(
        tmp_path, "adurham__exo", "adurham/exo", "docs/deepseek-v4-mtp-performance.md"
    )
    engines = {f["conditions"].get("engine") for f in figures}
    assert "MLX" not in engines
