"""Meanings read wrong in repositories fetched in session 23 (issue 31), each from an excerpt
of the real document: a row's model family beside its parameter count, a parameter count as
a figure, a configured power mode as a power drawn, an author's expectations as results, the
engine a hardware cell names in brackets."""

from __future__ import annotations

import asyncio
import json

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

# Advantech-EdgeSync-Containers/Qwen2.5-3B-AI-Agent-on-NVIDIA-Jetson
# llm-models-performance-notes-readme.md:1-9, under a README about another model
_JETSON_NOTES = (
    "# Qwen2.5 3B AI Agent on NVIDIA Jetson\n\n"
    "The following results were obtained on a Jetson Orin NX 8GB module configured in 25W "
    "power mode to ensure optimal performance. These models were pulled from the official "
    "repository of Ollama.\n\n"
    "| Model Family | Parameters | Quantization | Size | Performance  |\n"
    "|--------------|------------|--------------|------|--------------|\n"
    "| DeepSeek R1 | 1.5 B | Q4_K_M | 1.1 GB | ~15-17 tokens/sec |\n"
    "| DeepSeek R1 | 7 B | Q4_K_M | 4.7 GB | ~5-7 tokens/sec |\n"
    "| DeepSeek Coder | 1.3 B | Q4_0 | 776 MB | ~20-25 tokens/sec |\n"
)


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_rows_model_family_and_parameter_count_are_its_model() -> None:
    results = _results({"README.md": _JETSON_NOTES})
    models = {r.value: r.conditions.get("model") for r in results if r.unit == "tokens/s"}
    assert models.get(15) == "DeepSeek R1 1.5 B"  # as written, so verify finds its label
    assert models.get(5) == "DeepSeek R1 7 B"
    assert models.get(20) == "DeepSeek Coder 1.3 B"  # never the heading's Qwen2.5 3B


def test_a_parameter_count_and_a_power_mode_are_no_results() -> None:
    results = _results({"README.md": _JETSON_NOTES})
    # the `Parameters` column is a model's size; `configured in 25W power mode` a setting
    assert results and {r.unit for r in results} == {"tokens/s"}


def test_what_the_author_expects_is_no_result() -> None:
    # sirrand27/Orin_Nano_Super_Lab PERFORMANCE_OPTIMIZATION_GUIDE.md:9-11 and :211-215
    guide = (
        "# Guide\n\n## Expected Performance Improvements\n\n"
        "| Optimization | Expected Gain | Impact |\n|---|---|---|\n"
        "| Memory swappiness + overcommit | 30-50% faster model loading | **HIGH** |\n\n"
        "### Expected Response Times (After Optimization)\n\n"
        "| Model | First Load | Subsequent Queries | Notes |\n|---|---|---|---|\n"
        "| qwen2.5-coder:turbo | ~15 sec | ~20-30 sec | Fastest coding model |\n\n"
        "## Measured\n\n| Model | Decode (tok/s) |\n|---|---|\n| qwen2.5-coder:7b | 12.4 |\n"
    )
    values = {r.value for r in _results({"README.md": guide})}
    assert values == {12.4}


def test_a_hardware_cell_names_the_engine_in_brackets() -> None:
    # FastFlowLM/FastFlowLM docs/benchmarks/llama3_results.md:9 and :17-20
    page = (
        "# LLaMA 3 Benchmark Results\n\n"
        "This section reports the decoding speed of LLMs on different hardware: NPU "
        "(FastFlowLM), NPU (Ryzen AI Software), iGPU (LM Studio), and CPU (LM Studio).\n\n"
        "| **Model** | **Hardware** | **Decode (tok/s)** |\n|---|---|---|\n"
        "| **LLaMA 3.2 1B** | NPU (FastFlowLM) | 36.7 |\n"
        "| | NPU (Ryzen AI Software) | 18.6 |\n"
        "| | iGPU | 28.7 |\n"
    )
    engines = {r.value: r.conditions.get("engine") for r in _results({"README.md": page})}
    assert engines.get(36.7) == "FastFlowLM"
    assert engines.get(18.6) == "Ryzen AI Software"
    assert engines.get(28.7) is None  # the sentence names three engines: none is all rows'


def test_a_memory_bandwidth_is_a_bandwidth_and_a_theoretical_peak_a_spec() -> None:
    # Huaming007/Adreno740-Vulkan-LLM-Android README.md:21-26 (理论峰值: theoretical peak)
    readme = (
        "# Adreno 740\n\n| 测试项目 (Vulkan) | 理论峰值 (GFLOPS/GIOPS) | 对标说明 |\n"
        "| :--- | :--- | :--- |\n"
        "| **Memory Bandwidth** | **17.73 GB/s** | **高速统一内存通道 (UMA)** |\n"
    )
    found = [r for r in _results({"README.md": readme}) if r.value == 17.73]
    assert found and found[0].metric == "bandwidth"
    assert found[0].status is not None and found[0].status.status == "specification"


