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


# Gabe298/vLLM-llama-benchy-testing-result 2026-07-Qwen-3.6/llama-benchy/rdtand-prismaaura.md
def _bench_record(n_prompt: int, n_gen: int, avg_ts: float, stddev_ts: float) -> str:
    return (
        '{"build_commit": "c264f65ff", "backends": "ROCm", "model_filename": '
        '"/models/Qwen3-8B-Q4_K_M.gguf", "model_type": "qwen3 8B Q4_K - Medium", '
        f'"n_batch": 2048, "n_threads": 16, "n_prompt": {n_prompt}, "n_gen": {n_gen}, '
        '"n_depth": 0, "test_time": "2026-07-12T10:57:18Z", "avg_ns": 4203154464, '
        f'"stddev_ns": 26370127, "avg_ts": {avg_ts}, "stddev_ts": {stddev_ts}, '
        '"samples_ns": [4207140847, 4227304440], "samples_ts": [486.791, 484.469]}'
    )


# kyuz0/amd-strix-halo-toolboxes benchmark/ryzen_ai_halo/.../*__curve-prefill__*.jsonl
# (llama-bench -o jsonl: one record per test)
BENCH_JSONL = "\n".join(
    [
        _bench_record(2048, 0, 487.265894, 3.061359),
        _bench_record(0, 128, 41.532817, 0.204511),
        _bench_record(512, 128, 150.75, 1.25),
    ]
)


def test_llama_bench_rates_are_named_by_their_record_s_test() -> None:
    found = _by_value(_results({"results/bench.jsonl": BENCH_JSONL}))
    assert found[487.265894].metric == "prefill_rate"
    assert found[41.532817].metric == "decode_rate"
    assert found[3.061359].metric.startswith("prefill_rate")
    assert found[3.061359].statistic == "standard deviation"
    # a prompt and a generation in one test measure neither rate alone
    assert found[150.75].metric not in ("prefill_rate", "decode_rate")


def _by_value(results: list[ReportedResult]) -> dict[float, ReportedResult]:
    return {float(r.value): r for r in results if isinstance(r.value, int | float)}


# morteza89/llm-format-benchmarker INTEL_AI_PC_TESTING.md:22-31 (each run one line)
LIBRARY_WARNING = """\
# Core ML on the M2

Converted and run with llama.cpp.

WARNING: Torch version 2.10.0 has not been tested with coremltools. You may run into
unexpected errors.

| Model | Decode (tok/s) |
|---|---:|
| Llama-3.2-1B | 41.25 |
"""


def test_a_library_s_version_in_a_warning_is_not_the_engine_s() -> None:
    found = _by_value(_results({"README.md": LIBRARY_WARNING}))
    assert found[41.25].conditions.get("engine") == "llama.cpp"
    assert found[41.25].conditions.get("engine_version") != "2.10.0"


# each row one run, under a statement of how many runs each configuration had
ONE_RUN_ROWS = """\
# Decode on the M2

Method: 4 runs per config.

| Config | Run | Decode (tok/s) |
|---|---:|---:|
| fp16 | 1 | 41.25 |
| fp16 | 2 | 41.75 |

Each configuration: 4 runs.

| Run | Decode (tok/s) |
|---|---:|
| Run 1 | 40.25 |
| Run 2 | 40.75 |
| Mean | 40.5 |
"""


def test_one_run_s_figure_takes_no_count_of_runs() -> None:
    found = _by_value(_results({"README.md": ONE_RUN_ROWS}))
    for single in (41.25, 41.75, 40.25, 40.75):
        assert found[single].conditions.get("repetitions") is None
    # the mean over the runs is what the count of runs is of
    assert found[40.5].conditions.get("repetitions") == 4
