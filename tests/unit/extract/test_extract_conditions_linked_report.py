"""A summary row that links the report it restates takes the report's stated load (issue 31).

luongnv89/dgx-spark-llm-lab's README restates each suite's score in a row that links its
report (`| core16 + hard12 | **82.1 %** pass@1 ... ([report](results/.../REPORT.md)) |`); the
report's setup table states `| Concurrency | 4 |` for its every run, so the README's 82.1 ran
at concurrency 4, cited to the report's row. A row linking two reports, or none, takes none;
a load the row's own context states stays its own.
"""

from __future__ import annotations

from draftflow.extract import harvest
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

REPORT = """# Ornith vs Qwen

## Setup

| | |
|---|---|
| Tasks | 28 |
| Concurrency | 4 |

## Results

| Run | pass@1 |
|---|---|
| Qwen3.6 think-ON 16k | 82.1 % |
"""

OTHER = REPORT.replace("| Concurrency | 4 |", "| Concurrency | 2 |")

README = """# Best setup

## Recipe

| | |
|---|---|
| `core16` + `hard12` | **82.1 %** pass@1 thinking-on ([report](results/a/REPORT.md)) |
| `agentic` | **100 %** solved ([report](results/a/REPORT.md), [rerun](results/b/REPORT.md)) |
| `tools` | **64 %** solved |
"""


def _conditions(value: float) -> tuple[dict[str, object], dict[str, list[str]]]:
    files = {"README.md": README, "results/a/REPORT.md": REPORT, "results/b/REPORT.md": OTHER}
    snapshot = snapshot_of(files)
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    figure = next(
        r
        for r in results
        if float(r.value) == value and r.evidence_url.split("#")[0].endswith("README.md")
    )
    return dict(figure.conditions), dict(figure.condition_sources or {})


def test_a_row_linking_its_report_takes_the_reports_concurrency() -> None:
    conditions, sources = _conditions(82.1)
    assert conditions["concurrency"] == 4
    assert sources["concurrency"] == ["results/a/REPORT.md:8"]  # not a README row


def test_a_row_linking_two_reports_or_none_takes_none() -> None:
    assert "concurrency" not in _conditions(100)[0]
    assert "concurrency" not in _conditions(64)[0]
