"""The model names free text states: a name with a size, never a stray size or its sentence."""

from __future__ import annotations

import pytest

from draftflow.extract.conditions.setup_names import (
    count_of,
    engine_measured,
    mentioned_systems,
    model_in,
    names_hardware,
    names_other_system,
    sole_system,
    system_of_header,
    system_of_value,
)


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # real headings and sentences of the corpus (XiongjieDai, robbiemu, heitor-mocelin)
        ("Perplexity table on LLaMA 3 70B", "LLaMA 3 70B"),
        ("server for Qwen3-ASR-0.6B", "Qwen3-ASR-0.6B"),
        ("tok/s single-stream vs Qwen3.6-35B-A3B", "Qwen3.6-35B-A3B"),
        ("Mixtral 8x7B", "Mixtral 8x7B"),
        ("Qwen/Qwen3-8B", "Qwen/Qwen3-8B"),
    ],
)
def test_a_model_name_starts_after_the_words_that_lead_to_it(text: str, model: str) -> None:
    assert model_in(text) == model


@pytest.mark.parametrize(
    "text",
    [
        # real corpus lines whose size names no model (heitor-mocelin, Kleybrink, MiaAI, robbiemu)
        "validation for this dense 8B",
        "Models in the 4B",
        "tok/s with 6 concurrent and 1M",
        "the ranking from 70B-dense",
        "min for 27B",
        # guruswami-ai/mlx-benchmarks docs/FINDINGS.md:204 (team gold): `a` is no name
        "Most people assume a 671B model needs multi-node inference.",
    ],
)
def test_a_size_without_a_name_is_no_model(text: str) -> None:
    assert model_in(text) is None


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # team gold: geerlingguy/ai-benchmarks README.md:91, 127, 145 (table headings)
        ("DeepSeek R1 14b", "DeepSeek R1 14b"),
        ("gpt-oss 20b", "gpt-oss 20b"),
        ("Llama 3.2:3b", "Llama 3.2:3b"),
        # Ollama tags: infantesromeroadrian/JetsonAGXORIN_Testing, savoirtech (team gold)
        ("phi4-reasoning:14b", "phi4-reasoning:14b"),
        ("llama3.2-vision:11b Texto", "llama3.2-vision:11b"),
        ("Model: DeepSeek-R1:1.5b", "DeepSeek-R1:1.5b"),
        ("ollama run llava:7b", "llava:7b"),
    ],
)
def test_an_ollama_tag_or_a_lower_case_size_after_a_family_names_a_model(
    text: str, model: str
) -> None:
    assert model_in(text) == model


@pytest.mark.parametrize("text", ["Table 3b", "See figure 2b", "Step 4b: rebuild"])
def test_a_lower_case_size_without_a_family_or_a_tag_names_no_model(text: str) -> None:
    assert model_in(text) is None


@pytest.mark.parametrize(
    ("text", "nodes"),
    [
        ("That leaves 132 GB for KV cache on a 512 GB node.", None),  # a size, not a count
        ("a 4-GPU node", None),  # the parts of one node
        ("a 4-GPU node and 2 nodes", 2),
        ("on a 5-node M3 Ultra cluster", 5),
        ("TP2 across 2 nodes", 2),
    ],
)
def test_a_node_count_is_never_a_size_or_a_part(text: str, nodes: int | None) -> None:
    assert count_of(text) == nodes


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("Most people assume a 671B model needs multi-node inference.", None),
        ("a Qwen3 8B run", "Qwen3 8B"),
        ("Results for the Qwen2.5 7B", "Qwen2.5 7B"),
    ],
)
def test_a_model_name_holds_no_article(text: str, model: str | None) -> None:
    assert model_in(text) == model


@pytest.mark.parametrize(
    "cell",
    [
        "51C",  # pendakwahteknologi/gx10-benchmarks: a `GPU` column of temperatures
        "90-99%",  # infantesromeroadrian/JetsonAGXORIN_Testing: a `GPU` column of utilisation
        "24 GB",
        "**GPU**",  # SteveLeve/intel-gpu-llm-inference: a `Device` cell names a kind of device
        "CPU",
    ],
)
def test_a_quantity_or_a_kind_of_device_names_no_hardware(cell: str) -> None:
    assert not names_hardware(cell)


@pytest.mark.parametrize("cell", ["4090", "RTX 4090 24GB", "M2 Ultra", "Ryzen-7950X", "H100 80GB"])
def test_a_machine_or_a_gpu_number_names_hardware(cell: str) -> None:
    assert names_hardware(cell)


def test_a_memory_size_before_node_is_no_count_of_machines() -> None:
    # guruswami-ai/mlx-benchmarks docs/FINDINGS.md:204: one 512 GB node, not 512 machines
    assert count_of("That leaves 132 GB for KV cache on a 512 GB node.") is None
    assert count_of("on a 5-node M3 Ultra cluster") == 5


