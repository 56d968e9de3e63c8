"""Free text read for conditions: the engine a heading or caption names and the version
written after it, whole."""

from __future__ import annotations

import pytest

from draftflow.extract.conditions.readers import Resolved, read_cells, read_key_values, read_text


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("vLLM 0.19.1 results", "0.19.1"),
        ("imported `vllm 0.1.dev1+g6804e1b81` from /opt/vllm", "0.1.dev1+g6804e1b81"),
        ("vLLM 0.22.1rc1, two nodes", "0.22.1rc1"),
        ("llama.cpp b6100 on one Spark", "b6100"),
    ],
)
def test_the_version_after_an_engine_is_read_as_written(text: str, version: str) -> None:
    """A dev build's version is its whole string, never the release it starts with."""
    resolved = Resolved()
    read_text(resolved, text)
    assert resolved.values["engine_version"] == version


def test_a_version_ending_a_sentence_loses_the_full_stop() -> None:
    resolved = Resolved()
    read_text(resolved, "Every run used SGLang 0.5.2.")
    assert resolved.values["engine"] == "SGLang"
    assert resolved.values["engine_version"] == "0.5.2"


def test_an_engine_with_no_version_after_it_gives_none() -> None:
    resolved = Resolved()
    read_text(resolved, "Served by vLLM on two nodes")
    assert resolved.values["engine"] == "vLLM"
    assert "engine_version" not in resolved.values


def test_a_name_cut_short_by_its_table_names_no_model() -> None:
    resolved = Resolved()
    resolved.put("model", "Qwen/Qwen3-Coder-30B-A3B-Instr...")
    resolved.put("engine", "vLL…")
    assert resolved.values == {}
    resolved.put("model", "Qwen/Qwen3-Coder-30B-A3B-Instruct")
    assert resolved.values == {"model": "Qwen/Qwen3-Coder-30B-A3B-Instruct"}


def test_a_table_heading_naming_an_ollama_model_gives_its_figures_the_model() -> None:
    """geerlingguy/ai-benchmarks README.md:91 (team gold): `### DeepSeek R1 14b` above its
    table; infantesromeroadrian/JetsonAGXORIN_Testing: a row's `**gpt-oss:20b**` cell."""
    heading = Resolved()
    read_text(heading, "DeepSeek R1 14b")
    assert heading.values["model"] == "DeepSeek R1 14b"
    tagged = Resolved()
    read_text(tagged, "Results for gpt-oss:20b on the Orin")
    assert tagged.values["model"] == "gpt-oss:20b"


def test_a_hardware_line_counting_its_devices_states_the_count() -> None:
    """ninehills/llm-inference-benchmark README.md:44 (dev gold): `- GPU: 1x NVIDIA RTX4090
    24GB` states one device, as a table's `2 x ...` system cell does; a line naming the
    machine without a count states none."""
    counted = Resolved()
    read_key_values(counted, [("GPU", "1x NVIDIA RTX4090 24GB")])
    assert counted.values["node_count"] == 1
    plain = Resolved()
    read_key_values(plain, [("Hardware", "NVIDIA DGX Spark (GB10, 128 GB)")])
    assert "node_count" not in plain.values


def test_a_quantization_cell_naming_its_model_states_both() -> None:
    """QwenLM/Qwen README.md:459 (team gold): `| Quantization | MMLU |` over `| Qwen-72B-Chat
    (BF16) | 74.4 |` gave the weight format `Qwen-72B-Chat (BF16)` and no model."""
    resolved = Resolved()
    read_cells(resolved, [("Quantization", "Qwen-72B-Chat (BF16)")])
    assert resolved.values == {"model": "Qwen-72B-Chat", "weight_precision": "BF16"}
    plain = Resolved()
    read_cells(plain, [("Quantization", "4-bit AWQ")])
    assert plain.values == {"weight_precision": "4-bit AWQ"}


def test_a_cell_saying_not_available_states_no_condition() -> None:
    """sensura-san/llm-bench results_extended_21nov.csv:52 (read31-s27b): llama-bench's
    `gpu_info` column holds `NA` on a CPU-only Raspberry Pi, and the figure took system "NA"."""
    for written in ("NA", "N/A", "n/a", "-", "—", "unknown"):
        resolved = Resolved()
        read_cells(resolved, [("gpu_info", written), ("quant", "Q8_0")])
        assert resolved.values == {"weight_precision": "Q8_0"}, written


def test_a_setup_listing_a_sweeps_points_states_no_figures_concurrency() -> None:
    """nijaru/vllama ai/research/concurrent-performance-test.md (read31-s27b): the test list's
    `Concurrent requests: 5, 10, 50` gave every row concurrency 5, though each row's own
    `Concurrent` cell says 10 or 50."""
    listed = Resolved()
    read_key_values(listed, [("Concurrent requests", "5, 10, 50")])
    assert "concurrency" not in listed.values
    row = Resolved()
    read_cells(row, [("Concurrent", "10"), ("Notes", "Scales well")])
    assert row.values == {"concurrency": 10}


