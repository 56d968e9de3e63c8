"""Issue 31 (who measured what, on what): meanings outside readers found wrong in no-model
drafts in session 30, each built from a small excerpt of the real document: a mean published
as the standard deviation its column also writes."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

# Gabe298/vLLM-llama-benchy-testing-result 2026-07-Qwen-3.6/tool-eval-bench/
# rdtand-prismascout/summary.md:25-31 (tool-eval-bench's cross-trial summary)
CROSS_TRIAL = """\
# Cross-Trial Summary — Qwen3.6-27B-PrismaSCOUT

## Headline Scores

| Metric              |  Trial 1  |  Trial 2  |  Trial 3  |    Mean ± σ     |
| ------------------- | :-------: | :-------: | :-------: | :-------------: |
| **Final Score**     |    87     |    86     |    88     | **87.0 ± 0.8**  |
| **Total Points**    |  120/138  |  120/138  |  120/138  | **120.0 ± 0.0** |
"""


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_mean_plus_minus_sigma_column_states_a_mean_and_its_deviation() -> None:
    found = {
        (float(r.value), r.source_line): r
        for r in _results({"summary.md": CROSS_TRIAL})
        if isinstance(r.value, int | float)
    }
    mean = found[(87.0, 7)]
    assert "standard deviation" not in mean.statistic
    assert mean.statistic.startswith("mean")
    assert found[(0.8, 7)].statistic == "standard deviation"
