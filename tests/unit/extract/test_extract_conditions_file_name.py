"""Conditions a run file's name and a data file's rows state, and those they do not
(`extract/conditions/file_name.py`, `context.py`, `setup_names.header_key`, `readers.VERSION`)."""

from __future__ import annotations

import re

import pytest
from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions.columns import split_weights_name
from draftflow.extract.conditions.file_name import file_name_conditions
from draftflow.extract.conditions.readers import VERSION, Resolved, read_key_values, read_text
from draftflow.extract.conditions.setup_names import (
    count_of,
    header_key,
    is_version,
    model_in,
    names_model,
    sole_system,
)
from draftflow.extract.conditions.setup_reading import _names_several, _setup_reading

RUN = "Llama-3.1-8B_latency_bs8_in128_out128_float16_mem0.8_20250807_191102.json"


def test_a_run_files_name_states_its_batch_format_and_model_not_its_lengths() -> None:
    # `in128_out128` is what the run asked for: PalatineVision's `in32000_out1024` files
    # report prompts of about 2,085 and 50 tokens (tests/e2e/test_extract_run_settings.py)
    found = dict(file_name_conditions(f"results/containerized/{RUN}"))
    assert found == {"concurrency": 8, "weight_precision": "float16", "model": "Llama-3.1-8B"}


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("benchmarks/gpt-oss-120b/parallel.csv", {"model": "gpt-oss-120b"}),  # its folder
        ("logs/vulkan_radv__fa1__longctx32768.log", {"context_tokens": 32768}),
        ("docs/2026-02-20_qwen397b-np1-max-context.md", {}),  # a run's name, not a model
        ("runs/bs8_bs16_sweep.json", {}),  # two batches: neither is the file's
        ("results/Qwen3-8B_vs_Llama-3.1-8B.json", {}),  # two models: neither is the file's
        ("README.md", {}),
        # lhl's model folders, named with their GGUF type (s20: one model-name test; the
        # draft's title said GLM-4.5-Air-UD-Q4_K_XL names a model, the reader that it did not,
        # and the reverse of Hunyuan-A13B-Instruct-UD-Q6_K_XL)
        (
            "llm-bench/GLM-4.5-Air-UD-Q4_K_XL/README.md",
            {"model": "GLM-4.5-Air", "weight_precision": "UD-Q4_K_XL"},
        ),
        (
            "llm-bench/Hunyuan-A13B-Instruct-UD-Q6_K_XL/README.md",
            {"model": "Hunyuan-A13B-Instruct", "weight_precision": "UD-Q6_K_XL"},
        ),
        (
            "llm-bench/Qwen3-30B-A3B-UD-Q4_K_XL/README.md",
            {"model": "Qwen3-30B-A3B", "weight_precision": "UD-Q4_K_XL"},
        ),
        ("llm-bench/dots.llm1.inst-UD-Q4_K_XL/README.md", {}),  # no family, no size: none
        # adurham/exo: a report's name is about a model, not its name (the report's
        # `**Model:**` line names it: DeepSeek-V4-Flash-8bit)
        ("docs/deepseek-v4-mtp-performance.md", {}),
        ("results/qwen3-8b-results.json", {"model": "qwen3-8b"}),
    ],
)
def test_a_name_states_only_what_it_names_once(path: str, expected: dict[str, JsonValue]) -> None:
    assert dict(file_name_conditions(path)) == expected


def test_a_json_figure_takes_the_settings_its_file_name_states() -> None:
    document = make_document(f"results/{RUN}", '{\n  "avg_latency": 0.8976\n}\n')
    found = seed_conditions(
        {"avg_latency": 0.8976},
        text="0.8976",
        value=0.8976,
        line=2,
        column="avg_latency",
        context=DocumentContext(document),
        readme=None,
    )
    assert found["concurrency"] == 8
    assert "input_tokens" not in found
    assert found["model"] == "Llama-3.1-8B"


