"""A figure's conditions from the contexts beyond its own document section
(`extract/conditions/resolve.py`, `seed_conditions`): the document's introduction, the
README's title and introduction, and what the repository's setup sections state."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions

README = DocumentContext(
    make_document("README.md", "# Bench\n\nAll runs on one NVIDIA DGX Spark.\n")
)
RESULTS = """# Decode speed

## Results

Decode speed of Qwen2.5 7B was 41.2 tok/s.
"""


def _conditions(
    document: str,
    *,
    readme: DocumentContext | None = None,
    repository: dict[str, JsonValue] | None = None,
) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("docs/run.md", document))
    line = document.splitlines().index("Decode speed of Qwen2.5 7B was 41.2 tok/s.") + 1
    return seed_conditions(
        {},
        text="41.2",
        value=41.2,
        line=line,
        column=None,
        context=context,
        readme=readme,
        repository=repository,
    )


def test_a_version_the_introduction_states_without_naming_what_is_the_engines() -> None:
    intro = RESULTS.replace(
        "\n## Results", "Measured with llama.cpp, tested on 0.3.1 version.\n\n## Results"
    )
    found = _conditions(intro)
    assert found["engine"] == "llama.cpp"
    assert found["engine_version"] == "0.3.1"


def test_a_stated_version_without_an_engine_is_no_ones() -> None:
    found = _conditions(RESULTS.replace("\n## Results", "Tested on 0.3.1 version.\n\n## Results"))
    assert "engine_version" not in found


def test_the_readme_names_the_system_of_a_figure_whose_chain_names_none() -> None:
    assert _conditions(RESULTS, readme=README)["system"] == "NVIDIA DGX Spark"


def test_the_readme_system_is_not_put_where_the_chain_names_other_machines() -> None:
    compared = RESULTS.replace("## Results", "## Results: RTX 4090 vs Apple M2 Ultra")
    assert "system" not in _conditions(compared, readme=README)
    assert "system" not in _conditions(compared, repository={"system": "NVIDIA DGX Spark"})


def test_a_repository_version_is_put_only_with_its_own_engine() -> None:
    repository: dict[str, JsonValue] = {"engine": "vLLM", "engine_version": "0.20.1"}
    found = _conditions(RESULTS, repository=repository)
    assert (found["engine"], found["engine_version"]) == ("vLLM", "0.20.1")
    other = _conditions(
        RESULTS.replace("## Results", "## Results with SGLang"), repository=repository
    )
    assert other["engine"] == "SGLang"
    assert "engine_version" not in other


ENGINE_TABLE = """# Decode

| Model | GPU | MLC LLM (tok/sec) | Llama.cpp (tok/sec) | Speedup over vLLM |
|---|---|---|---|---|
| Llama2-7B | RTX 4090 | 204.8 | 151.1 | 1.4 |
"""


def _table_conditions(value: str) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("README.md", ENGINE_TABLE))
    return seed_conditions(
        {}, text=value, value=float(value), line=5, column=None, context=context, readme=None
    )


def test_a_column_header_naming_an_engine_is_the_engine_of_its_figures() -> None:
    """mlc-ai/llm-perf-bench README.md:28 (team gold): one column per engine, as written."""
    assert _table_conditions("204.8")["engine"] == "MLC LLM"
    assert _table_conditions("151.1")["engine"] == "Llama.cpp"


def test_a_column_comparing_with_an_engine_names_no_engine() -> None:
    assert "engine" not in _table_conditions("1.4")


SCORES = """# Evaluation

### GSM8K

| Model | Average | STEM |
|---|---|---|
| ChatGLM2-6B | 28.05 | 20.45 |

### Quantization

| Quantization | MMLU | CEval (val) |
|---|---|---|
| BF16 | 55.8 | 59.7 |

| Wiki2 PPL | FP16 | 4bit-RTN |
|---|---|---|
| LLaMa-7B | 5.68 | 6.29 |
"""


def _score_conditions(value: str) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("README.md", SCORES))
    line = next(n for n, text in enumerate(SCORES.splitlines(), 1) if value in text)
    return seed_conditions(
        {}, text=value, value=float(value), line=line, column=None, context=context, readme=None
    )


def test_a_benchmark_named_by_a_column_a_corner_cell_or_a_heading_is_the_workload() -> None:
    """QwenLM/Qwen README.md:448 (`| MMLU | CEval (val) |`), IST-DASLab/gptq README.md:27
    (the corner cell `Wiki2 PPL`), THUDM/ChatGLM2-6B README.md:96 (`### GSM8K`): team gold."""
    assert _score_conditions("55.8")["workload"] == "MMLU"
    assert _score_conditions("59.7")["workload"] == "CEval (val)"
    assert _score_conditions("6.29")["workload"] == "Wiki2 PPL"
    assert _score_conditions("28.05")["workload"] == "GSM8K"


def test_a_text_naming_several_benchmarks_names_no_workload() -> None:
    document = SCORES.replace("### GSM8K", "### MMLU, C-Eval and GSM8K")
    context = DocumentContext(make_document("README.md", document))
    found = seed_conditions(
        {}, text="28.05", value=28.05, line=7, column=None, context=context, readme=None
    )
    assert "workload" not in found


def test_a_stack_cell_counting_one_node_is_nearer_than_the_introductions_two() -> None:
    """rhattala/dgx-spark-bench README.md:193 (dev, read13): `Qwen3.8-27B / SGLang / 1 node`
    in a report on two DGX Sparks ran on one."""
    document = (
        "# Bench\n\nAll runs on 2 x NVIDIA DGX Spark.\n\n## Clocks\n\n| stack | decode |\n"
        "|---|---|\n| Qwen3.8-27B / SGLang / 1 node | 1.0 |\n"
        "| DeepSeek-V4-Flash / vLLM / TP=2 | 1.7 |\n"
    )
    context = DocumentContext(make_document("README.md", document))
    line = document.splitlines().index("| Qwen3.8-27B / SGLang / 1 node | 1.0 |") + 1
    found = seed_conditions(
        {}, text="1.0", value=1.0, line=line, column=None, context=context, readme=None
    )
    assert found["node_count"] == 1
    assert found["engine"] == "SGLang"


STACKS = """# Bench

