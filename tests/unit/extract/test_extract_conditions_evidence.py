"""Conditions read where the source states them (issue 31): names of hardware a text states,
a setup line's model before its note, and run files' own token columns."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions, setup_conditions
from draftflow.extract.conditions.readers import named_only
from draftflow.extract.conditions.setup import SetupSource
from draftflow.extract.conditions.setup_names import (
    count_of,
    header_key,
    single_machine,
    sole_system,
    system_in,
    system_of_header,
)


@pytest.mark.parametrize(
    ("text", "system"),
    [
        # cadamcat/dual-radeon-vllm: `decodes at 43 tok/s on 2× RX 7900 XT`
        ("decodes at **43 tok/s** on 2× RX 7900 XT, and", "RX 7900 XT"),
        ("AMD Radeon RX 7900 XTX 24GB", "AMD Radeon RX 7900 XTX 24GB"),
        # johnahull/llm-d-xks-gke: `**Accelerator:** TPU v6e-4 (4 chips, 2x2 topology)`
        ("TPU v6e-4 (4 chips, 2x2 topology)", "TPU v6e-4"),
        # huggingface/optimum-neuron: `| Instance | inf2.48xlarge (12 Inferentia2 devices) |`
        ("`inf2.48xlarge` (12 Inferentia2 devices, 24 NeuronCores)", "inf2.48xlarge"),
        # savoirtech/ollama-parallel-performance `apple-m4.md`, freeletics/ollama-benchmark
        ("Apple M4", "Apple M4"),
        ("MacBook Air M2 24GB", "MacBook Air M2 24GB"),
        ("NVIDIA B200 SXM", "NVIDIA B200 SXM"),
        # JoshCork/intel-ai-benchmarking: `| Intel Arc A770M | ... |`
        ("Intel Arc A770M", "Intel Arc A770M"),
        # intel/auto-round: `Testing was conducted on the Intel GPU B60 24G`
        ("Testing was conducted on the Intel GPU B60 24G using", "Intel GPU B60 24G"),
        # tensorchord/inference-benchmark: `- GPU: 1 x NVIDIA T4`
        ("GPU: 1 x NVIDIA T4", "NVIDIA T4"),
        # read31-s28: a `| Benchmark | RTX 5070 Ti | Colab T4 |` table's second column
        ("Colab T4", "Colab T4"),
        ("on a Tesla T4 16GB", "Tesla T4 16GB"),
        ("one L4 GPU", "L4 GPU"),
    ],
)
def test_a_text_names_the_hardware_it_ran_on(text: str, system: str) -> None:
    assert system_in(text) == system
    assert sole_system(text) == system


@pytest.mark.parametrize(
    "text",
    [
        # cadamcat/dual-radeon-vllm README:338, an aside on someone else's board: a B550 is a
        # motherboard's chipset, not an accelerator (the figures were given `system: B550`)
        "@adderek's B550 in [ROCm#6520] has one GPU of each kind",
        "the M4 section below",
        "T4 Mistral-7B LoRA r=16",  # E27-25/fusionxpark-gb10-hwtest: a test's number
    ],
)
def test_a_chipset_or_a_bare_chip_number_names_no_system(text: str) -> None:
    assert system_in(text) is None


@pytest.mark.parametrize("text", ["on 2× RX 7900 XT", "8x H100", "H100 * 4", "4 x GPUs"])
def test_a_count_of_gpus_is_no_count_of_machines(text: str) -> None:
    """cadamcat/dual-radeon-vllm README.md:5 (`on 2× RX 7900 XT`; `The machine is a VFIO
    virtual machine`): two cards in one machine are not two nodes (read33-s19 found `Node
    count: varies by result: 2, 1`)."""
    assert count_of(text) is None


def test_a_count_of_machines_is_still_one() -> None:
    assert count_of("a cluster of 2x NVIDIA DGX Spark") == 2
    assert count_of("4 x RasPi 5") == 4


def test_a_single_card_is_one_machine() -> None:
    # cadamcat/dual-radeon-vllm: `| gemma-4-12B | single card, Vulkan | **64.9 tok/s** |`
    assert single_machine("single card, Vulkan") == 1


@pytest.mark.parametrize(
    ("value", "model"),
    [
        # johnahull/llm-d-xks-gke: `**Model:** Qwen/Qwen2.5-3B-Instruct (2B parameters)`
        ("Qwen/Qwen2.5-3B-Instruct (2B parameters)", "Qwen/Qwen2.5-3B-Instruct"),
        ("gpt-oss-120b — MoE, 5B active", "gpt-oss-120b"),
    ],
)
def test_a_setup_line_names_its_model_before_its_note(value: str, model: str) -> None:
    assert named_only({"model": value}) == {"model": model}


@pytest.mark.parametrize(
    "value",
    [
        "Llama 3 8B (and Qwen 7B)",  # the note names another model
        "Llama 3.1 8B, Qwen2.5 7B",  # a list: no one model for all
        "see below (7B)",
    ],
)
def test_a_setup_line_naming_two_models_or_none_names_none(value: str) -> None:
    assert named_only({"model": value}) == {}


@pytest.mark.parametrize(
    ("header", "key"),
    [
        # kyuz0/amd-strix-halo-toolboxes `curve_summary.csv`: llama-bench's own columns
        ("n_prompt", "input_tokens"),
        ("n_gen", "output_tokens"),
        ("gpu_info", "system"),
    ],
)
def test_a_run_files_token_columns_name_their_settings(header: str, key: str) -> None:
    assert header_key(header) == key


_NEWS_THEN_TABLE = """# Distributed inference

