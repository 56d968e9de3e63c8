"""Repository- and document-level conditions: setup sections, `size format` column headers
and device counts in system cells (`extract/conditions/setup.py`, `columns.py`)."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions, setup_conditions
from draftflow.extract.conditions.columns import (
    column_model,
    count_in_system_cell,
    family_of,
    size_and_precision,
)
from draftflow.extract.conditions.setup import agreed, setup_source

REPORT = """# GPU bench

Which GPU is fastest?

## Test setup

- Engine: vLLM (OpenAI-compatible server), NVFP4 weights
- Hardware: NVIDIA DGX Spark (GB10, 128 GB unified memory)

We served everything with vLLM 0.20.1 on one machine.

```bash
sglang serve --model x
```

## Results

Average decode speed (tok/s) on LLaMA 3.

| GPU | 8B Q4_K_M | 70B F16 |
|-----|-----------|---------|
| H100 PCIe 80GB * 4 | 118.14 | 9.63 |
| 4090 24GB | 127.74 | OOM |

## Thinking mode configuration

Libraries like llama.cpp handle the chat template for you.
"""


def _conditions(text: str, value: float, line: int, document: str = REPORT) -> dict[str, JsonValue]:
    doc = make_document("README.md", document)
    context = DocumentContext(doc)
    return seed_conditions(
        {},
        text=text,
        value=value,
        line=line,
        column=None,
        context=context,
        readme=context,
        setup=setup_conditions(setup_source(doc)),
    )


def test_a_setup_section_states_engine_version_and_system_for_every_figure() -> None:
    setup = setup_conditions(setup_source(make_document("README.md", REPORT)))
    assert setup["engine"] == "vLLM"
    assert setup["engine_version"] == "0.20.1"
    assert setup["system"] == "NVIDIA DGX Spark"


def test_a_setup_line_gives_what_it_names_not_the_whole_value() -> None:
    """`Engine: vLLM (OpenAI-compatible server), NVFP4 weights` is `vLLM`, not the line."""
    setup = setup_conditions(setup_source(make_document("README.md", REPORT)))
    assert "OpenAI" not in str(setup["engine"])
    assert "128" not in str(setup["system"])


def test_code_blocks_and_other_configuration_sections_are_not_setup() -> None:
    """`sglang serve` in a code block and `llama.cpp` under `Thinking mode configuration`
    would make the engine ambiguous if they were read."""
    source = setup_source(make_document("README.md", REPORT))
    assert not any("sglang" in text or "llama.cpp" in text for text in source.texts)
    assert source.lines == (5,)


def test_two_engines_in_the_setup_sections_leave_the_engine_unstated() -> None:
    two = REPORT.replace("We served everything with vLLM 0.20.1", "We compared SGLang 0.5.1")
    setup = setup_conditions(setup_source(make_document("README.md", two)))
    assert "engine" not in setup
    assert "engine_version" not in setup


def test_agreed_keeps_alike_values_and_drops_conflicting_ones() -> None:
    found = agreed(
        [
            {"system": "GB10", "engine": "vLLM"},
            {"system": "NVIDIA GB10", "engine": "SGLang"},
            {"node_count": 2},
        ]
    )
    assert found == {"system": "NVIDIA GB10", "node_count": 2}


def test_a_size_format_column_with_the_caption_family_gives_model_and_precision() -> None:
    found = _conditions("9.63", 9.63, 22)
    assert found["model"] == "LLaMA 3 70B"
    assert found["weight_precision"] == "F16"
    assert found["system"] == "H100 PCIe 80GB * 4"
    assert found["node_count"] == 4
    assert found["engine"] == "vLLM"


def test_a_row_without_a_count_has_no_node_count() -> None:
    found = _conditions("127.74", 127.74, 23)
    assert found["model"] == "LLaMA 3 8B"
    assert found["weight_precision"] == "Q4_K_M"
    assert "node_count" not in found


def test_a_caption_naming_two_families_gives_no_model() -> None:
    two = REPORT.replace("on LLaMA 3.", "on LLaMA 3 and Qwen 2.")
    found = _conditions("127.74", 127.74, 23, two)
    assert "model" not in found
    assert found["weight_precision"] == "Q4_K_M"


def test_size_and_precision_reads_only_headers_that_are_both() -> None:
    assert size_and_precision("8B Q4_K_M") == ("8B", "Q4_K_M")
    assert size_and_precision("Q8_0 7B") == ("7B", "Q8_0")
    assert size_and_precision("8B") is None
    assert size_and_precision("decode tok/s") is None


def test_family_of_takes_the_nearest_text_that_names_one() -> None:
    assert family_of(["Average speed.", "Benchmarks on Qwen2.5", "LLaMA 3"]) == "Qwen2.5"
    assert family_of(["Llama 3 vs Mistral"]) is None
    assert column_model("8B F16", ["speed", "no family here"]) == (None, "F16")


def test_count_in_system_cell() -> None:
    assert count_in_system_cell("3090 24GB * 2") == 2
    assert count_in_system_cell("2 x RTX 3090") == 2
    assert count_in_system_cell("RTX 4000 Ada 20GB") is None
    assert count_in_system_cell("M2 Ultra 76-Core GPU 192GB") is None


def test_engine_tag_reads_a_build_folder_or_an_image_tag() -> None:
    from draftflow.extract.conditions.setup_names import engine_tag

    assert engine_tag("/home/u/src/llama.cpp-b9536/build/bin/llama-server", "llama.cpp") == "b9536"
    assert engine_tag("lmsysorg/sglang:v0.5.14-cu130-runtime", "SGLang") == "0.5.14"
    assert engine_tag("/opt/vllm-openai/bin", "vLLM") is None


def test_requirements_and_link_lists_are_not_what_ran() -> None:
    document = """# Index

