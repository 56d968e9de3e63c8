"""read31-s27: meanings an outside reader found wrong in no-model drafts of repositories
nobody on the team had seen (a spec read as a result, a metric's row read as a model, a
corner header's metric lost)."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

# Memetica-Corporation/gemma-deep-study benchmark_summary.md:1-7, :35-40 (shape kept)
SUMMARY = """\
# Gemma-3-12B Benchmark Results on M3 Ultra

## Hardware
- **Chip**: Apple M3 Ultra (32 cores)
- **Memory**: 256GB Unified Memory
- **Memory Bandwidth**: 800 GB/s

## Performance Results

### Token Generation Speed (tokens/second)
| Model | Short (Haiku) | Medium (Explanation) | Average |
|-------|---------------|---------------------|---------|
| PyTorch MPS | 10.53 | 16.96 | 14.90 |
| MLX FP16 | 29.00 | 27.62 | 28.09 |
| **Speedup** | **2.75x** | **1.63x** | **1.88x** |
"""

MEASURED = """\
# Results

## System
- **Measured bandwidth**: 612 GB/s
"""

# Sergey-Kit/Local-inference-benchmark-Ollama-vs-llama.cpp-vs-vLLM README.md:187-195
LONG_PROMPT = """\
# Runtimes

### Long prompt vs short: prefill dominates

| TTFT p50, concurrency 1 | 64 tokens | 2560 tokens | ratio |
|---|---|---|---|
| llama.cpp | 180 ms | **6229 ms** | 34.6× |
| vLLM | 309 ms | 6544 ms | 21.2× |
"""


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_bandwidth_under_a_hardware_heading_is_the_machines_spec() -> None:
    values = {r.value for r in _results({"benchmark_summary.md": SUMMARY})}
    assert 800 not in values and 29.0 in values
    # a bandwidth its own name calls measured stays the author's reading
    assert 612 in {r.value for r in _results({"results.md": MEASURED})}


def test_a_row_naming_a_metric_is_no_model() -> None:
    results = _results({"benchmark_summary.md": SUMMARY})
    speedup = next(r for r in results if r.value == 2.75)
    assert speedup.conditions.get("model") != "Speedup"
    mlx = next(r for r in results if r.value == 29.0)
    assert mlx.conditions.get("model") != "Speedup"
    # nor does an engine with the device it ran on (`PyTorch MPS`)
    mps = next(r for r in results if r.value == 14.9)
    assert mps.conditions.get("model") != "PyTorch MPS"


def test_a_corner_header_names_the_metric_of_columns_named_by_a_setting() -> None:
    results = _results({"README.md": LONG_PROMPT})
    ttft = next(r for r in results if r.value == 6229)
    assert ttft.metric == "ttft"
    assert ttft.conditions.get("concurrency") == 1


# Sergey-Kit/Local-inference-benchmark-Ollama-vs-llama.cpp-vs-vLLM README.md:31, :375-395
TRAPS = """\
# Benchmark

## Hardware-specific traps, all handled by the scripts

* **`--disable-log-requests` was removed in vLLM 0.27** and makes it exit instantly.

Note that none of the vLLM blockers were the Turing GPU. Compute capability 7.5
never came up.
"""


def test_a_generation_in_brackets_after_a_card_restates_the_card() -> None:
    from draftflow.extract.conditions.setup_names import sole_system

    row = "GTX 1650 SUPER, 4096 MiB, compute capability 7.5 (Turing), driver 591.86"
    assert sole_system(row) == "GTX 1650 SUPER"  # a SUPER refresh is a card of its own
    assert sole_system("A100 (Ampere)") == "A100 (Ampere)"  # a restatement, as before
    assert sole_system("Hopper vs RTX 4090") is None


def test_a_generations_name_is_no_setups_machine() -> None:
    from documents import make_document
    from draftflow.extract.conditions.setup import setup_source
    from draftflow.extract.conditions.setup_reading import setup_conditions

    found = setup_conditions(setup_source(make_document("README.md", TRAPS)))
    assert "system" not in found