def test_a_recommendation_table_and_a_swap_size_are_no_results() -> None:
    # sirrand27/Orin_Nano_Super_Lab JETSON_OLLAMA_GUIDE.md:146-150 and
    # LARGE_MODELS_MASTER_GUIDE.md:5 (read31-s23: guidance and a configured swap published)
    guide = (
        "# Guide\n\nThe Orin Nano struggled despite having 128GB of swap space.\n\n"
        "## Recommended Models for Jetson Orin Nano 8GB\n\n"
        "| Model | Memory Usage | Speed |\n|---|---|---|\n| tinyllama:1.1b | ~1.5GB | Fast |\n\n"
        "## Measured\n\n| Model | Decode (tok/s) |\n|---|---|\n| tinyllama:1.1b | 41.3 |\n"
    )
    assert {r.value for r in _results({"README.md": guide})} == {41.3}


def test_the_time_a_guides_step_requires_is_no_latency() -> None:
    # sirrand27/Orin_Nano_Super_Lab PERFORMANCE_OPTIMIZATION_GUIDE.md:41 (read33-s23: the title
    # read "latency of 2-3 min")
    guide = (
        "# Guide\n\n### Run the Full Optimization Script\n\n"
        "This script automatically applies the tuning.\n\n"
        "**Time Required**: ~2-3 minutes\n\n"
        "Decode reached 41.3 tok/s after it.\n"
    )
    assert {r.value for r in _results({"README.md": guide})} == {41.3}


def test_a_gpu_architecture_in_a_spec_table_is_not_the_system() -> None:
    # Advantech-EdgeSync-Containers/... README.md:139 gave every ACC-README row system `Ampere`
    from draftflow.extract.conditions.setup_names import systems_named

    assert not systems_named("| GPU | NVIDIA® Ampere architecture with 1024 CUDA® cores |")
    assert systems_named("| H100 | 97 tokens/s (Hopper) |")  # a row's own generation word


def test_a_chat_lines_prompt_rate_is_prefill_and_its_generation_rate_decode() -> None:
    # Huaming007/Adreno740-Vulkan-LLM-Android README.md:52-56: llama.cpp's chat line; both
    # rates shared one label as `throughput` (read31-s23 §4); the key right before a value
    # names it, never the next key
    demo = (
        "## 📖 真实对话演示 (Case Study)\n\n"
        "> **User**: 你是谁？  \n"
        "> **AI**: 我是来自阿里云的AI助手...  \n"
        "> `[ Prompt: 606.5 t/s | Generation: 6.6 t/s ]`\n"
    )
    metrics = {r.value: r.metric for r in _results({"README.md": demo})}
    assert metrics == {606.5: "prefill_rate", 6.6: "decode_rate"}
    labels = {r.label for r in _results({"README.md": demo})}
    assert len(labels) == 2


def _shared(results: list[ReportedResult]) -> list[tuple[float, float]]:
    from draftflow.extract.labels import labels_shared_across_settings

    pairs = labels_shared_across_settings([(r.label, r.conditions) for r in results])
    return [(results[a].value, results[b].value) for a, b in pairs]


# lhl/strix-halo-testing llm-bench/gpt-oss-120b-F16/README.md:1-6 (read31-s23 §8)
_LLAMA_BENCH = (
    "# Benchmark Results\n"
    "| backend | hipblaslt | -fa | -b | pp512 | tg128 | max_mem |\n"
    "|---|---|---|---|---|---|---|\n"
    "| llama.cpp-hip | | | | 349.57653 | 33.580682 | 62332 |\n"
    "| llama.cpp-hip | 1 | | | nan | **33.66161** | 62963 |\n"
    "| llama.cpp-hip | | -fa 1 | | nan | 33.021871 | 62086 |\n"
    "| llama.cpp-hip | 1 | -fa 1 | | nan | 33.016706 | 62116 |\n"
    "| llama.cpp-vulkan_amdvlk | | | -b 256 | 386.835679 | 33.623666 | 63831 |\n"
)

# NexVeridian/llm-inference-benchmarks README.md:1-17 (read31-s23 §7, read33-s23)
_SPEC_DEC = (
    "# Inference Benchmarks\n"
    "Apple M4 Max 48GB 16 Core 16-inch using LM Studio\n\n"
    "| Size (B) | Speed (T/s) | Model           | Type | Quant  | Spec Dec (B) | Spec Quant |\n"
    "|----------|-------------|-----------------|------|--------|--------------|------------|\n"
    "| 1.5      | 282         | qwen 2.5        | MLX  | 4      | -            | -          |\n"
    "| 7        | 101         | qwen 2.5        | MLX  | 4      | -            | -          |\n"
    "| 14       | 52          | qwen 2.5        | MLX  | 4      | -            | -          |\n"
    "| 14       | 55          | qwen 2.5        | MLX  | 4      | 1.5          | 4          |\n"
    "| 14       | 30          | qwen 2.5        | MLX  | 8      | -            | -          |\n"
)