CSV = """name_gpu,num_gpu,price,resnet50,tacotron2
2x RTX 8000,2.0,9000.0,1200.0,30000.0
RTX 4090,1.0,2125.0,1301.0,32661.0
"""


def test_a_data_files_rows_are_no_introduction_to_its_other_rows() -> None:
    """lambdal/deeplearning-benchmark: another row's `2x RTX 8000` is not the RTX 4090's
    count, nor its system; the row's own `num_gpu` is."""
    context = DocumentContext(make_document("pytorch/train-throughput.csv", CSV))
    assert context.intro == ""
    found = seed_conditions(
        {"name_gpu": "RTX 4090", "num_gpu": 1.0, "price": 2125.0, "tacotron2": 32661.0},
        text="1301.0",
        value=1301.0,
        line=3,
        column="resnet50",
        context=context,
        readme=None,
    )
    assert found["system"] == "RTX 4090"
    assert found["node_count"] == 1


@pytest.mark.parametrize(
    ("header", "key"),
    [
        ("Number of Parallel Model Requests Allowed", "concurrency"),  # savoirtech
        ("Concurrent Requests", "concurrency"),
        ("num_gpu", "node_count"),  # lambdal
        ("Seq. len.", "context_tokens"),  # turboderp/exllama
        ("Parallel speedup", None),
        ("GPU", "system"),
    ],
)
def test_headers_that_name_a_setting(header: str, key: str | None) -> None:
    assert header_key(header) == key


def test_a_models_size_after_an_engine_is_no_version() -> None:
    """kojira/vllm_gb10: the row `Qwen3-0.6B  local  vLLM  0.6B` names no vLLM version."""
    after = re.compile(rf"vLLM\s+v?{VERSION}")
    assert after.search("20\tQwen3-0.6B\tlocal\tvLLM\t0.6B\t41.4%") is None
    match = after.search("served with vLLM 0.11.0rc1 on one node")
    assert match is not None and match.group(1) == "0.11.0rc1"
    assert not is_version("0.6B")
    assert is_version("0.20.1")


@pytest.mark.parametrize(
    ("name", "split"),
    [
        ("Nemotron-3-Nano-30B-A3B-UD-Q8_K_XL.gguf", ("Nemotron-3-Nano-30B-A3B", "UD-Q8_K_XL")),
        (
            "DeepSeek-V4-Flash-0731-UD-IQ2_XXS-00001-of-00003",
            ("DeepSeek-V4-Flash-0731", "UD-IQ2_XXS"),
        ),
        ("llama-2-7b.Q4_0.gguf", ("llama-2-7b", "Q4_0")),
        ("Qwen3-8B-FP8", None),  # a model published in that format: its name
        ("TinySwallow-Q8_0-GGUF", None),
        ("Q4_K_M", None),
    ],
)
def test_a_weights_files_name_is_a_model_and_a_file_type(
    name: str, split: tuple[str, str] | None
) -> None:
    assert split_weights_name(name) == split


def test_a_model_cell_naming_a_weights_file_gives_the_model_and_its_format() -> None:
    """kyuz0/amd-strix-halo-toolboxes' `model` column holds the first part's file name."""
    resolved = Resolved()
    resolved.put("model", "DeepSeek-V4-Flash-0731-UD-IQ2_XXS-00001-of-00003")
    assert resolved.values == {
        "model": "DeepSeek-V4-Flash-0731",
        "weight_precision": "UD-IQ2_XXS",
    }


def test_a_header_of_two_rows_is_read_by_its_last() -> None:
    """A llama-bench log's device line above its table is joined onto its headers."""
    assert header_key("ggml_vulkan: 0 = AMD Radeon 8060S Graphics (radv) › model") == "model"
    assert header_key("uma: 1 › size") is None