@pytest.mark.parametrize(
    ("cell", "system"),
    [
        # ikawrakow/ik_llama.cpp discussions: llama-bench's `backend` column naming the machine
        ("Ryzen-7950X", "Ryzen-7950X"),
        ("RTX-4080", "RTX-4080"),
        ("M2-Max CPU", "M2-Max"),
    ],
)
def test_a_short_cell_naming_a_machine_is_its_system(cell: str, system: str) -> None:
    assert system_of_value(cell) == system


def test_a_cpu_or_a_hyphenated_machine_is_another_system() -> None:
    # a README's `M2 Ultra` is not the system of a row run on `Ryzen-7950X` or `M2-Max`
    assert names_other_system("| Ryzen-7950X | 16 | pp512 | 620.63 |", "M2 Ultra")
    assert names_other_system("RTX Ada 2000 (laptop, 8 GB)", "Jetson AGX Orin")


def test_a_generated_report_header_with_underscores_names_its_system() -> None:
    # mrdbourke/gpu-benchmarking benchmark_analysis/README.md:48
    assert system_of_header("NVIDIA_GB10") == "NVIDIA GB10"
    assert system_of_header("NVIDIA_GeForce_RTX_4090") == "NVIDIA GeForce RTX 4090"


@pytest.mark.parametrize(
    ("text", "system"),
    [
        # cadamcat/dual-radeon-vllm README.md:5: the author's own cards
        ("decodes at **43 tok/s** on 2× RX 7900 XT, and a 26B MoE", "RX 7900 XT"),
        ("Intel Arc A770M (16GB)", "Intel Arc A770M"),
        ("AMD Radeon RX 6900 XT", "AMD Radeon RX 6900 XT"),
        ("8x NVIDIA H100 SXM", "NVIDIA H100 SXM"),
        ("one L40S", "L40S"),
    ],
)
def test_radeon_arc_and_nvidia_data_centre_cards_are_systems(text: str, system: str) -> None:
    assert sole_system(text) == system


@pytest.mark.parametrize(
    "text",
    [
        # cadamcat/dual-radeon-vllm README.md:48: a third party's motherboard chipset, once
        # every figure's system
        "2× RX 7900 XTX on a B550 board",
        "an H610 motherboard",
        "the A520 chipset",
    ],
)
def test_a_motherboard_chipset_is_no_data_centre_gpu(text: str) -> None:
    assert not any(name.startswith(("b5", "h6", "a5")) for name in mentioned_systems(text))


def test_a_restated_system_closes_its_bracket() -> None:
    # djangodevreng/dgx-spark-benchmarks: `NVIDIA DGX Spark (GB10, 128 GB)` gave `... (GB10`
    found = sole_system("op een NVIDIA DGX Spark (GB10, 128 GB unified)")
    assert found == "NVIDIA DGX Spark (GB10)"


@pytest.mark.parametrize(
    "text",
    [
        "decode throughput stays broadly close to llama.cpp",
        "prefill is on par with vLLM at batch 1",
        "results similar to SGLang",
    ],
)
def test_an_engine_named_as_what_a_figure_is_close_to_did_not_measure_it(text: str) -> None:
    assert engine_measured(text) is None


def test_an_engine_named_plainly_measured_the_figure() -> None:
    assert engine_measured("served with llama.cpp on the Orin") == "llama.cpp"


def test_a_unit_ending_a_list_item_s_line_is_no_owner_of_the_model_below_it() -> None:
    """pendakwahteknologi/gx10-benchmarks 03-inference-llama-cpp/README.md:487 (an editor's
    read): `**94.4 tok/s**` then, on the item's next line, `Qwen2.5-3B-Instruct`, gave the
    model `tok/s\\nQwen2.5-3B-Instruct`."""
    text = "Peak Text Generation (TG 128): 94.4 tok/s\n  `Qwen2.5-3B-Instruct` + `Q4_K_M`"
    assert model_in(text) == "Qwen2.5-3B-Instruct"
    assert model_in("at 41 tok/s Qwen2.5 7B") == "Qwen2.5 7B"
    assert model_in("served Qwen/Qwen3-8B on vLLM") == "Qwen/Qwen3-8B"


def test_a_file_named_like_a_gpu_is_no_system() -> None:
    # hedone21/llm_rs2 results/data/flash_attn_decode/qwen_after_c1.txt: `[FAIL] p100.txt
    # depth=170 llm_rs=86.09ms` names the prompt file p100.txt; the run was on a Galaxy S25
    assert sole_system("[FAIL] p100.txt depth=170") is None
    assert sole_system("on a Tesla P100 GPU") == "Tesla P100"
    assert sole_system("NVIDIA H100 80GB.") == "NVIDIA H100 80GB"


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("On the **default Anemll 1M/6** stack:", None),
        ("Llama 7B/13B results", "Llama 7B"),
        ("SmolLM2-135M on one core", "SmolLM2-135M"),
    ],
)
def test_a_size_paired_with_a_bare_count_names_no_model(text: str, model: str | None) -> None:
    """MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark README.md:242 (read-s32): `default
    Anemll 1M/6` (a 1M context with 6 slots, on the image Anemll publishes) gave its
    section's figures the model `Anemll 1M`; two sizes joined by a slash still name one."""
    assert model_in(text) == model
