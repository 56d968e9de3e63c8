"""Who measured what, on what (issue 31): an engine a sentence names only as what did not run,
an engine one row of an opening's list of tools names, a run's required minimum, and a
setup stated under a top-level heading of a document whose sections are all top-level."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.extract.compared_arms import compared_keys
from draftflow.extract.conditions import (
    ConditionReader,
    DocumentContext,
    seed_conditions,
    setup_conditions,
)
from draftflow.extract.conditions.columns import split_weights_name
from draftflow.extract.conditions.setup import setup_source
from draftflow.extract.conditions.setup_names import engine_measured
from extract_support import snapshot_of
from prose_cases import figures


@pytest.mark.parametrize(
    "text",
    [
        # read-s28: kurtvalcorza/inference-bench reference/README.md:9, a rejected engine
        "(the MLCommons Whisper reference SUT uses vLLM, which we avoided on Blackwell).",
        "We ran the notebook instead of vLLM.",
        "vLLM was not used for these runs.",
        "The reference uses SGLang, which we skipped on this card.",
    ],
)
def test_an_engine_named_as_what_did_not_run_is_none(text: str) -> None:
    assert engine_measured(text) is None


@pytest.mark.parametrize(
    ("text", "engine"),
    [
        ("All runs use vLLM, which we pinned to 0.6.3.", "vLLM"),
        ("served with vLLM, which is fast", "vLLM"),
        ("Benchmarks were run with llama.cpp.", "llama.cpp"),
    ],
)
def test_an_engine_that_ran_is_still_read(text: str, engine: str) -> None:
    assert engine_measured(text) == engine


_TOOLS_THEN_RESULTS = """\
# standards/ — additional benchmark standards

Other widely used benchmarks and tools, added for broader coverage.

| Tool | What / framework | Status on 5070 Ti |
|---|---|---|
| **Polygraphy** (`polygraphy_resnet.sh`) | TensorRT profiler | ran |
| **llama.cpp `llama-bench`** (`llama_bench.sh`) | LLM token throughput | ran |
| **AI-Benchmark** (`ai_benchmark.md`) | ETH AI Score | documented |

## Results (RTX 5070 Ti)

| Benchmark | Metric | Value |
|---|---|---|
| Polygraphy — ResNet-50 fp16, batch 128 | throughput | 3,361 img/s |
"""


def test_an_engine_one_row_of_an_openings_tool_list_names_is_not_the_documents() -> None:
    # read-s28: kurtvalcorza/inference-bench standards/README.md:17, a Polygraphy row given
    # the llama.cpp that one row of the opening's list of tools names (line 9)
    context = DocumentContext(make_document("standards/README.md", _TOOLS_THEN_RESULTS))
    found = seed_conditions(
        {}, text="3,361 img/s", value=3361, line=15, column=None, context=context, readme=None
    )
    assert "engine" not in found
    assert found.get("system") == "RTX 5070 Ti"


def test_an_engine_the_openings_sentence_names_is_the_documents() -> None:
    text = _TOOLS_THEN_RESULTS.replace(
        "Other widely used benchmarks and tools, added for broader coverage.",
        "Every run below used llama.cpp on one laptop.",
    ).replace("| **Polygraphy** (`polygraphy_resnet.sh`) | TensorRT profiler | ran |\n", "")
    context = DocumentContext(make_document("standards/README.md", text))
    found = seed_conditions(
        {}, text="3,361 img/s", value=3361, line=14, column=None, context=context, readme=None
    )
    assert found.get("engine") == "llama.cpp"


@pytest.mark.parametrize(
    "text",
    [
        # read-s28: kurtvalcorza/inference-bench docs/architecture.md:30 and README.md:14,
        # MLPerf's required minimum run time published as a measured duration
        "MLPerf Inference rules require, per benchmark: runs of ~**600 s** minimum duration.",
        "Runs use short configs (reduced query counts) instead of MLPerf's ~600 s minimums.",
    ],
)
def test_a_required_minimum_is_no_figure(text: str) -> None:
    assert figures(text) == []


_ALL_TOP_LEVEL = """\
# ollama-benchmark on Intel Arc A770 dGPU

Got this script from someone else's repository.

# My Setup

dGPU: two Intel Arc A770 Limited Edition with 16Gb VRAM. No overclock.

OS: Ubuntu 24.10, Kernel 6.11.

# My Results