- 9 Jan 2025 - Llama 3.3 70B on 4 x DGX Spark

## Raspberry Pi 5 8GB

| Model | Tokens/s |
|---|---|
| Llama 3 8B | 5.5 |
"""


def test_an_introductions_count_goes_with_its_system() -> None:
    # b4rtaz/distributed-llama: the README's news (`Llama 3.3 70B on 4 x Mac Mini M4 Pro`)
    # counted the Raspberry Pis of a table under another heading as 4
    doc = make_document("README.md", _NEWS_THEN_TABLE)
    context = DocumentContext(doc)
    found = seed_conditions(
        {}, text="5.5", value=5.5, line=9, column=None, context=context, readme=context
    )
    assert found.get("system") == "Raspberry Pi 5 8GB"
    assert "node_count" not in found


@pytest.mark.parametrize(
    ("header", "system"),
    [
        # E27-25/fusionxpark-gb10-hwtest: `| Spec | GB10 Grace Blackwell | RTX 5070 Ti |`
        ("GB10 Grace Blackwell", "GB10 Grace Blackwell"),
        # a column naming its system with a note on it in brackets
        ("GB10 (128 GB)", "GB10"),
    ],
)
def test_a_column_header_names_its_system_with_a_note(header: str, system: str) -> None:
    assert system_of_header(header) == system


def test_a_column_header_that_is_a_sentence_names_no_system() -> None:
    assert system_of_header("GB10 speed in tokens per second on a long run") is None


def test_a_setup_paragraph_naming_a_system_beside_a_chip_states_no_system() -> None:
    # JoshCork/intel-ai-benchmarking's abstract: the Arc A770M and the Lunar Lake iGPU; its
    # Arc A770M was given to the Lunar Lake and Meteor Lake rows
    source = SetupSource(
        texts=(
            "INT4 quantization on an Intel Arc A770M discrete GPU achieves 31-33 tokens/sec "
            "(2.33x INT4/FP16 speedup on Lunar Lake vs 2.03x on Arc A770M).",
        )
    )
    assert "system" not in setup_conditions(source)


def test_an_integrated_arc_is_named() -> None:
    # JoshCork/intel-ai-benchmarking's fleet: `Intel Arc 140V (Xe2-LPG, integrated)`
    assert system_in("Intel Arc 140V (Xe2-LPG, integrated)") == "Intel Arc 140V"
