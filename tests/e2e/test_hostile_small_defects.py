"""The small defects of issue 32, each as a real `python -m draftflow` process: an open bound
is never a value, eval refuses a gold of other bytes, prompt overrides in any encoding or line
ending, a batch list with a byte-order mark, and the record lock's messages."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from cli_process import assert_fails_cleanly, cli

ORIGIN = "https://github.com/o/bench"
REVISION = "c" * 40
OPEN_BOUND = """# Bench

Time to first token on the GB10 with vLLM.

| model | TTFT (ms) | decode (tok/s) |
|-------|-----------|----------------|
| qwen3-8b | 500+ | 41.2 |
| llama-3-8b | 320 | 38.0 |
"""


def draft_folder(tmp: Path, readme: str, *extra: str) -> Path:
    repo = tmp / "repo"
    repo.mkdir(exist_ok=True)
    (repo / "README.md").write_text(readme, encoding="utf-8")
    records = tmp / "records"
    result = cli(tmp, "draft", str(repo), "--origin", ORIGIN, "--revision", REVISION,
                 "--records-dir", str(records), *extra)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return records


def test_500_plus_is_never_published_as_500_ms(tmp_path: Path) -> None:
    records = draft_folder(tmp_path, OPEN_BOUND)
    record = json.loads((records / "o-bench.json").read_text())
    assert "500" not in record["title"], record["title"]
    assert all(r["value"] != 500 for r in record["editorial"]["reported_results"])
    figures = json.loads((records / "o-bench.figures.json").read_text())["figures"]
    assert [f["value"] for f in figures if f["unit"] == "ms"] == [320]
    assert "500 ms" not in (records / "o-bench.md").read_text()


def gold_beside_a_corpus(tmp: Path, readme: str, sha256: str) -> Path:
    """A corpus folder and a gold file for it, laid out as tests/data lays them out."""
    folder = tmp / "corpus" / "o__bench"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text(readme, encoding="utf-8")
    gold = {
        "repository": "o/bench",
        "revision": REVISION,
        "commit_time": "2026-01-01T00:00:00Z",
        "documents": [{"path": "README.md", "sha256": sha256}],
        "covered_lines": {"README.md": [1, 8]},
        "figures": [{"path": "README.md", "line": 8, "metric": "decode_rate", "value": 38.0,
                     "unit": "tokens/s", "label": "llama-3-8b", "raw": "38.0"}],
        "headline": [],
    }  # fmt: skip
    (tmp / "devgold").mkdir()
    path = tmp / "devgold" / "o__bench.json"
    path.write_text(json.dumps(gold), encoding="utf-8")
    return path


def test_eval_refuses_a_gold_made_from_other_bytes(tmp_path: Path) -> None:
    other = hashlib.sha256(b"another version of the README").hexdigest()
    gold = gold_beside_a_corpus(tmp_path, OPEN_BOUND, other)
    result = cli(tmp_path, "eval", str(gold))
    assert_fails_cleanly(result, 2, f"was made from README.md with sha256 {other[:12]}")
    assert "scripts/check-gold.py" in result.stderr


def test_eval_scores_a_gold_made_from_these_bytes(tmp_path: Path) -> None:
    same = hashlib.sha256(OPEN_BOUND.encode()).hexdigest()
    result = cli(tmp_path, "eval", str(gold_beside_a_corpus(tmp_path, OPEN_BOUND, same)))
    assert result.returncode == 0, result.stderr
    assert "1/1 (100.0%)" in result.stdout