Two NVIDIA DGX Spark nodes.

## Hardware

| | |
|---|---|
| Nodes | 2 x DGX Spark |
| Primary stack | DeepSeek-V4-Flash-0731, vLLM, TP=2 across both nodes |
| Alt stack | Qwen3.8-27B-NVFP4 + drafter, SGLang, TP=1 on one node |

## Findings

### Static checks

| | static checks |
|---|---|
| Qwen3.8-27B | 61.3 |

### Under vLLM

| | static checks |
|---|---|
| Qwen3.8-27B | 58.2 |
"""


def _stack_conditions(value: str) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("README.md", STACKS))
    line = next(n for n, text in enumerate(STACKS.splitlines(), 1) if value in text)
    return seed_conditions(
        {}, text=value, value=float(value), line=line, column=None, context=context, readme=None
    )


def test_a_setup_row_stating_a_models_stack_gives_its_figures_that_stack() -> None:
    """rhattala/dgx-spark-bench README.md:38 and 240 (dev gold): the Qwen row ran on the alt
    stack (SGLang, one node, NVFP4), not on the report's two nodes."""
    found = _stack_conditions("61.3")
    assert found["node_count"] == 1
    assert found["engine"] == "SGLang"
    assert found["weight_precision"] == "NVFP4"


def test_a_heading_naming_another_engine_keeps_it_over_the_stacks() -> None:
    assert _stack_conditions("58.2").get("engine") == "vLLM"


SECTIONS = """# Benchmark Results

Speed measured with a minimal prompt. vLLM speeds use enforce-eager.

## Ornith-1.0-35B MoE (llama.cpp)

Decode speed of Qwen2.5 7B was 41.2 tok/s.

## DiffusionGemma 26B NVFP4 (vLLM v0.22.1)

| Model | tok/s |
|---|---|
| DiffusionGemma 26B | 50 |
"""


def test_an_openings_engine_is_not_the_engine_of_sections_naming_others() -> None:
    """flowy0/gb10-experiments: an opening naming vLLM above `## ... (llama.cpp)` sections
    states no engine for the document's figures; the README's neither."""
    found = _conditions(SECTIONS, readme=README)
    assert found.get("engine") == "llama.cpp"  # its own heading's
    table = SECTIONS.replace("(llama.cpp)", "").replace("(vLLM v0.22.1)", "(llama.cpp)")
    assert "engine" not in _conditions(table)  # the opening's vLLM is not the section's
    vllm_readme = DocumentContext(make_document("README.md", "# Bench\n\nAll runs on vLLM.\n"))
    assert "engine" not in _conditions(table, readme=vllm_readme)


HOSTED = """# Bifrost session

## Setup

| Component | Value |
| --- | --- |
| Machine | MacBook Pro Mac16,5, Apple M4 Max, 128 GB |
| vllm-mlx / llama-swap | 0.2.6 / v165 |

## Benches

### Bench G — local model via vllm-mlx

Decode of Qwen3.5 35B at 31.2 tok/s.

### Bench H — Gemini 2.5 Flash ladder (10 sequential via Bifrost)

After correcting for Finding #2: median **629 ms**, min 531 ms, max 827 ms.
"""


def test_a_hosted_model_s_figure_takes_no_machine_or_engine_from_the_document() -> None:
    """JacobPEvans/mlx-benchmarks (an editor's read): the 629 ms of `Bench H — Gemini 2.5
    Flash` was published as MLX on an Apple M4 Max, the document's setup; the local bench's
    figure keeps them."""
    context = DocumentContext(make_document("docs/journal/session.md", HOSTED))
    lines = HOSTED.splitlines()
    setup: dict[str, JsonValue] = {"engine": "MLX", "system": "Apple M4 Max"}

    def read(fragment: str, text: str) -> dict[str, JsonValue]:
        line = next(n for n, t in enumerate(lines, 1) if fragment in t)
        return seed_conditions(
            {},
            text=text,
            value=float(text),
            line=line,
            column=None,
            context=context,
            readme=README,
            setup=setup,
        )

    hosted = read("median **629 ms**", "629")
    assert "system" not in hosted and "engine" not in hosted and "node_count" not in hosted
    local = read("Decode of Qwen3.5", "31.2")
    assert local["system"] == "Apple M4 Max" and local["engine"] == "MLX"


def test_a_table_figure_s_own_cell_states_its_run_settings() -> None:
    """luongnv89/dgx-spark-llm-lab README.md:31 (dev gold): `| Throughput | ~35–48 tok/s per
    stream · ~122–187 tok/s aggregate at concurrency 4 |`: the cell says the load."""
    text = (
        "# Lab\n\n| Item | Result |\n|---|---|\n"
        "| Throughput | ~35–48 tok/s per stream · ~122–187 tok/s aggregate at concurrency 4 |\n"
    )
    context = DocumentContext(make_document("README.md", text))
    line = len(text.splitlines())
    found = seed_conditions(
        {}, text="122", value=122.0, line=line, column=None, context=context, readme=None
    )
    assert found["concurrency"] == 4
