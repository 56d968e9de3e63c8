"""Numbers an outside reader found published with a wrong meaning (issue 31, read31-s18), each
read again from the source lines that stated it: an identity is no value (HTTP codes, a core's
rated clock, a quant file's size), a unit stays as written (MiB/s), a ratio between two settings
takes neither arm's, a row's own words beat a repository's default, a spread is no value of its
metric, a first byte is no request's latency, and labels tell apart the figures they name."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def _at(results: list[ReportedResult], path: str, line: int) -> list[ReportedResult]:
    return [r for r in results if r.evidence_url.endswith(f"/{path}#L{line}")]


def test_http_status_codes_are_no_score() -> None:
    # epappas/gx10-cluster docs/runbooks/manage-models.md:95
    text = (
        "# Managing models\n\n## Gated models\n\n"
        "Accept the licence on the model page first; `hf download` then fails with 401/403.\n"
        "The eval passed 401/403 tasks.\n"
    )
    results = _results({"docs/manage-models.md": text})
    assert _at(results, "docs/manage-models.md", 5) == []
    # a score written the same way, after a word of scoring, stays one
    assert [r.value for r in _at(results, "docs/manage-models.md", 6)] == [401]


def test_status_codes_in_the_plural_are_no_latency() -> None:
    # jvr0x/dgx-spark-bench recipes/step-3.7-flash-dual/README.md:68, published in the README
    # example's headline as a latency of 500 s
    text = (
        "# Step 3.7 Flash\n\n## Known blocker\n\n"
        "The engine declares itself dead and every subsequent request 500s.\n"
        "The first request took 500s to warm the cache.\n"
    )
    results = _results({"README.md": text})
    assert _at(results, "README.md", 5) == []
    # a time written the same way, after no request's word, stays one
    assert [(r.value, r.unit) for r in _at(results, "README.md", 6)] == [(500, "s")]


def test_counts_of_errors_and_warnings_are_not_http_codes() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md:72
    text = "# Ledger\n\nThe official evaluator reported 0 errors, 141 warnings, 6 suggestions.\n"
    values = {r.value for r in _results({"ledger.md": text})}
    assert 141 in values


def test_a_core_tables_rated_frequency_is_a_spec_not_a_result() -> None:
    # epappas/gx10-cluster docs/hardware.md:56-61
    text = (
        "# GX10 hardware notes\n\n## The CPU cores interleave\n\n"
        "| Type | Part ID | CPUs | Max freq |\n|---|---|---|---|\n"
        "| Cortex-X925 (P) | `0xd85` | **5-9, 15-19** | 3.90 GHz |\n"
        "| Cortex-A725 (E) | `0xd87` | 0-4, 10-14 | 2.81 GHz |\n"
    )
    assert {r.value for r in _results({"docs/hardware.md": text})}.isdisjoint({3.9, 2.81})


def test_a_quant_files_size_is_no_measured_memory() -> None:
    # epappas/gx10-cluster docs/runbooks/workspaces.md:68-75
    text = (
        "# Runbook\n\n## Which DeepSeek-V4, and which quant\n\n"
        "| Workspace | Fits? | Use it when |\n|---|---|---|\n"
        "| `llamacpp-deepseek-v4-flash-gguf` | **yes** | One node. UD-IQ2_M at 90.9 GB, "
        "~21 GB left |\n\n"
        "**V4-Flash: the quant is picked for what it leaves behind.** UD-IQ2_M (90.9 GB) fits.\n"
    )
    assert 90.9 not in {r.value for r in _results({"docs/workspaces.md": text})}


def test_mib_per_second_stays_its_own_unit() -> None:
    # cadamcat/dual-radeon-vllm README.md:24
    text = (
        "# dual-radeon-vllm\n\n| | |\n|---|---|\n"
        "| 🔬 **A regression in the kernel** | Host→device copies collapse to **2 MiB/s** from a "
        "writable file mapping whose pages are resident. The copy measured 120 MB/s before and "
        "3.5 GiB/s on the fixed kernel. |\n"
    )
    units = {r.value: r.unit for r in _results({"README.md": text})}
    assert units.get(2) == "MiB/s"
    assert units.get(120) == "MB/s"
    assert units.get(3.5) == "GiB/s"


def test_a_bandwidth_takes_no_engine_from_its_documents_introduction() -> None:
    # cadamcat/dual-radeon-vllm README.md:3 and :24 (`workaround at vllm#49991`)
    text = (
        "# dual-radeon-vllm\n\n"
        "vLLM on 2× RX 7900 XT: gemma-4-31B decodes at 43 tok/s.\n\n| | |\n|---|---|\n"
        "| 🔬 **A regression in the kernel** | Host→device copies collapse to **2 MiB/s** from a "
        "writable file mapping; workaround at "
        "[vllm#49991](https://github.com/vllm-project/vllm/pull/49991). |\n"
    )
    [copy] = [r for r in _results({"README.md": text}) if r.value == 2]
    assert copy.metric == "bandwidth"
    assert "engine" not in copy.conditions


def test_a_ratio_between_two_settings_takes_neither_arms_setting() -> None:
    # cadamcat/dual-radeon-vllm README.md:217-221
    text = (
        "# Bench\n\n### vLLM, tensor parallel — decode tok/s\n\n"
        "| Model | Precision | 500 tok | |\n|---|---|---:|---|\n"
        "| gemma-4-12B-it | w4a16 QAT dense | 59.9 | 🟢 TP=1 → TP=2 only **1.19×** — see below |\n"
    )
    text = "# Bench\n\nvLLM on 2× RX 7900 XT.\n\n" + text.removeprefix("# Bench\n\n")
    [ratio] = [r for r in _results({"README.md": text}) if r.value == 1.19]
    cells = ratio.conditions.get("source_cells") or {}
    assert isinstance(cells, dict) and "TP" not in cells
    assert "node_count" not in ratio.conditions  # the repository's two GPUs are TP=2's alone
    assert "TP=1 → TP=2" in ratio.label  # what the ratio is between


def test_a_rows_single_card_beats_the_repositorys_two_gpus() -> None:
    # cadamcat/dual-radeon-vllm README.md:3 and :225-230
    text = (
        "# dual-radeon-vllm\n\nvLLM on 2× RX 7900 XT.\n\n### llama.cpp, for comparison\n\n"
        "| Model | Mode | Decode |\n|---|---|---|\n"
        "| gemma-4-12B | single card, Vulkan | **64.9 tok/s** |\n"
    )
    [single] = [r for r in _results({"README.md": text}) if r.value == 64.9]
    assert single.conditions.get("node_count") == 1


def test_a_swing_in_points_is_a_spread_not_a_value_of_the_metric() -> None:
    # rhattala/dgx-spark-bench README.md:66
    text = (
        "# Bench\n\n### `tools/acceptance-probe.py` — a bare acceptance % is not a health "
        "metric\n\nDraft acceptance swings **~20 pp on prompt alone**. The prose prompt read "
        "**25.5%** and a code prompt read **45.7%**.\n"
    )
    [swing] = [r for r in _results({"README.md": text}) if r.value == 20]
    assert swing.statistic.startswith("spread")


def test_the_first_streaming_byte_is_time_to_first_token_not_the_requests_latency() -> None:
    # teaql reports/round-1-dgx-spark-teaql.md:10-13
    text = (
        "# Round 1\n\n## Executive result\n\n"
        "With thinking disabled, the `omni` model\n"
        "returned the first streaming byte in 0.187 seconds and completed a minimal\n"
        "request in 1.023 seconds.\n"
    )
    metrics = {r.value: r.metric for r in _results({"round-1.md": text})}
    assert metrics.get(0.187) == "ttft"
    assert metrics.get(1.023) == "latency"


def test_two_figures_of_one_sentence_are_named_by_their_own_verbs() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md:23
    text = (
        "# DGX Spark Execution Ledger\n\n## Executive finding\n\n"
        "1. **Python orchestration path:** scripts called the DGX-hosted\n"
        "   OpenAI-compatible endpoint directly. This path produced the strongest record:\n"
        "   modular Nemotron generation succeeded through 140 objects and failed at 160\n"
        "   objects because of 600-second request timeouts and a circular dependency.\n"
    )
    labels = {r.value: r.label for r in _results({"ledger.md": text})}
    assert "failed at" not in labels[140]
    assert "succeeded through" in labels[140]
    assert "failed at" in labels[160]


def test_two_reports_sentences_under_one_heading_are_told_apart_by_their_document() -> None:
    # teaql reports/Round-24-Report.md:4 and reports/Round-25-Report.md:4
    files = {
        "reports/Round-24-Report.md": (
            "# Round 24 - Scale: 100 Objects\n\n## Summary\n"
            "Successfully generated 100 objects across 5 modules.\n"
        ),
        "reports/Round-25-Report.md": (
            "# Round 25 - Scale: 120 Objects\n\n## Summary\n"
            "Successfully generated 120 objects across 8 modules.\n"
        ),
    }
    labels = {r.value: r.label for r in _results(files)}
    assert labels[100] != labels[120]
    assert "Round-24-Report" in labels[100] and "Round-25-Report" in labels[120]


def test_two_rows_alike_but_for_an_unstated_precision_take_the_heading_that_parts_them() -> None:
    """JoshCork/intel-ai-benchmarking docs/runtime-optimization.md:304 and :312: 18.7 TPS
    (DDR5-5600) and 22.8 TPS (under `6.2 Summary Table — PTL iGPU (DDR5-7200) — Bandwidth
    Validation`) were labelled alike but for `INT4`; the DDR5-7200 that tells them apart never
    entered the label (read31-s19)."""
    text = (
        "# Runtime optimization\n\n## 6. Cross-Experiment Comparison\n\n"
        "### 6.1 Summary Table — PTL iGPU (INT4, temp=0.0 — primary kiosk configuration)\n\n"
        "#### Model Comparison — PTL iGPU (GenAI backend — best configuration)\n\n"
        "| Model + Backend | INT4 TPS | Notes |\n|---|---|---|\n"
        "| Qwen 2.5-7B AWQ + GenAI | **18.7** | Best iGPU (DDR5-5600) |\n\n"
        "### 6.2 Summary Table — PTL iGPU (DDR5-7200) — Bandwidth Validation\n\n"
        "To validate that optimization gains scale with hardware bandwidth, we re-ran the best "
        "configurations on PTL with DDR5-7200 SODIMMs (+22% bandwidth over DDR5-5600).\n\n"
        "| Model + Backend | INT4 TPS | Notes |\n|---|---|---|\n"
        "| Qwen 2.5-7B AWQ + GenAI | **22.8** | Matches bandwidth elasticity prediction "
        "(21-22 TPS) |\n"
    )
    labels = {r.value: r.label for r in _results({"docs/runtime-optimization.md": text})}
    assert "DDR5-7200" in labels[22.8]
    assert labels[22.8] != labels[18.7]


SETUP_AND_RESULTS = """# Bench on two cards

