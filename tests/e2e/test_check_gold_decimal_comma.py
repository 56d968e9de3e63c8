"""`scripts/check-gold.py` as a real process: numbers written with a decimal comma."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = "| Modell | Exact Matches |\n|---|---|\n| qwen2.5-coder:7b | 74,68 % |\n"


def _run_check(
    tmp_path: Path, document: tuple[str, str], figure: dict[str, object], model: str | None
) -> subprocess.CompletedProcess[str]:
    """check-gold.py on a one-document repository and a gold of one figure, its headline."""
    path, text = document
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / path).write_text(text, encoding="utf-8")
    headline = {key: figure[key] for key in ("path", "line", "value", "metric", "label")}
    gold = {
        "repository": "example/decimal-comma",
        "revision": "0" * 40,
        "commit_time": "2025-01-01T00:00:00+00:00",
        "documents": [{"path": path, "sha256": hashlib.sha256(text.encode()).hexdigest()}],
        "figures": [figure],
        "headline": [{**headline, "why": "test", "conditions": {"model": model} if model else {}}],
    }
    gold_file = tmp_path / "gold.json"
    gold_file.write_text(json.dumps(gold), encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check-gold.py"), str(gold_file), str(repo)],
        capture_output=True,
        text=True,
        check=False,
    )


def _check(tmp_path: Path, raw: str, value: float) -> subprocess.CompletedProcess[str]:
    figure: dict[str, object] = {
        "path": "ergebnisse.md",
        "line": 3,
        "metric": "accuracy",
        "value": value,
        "unit": "%",
        "label": "qwen2.5-coder:7b, Exact Matches",
        "raw": raw,
    }
    return _run_check(tmp_path, ("ergebnisse.md", DOCUMENT), figure, "qwen2.5-coder:7b")


def test_a_decimal_comma_value_follows_from_its_raw(tmp_path: Path) -> None:
    result = _check(tmp_path, "74,68", 74.68)
    assert result.returncode == 0, result.stdout
    assert "0 problem(s)" in result.stdout


@pytest.mark.parametrize("value", [74.86, 7.468])
def test_a_wrong_value_beside_a_decimal_comma_is_still_a_problem(
    tmp_path: Path, value: float
) -> None:
    result = _check(tmp_path, "74,68", value)
    assert result.returncode == 1
    assert "does not follow from raw '74,68'" in result.stdout


TIMED = "- real\t0m15,312s\n"


def _check_timed(tmp_path: Path, raw: str, value: float) -> subprocess.CompletedProcess[str]:
    figure: dict[str, object] = {
        "path": "results.md",
        "line": 1,
        "metric": "duration",
        "value": value,
        "unit": "s",
        "label": "`time` real, a decimal-comma locale",
        "raw": raw,
    }
    return _run_check(tmp_path, ("results.md", TIMED), figure, None)


def test_a_time_real_with_a_decimal_comma_gives_its_seconds(tmp_path: Path) -> None:
    result = _check_timed(tmp_path, "0m15,312s", 15.312)
    assert result.returncode == 0, result.stdout
    assert "0 problem(s)" in result.stdout


@pytest.mark.parametrize("value", [15.321, 1.5312])
def test_a_wrong_seconds_value_of_a_time_real_is_still_a_problem(
    tmp_path: Path, value: float
) -> None:
    result = _check_timed(tmp_path, "0m15,312s", value)
    assert result.returncode == 1
    assert "does not follow from raw '0m15,312s'" in result.stdout
