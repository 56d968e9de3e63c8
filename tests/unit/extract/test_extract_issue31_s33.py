"""Issue 31 (who measured what): figures an outside reader of session 32's drafts found
published with a wrong meaning, each built from a small excerpt of the real document:
expectation and plan tables read as measurements, ..."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def _values(results: list[ReportedResult]) -> set[float]:
    return {float(r.value) for r in results if isinstance(r.value, int | float)}


# newbdez33/llm-mac-512 docs/mlx-local-setup.md:29-36: a recommendation table whose last
# column is `性能预期`, "expected performance"
RECOMMENDED = """\
# MLX 本地部署

## 测试结果

| 模型 | 实测 TPS |
|------|---------|
| 4-bit | 45.73 |

### 推荐配置（MiniMax M2.1）

| 模型版本 | 推荐内存 | 磁盘空间 | 性能预期 |
|---------|---------|---------|---------|
| 4-bit | 32GB+ | 120GB | 最快 (~45 TPS) |
| 6-bit | 64GB+ | 180GB | 平衡 (~40 TPS) |
"""

# MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark README.md:237-247
SHOULD_SEE = """\
# DSpark

## What speed to expect

| Workload | What you should see |
| --- | --- |
| One chat, any prompt length through 128K | ~62-83 decode tok/s after first token |
| **Six short chats** | **~175 tok/s aggregate** (~30 per stream) |

## Measured

| Workload | Decode tok/s |
| --- | --- |
| One chat | 66.6 |
"""

# newbdez33/llm-mac-512 docs/test-design-summary.md:200-213: a plan's tables, the llama.cpp
# arm not run yet (`TBD`), its memory an estimate
PLAN = """\
# Test design summary

### 1. Framework Performance
| Dimension | MLX 4-bit | llama.cpp Q4_K_M | Winner |
|-----------|-----------|------------------|--------|
| TPS (single) | 45.73 | TBD | TBD |
| Memory | 135GB | ~140GB | TBD |
| Load time | 21.25s | TBD | TBD |

### 2. Quantization Trade-offs
| Level | Framework | TPS | Memory | Quality |
|-------|-----------|-----|--------|---------|
| 4-bit | MLX | 45.73 | 135GB | Good |
| 4-bit | llama.cpp | TBD | ~141GB | TBD |
| 8-bit | MLX | 33.04 | 252GB | Better |
"""


def test_an_expected_performance_column_in_chinese_is_no_result() -> None:
    values = _values(_results({"docs/mlx-local-setup.md": RECOMMENDED}))
    assert 45.73 in values
    assert not {45.0, 40.0} & values


def test_a_what_you_should_see_column_is_no_result() -> None:
    values = _values(_results({"README.md": SHOULD_SEE}))
    assert 66.6 in values
    assert not {62.0, 83.0, 175.0, 30.0} & values


def test_a_plan_s_arm_of_placeholders_states_no_result() -> None:
    values = _values(_results({"docs/summary.md": PLAN}))
    assert {45.73, 135.0, 21.25, 33.04, 252.0} <= values
    assert 140.0 not in values  # the llama.cpp column: TBD but for its memory
    assert 141.0 not in values  # the llama.cpp row: TBD but for its memory


# lhl/strix-halo-testing llm-bench/gpt-oss-120b-F16/results.jsonl: one line per sweep point;
# the point at pp64 produced no rate (`"tokens_per_sec": null`)
def _point(value: int, rate: str, median_w: float) -> str:
    return (
        f'{{"duration_s": 44.05, "mode": "pp", "value": {value}, "tokens_per_sec": {rate}, '
        f'"bench_raw": null, "vram_peak_mib": 182, "max_temp_c": 48.0, "max_power_w": 36.09, '
        f'"min_power_w": 4.22, "median_power_w": {median_w}, "build": "llama.cpp-vulkan"}}'
    )


SWEEP = "\n".join([_point(512, "812.5", 61.3), _point(64, "null", 16.02)])


def test_a_point_that_produced_no_rate_publishes_none_of_its_side_values() -> None:
    results = _results({"llm-bench/m/results.jsonl": SWEEP})
    on_failed = [r for r in results if r.source_line == 2]
    assert on_failed == []
    assert 812.5 in _values([r for r in results if r.source_line == 1])


def test_a_key_s_statistic_word_is_its_statistic() -> None:
    found = {
        (float(r.value), r.source_line): r
        for r in _results({"llm-bench/m/results.jsonl": SWEEP})
        if isinstance(r.value, int | float)
    }
    assert found[(4.22, 1)].statistic.startswith("minimum")
    assert found[(36.09, 1)].statistic.startswith("maximum")
    assert found[(61.3, 1)].statistic.startswith("median")


# ray-project/llmperf-leaderboard raw_data/summary/bedrock_13b.json (a summary's quantiles)
QUANTILES = """\
{
  "results_ttft_s_quantiles_p90": 0.644,
  "results_ttft_s_mean": 0.5,
  "results_end_to_end_latency_s_max": 3.558
}
"""


def test_a_snake_case_quantile_key_states_its_percentile() -> None:
    found = _by_value(_results({"raw_data/summary/bedrock_13b.json": QUANTILES}))
    assert found[0.644].statistic.startswith("p90")
    assert found[3.558].statistic.startswith("maximum")


def _by_value(results: list[ReportedResult]) -> dict[float, ReportedResult]:
    return {float(r.value): r for r in results if isinstance(r.value, int | float)}


# heitor-mocelin/dgx-spark-research README.md:82-85: the last column is tokens per second per
# watt, read as tokens per second
SMALL_MODELS = """\
# DGX Spark research