I ran the script 5 times and it crashed 2 times.

| Model | Rate | Power (1st card + 2nd card) |
|---|---|---|
| m-14b | 16.65 tok/s | 81W + 86W |
"""


def test_how_often_a_script_ran_is_no_count_of_events() -> None:
    # read33-s28: "I ran the script 5 times" became the headline's "event count" of 5 times
    results = _results({"README.md": SETUP_AND_RESULTS})
    assert [r.value for r in _at(results, "README.md", 3)] == [2]


def test_a_header_naming_each_value_of_a_cell_names_each_figure() -> None:
    # read31-s28: "81W + 86W" under "Power Usage (1st card + 2nd card)": the first value was
    # labelled as the header's sum, the second "(value 2 of 2)"
    results = _results({"README.md": SETUP_AND_RESULTS})
    labels = {r.value: r.label for r in _at(results, "README.md", 7)}
    assert labels[81].endswith("Power: 1st card")
    assert labels[86].endswith("Power: 2nd card")


def test_a_row_run_on_the_cpu_is_not_the_gpu_its_column_names() -> None:
    # read31-s28: `| llama-bench TinyLlama-1.1B Q4 (CPU) | 410 / 27 t/s |` under the laptop's
    # `RTX 5070 Ti` column was published as measured on the RTX 5070 Ti
    text = (
        "# Bench\n\nAll runs on an RTX 5070 Ti laptop.\n\n"
        "| Benchmark | RTX 5070 Ti |\n|---|---|\n"
        "| llama-bench TinyLlama-1.1B Q4 (GPU) | 313 t/s |\n"
        "| llama-bench TinyLlama-1.1B Q4 (CPU) | 27 t/s |\n"
    )
    results = _results({"README.md": text})
    assert [r.conditions.get("system") for r in _at(results, "README.md", 7)] == ["RTX 5070 Ti"]
    assert [r.conditions.get("system") for r in _at(results, "README.md", 8)] == [None]


def test_a_units_slash_in_a_header_names_no_value_of_a_cell() -> None:
    # review of session 28: `(tok/s)` read as a list of two names gave `Throughput: tok`
    text = "# Bench\n\n| Model | Throughput (tok/s) |\n|---|---|\n| m-8b | 41.2 / 38.5 |\n"
    labels = [r.label for r in _at(_results({"README.md": text}), "README.md", 5)]
    assert labels and not any(": tok" in label or ": s" in label for label in labels)
