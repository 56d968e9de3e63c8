"""Numbers an outside reader found published with a wrong meaning in the drafts of session 20
(issue 31, read31-s20), each read again from the source lines that stated it: a README that
opens on two GPUs states no one system for every figure, a hosted model's run is not the box's,
advice is no measured ratio, and a side experiment's KV-cache type is not the record's."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def _at(results: list[ReportedResult], path: str, line: int) -> list[ReportedResult]:
    return [r for r in results if r.evidence_url.endswith(f"/{path}#L{line}")]


_TWO_GPU_README = (
    "# Local LLM Benchmarks\n\n"
    "Benchmarking suite for local llama.cpp models on dual-GPU system\n"
    "(Tesla V100 32GB + RTX 3060 12GB), llama.cpp v9836.\n\n"
    "## Results\n\n"
    "| Model | Decode (tok/s) |\n|---|---|\n"
    "| Qwen3-8B Q4_K_M | 41.3 |\n\n"
    "## Configuration\n\n"
    "- `V100_MODELS` - Dense models tested on the V100 (CUDA0)\n"
    "- `M3060_MODELS` - MoE models tested on the 3060 (CUDA1) with `--cpu-moe`\n"
)


def test_a_readme_opening_on_two_gpus_gives_no_figure_one_of_them() -> None:
    # bhodgens/local-llm-benchmarks: FAILURE_ANALYSIS.md's figures took `Tesla V100 32GB`
    # from README:99, a line naming the GPU of one model list; README:3-4 name two GPUs
    analysis = (
        "# Failure analysis\n\n## Neutrino-8B draft head\n\n"
        "| Config | tok/s (avg) |\n|---|---|\n| Plain (no draft) | 38.2 |\n"
    )
    results = _results({"README.md": _TWO_GPU_README, "FAILURE_ANALYSIS.md": analysis})
    found = _at(results, "FAILURE_ANALYSIS.md", 7)
    assert [r.value for r in found] == [38.2]
    assert found[0].conditions.get("system") is None
