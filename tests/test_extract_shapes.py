"""The no-model extraction on real corpus lines, one per shape: line → the figures it reports.

Each case drafts nothing: it harvests and selects one real document of the corpus (at its
manifest revision) and compares the figures on one line, as (metric, value, unit).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from draftflow.acquire import restrict
from draftflow.extract import harvest
from draftflow.extract.deterministic import extract_deterministic
from draftflow.records import ReportedResult
from test_extract_support import corpus_snapshot

Expected = list[tuple[str, float, str]]

CASES: list[tuple[str, str, int, Expected]] = [
    # a Markdown table with a unit in the header, signed changes (jethac)
    (
        "jethac__dgx-spark-hijinks",
        "docs/BASELINE_RESULTS.md",
        299,
        [
            ("latency", 0.0704, "ms"),
            ("latency", 0.0677, "ms"),
            ("relative_change", -3.9, "%"),
        ],
    ),
    # a list cell beside workload settings, which are not results (jethac)
    (
        "jethac__dgx-spark-hijinks",
        "docs/BASELINE_RESULTS.md",
        683,
        [
            ("prefill_rate", 125.77, "tokens/s"),
            ("decode_rate", 43.57, "tokens/s"),
            ("latency", 0.3235, "s"),
            ("ttft", 2.0584, "s"),
        ],
    ),
    # llama-bench output in a text file: value ± spread, the phase from the test column
    (
        "jethac__dgx-spark-hijinks",
        "results/llamacpp_gemma4_26b_q4_0_bench_20260607T135911Z.txt",
        6,
        [
            ("decode_rate", 77.35, "tokens/s"),
            ("decode_rate_spread", 0.13, "tokens/s"),
        ],
    ),
    # a `Metric | Value` table: the row names the figure, the cell holds the unit (teaql)
    (
        "teaql__nvidia-dgx-spark-model-benchmark",
        "reports/round-2-nemotron-super-modeling.md",
        90,
        [("temperature", 53, "°C")],
    ),
    (
        "teaql__nvidia-dgx-spark-model-benchmark",
        "reports/round-2-nemotron-super-modeling.md",
        82,
        [("latency", 686, "s")],
    ),
    # JSON leaves named by key and unit suffix, outside any list of words (teaql)
    (
        "teaql__nvidia-dgx-spark-model-benchmark",
        "artifacts/round-2/modeling-runs/summary.json",
        6,
        [("benchmark_duration", 78.582, "s")],
    ),
    # `vllm bench serve` JSON on one line (PalatineVision)
    (
        "PalatineVision__dgx-spark-benchmark",
        "final_results/qwen-30b-a3b/results/Qwen_Qwen3-30B-A3B-GPTQ-Int4_conc80_in32000_out1024_"
        "low_context_chat_20260210_120540.json",
        1,
        [],
    ),
    # a header `pp512 vs empty` and Unicode minus (heitor, a forum copy)
    (
        "heitor-mocelin__dgx-spark-research",
        "AsusGx10/vllm-gemma4-26b-a4b/sources/g10-shamily-gemma4-llama-dgx-spark.md",
        284,
        [
            ("prefill_rate", 2536, "tokens/s"),
            ("prefill_rate_spread", 56, "tokens/s"),
            ("relative_change", -4, "%"),
            ("decode_rate", 63.4, "tokens/s"),
            ("decode_rate_spread", 0.6, "tokens/s"),
            ("relative_change", -7, "%"),
        ],
    ),
    # an estimate (`Expected Latency`) and an arithmetic derivation (`273 / 80 ≈ 3.4`) are not
    (
        "heitor-mocelin__dgx-spark-research",
        "AsusGx10/vllm-qwen3.6-35b-a3b/sources/014-community-adadrag-qwen35-dgx-spark.md",
        382,
        [],
    ),
    ("jvr0x__dgx-spark-bench", "docs/glm-5.2-2bit-evaluation-framework.md", 253, []),
]


@cache
def _results(folder: str, path: str, corpus: str) -> tuple[ReportedResult, ...]:
    import json

    entries = json.loads((Path(corpus) / "MANIFEST.json").read_text())
    manifest = {e["repository"].replace("/", "__"): e for e in entries}
    snapshot = restrict(corpus_snapshot(Path(corpus), manifest, folder), [path])
    return tuple(extract_deterministic(snapshot, harvest(snapshot)).reported_results)


@pytest.mark.parametrize(
    ("folder", "path", "line", "expected"),
    CASES,
    ids=[f"{c[0].split('__')[0]}:{c[2]}" for c in CASES],
)
def test_real_line(
    folder: str,
    path: str,
    line: int,
    expected: Expected,
    corpus_dir: Path,
    manifest: dict[str, Any],
) -> None:
    results = _results(folder, path, str(corpus_dir))
    found = [(r.metric, r.value, r.unit) for r in results if r.source_line == line]
    if not expected:
        if folder.startswith("PalatineVision"):
            # the whole `vllm bench serve` JSON is on line 1: its measured keys, not its settings
            keys = {r.label.rsplit("; ", 1)[-1] for r in results}
            assert {"duration", "completed", "max_concurrent_requests"} <= keys
            assert not keys & {"num_prompts", "max_concurrency", "request_rate", "burstiness"}
            return
        assert found == []
        return
    assert found == expected
