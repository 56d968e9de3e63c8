"""Issue 31 (who measured what, on what): meanings read31-s25 and read33-s25 found wrong in
no-model drafts, each built from a small excerpt of the real document: an aggregate output
throughput over concurrent requests published as one stream's decode rate, a mean of
per-run memory deltas published as memory use, a heading that is a sentence or names the
section's role (estimates) in a label, a baseline 1.00× published as a result."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from draftflow.verify.dimensions import metric_dimension
from extract_support import snapshot_of

# btbtyler09/mi100-llm-testing Model_Reports/dual_mtp_validation/
# benchmark_Qwen3.5-35B-A3B-GPTQ-8bit_dual.md:41-50 (vllm bench serve's Output Throughput)
SERVE = """\
# LLM Inference Benchmark Report

## Performance Summary

| Scenario | Input (tok) | Output (tok) | Concurrency | Output Throughput (tok/s) | TTFT mean (ms) |
|---|---:|---:|---:|---:|---:|
| Single User Latency | 2048 | 512 | 1 | 100.32 | 207.16 |
| Concurrency Scaling (c=2) | 1024 | 256 | 2 | 165.98 | 154.47 |
| Concurrency Scaling (c=64) | 1024 | 256 | 64 | 1169.00 | 3275.72 |
"""


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def _by_value(results: list[ReportedResult]) -> dict[float, ReportedResult]:
    return {float(r.value): r for r in results if isinstance(r.value, int | float)}


def test_an_output_throughput_over_concurrent_requests_is_aggregate() -> None:
    found = _by_value(_results({"benchmark.md": SERVE}))
    assert found[165.98].metric == "aggregate_throughput"
    assert found[1169.0].metric == "aggregate_throughput"
    # one request at a time: tokens over the whole run (prefill included), not the decode
    # rate the report gives in a TG column of its own (read33-s26b)
    assert found[100.32].metric == "throughput"


# morteza89/llm-format-benchmarker INTEL_AI_PC_TESTING.md:22-40 (each run's memory a change)
MEMORY_RUNS = """\
# Intel AI PC Testing Results

### Llama 3.2 3B (HuggingFace format on Intel CPU)

```
=== Benchmark Results ===
Run 1: 933.9ms, 5.4 tokens/sec, 6162.2MB memory
Run 2: 851.1ms, 5.9 tokens/sec, -56.9MB memory
Run 3: 1196.1ms, 4.2 tokens/sec, -17.7MB memory
Run 4: 1067.0ms, 4.7 tokens/sec, -66.8MB memory
Run 5: 1145.8ms, 4.4 tokens/sec, 213.4MB memory

=== Summary ===
Total Benchmarks: 5
Successful: 5
Failed: 0
Average Latency: 1038.8 ms
Average Throughput: 4.9 tokens/sec
Average Memory: 1246.8 MB
```

### Llama 3.2 3B (on Intel GPU)

```
=== Summary ===
Average Memory: 5924.3 MB
```
"""


def test_a_mean_of_memory_changes_is_no_memory_use() -> None:
    found = _by_value(_results({"INTEL_AI_PC_TESTING.md": MEMORY_RUNS}))
    assert found[1246.8].metric == "memory_change"
    assert found[1038.8].metric == "latency"
    # a block listing no change of memory: its memory is what is in use
    assert found[5924.3].metric == "memory"
    # verify reads a change of memory in megabytes as a memory, not a ratio (it dropped
    # 1246.8 MB as "a ratio" while the metric was the vocabulary's unknown)
    assert metric_dimension("memory_change") == "memory"


# sagasusa/exo-cluster-research docs/03-sharding-and-warmup-finding.md:84-99
SENTENCE_HEADING = """\
# Sharding and warmup

## 4. Same machine, same model, llama.cpp works

On the identical Dell, llama.cpp (GGML backend) loaded the same 3B model
and answered a prompt at **~10 tok/s generation**, with `mpstat` showing
3–4 CPU cores near 100% simultaneously.

MLX is not a poor engine — on the GPU node it hit 83 tok/s via `MlxCuda`.
"""

# atomicjets/gemma-embeddings GEMMA.md:224-239 (the estimates start from a measured row)
ROLE_HEADING = """\
# Gemma

#### 4-GPU Detailed Trials (BATCH=32)

| Concurrency | Docs/s | Tok/s  | p50 (s) |
|-------------|--------|--------|---------|
| 128         | 174    | 72,711 | 21.91   |
| 192         | 186    | 76,873 | 31.69   |

### 🧠 4-GPU Performance Estimates

Based on the top stable throughput of **76,873 tokens/sec**.
"""


def test_a_heading_that_is_a_sentence_names_no_figure() -> None:
    results = _results({"docs/finding.md": SENTENCE_HEADING})
    assert {r.value for r in results} >= {10, 83}
    assert not any("Same machine" in r.label for r in results)


def test_a_heading_naming_the_sections_role_names_no_figure() -> None:
    results = _results({"GEMMA.md": ROLE_HEADING})
    restated = [r for r in results if r.value == 76873 and r.source_line == 12]
    assert restated
    assert not any("Estimates" in r.label for r in results)


# atomicjets/gemma-embeddings GEMMA.md:121-130 (the 1-GPU reference of a scaling)
REFERENCE_ROW = """\
# Gemma

### 🏆 Best throughput (stable)

| Parameter                       | Value               | Notes                              |
| ------------------------------- | ------------------- | ---------------------------------- |
| **Batch size**                  | **32**              | Larger batches give fuller use.    |
| **Latency (p50 / p95)**         | **49.0 s / 55.2 s** | Long end-to-end.                   |
| **Scaling efficiency baseline** | 1.00×               | Use this as your 1-GPU reference.  |

### Multi-GPU Scaling

| GPUs | Tok/s  | Scaling |
|------|--------|---------|
| 2    | 36,076 | 1.48×   |
| 4    | 76,873 | 1.00×   |
"""


def test_a_baselines_one_by_definition_is_no_result() -> None:
    results = _results({"GEMMA.md": REFERENCE_ROW})
    lines = {(r.source_line, float(r.value)) for r in results}
    assert (9, 1.0) not in lines
    assert (8, 49.0) in lines
    # a measured 1.00× (no row calls itself the reference) stays a result
    assert (16, 1.0) in lines
    assert (15, 1.48) in lines
