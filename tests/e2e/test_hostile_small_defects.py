"""The small defects of issue 32, each as a real `python -m draftflow` process: an open bound
is never a value, eval refuses a gold of other bytes, prompt overrides in any encoding or line
ending, a batch list with a byte-order mark, and the record lock's messages."""

from __future__ import annotations

import json
from pathlib import Path

from cli_process import cli

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
