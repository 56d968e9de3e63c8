"""Conditions a place states for a figure, read there and cited (issue 31, s21): the count a
setup line writes before its GPU (`GPU: 1x NVIDIA RTX4090 24GB`), and the suite a `key |
value` row names in code (`` | `agentic-hard` | agent score 54.6 | ``)."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_setup_lines_gpu_count_is_cited_there() -> None:
    # ninehills/llm-inference-benchmark README:44 `- GPU: 1x NVIDIA RTX4090 24GB`
    text = (
        "# Bench\n\n## Benchmark\n\nHardware:\n\n- GPU: 1x NVIDIA RTX4090 24GB\n"
        "- CPU: Intel Core i9-13900K\n\n### Backend Benchmark\n\n"
        "| Backend | TPS@4 |\n|---|---|\n| TGI | 192.58 |\n"
    )
    found = [r for r in _results({"README.md": text}) if r.value == 192.58]
    assert found and found[0].conditions.get("node_count") == 1


def test_a_pair_rows_code_key_is_the_suite_its_value_ran() -> None:
    # luongnv89/dgx-spark-llm-lab README:28-31
    text = (
        "# Lab\n\n| | |\n|---|---|\n"
        "| `core16` + `hard12` | **82.1 %** pass@1 thinking-on |\n"
        "| `agentic` | **100 %** solved · 95–97 % valid tool calls |\n"
        "| Throughput | ~35–48 tok/s per stream |\n"
    )
    results = _results({"README.md": text})
    workloads = {r.value: r.conditions.get("workload") for r in results}
    assert workloads.get(82.1) == "core16 + hard12"
    assert workloads.get(100) == "agentic"
    assert workloads.get(35) is None  # a metric's name is no suite


def test_a_data_centre_gpu_written_with_its_memory_after_a_hyphen_is_a_system() -> None:
    # chuyishang/inference-energy results_paste.md:2 `# DGX4 (A100-80GB)`; QwenLM/Qwen and
    # THUDM/ChatGLM2-6B write `A100-SXM4-80G`
    text = (
        "# DGX4 (A100-80GB)\n\n### Qwen2.5-3B-Instruct\n\n"
        "D1  Energy per token:          0.3500 J/token\n"
    )
    found = [r for r in _results({"results_paste.md": text}) if r.value == 0.35]
    assert found and found[0].conditions.get("system") == "A100-80GB"