def test_a_setups_count_is_of_its_own_machine() -> None:
    """guruswami-ai/mlx-benchmarks: `8× H100s` on NVIDIA counts no M3 Ultra (and no machines:
    they are GPUs); a setup line's `single M3 Ultra` is no count of all its runs."""
    text = "DeepSeek V3 fits on a single M3 Ultra. On NVIDIA, it needs 8× H100s or a quad-4090 rig"
    assert count_of(text) is None
    assert count_of(text, "M3 Ultra") is None
    assert count_of("runs at 16 TPS on 4 Mac Studios") == 4
    assert count_of("a cluster of 2x NVIDIA DGX Spark", "DGX Spark") == 2
    assert _setup_reading(text).get("node_count") is None


def test_a_mixture_of_experts_size_ends_its_models_name() -> None:
    assert model_in("Mixtral 8x7B has 47B total parameters") == "Mixtral 8x7B"


def test_an_engines_version_key_states_the_engine_and_its_version() -> None:
    """freeletics/ollama-benchmark writes `ollama_version: 0.5.7` above its runs."""
    resolved = Resolved()
    read_key_values(resolved, [("ollama_version", "0.5.7")])
    assert resolved.values == {"engine": "Ollama", "engine_version": "0.5.7"}
    resolved = Resolved()
    read_text(resolved, "Benchmarks of Ollama version 0.5.7 on one RTX 3060", local=False)
    assert resolved.values["engine_version"] == "0.5.7"


def test_a_text_naming_a_cpus_box_beside_a_system_names_neither() -> None:
    """ikawrakow/ik_llama.cpp: `PP-512 on Zen4 (Ryzen-7950X), ARM_NEON (M2-Max) and AVX2
    (Ryzen-5975WX)` says no one machine of a `Zen4` row."""
    text = "PP-512 on `Zen4` (Ryzen-7950X), `ARM_NEON` (M2-Max) and `AVX2` (Ryzen-5975WX)"
    assert sole_system(text) is None
    assert "system" in _names_several(text)
    assert sole_system("Decode on an M2-Max laptop") == "M2-Max"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("GLM-4.5-Air", True),  # a family and its generation
        ("Hunyuan-A13B-Instruct", True),  # an active-parameter count of its own
        ("gpt-oss-120b", True),
        ("Qwen/Qwen3-8B", True),
        ("qwen397b-np1-max-context", False),  # a run's name glued to a count
        ("2026-07-24", False),  # a date
        ("54.3/63", False),  # a score
        ("results", False),
        ("qwen35 27B Q4_K - Medium", False),  # llama-bench's architecture label (cadamcat)
        ("Mistral 7B", True),
    ],
)
def test_one_test_says_whether_a_name_is_a_models(name: str, expected: bool) -> None:
    assert names_model(name) is expected


def test_a_run_file_named_for_its_model_and_machine() -> None:
    # dambergn/ollama-benchmarks data/*.md: one `ollama run --verbose` per model and machine,
    # whose eval rates carried no condition at all (read31-s24)
    assert file_name_conditions("data/Deepseek-r1_8b Raspberry Pi 5.md") == (
        ("model", "Deepseek-r1 8b"),
        ("system", "Raspberry Pi 5"),
    )
    assert dict(file_name_conditions("data/Llama3.2_3b 4060Ti_16gb.md"))["model"] == "Llama3.2 3b"
    # a comparison names two of each: neither
    assert file_name_conditions("docs/strix-halo-vs-dgx-spark.md") == ()
    assert file_name_conditions("reports/qwen3-vs-minimax-comparison-20260206.md") == ()


@pytest.mark.parametrize(
    ("path", "engine"),
    [
        ("benchmarks/llamacpp-depth-sweep-rocm.json", "llama.cpp"),  # cadamcat, read-s32
        ("results/vllm-sweep.json", "vLLM"),
        ("mlx_results.json", "MLX"),
    ],
)
def test_a_file_name_part_names_its_engine(path: str, engine: str) -> None:
    # cadamcat/dual-radeon-vllm's llama-bench records were given the repository's vLLM
    assert dict(file_name_conditions(path))["engine"] == engine


def test_a_name_comparing_engines_names_none() -> None:
    assert "engine" not in dict(file_name_conditions("results/vllm-vs-llamacpp.json"))