| Model | Format | TTFT | **Decode tok/s** | Agg @c32 | tok/s·W⁻¹ |
|---|---|---:|---:|---:|---:|
| **Qwen3-4B** | NVFP4 | **31.9 ms** | **64.4** | **1680** | 35.9 |
| Gemma-4-E4B | NVFP4 | 40.1 ms | 53.5 | 1498 | **43.3** |
"""


def test_a_rate_per_watt_column_is_an_efficiency_not_a_throughput() -> None:
    found = _by_value(_results({"README.md": SMALL_MODELS}))
    assert found[53.5].metric == "decode_rate"
    assert 43.3 not in found or found[43.3].metric not in ("throughput", "decode_rate")
    assert 43.3 not in found or found[43.3].unit != "tokens/s"


# pendakwahteknologi/gx10-benchmarks 04-training-finetuning/README.md:9-20 and README.md:49-50
TRAINING = """\
# Fine-Tuning Benchmark

### Training Performance

| Metric | LoRA | QLoRA | Full Fine-Tune |
|--------|-----:|------:|---------------:|
| **Avg Step Time** | 33.93s | 66.21s | 36.45s |
| **Tokens/sec** | 161.9 | 83.0 | 150.7 |

### Inference after fine-tuning

| Model | Latency |
|-------|--------:|
| Llama 3.1 8B fine-tuned | 0.42 s |
"""
GLANCE = """\
# GX10 benchmarks

| # | Benchmark | Highlight |
|:-:|-----------|-----------|
| 01 | **Model Scaling** | 173 tok/s (1.5B) |
| 04 | **Fine-Tuning** | 161.9 tok/s with LoRA |
"""


def test_a_training_step_time_is_no_inference_latency() -> None:
    found = _by_value(_results({"04-training-finetuning/README.md": TRAINING}))
    assert found[33.93].metric == "training_time"
    assert found[161.9].metric == "training_throughput"
    assert found[0.42].metric == "latency"  # a fine-tuned model served: inference


def test_a_fine_tuning_row_s_rate_is_a_training_rate() -> None:
    found = _by_value(_results({"README.md": GLANCE}))
    assert found[173].metric in ("throughput", "decode_rate")
    assert found[161.9].metric == "training_throughput"


# cadamcat/dual-radeon-vllm docs/open-questions.md:575
PENALTY = """\
# Open questions

## Proven by revert

The writable copy is slower by **4× to 8×**, not the flat figure quoted earlier.
"""


def test_a_range_s_end_written_with_its_unit_is_published_as_a_range_end() -> None:
    found = _by_value(_results({"docs/open-questions.md": PENALTY}))
    assert found[8.0].statistic.startswith("range_max")
    assert found[4.0].statistic.startswith("range_min")


# flowy0/gb10-experiments README.md:64-66: a table cell holding a range, its unit after it
RANGE_CELLS = """\
# GB10

## Main Model Speed (SGLang + Qwen3.8-27B — measured on this box)

| Config | Solo | c16 aggregate | Notes |
|---|---|---|---|
| DSpark k7 @ safe 0.50 (current) | ~20–27 tok/s | ~188–291 | fresh-codegen |
"""


def test_both_ends_of_a_range_in_a_cell_are_results_labelled_alike() -> None:
    """Session 33's in-sample eval lost 27 and 291: the upper end's label said `(value 2 of
    2)`, numbers its cell does not write (verify removed it), and one label for both ends
    made the second a duplicate. The statistic tells the ends apart."""
    found = _by_value(_results({"README.md": RANGE_CELLS}))
    for low, high in ((20.0, 27.0), (188.0, 291.0)):
        assert found[low].statistic.startswith("range_min")
        assert found[high].statistic.startswith("range_max")
        assert found[high].label == found[low].label and "value" not in found[high].label


# bhodgens/local-llm-benchmarks final_results.json:12-22: a model whose decode rate was not
# measured, with its benchmark scores
SCORES = """\
[
  {"name": "gemma4-coding Q4_K_M", "human_eval": null, "livecodebench": 0.5466,
   "tau2": 0.5, "decode_tps": null, "gpu": "3060"},
  {"name": "LFM2.5-8B Q4_K_M", "human_eval": 0.61, "livecodebench": 0.4533,
   "tau2": 0.5333, "decode_tps": 105.7, "gpu": "3060"}
]
"""


def test_a_score_beside_a_null_rate_is_a_result_of_its_own() -> None:
    values = _values(_results({"final_results.json": SCORES}))
    assert {0.5466, 105.7, 0.4533} <= values


# flowy0/gb10-experiments docs/BENCHMARKS.md:82-86: a model that is someone's finetune, served
SERVED_FINETUNE = """\
# Benchmarks

