"""Numbers an outside reader found published with a wrong meaning in the drafts of session 20
(issue 31, read31-s20), each read again from the source lines that stated it: a README that
opens on two GPUs states no one system for every figure, a hosted model's run is not the box's,
advice is no measured ratio, and a side experiment's KV-cache type is not the record's."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.role_marks import role_marks
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


def test_advice_is_no_measured_ratio() -> None:
    # epappas/gx10-cluster docs/runbooks/tune-network.md:183-185: `A 2× reduction in traffic
    # beats a 3% link gain` is what to do, published as a measured ratio of 2×
    text = (
        "# Tune the network\n\n## The bigger lever is not the network\n\n"
        "At 22.7 GB/s you are at **~91% of the 200 Gb/s cable**.\n\n"
        "- **Reduce what crosses the wire at all** — gradient accumulation, sharding\n"
        "  strategy, precision. A 2× reduction in traffic beats a 3% link gain.\n"
        "- Expect about 2× the load time on a cold cache.\n"
    )
    results = _results({"docs/tune-network.md": text})
    advice = [r for r in results if r.value in (2, 3)]
    assert advice, "the advice's figures are read"
    for result in advice:
        assert result.status is not None and result.status.status.value == "advice"
    # the measured figure of the same section stays the author's
    measured = [r for r in results if r.value == 22.7]
    assert measured and measured[0].status is None


def test_a_measured_ratio_in_plain_prose_or_a_recommendation_is_no_advice() -> None:
    # cadamcat/dual-radeon-vllm docs/open-questions.md:409 reads a penalty it measured; a
    # recommendation that cites a measured gain keeps it (JoshCork runtime-optimization.md:492)
    text = (
        "# Notes\n\n## Copies\n\n"
        "A 4.3× penalty, stable from 4 MiB to 512 MiB, independent of alignment.\n\n"
        "1. **Use Qwen2.5-7B over Llama 3.1-8B** when throughput matters. The smaller model\n"
        "   decodes 27% faster on the A770M.\n"
    )
    document = snapshot_of({"notes.md": text}).documents[0]
    statuses, _ = role_marks(document)
    assert [m for m in statuses if m.standing.status.value == "advice"] == []


_HOSTED_REPORT = (
    "# Ox Alpha Free (`x-preview-f-free`) through the opencode harness\n\n"
    "**Verdict.** Strong — 74.8 agent score, 96.9 % solve.\n\n"
    "## Setup\n\n"
    "| | |\n|---|---|\n"
    '| Model | `opencode/x-preview-f-free` — "Ox Alpha Free (Unlimited)" |\n'
    "| Model card | stealth reasoning model, 1M ctx, cost $0 |\n"
    "| Samples per task | 2 |\n\n"
    "## Headline\n\n"
    "| Run | Agent score | Solve |\n|---|---|---|\n"
    "| **thinking OFF** | **74.8** | **96.9 %** |\n"
    "| thinking ON | 70.3 | 87.5 % |\n"
)


def test_a_hosted_models_scores_are_not_the_boxs() -> None:
    # luongnv89/dgx-spark-llm-lab results/2026-08-21/REPORT.md: an API model's agent scores,
    # published under the DGX Spark record's setup as if run on the box
    readme = "# DGX Spark LLM lab\n\nvLLM on an NVIDIA DGX Spark, TP1, fp8 KV cache.\n"
    results = _results({"README.md": readme, "results/REPORT.md": _HOSTED_REPORT})
    scores = [r for r in _at(results, "results/REPORT.md", 17) if r.value in (74.8, 96.9)]
    assert scores
    for result in scores:
        assert result.attribution is not None
        assert result.attribution.kind.value == "hosted_model"
        assert result.attribution.who == "opencode/x-preview-f-free"
        assert result.conditions.get("system") is None
        assert result.conditions.get("engine") is None
        assert result.conditions.get("model") == "opencode/x-preview-f-free"


def test_a_local_models_setup_row_marks_nothing() -> None:
    local = _HOSTED_REPORT.replace("opencode/x-preview-f-free", "Qwen/Qwen3-8B")
    results = _results({"results/REPORT.md": local})
    assert all(r.attribution is None for r in _at(results, "results/REPORT.md", 17))


def test_a_two_gpu_readmes_setup_line_is_no_place_for_another_documents_system() -> None:
    # bhodgens FAILURE_ANALYSIS.md:137: a count in a paragraph whose later line names the
    # V100 was cited to README:99 (`Dense models tested on the V100`); the section is the 3060's
    analysis = (
        "# Failure analysis\n\n### Affected: BTL-4 IQ2_XXS on 3060\n\n"
        "### Issue 5b: tau2 User Sim GPU Conflict (FIXED)\n\n"
        "**Symptom**: tau2-bench decode fell to 16.9 tok/s on all 15 tasks, from 25.5 tok/s.\n"
        "**Root cause**: ExLlamaV3 requires Ampere+ (sm_80+).\n"
        "The V100 is sm_70 (Volta), so Gemma cannot be moved to V100 as user sim.\n"
    )
    results = _results({"README.md": _TWO_GPU_README, "FAILURE_ANALYSIS.md": analysis})
    found = [r for r in _at(results, "FAILURE_ANALYSIS.md", 7) if r.value == 16.9]
    assert found and found[0].conditions.get("system") is None
