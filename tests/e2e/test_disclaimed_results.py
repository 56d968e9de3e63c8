"""A benchmark scaffold whose README says it reports no real results (lijiaweiphilip-web/
l40s-llm-bench): its documents still write numbers (a sampling interval in a command, a
readiness score, a unit-test count), and one of them was the record's title ("latency of 1 s
on L40S"). The draft now publishes no headline, says why with the README's words, keeps every
figure in the figures file, and verifies clean; the same repository without the sentence
still never leads with the value a command assigns."""

from __future__ import annotations

import json
from pathlib import Path

from cli_process import cli_in_process

ORIGIN = "https://github.com/o/scaffold"
REVISION = "0123456789abcdef0123456789abcdef01234567"
README = (
    "# scaffold\n\nMinimal scaffold for reproducible LLM inference benchmark experiments on L40S.\n"
    "It is built without GPU access: configuration, dry runs and tests.\n"
    "It does not claim real GPU benchmark results yet.\n"
)
GPU_DOC = (
    "# GPU metrics\n\nStart collection before the benchmark:\n\n```bash\n"
    "GPU_METRICS_SAMPLES=120 GPU_METRICS_INTERVAL_SECONDS=1 \\\n"
    "  bash scripts/collect.sh results/gpu.csv\n```\n"
)
SCORECARD = (
    "# Readiness\n\n| Area | Score |\n| --- | ---: |\n| Project clarity | 5/5 |\n"
    "| Adoption | 2/5 |\n\nObserved locally:\n\n- [x] Unit tests: 21 passed\n"
)


def _draft(tmp_path: Path, readme: str) -> dict[str, object]:
    folder = tmp_path / "repo"
    (folder / "docs").mkdir(parents=True)
    (folder / "README.md").write_text(readme)
    (folder / "docs" / "gpu-metrics.md").write_text(GPU_DOC)
    (folder / "docs" / "scorecard.md").write_text(SCORECARD)
    records = tmp_path / "records"
    done = cli_in_process(
        "draft", str(folder), "--origin", ORIGIN, "--revision", REVISION,
        "--records-dir", str(records),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = json.loads((records / "o-scaffold.json").read_text())
    figures = json.loads((records / "o-scaffold.figures.json").read_text())["figures"]
    report = json.loads((records / "o-scaffold.verify.json").read_text())
    assert not [f for f in report["flags"] if f["severity"] == "error"]
    return {"record": record, "figures": figures, "stderr": done.stderr}


def test_a_readme_that_disclaims_real_results_leads_with_none(tmp_path: Path) -> None:
    drafted = _draft(tmp_path, README)
    record, figures = drafted["record"], drafted["figures"]
    assert isinstance(record, dict) and isinstance(figures, list)
    assert record["title"] == "o/scaffold: no real benchmark results reported"
    assert not record["editorial"]["reported_results"]
    assert "does not claim real GPU benchmark results" in record["summary"]
    assert figures, "the documents' numbers stay in the figures file for the editor"
    method = record["provenance"]["selection"]["method"]
    assert "README.md:5" in method


def test_without_the_sentence_a_value_a_command_assigns_never_leads(tmp_path: Path) -> None:
    drafted = _draft(
        tmp_path, README.replace("It does not claim real GPU benchmark results yet.\n", "")
    )
    record = drafted["record"]
    assert isinstance(record, dict)
    assert "1 s" not in record["title"]
    lines = {(r["value"], r["source_line"]) for r in record["editorial"]["reported_results"]}
    assert (1, 6) not in lines and (120, 6) not in lines