|Model name|Average Evaluation Rate|
|:--|:--|
|qwen3:14b|18.52 tokens/second|
"""


def test_a_setup_under_a_top_level_heading_states_the_documents_run() -> None:
    # read-s28: okazaki0yumemi1/ollama-benchmark-intel-a770, whose headings are all `#`: the
    # two Arc A770s its `# My Setup` states were blank in every result
    document = make_document("README.md", _ALL_TOP_LEVEL)
    source = setup_source(document)
    assert source.spans == ((5, 10),)
    assert setup_conditions(source).get("system") == "Intel Arc A770"


_PHASES = """\
# LLM inference on NVIDIA GPUs

## Phase 4: engine comparison

### Hardware and Setup
- GPU: NVIDIA RTX 3090
- Model: `Qwen/Qwen2.5-7B-Instruct`

| Engine | Short | Default | Long |
|---|---|---|---|
| vLLM | ~48 | ~50.3 | ~50.4 |

## Phase 5A: load testing

### Setup

* Engine: `vllm`
* Output length: 64 tokens

| QPS | Throughput |
|---|---|
| 1 | 48.4 tok/s |
"""


def test_one_parts_setup_speaks_for_that_part_alone() -> None:
    # read-s28: Swapnil99007/nvidia-llm-inference-bench README.md:339, Phase 5A's `Output
    # length: default_output (64 tokens)` given to Phase 4's Short, Default and Long columns
    # and, as the README's, to every run file of the repository
    snapshot = snapshot_of({"README.md": _PHASES, "results/run.csv": "qps,tps\n1,48.4\n"})
    reader = ConditionReader(snapshot)
    readme = next(d for d in snapshot.documents if d.path == "README.md")
    run = next(d for d in snapshot.documents if d.path == "results/run.csv")
    assert "output_tokens" not in reader.setup(readme)
    assert "output_tokens" not in reader.setup(run)
    assert reader.setup(readme).get("model") is None  # Phase 4's alone, too
    assert reader.figure_setup(readme, 11).get("output_tokens") is None
    assert reader.figure_setup(readme, 22).get("output_tokens") == 64


@pytest.mark.parametrize(
    ("found", "dropped"),
    [
        # newbdez33/llm-mac-512 README.md:93-94 (team gold): `GGUF Q4_K_S is 4.7x faster than
        # MLX 4-bit` was given Q4_K_S, one arm's format, and MLX, the other arm's engine
        ({"engine": "MLX", "weight_precision": "Q4_K_S"}, {"engine", "weight_precision"}),
        ({"weight_precision": "Q4_K_S"}, {"weight_precision"}),
        ({"weight_precision": "4-bit"}, set()),  # the compared arm's own format: not another
    ],
)
def test_a_ratio_takes_neither_arms_engine_nor_format(
    found: dict[str, str], dropped: set[str]
) -> None:
    keys = compared_keys("ratio", (None, "faster than MLX 4-bit"), found)
    assert keys & {"engine", "weight_precision"} == dropped


_COMPARES_ENGINES = """\
# Large MoE models on a Mac

> Testing framework: **MLX** (native) vs **llama.cpp** (GGUF)

## Key findings

- GGUF Q4_K_S is **4.7x faster** than MLX 4-bit

## Hardware

| Spec | Details |
|------|---------|
| **Chip** | Apple M3 Ultra |
| **MLX** | 0.30.4+ |
"""


def test_a_package_row_names_no_engine_where_the_opening_compares_engines() -> None:
    # newbdez33/llm-mac-512 README.md:351 (team gold): `| **MLX** | 0.30.4+ |` in the spec
    # table gave MLX to figures of LM Studio's llama.cpp backend
    context = DocumentContext(make_document("README.md", _COMPARES_ENGINES))
    found = seed_conditions(
        {},
        text="- GGUF Q4_K_S is **4.7x faster** than MLX 4-bit",
        value=4.7,
        line=7,
        column=None,
        context=context,
        readme=context,
    )
    assert "engine" not in found
    assert "engine_version" not in found
    assert found.get("system") == "Apple M3 Ultra"


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        # newbdez33/llm-mac-512 qwen3-vs-minimax-comparison-20260206.md:62 (team gold): a row's
        # `MiniMax Q4_K_S` was published as the model's name
        ("MiniMax Q4_K_S", ("MiniMax", "Q4_K_S")),
        ("Qwen3 Q4_K_M", ("Qwen3", "Q4_K_M")),
        ("Nemotron-3-Nano-30B-A3B-UD-Q8_K_XL.gguf", ("Nemotron-3-Nano-30B-A3B", "UD-Q8_K_XL")),
        ("Qwen3-8B-FP8", None),
    ],
)
def test_a_model_written_with_its_weights_type_is_the_model_and_its_format(
    name: str, parts: tuple[str, str] | None
) -> None:
    assert split_weights_name(name) == parts
