"""Meanings read wrong in repositories fetched in session 24 (issue 31), each from an excerpt
of the real document: a diffusion sampler's iterations per second read as tokens per second,
and a row naming a `decoder` read as a decode rate."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.conditions.setup_names import count_of
from draftflow.extract.unit_fit import fitted_metric
from draftflow.numbers.units import unit_of_name
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

# fal-ai/stable-diffusion-benchmarks README.md:18-24 (an A100 80G; end-to-end image generation)
_SD_TABLE = (
    "# Stable Diffusion Benchmarks\n\n"
    "### SD1.5 (End-to-end) Benchmarks\n"
    "|                  | mean (s) | median (s) | min (s) | max (s) | speed (it/s) |\n"
    "|------------------|----------|------------|---------|---------|--------------|\n"
    "| Diffusers (torch 2.1, SDPA) + OpenAI's consistency decoder\\*\\* |   2.230s |"
    "     2.229s |  2.220s |  2.238s |   22.43 it/s |\n"
    "| Diffusers (torch 2.1, xformers) |   1.729s |     1.728s |  1.720s |  1.747s |"
    "   28.94 it/s |\n"
)


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_iterations_per_second_are_never_tokens_per_second() -> None:
    rates = {r.value: r for r in _results({"README.md": _SD_TABLE}) if r.value in (22.43, 28.94)}
    assert rates, "the it/s column gave no figure"
    for result in rates.values():
        assert result.unit == "it/s"  # was tokens/s: `speed (it/s)` holds `t/s`
        assert result.metric not in {"decode_rate", "throughput", "prefill_rate"}


def test_a_rate_metric_keeps_its_own_unit() -> None:
    # a row naming a `decoder` made the sampler's rate a decode rate
    assert fitted_metric("decode_rate", "it/s", "speed (it/s)", True, False) == "iteration_rate"
    assert fitted_metric("throughput", "req/s", "x", True, False) == "request_throughput"
    assert fitted_metric("throughput", "t/s", "x", True, False) == "throughput"


def test_an_escaped_footnote_mark_leaves_no_backslash_in_a_label() -> None:
    # `consistency decoder\*\*`: CommonMark writes `**` (a footnote mark), not `\\`
    labels = {r.label for r in _results({"README.md": _SD_TABLE}) if r.value == 2.23}
    assert labels and all("\\" not in label and "decoder" in label for label in labels)


def test_a_clips_length_is_no_latency() -> None:
    # BotYue/Pi-Whisper-RSS25-Workshop README.md:22-27, a test set's description
    readme = (
        "# Whisper on a Pi\n\n## Evaluation Tasks\n\nIt evaluated models across two test sets:\n\n"
        "| Test Sets          | Description |\n| --- | --- |\n"
        "| **Common Voice** | short single-sentence speech clips (10 clips total) |\n"
        "| **AP News**      | 1–2 minutes long AP news clips (5 clips total) |\n\n"
        "The tiny model transcribed a clip in 4.2 s on average.\n"
    )
    values = {(r.value, r.unit) for r in _results({"README.md": readme})}
    assert (1, "min") not in values and (2, "min") not in values


# newbdez33/llm-mac-512 docs/test-results/reports/qwen3-vs-minimax-comparison-20260206.md:24-40
_COMPARISON = (
    "# Qwen3-Coder-Next vs MiniMax M2.1 性能对比报告\n**测试日期:** 2026-02-06\n\n"
    "| 指标 | MiniMax M2.1 Q4_K_S | Qwen3-Coder-Next Q4_K_M | Qwen3 优势 |\n"
    "|------|---------------------|-------------------------|------------|\n"
    "| **平均 TPS** | 37.37 | 33.92 | -9% (速度) |\n"
    "| **TPS/GB 效率** | 0.27 | **0.70** | **+159%** ✅ |\n\n"
    "#### 短文本生成 (100 tokens)\n\n"
    "| 模型 | Tokens | 时间 | TPS | 速度对比 |\n|------|--------|------|-----|----------|\n"
    "| MiniMax Q4_K_S | 100 | 3.53s | 28.36 | 基准 |\n"
    "| Qwen3 Q4_K_M | 64 | 2.35s | 27.28 | **-33% 时间** ✅ |\n"
)
_COMPARISON_PATH = "docs/reports/qwen3-vs-minimax-comparison-20260206.md"


def test_a_rate_per_gigabyte_is_an_efficiency_not_a_rate() -> None:
    results = {r.value: r for r in _results({_COMPARISON_PATH: _COMPARISON})}
    assert results[0.7].unit != "tokens/s" and results[0.7].metric == "efficiency"
    assert results[37.37].unit == "tokens/s"


def test_a_comparison_reports_file_name_is_no_model() -> None:
    # the model was `qwen3-vs-minimax-comparison-20260206`, cited at the file name (line 0)
    results = {r.value: r for r in _results({_COMPARISON_PATH: _COMPARISON})}
    models = {r.conditions.get("model") for r in results.values()}
    assert not any("comparison" in str(model) for model in models)
    # a Chinese `模型` (model) column names its row's model, then its weights' type
    assert results[28.36].conditions.get("model") == "MiniMax"
    assert results[28.36].conditions.get("weight_precision") == "Q4_K_S"
    assert results[27.28].conditions.get("model") == "Qwen3"


def test_a_gguf_types_last_part_is_no_seconds() -> None:
    # `MiniMax M2.1 Q4_K_S` as a column header made its 37.37 TPS a latency of 37.37 s
    results = {r.value: r for r in _results({_COMPARISON_PATH: _COMPARISON})}
    assert results[37.37].unit == "tokens/s" and results[0.27].unit != "s"
    assert unit_of_name("IQ3_S") is None and unit_of_name("ttft_s") == "s"


def test_a_version_column_of_model_variants_states_no_engine_version() -> None:
    # newbdez33/llm-mac-512 README.md:107-111, under `Archived Baseline Tests (Native mlx-lm)`
    readme = (
        "# LLM on a Mac Studio M3 Ultra\n\n#### Archived Baseline Tests (Native mlx-lm)\n\n"
        "| Version | Memory | Avg TPS | TTFT | Status |\n|---|---|---|---|---|\n"
        "| mlx-4bit | 135 GB | 45.73 | 67ms | Archived |\n"
        "| mlx-6bit | 198 GB | 39.01 | 75ms | Archived |\n"
    )
    results = {r.value: r for r in _results({"README.md": readme})}
    assert results[45.73].conditions.get("engine_version") in (None, "")


def test_a_compute_name_column_names_the_system() -> None:
    # maxbengtsson10/Tenstorrent-paper scores.md:1-7
    scores = (
        "# All scores are computed using a fixed window size of 512 and 5 runs\n\n"
        "| Compute Type | Compute Name | Tokens/Sec | Per Run Time | Total Time |\n"
        "| :--- | :--- | :---: | :---: | :---: |\n"
        "| GPU | Nvidia A6000 | 84.94 | 6.02 | 30.76 |\n"
        "| TPU | Google TPU v3-8 (Kaggle) (Dynamic) | 3.49 | 146.69 | - |\n"
    )
    results = {r.value: r for r in _results({"scores.md": scores})}
    assert results[84.94].conditions.get("system") == "Nvidia A6000"
    assert results[3.49].conditions.get("system") == "Google TPU v3-8 (Kaggle) (Dynamic)"


def test_a_test_period_leaves_the_file_date_no_experiment_date() -> None:
    # newbdez33/llm-mac-512 docs/test-results/reports/final-summary-20260206.md: the runs
    # spread over five days, the file is dated the last
    report = (
        "# MiniMax M2.1 on Mac 512GB: final summary\n"
        "**测试周期:** 2026-02-02 至 2026-02-06\n\n"
        "| Format | TPS |\n|---|---|\n| GGUF Q4_K_S | 37.37 |\n"
    )
    dated = {
        r.value: r.conditions.get("experiment_date")
        for r in _results({"docs/reports/final-summary-20260206.md": report})
    }
    assert dated[37.37] is None
    single = report.replace("2026-02-02 至 2026-02-06", "2026-02-06")
    assert {
        r.conditions.get("experiment_date")
        for r in _results({"docs/reports/final-summary-20260206.md": single})
    } == {"2026-02-06"}


def test_a_row_named_by_a_long_first_cell_names_its_figures() -> None:
    # fal-ai README.md:30: four rows' it/s figures shared the label `speed (it/s)`
    table = (
        "# SD\n\n### SD1.5 (End-to-end) Benchmarks\n| | mean (s) | speed (it/s) |\n|---|---|---|\n"
        "| OneFlow | 0.950s | 52.65 it/s |\n"
        "| TensorRT 9.0 (cuda graphs, static shapes) | 0.819s | 61.14 it/s |\n"
    )
    labels = {r.value: r.label for r in _results({"README.md": table})}
    assert labels[61.14].startswith("TensorRT 9.0 (cuda graphs, static shapes)")
    assert labels[52.65].startswith("OneFlow")


# dambergn/ollama-benchmarks `data/Deepseek-r1_8b Raspberry Pi 5.md:95-110`: `ollama run --verbose`
_OLLAMA_VERBOSE = (
    "## Metrics\n```\n"
    "NAME              ID              SIZE      PROCESSOR    UNTIL\n"
    "deepseek-r1:8b    28f8fd6cdc67    6.5 GB    100% CPU     4 minutes from now\n\n"
    "total duration:       14m59.275589611s\n"
    "prompt eval count:    10 token(s)\n"
    "prompt eval rate:     2.59 tokens/s\n"
    "eval count:           1278 token(s)\n"
    "eval rate:            1.43 tokens/s\n```\n"
)


def test_ollama_ps_placement_and_expiry_are_no_results() -> None:
    # `100% CPU` (where the model is loaded) and `4 minutes from now` (when it is unloaded)
    found = {(r.value, r.unit) for r in _results({"data/run.md": _OLLAMA_VERBOSE})}
    assert (100, "%") not in found and (4, "min") not in found
    assert (1.43, "tokens/s") in found


def test_a_run_file_named_for_its_machine_cites_its_name() -> None:
    path = "data/Deepseek-r1_8b Raspberry Pi 5.md"
    rate = next(r for r in _results({path: _OLLAMA_VERBOSE}) if r.value == 1.43)
    assert rate.conditions.get("system") == "Raspberry Pi 5"
    assert rate.conditions.get("model") == "Deepseek-r1 8b"


def test_a_list_items_machines_are_not_its_siblings() -> None:
    # d893a/localscore-insights README.md:15-21: a section's list, each item its own machines;
    # `Intel CPUs are 10x slower` was given the item above's `M3 Ultra, M4 Max`
    summary = (
        "# LocalScore insights\n\nIntro.\n\n## Summary\n\n"
        "-   For prompt processing: (14B parameter model, ttft < 3 seconds):\n"
        "    -   Some Apple GPUs (M3 Ultra, M4 Max) are on par with AMD GPUs.\n"
        "    -   Intel CPUs are 10x slower than Apple GPUs, and 100x slower than NVIDIA GPUs.\n"
    )
    systems = {r.value: r.conditions.get("system") for r in _results({"README.md": summary})}
    assert systems.get(10) is None and systems.get(100) is None


def test_a_gpus_model_number_is_no_machine_count() -> None:
    # atomicjets/gemma-embeddings GEMMA.md:1 (`4 x RTX 4090 machine`): node_count 4090 on
    # every figure (read31-s24b)
    assert count_of("4 x RTX 4090 machine") is None and count_of("Xeon 6248 machine") is None
    assert count_of("a 2-node cluster") == 2 and count_of("four machines") == 4