def test_a_setting_column_of_numbers_tells_rows_apart() -> None:
    # two tg128 rows differing only by `hipblaslt` 1 shared the label `gpt-oss-120b, F16,
    # llama.cpp-hip, tg128`: a number cell was left to conditions no key reads
    results = _results({"llm-bench/gpt-oss-120b-F16/README.md": _LLAMA_BENCH})
    labels = {r.value: r.label for r in results}
    assert labels[33.580682] != labels[33.66161]
    assert "hipblaslt 1" in labels[33.66161]
    assert "max_mem" not in labels[33.66161]  # a measurement of the row, not its setting
    assert not _shared(results)


def test_a_speculative_decoding_row_says_its_draft_model() -> None:
    # the `Spec Dec (B)` 1.5 row was labelled as the plain row with `Spec Dec (B) -` on the
    # other: the row that states the draft model is the one its label marks
    results = _results({"README.md": _SPEC_DEC})
    labels = {r.value: r.label for r in results}
    assert "Spec Dec (B) 1.5" in labels[55]
    assert "Spec Dec" not in labels[52]
    assert not _shared(results)


def test_an_opening_that_speaks_for_every_figure_names_their_model() -> None:
    # er0080/vllm-benchmarking docs/tuning-playbook.md:1-11,48-56: the model was blank on every
    # row (read31-s23 §6) though the opening says every number comes from Qwen3.5-9B
    playbook = (
        "# Tuning playbook\n\n"
        "The framework measures and displays; you decide.\n\n"
        "Every number here comes from a real sweep on this framework: Qwen3.5-9B at "
        "`max-model-len`\n8192, `gpu-memory-utilization` 0.90, `max-num-seqs` 64, on 2× RTX 3090 "
        "with vLLM 0.25.1.\nTensor-parallel size 1 and 2 crossed with concurrency 4, 16 and 64.\n\n"
        "## Pareto frontier\n\nFrom the sweep:\n\n"
        "| Point | tok/s/GPU | tok/s/user | |\n| --- | --- | --- | --- |\n"
        "| TP=2, concurrency 4 | 509 | 63.6 | frontier — fastest for one user |\n"
        "| TP=1, concurrency 4 | 703 | 40.8 | frontier |\n"
    )
    results = _results({"docs/tuning-playbook.md": playbook})
    assert {r.conditions.get("model") for r in results if r.unit == "tokens/s"} == {"Qwen3.5-9B"}
    cited = {tuple(r.condition_sources.get("model", [])) for r in results if r.unit == "tokens/s"}
    assert cited == {("docs/tuning-playbook.md:5",)}


def test_an_opening_that_only_names_a_model_names_no_figures_model() -> None:
    # the opening says what the document is about, not which model each run used
    about = (
        "# Engine notes\n\nWe compare engines for serving Llama 3.1 8B.\n\n"
        "## Results\n\n| Engine | tok/s |\n| --- | --- |\n| vLLM | 41.2 |\n| SGLang | 44.0 |\n"
    )
    results = _results({"README.md": about})
    assert results and all(r.conditions.get("model") is None for r in results)


def test_a_tips_sections_rule_of_thumb_is_no_result() -> None:
    # sirrand27/Orin_Nano_Super_Lab README.md:112-116: speeds by model-size class, no model
    # and no run, were published as results and made the title (read31-s23 §3, read33-s23)
    readme = (
        "# Orin Nano Lab\n\n## Performance Tips\n\n"
        "1. **Models up to 8GB** run mostly in RAM (fast: 15-30 tok/s)\n"
        "2. **Models 8-30GB** use some swap (medium: 5-15 tok/s)\n"
        "4. Monitor with: `watch -n 1 free -h`\n\n"
        "## Results\n\nqwen2.5-coder:7b decoded at 12.4 tok/s.\n"
    )
    assert {r.value for r in _results({"README.md": readme})} == {12.4}


def test_a_json_records_readings_name_no_setting() -> None:
    # lhl/strix-halo-testing llm-bench/gpt-oss-120b-F16/results.jsonl:21,47,73,22 (trimmed):
    # `gtt_delta_mib` 61481 beside 61489 is a reading, not a setting that names a row; the
    # swept `value` and `hipblaslt` are
    keys = ("mode", "value", "tokens_per_sec", "build", "hipblaslt", "fa", "gtt_delta_mib")
    rows = (
        ("tg", 128, 33.580682, "llama.cpp-hip", "", "", 61481),
        ("tg", 128, 33.021871, "llama.cpp-hip", "", "-fa 1", 61489),
        ("tg", 128, 33.66161, "llama.cpp-hip", "1", "", 61481),
        ("tg", 256, 33.342844, "llama.cpp-hip", "", "", 61589),
    )
    text = "".join(json.dumps(dict(zip(keys, row, strict=True))) + "\n" for row in rows)
    results = _results({"llm-bench/gpt-oss-120b-F16/results.jsonl": text})
    labels = {r.value: r.label for r in results if r.unit == "tokens/s"}
    assert not any("_mib" in label for label in labels.values())
    assert "hipblaslt 1" in labels[33.66161]
    assert len(set(labels.values())) == len(labels)