## Other Models (test group)

| Model | Engine | tok/s | Notes |
|---|---|---|---|
| Qwopus3.6-27B-v2 MTP Q4_K_M | llama.cpp | 25 | Jackrong finetune |
| Qwen3-8B | llama.cpp | 41 | answered: the training of the model took weeks of compute |
"""


def test_a_served_finetune_s_rate_and_a_long_cell_s_words_are_no_training() -> None:
    found = _by_value(_results({"docs/BENCHMARKS.md": SERVED_FINETUNE}))
    assert found[25].metric != "training_throughput"
    assert found[41].metric != "training_throughput"


# chameleon-ai/ryzen-ai-max README.md:175 (read-s34): ranges written from the best case down
HIGH_TO_LOW = """\
# Ryzen AI Max

The 8060S runs from 27-13 tokens/s depending on context length, with the 6800XT coming in
at 52-27, just about twice as fast.

| GPU | decode tok/s |
|---|---|
| 8060S | 27–13 |
"""


def test_a_range_written_from_high_to_low_has_its_upper_end_first() -> None:
    """The reader found `27-13 tokens/s` published as `range_min` 27, and the article said
    "at least 27 tokens/s" of the best case."""
    results = _results({"README.md": HIGH_TO_LOW})
    ends = {(r.source_line, float(r.value)): r.statistic.split(":")[0] for r in results}
    assert ends[(3, 27.0)] == "range_max" and ends[(3, 13.0)] == "range_min"
    assert ends[(8, 27.0)] == "range_max" and ends[(8, 13.0)] == "range_min"


# guruswami-ai/mlx-benchmarks docs/FINDINGS.md:1-18 (read-s34): each run's own sentence
# names its machines; the introduction's cluster is all of them
CLUSTER = (
    "# Benchmark Findings: LLM Inference on Apple Silicon (2026)\n"
    "\n"
    "Results from a systematic benchmark campaign across 5 models, 6 quantisation "
    "levels, and 9 topologies on a 5-node M3 Ultra cluster running MLX distributed "
    "inference.\n"
    "\n"
    "---\n"
    "\n"
    "## 1. Executive Summary\n"
    "\n"
    "We ran 200+ benchmark configurations to answer one question: what can you "
    "actually get from Apple Silicon for LLM inference? Not peak theoretical, not "
    "marketing numbers. Measured throughput on real models at real context lengths.\n"
    "\n"
    "**Top 5 findings:**\n"
    "\n"
    "1. **Single-node generation hits 95-111% of theoretical bandwidth limits.** The "
    "hardware is not the bottleneck. MLX extracts nearly everything the silicon "
    "offers.\n"
    "2. **MoE models break the naive bandwidth model by 3x.** Mixtral predicted at "
    "23 TPS using total parameter count, measured at 69 TPS. You must use active "
    "parameter count.\n"
    "3. **TP scaling efficiency depends on quantisation.** Q8 TP2 retains 93% of "
    "single-node TPS. Q2 TP2 retains only 52%. Larger model shards per node scale "
    "better.\n"
    "4. **A 1-trillion-parameter model runs at 16 TPS on 4 Mac Studios.** Kimi K2.5 "
    "is practical for interactive use. The cluster paid for itself in that moment.\n"
    "5. **DeepSeek V3 (671B) fits on a single M3 Ultra.** 380 GB at Q4. 20.2 TPS. On "
    "NVIDIA, this model needs 8× H100s ($200K+) or a quad-4090 rig drawing 1800W "
    "with PCIe bandwidth bottlenecks. On Apple Silicon, it loads into unified memory "
    "and runs.\n"
    "\n"
)


def test_a_run_s_own_sentence_counts_its_machines_before_the_cluster_s_size() -> None:
    found = _by_value(_results({"docs/FINDINGS.md": CLUSTER}))
    assert found[16.0].conditions.get("node_count") == 4
    assert found[20.2].conditions.get("node_count") == 1
