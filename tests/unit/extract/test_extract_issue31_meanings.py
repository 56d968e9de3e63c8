"""Issue 31 (who measured what, on what; no condition guessed): wrong meanings an outside
reader found in no-model drafts, each built from a small excerpt of the real document: a
precision inside another model's name, a load time under a `Result` header read as a
latency."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

# 0xDaizz/vllm-mlx docs/benchmarks/audio.md:15-21 and 116-126 (the whisper table, and the
# SAM-Audio table a hundred lines below whose model's name carries `fp16`)
AUDIO = """\
# Audio Benchmarks

### Results (M4 Max, 128GB)

| Model | Parameters | Load Time | Transcribe Time | RTF* |
|-------|------------|-----------|-----------------|------|
| whisper-tiny | 39M | 0.34s | 0.24s | **197x** |

## Audio Processing Benchmarks

### SAM-Audio (Source Separation)

**Test:** Separate drums from 30-second rock song

| Metric | Value |
|--------|-------|
| Model | sam-audio-large-fp16 |
| Processing time | ~20s |
| Peak memory | ~27 GB |
"""

# teaql/nvidia-dgx-spark-model-benchmark reports/round-2-nemotron-super-modeling.md:37-45
# (a `Checkpoint` row writing the format as a word of its own, for the document's model)
CHECKPOINT = """\
# Round 2: Nemotron 3 Super 120B

## Model and checkpoint

| Item | Value |
|---|---|
| Model | NVIDIA Nemotron 3 Super 120B A12B |
| Checkpoint | NVIDIA ModelOpt mixed / NVFP4 |

## Results

| Run | Decode (tok/s) |
|---|---|
| Nemotron 3 Super 120B | 16.36 |
"""

# er0080/vllm-benchmarking docs/hardware-verification.md:33-40
LOAD_TIME = """\
# Hardware verification

## Verified — 2026-08-17, GPU idle

| Item | Result |
| --- | --- |
| Model load time vs the 900s timeout | ✅ 27B FP8 at TP=2 ready in ~72s; opt-125m in ~25s |
| Per-GPU normalization | ✅ TP=1 4427 tok/s per GPU vs TP=2 1938 — see below |
"""


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_precision_inside_a_models_name_is_that_models_only() -> None:
    results = _results({"docs/benchmarks/audio.md": AUDIO})
    whisper = [r for r in results if r.conditions.get("model") == "whisper-tiny 39M"]
    assert {r.value for r in whisper} >= {0.34, 0.24, 197}
    assert all("weight_precision" not in r.conditions for r in whisper)
    assert all(r.conditions.get("weight_precision") != "fp16" for r in results)


def test_a_precision_written_as_a_word_of_its_own_still_states_the_format() -> None:
    results = _results({"reports/round-2.md": CHECKPOINT})
    decode = next(r for r in results if r.value == 16.36)
    assert decode.conditions.get("weight_precision") == "NVFP4"


def test_a_generic_result_header_lets_the_row_label_name_the_metric() -> None:
    results = _results({"docs/hardware-verification.md": LOAD_TIME})
    by_value = {r.value: r for r in results}
    assert by_value[72].metric == "startup_time"
    assert by_value[25].metric == "startup_time"
    assert by_value[4427].metric == "throughput"  # the cell's own words name its metric


# cipher982/llm-benchmarks IMPLEMENTATION_SUMMARY.md:118-124 (lines of one paragraph, each
# opening on a status mark)
PROVIDERS = """\
# Implementation Summary

## Testing Results

### Provider Integration Test
✅ o3-mini: 233.20 tokens/sec
✅ o4-mini: 126.78 tokens/sec
✅ gpt-4.1-mini: 49.60 tokens/sec (no regression)
"""

# cipher982/llm-benchmarks api/SIMPLE_RUNNER_USAGE.md:171-177 (a model id with its snapshot date)
RUNNER = """\
# Simple Runner Usage

## Output

### Success
```
13:54:23 [INFO] Running benchmark: bedrock:us.anthropic.claude-opus-4-5-20251101-v1:0
13:54:25 [INFO] ✅ Success bedrock:us.anthropic.claude-opus-4-5-20251101-v1:0 (tps=42.67, out=64)
```
"""

# cipher982/llm-benchmarks docs/epic-self-maintaining-benchmarks.md:38-46
SPANS = """\
# Epic

## The governing evidence

| Failure | Kind | Duration undetected |
|---|---|---|
| Worker threads died on an unhandled Mongo error | runtime | 8 days |
| Dead-lettered jobs had no path back | design | ~2 months |
| DeepInfra dead on a billing 402 | external | 7 weeks |
| A probe timed out | probe | 12 s |
"""


def test_a_line_opening_on_a_status_mark_is_its_own_figures_statement() -> None:
    results = _results({"IMPLEMENTATION_SUMMARY.md": PROVIDERS})
    labels = {r.value: r.label for r in results}
    assert "o3-mini" in labels[233.2] and "o4-mini" not in labels[233.2]
    assert "o4-mini" in labels[126.78] and "gpt" not in labels[126.78]
    assert "gpt-4.1-mini" in labels[49.6]


def test_a_date_inside_a_model_id_is_no_run_date() -> None:
    results = _results({"api/SIMPLE_RUNNER_USAGE.md": RUNNER})
    assert results
    assert all("experiment_date" not in r.conditions for r in results)


def test_a_span_in_days_weeks_or_months_is_no_bare_number() -> None:
    results = _results({"docs/epic.md": SPANS})
    assert {r.value for r in results} == {12}
    assert all(r.unit != "unspecified" for r in results)


# E27-25/fusionxpark-gb10-hwtest README.md:94-97 and 256-271 (a package list's SGLang version,
# and a table whose row names vLLM)
PACKAGES = """\
# GB10 hardware test

| Package | Version |
|---|---|
| SGLang | 0.5.10.post1 |
| torchao | 0.17.0 |

### Latency Comparison — ms per image

| Backend | Hardware | Stage 2 bs=4 |
|---|---|---|
| vLLM FP4 (NVFP4_AWQ_LITE) | GB10 | 456 ms |
| SGLang BF16 | GB10 | 2,373 ms |
"""


def test_a_version_is_its_engines_only() -> None:
    results = {r.value: r for r in _results({"README.md": PACKAGES})}
    assert results[456].conditions.get("engine") == "vLLM"
    assert "engine_version" not in results[456].conditions
    assert results[2373].conditions.get("engine") == "SGLang"
    assert results[2373].conditions.get("engine_version") == "0.5.10.post1"


def test_a_precision_keeps_the_short_variant_its_token_opens_with() -> None:
    # thesteve0/local-llm-benchmark models/qwen3.6.md:53 (read31-s27 n6): `UD-Q4_K_M`
    # (Unsloth Dynamic) was recorded as plain `Q4_K_M`, a different quantization
    from draftflow.extract.conditions.setup_names import is_precision_header, precision_in

    assert precision_in("Benchmark Results — Qwen3.6 35B-A3B UD-Q4_K_M (GPU)") == "UD-Q4_K_M"
    assert precision_in("served as qat-q4_0 weights") == "qat-q4_0"
    assert is_precision_header("UD-Q4_K_M")
    # a precision at the tail of a longer name keeps that name's tail, as before
    assert precision_in("Qwen3-8B-Q4_K_M") == "Q4_K_M"
    assert precision_in("gemma-3-27b-it-BF16") == "BF16"