def test_a_farther_place_naming_the_same_machine_more_fully_names_it() -> None:
    """guruswami-ai/mlx-benchmarks docs/FINDINGS.md (team gold): the introduction's `5-node M3
    Ultra cluster` is nearer than the hardware table's `| SoC | Apple M3 Ultra (2× M3 Max dies)
    |`, which names the same machine in full; another machine or a count of them does not."""
    resolved = Resolved()
    resolved.put("system", "M3 Ultra")
    read_key_values(resolved, [("SoC", "Apple M3 Ultra (2× M3 Max dies)")])
    assert resolved.values["system"] == "Apple M3 Ultra"
    other = Resolved()
    other.put("system", "DGX Spark")
    other.put("system", "2x DGX Spark")
    other.put("system", "RTX 4090")
    assert other.values["system"] == "DGX Spark"


def test_a_documents_path_names_no_model() -> None:
    """MiaAI-Lab's docs/GLM-NEW-REPORT.md:376 (read-s32): `| 0731 checkpoint + serving
    profile | docs/DEEPSEEK_V4_FLASH_0731.md |` gave its row the model
    `docs/DEEPSEEK_V4_FLASH_0731.md`; a weights file still names its model."""
    cell = Resolved()
    read_cells(cell, [("Primary source in this repo", "`docs/DEEPSEEK_V4_FLASH_0731.md`")])
    assert "model" not in cell.values
    weights = Resolved()
    read_cells(weights, [("Model", "Qwen2-7B.gguf")])
    assert weights.values.get("model") == "Qwen2-7B.gguf"


@pytest.mark.parametrize(
    "text",
    [
        "From the published 0731 sweep on 2× DGX Spark, TP=2, NVFP4 DS-MLA, MTP-5",
        "Qwen3-8B with fp8 attention on one GPU",
    ],
)
def test_a_caches_or_attentions_format_is_no_weight_precision(text: str) -> None:
    """MiaAI-Lab's docs/GLM-NEW-REPORT.md:63 (read-s32): `NVFP4 DS-MLA` is the format of
    DeepSeek's latent-attention KV cache (README.md:11 `nvfp4_ds_mla` KV), and the section's
    decode rates took weight precision NVFP4."""
    resolved = Resolved()
    read_text(resolved, text)
    assert "weight_precision" not in resolved.values


@pytest.mark.parametrize(
    ("written", "values"),
    [
        ("/models/gemma-4-31B-it-qat-w4a16-ct", {"model": "gemma-4-31B-it-qat-w4a16-ct"}),
        (
            "qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf",
            {"model": "qwen2.5-7b-instruct", "weight_precision": "q4_k_m"},
        ),
        ("Qwen/Qwen3-8B", {"model": "Qwen/Qwen3-8B"}),
    ],
)
def test_a_models_local_path_or_weights_file_gives_its_name(
    written: str, values: dict[str, str]
) -> None:
    """read-s32: cadamcat's figures took the model `/models/gemma-4-31B-it-qat-w4a16-ct` (a
    local folder), pendakwahteknologi's `qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf` (a
    split weights file's part, its type in lower case); a published id is kept whole."""
    resolved = Resolved()
    resolved.put("model", written)
    assert resolved.values == values


def test_a_model_key_names_the_model_before_a_run_name_shaped_like_one() -> None:
    """ray-project/llmperf-leaderboard raw_data/summary/anyscale_13b.json:3-4 (read-s32): the
    summary's `"name": "meta-llama-Llama-2-13b-chat-hf_550_150_summary"` (the run's name) came
    before its `"model": "meta-llama/Llama-2-13b-chat-hf"` and every figure took the run name
    as its model."""
    resolved = Resolved()
    cells = [
        ("version", "2023-08-31"),
        ("name", "meta-llama-Llama-2-13b-chat-hf_550_150_summary"),
        ("model", "meta-llama/Llama-2-13b-chat-hf"),
    ]
    read_cells(resolved, cells)
    assert resolved.values["model"] == "meta-llama/Llama-2-13b-chat-hf"


def test_a_configuration_s_letter_with_its_size_names_no_model() -> None:
    """cadamcat/dual-radeon-vllm benchmarks/results.jsonl:118 (read-s32): `"cfg":
    "A-12B-tp2"` (configuration A, a 12B model on two cards) was every figure's model; the
    repository names no model for it. A family's name is two characters or more."""
    config = Resolved()
    read_cells(config, [("cfg", "A-12B-tp2"), ("kind", "decode")])
    assert "model" not in config.values
    named = Resolved()
    read_cells(named, [("cfg", "Yi-34B-tp2")])
    assert named.values.get("model") == "Yi-34B-tp2"


def test_a_score_under_a_format_header_is_no_weight_precision() -> None:
    """kojira/vllm_gb10 benchmarks/instruction_following_summary.tsv:13 (read-s34): the
    `format` category's score `3/3` was a hosted model's weight precision."""
    scored = Resolved()
    read_cells(scored, [("model", "gemini-3-flash-preview"), ("format", "3/3")])
    assert "weight_precision" not in scored.values
    named = Resolved()
    read_cells(named, [("format", "Q4_K_M")])
    assert named.values.get("weight_precision") == "Q4_K_M"