## Hardware requirements

Runs with vLLM on any RTX 4090.

## Setup & Configuration

- [someone/stack](https://github.com/someone/stack) - dual-vLLM serving on DGX Spark.
- Our runs: SGLang on one DGX Spark.
"""
    setup = setup_conditions(setup_source(make_document("README.md", document)))
    assert setup["engine"] == "SGLang"
    assert setup["system"] == "DGX Spark"


def test_a_reference_of_variables_or_what_a_tool_supports_is_not_what_ran() -> None:
    # adurham/exo's README: `## Environment Variables` ran on through `### Ollama API
    # Compatibility` ("exo supports Ollama API endpoints"), which gave 2,808 figures of its
    # other documents the engine Ollama
    document = """# exo

## Environment Variables

| Variable | Description |
|---|---|
| `EXO_FAST_SYNCH` | Control MLX_METAL_FAST_SYNCH behavior |

### Using the API

- **Ollama API** - Compatible with Ollama and tools like OpenWebUI

### Ollama API Compatibility

exo supports Ollama API endpoints for compatibility with tools like OpenWebUI.

## Hardware Accelerator Support

Runs on Apple Silicon; Ollama's API for tools that speak it.
"""
    setup = setup_conditions(setup_source(make_document("README.md", document)))
    assert "engine" not in setup


def test_a_setup_paragraph_naming_two_machines_states_no_system_for_all() -> None:
    # mrdbourke/gpu-benchmarking README: the spec section names both GPUs, then one of them
    report = """# Compare GPUs

## Specs

The two GPUs I'm focused on are the NVIDIA RTX 4090 and NVIDIA DGX Spark.

Notice the RTX 4090 has more CUDA cores but lower overall memory capacity.
"""
    setup = setup_conditions(setup_source(make_document("README.md", report)))
    assert "system" not in setup


LIST_AND_TABLE = """# Strix Halo LLM Performance

## TL;DR

- **Qwen3 30B-A3B MoE Q4_K_M:** **86.1 t/s** token generation (single host, Vulkan)
- **MiniMax M2.5 Q3_K_M (228.7B):** **32.8 t/s** token generation (single host, Vulkan)

## Results

`pymllm` shows strong prefill gains over llama.cpp on Jetson Orin: about 12243 tok/s prefill.

| Wiki2 PPL | FP16 | 3bit-RTN |
|-----------|------|----------|
| LLaMa-7B  | 5.68 | 25.54    |
"""


def test_a_list_item_is_read_for_itself_not_from_its_sibling_above() -> None:
    # visorcraft/strix-halo-llm-perf README.md:13 (team gold): the bullet above is another run
    found = _conditions("32.8", 32.8, 6, LIST_AND_TABLE)
    assert found.get("weight_precision") == "Q3_K_M"
    assert found.get("model") != "Qwen3 30B-A3B MoE"


def test_an_engine_named_as_the_comparison_is_not_the_figure_s_engine() -> None:
    # UbiquitousLearning/mllm README.md:38 (team gold): pymllm's throughput, over llama.cpp
    assert "engine" not in _conditions("12243", 12243.0, 10, LIST_AND_TABLE)
    assert "engine" not in _conditions("5.68", 5.68, 14, LIST_AND_TABLE)  # the table below it


def test_a_column_header_that_is_a_weight_format_is_the_figure_s_format() -> None:
    # IST-DASLab/gptq README.md:29 (team gold): FP16 and 3bit-RTN columns, not the repo's GPTQ
    assert _conditions("5.68", 5.68, 14, LIST_AND_TABLE).get("weight_precision") == "FP16"
    assert _conditions("25.54", 25.54, 14, LIST_AND_TABLE).get("weight_precision") == "3bit-RTN"


def test_the_key_value_lines_under_a_report_s_title_state_its_setup() -> None:
    """SteveLeve/intel-gpu-llm-inference MISTRAL_7B_PERFORMANCE_RESULTS.md:3-8 (team gold):
    `**Model:** Mistral 7B Instruct v0.2 (INT4 quantized)` and `**Framework:** OpenVINO
    GenAI` between the title and its first section state every run's format and engine."""
    text = (
        "# Mistral 7B Performance Results\n\n**Test Date:** November 2, 2025\n"
        "**Model:** Mistral 7B Instruct v0.2 (INT4 quantized)  \n"
        "**Framework:** OpenVINO GenAI\n\n## Test Results\n\n| Device | Speed |\n"
        "|---|---|\n| GPU | 16.4 tok/s |\n"
    )
    source = setup_source(make_document("RESULTS.md", text))
    found = setup_conditions(source)
    assert found["weight_precision"] == "INT4"
    assert found["engine"] == "OpenVINO"
    assert source.spans[0] == (3, 5)
    untitled = setup_source(make_document("NOTES.md", "Model: Qwen3 8B\n\n## Runs\n"))
    assert untitled.pairs == ()


_TOOL_LOG = """-------Linux----------
cpu_info: AMD Ryzen 9 5950X 16-Core Processor
gpu_info: NVIDIA GeForce RTX 3060
ollama_version: 0.5.7
----------
model_name =    mistral:7b
eval rate:            67.11 tokens/s
eval rate:            66.61 tokens/s
--------------------
Average of eval rate:  66.966  tokens/s
----------------------------------------
model_name =    phi4:14b
eval rate:            32.77 tokens/s
--------------------
Average of eval rate:  32.808  tokens/s
----------------------------------------
"""


def test_a_tool_line_between_rules_names_no_section_so_its_run_keys_apply() -> None:
    # freeletics/ollama-benchmark results/Linux_RTX_3060.md: Markdown reads `Average of eval
    # rate: 32.808 tokens/s` over `-----` as a heading, which cut the figure off from its
    # `model_name` line and the log's `gpu_info` and `ollama_version`
    found = _conditions("32.808", 32.808, 15, _TOOL_LOG)
    assert found["model"] == "phi4:14b"
    assert (found["engine"], found["engine_version"]) == ("Ollama", "0.5.7")
    assert found["system"] == "NVIDIA GeForce RTX 3060"
    assert _conditions("66.966", 66.966, 10, _TOOL_LOG)["model"] == "mistral:7b"
    # a heading over its rule that is a title, not a tool's line, still opens a section
    titled = "Results\n-------\n\nmodel_name = a:1b\n\nSummary\n-------\n\nIt ran at 5 tok/s.\n"
    assert "model" not in _conditions("5 tok/s", 5, 10, titled)


_GROUPED = """# LLM Performance Benchmarking

## Performance

### Multiple NVIDIA GPUs, FP16

| Model         | GPU      | MLC LLM (tok/sec) | vLLM (tok/sec) |
|---------------|----------|-------------------|----------------|
| Llama2-70B    | A100 x 2 | **17.0**          | 15.27          |
|               | A100 x 4 | **26.6**          | 17.64          |
| Llama2-13B    | A100 x 2 | 30.1              |                |
|               | A100 x 4 | 35.2              |                |
"""


def test_an_empty_first_cell_continues_the_group_above() -> None:
    # mlc-ai/llm-perf-bench README.md:31-33: the `A100 x 4` row is Llama2-70B's
    assert _conditions("26.6", 26.6, 10, _GROUPED)["model"] == "Llama2-70B"
    assert _conditions("17.0", 17.0, 9, _GROUPED)["model"] == "Llama2-70B"
    # a row that leaves another cell empty too states no group: its label stays unsaid
    assert "model" not in _conditions("35.2", 35.2, 12, _GROUPED)


SECTIONS_OF_ONE_LEVEL = """# Script

<https://github.com/jgoodyear/ollama-benchmark.git>

# System Information

Ubuntu 22.04 LTS

NVidia RTX 1000 ADA.

## Model: LLAMA 3.2 (2.0GB)

| Key | Value |
|-----|-------|
| Hardware | Apple M4 |

Test ran on an Apple M4 too.
"""


def test_a_top_level_setup_section_states_its_own_lines_not_its_subsections() -> None:
    """savoirtech/ollama-parallel-performance README.md:5-15 (read-s32): its `# System
    Information` (a document of several `#` sections) names the machine every `##` model
    section below it ran on; the draft named none. A subsection's own lines are its runs'."""
    source = setup_source(make_document("README.md", SECTIONS_OF_ONE_LEVEL))
    assert setup_conditions(source)["system"] == "NVidia RTX 1000 ADA"
    assert not source.pairs
    assert all("M4" not in text for text in source.texts)
