"""Metrics misread (issue 21) on the corpus line that showed it: PalatineVision's vLLM
result file states `std_tpot_ms`, a spread of the time per output token, which a draft
published as the inter-token latency itself."""

from __future__ import annotations

import asyncio
from pathlib import Path

from draftflow.extract import extract
from extract_support import snapshot_of

RUN = (
    "PalatineVision__dgx-spark-benchmark/final_results/qwen-30b-a3b/results/"
    "Qwen_Qwen3-30B-A3B-FP8_conc1_in32000_out1024_low_context_chat_20260210_074736.json"
)


def test_std_tpot_ms_is_the_spread_of_the_latency_not_the_latency(corpus_dir: Path) -> None:
    text = (corpus_dir / RUN).read_text(encoding="utf-8")
    assert '"std_tpot_ms"' in text and '"mean_tpot_ms"' in text
    snapshot = snapshot_of({"results/run.json": text})
    results = asyncio.run(extract(snapshot, None)).reported_results
    by_key = {r.label.rsplit(", ", 1)[-1]: r for r in results}
    spread, mean = by_key["std_tpot_ms"], by_key["mean_tpot_ms"]
    assert (spread.metric, spread.statistic) == ("inter_token_latency_stdev", "standard deviation")
    assert mean.metric == "inter_token_latency" and mean.statistic != "standard deviation"
    assert by_key["std_ttft_ms"].metric == "ttft_stdev"


SWEEP = "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark/results/RESULTS-2026-08-14.md"


def test_a_names_unit_written_after_its_own_number_is_not_the_figures(corpus_dir: Path) -> None:
    """read-s32: MiaAI-Lab's `- **c=1 is flat** (~62–83 tok/s) from 256 through 128K` put
    `256 tokens/s` in a headline: the tok/s of the words before 256 is 62–83's."""
    text = (corpus_dir / SWEEP).read_text(encoding="utf-8")
    line = text.splitlines().index(
        "- **c=1 is flat** (~62–83 tok/s) from 256 through 128K. Solo decode is fine."
    )
    snapshot = snapshot_of({"README.md": "# DeepSeek on two Sparks\n", "results/R.md": text})
    results = asyncio.run(extract(snapshot, None)).reported_results
    on_line = [r for r in results if r.source_line == line + 1 and r.value == 256]
    assert on_line, "the learned model no longer picks the number: the test needs a new case"
    assert all(r.unit != "tokens/s" for r in on_line)
