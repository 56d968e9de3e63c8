"""A section's introduction names the model of the tables under it (issue 31):
lhl/strix-halo-testing's `## AMD Strix Halo vs Nvidia DGX Spark` says `I only tested against
his gpt-oss-120b tests (this is the ggml-org one, so Q8/MXFP4)` above its `### Vulkan AMDVLK`
and `### ROCm` tables; an introduction naming two models names none, nor does one farther."""

from __future__ import annotations

from documents import make_document
from draftflow.extract import harvest
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

_PAGE = """# strix-halo-testing

## AMD Strix Halo vs Nvidia DGX Spark

I ran some comparisons vs my Strix Halo. I only tested against his gpt-oss-120b tests (this
is the ggml-org one, so Q8/MXFP4).

### Vulkan AMDVLK

| Test   |   DGX |  STXH |
| ------ | ----: | ----: |
| tg32   | 52.87 | 50.05 |

## Two models

We ran Qwen3-8B and Llama-3.1-8B on the same box.

### Runs

| Test   |  t/s |
| ------ | ---: |
| tg32   | 41.5 |
"""


def _conditions(text: str) -> dict[float, tuple[dict[str, object], dict[str, list[str]]]]:
    snapshot = snapshot_of({"docs/spark.md": text})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    return {float(r.value): (dict(r.conditions), dict(r.condition_sources or {})) for r in results}


def test_a_section_introduction_names_its_tables_model_and_format() -> None:
    conditions, sources = _conditions(_PAGE)[50.05]
    assert conditions["model"] == "gpt-oss-120b"
    assert conditions["weight_precision"] == "MXFP4"
    assert sources["model"] == ["docs/spark.md:5"]


def test_an_introduction_naming_two_models_names_none() -> None:
    conditions, _ = _conditions(_PAGE)[41.5]
    assert "model" not in conditions
    assert "weight_precision" not in conditions


def test_a_family_joined_to_its_lower_case_size_is_a_model_name() -> None:
    assert vocab.model_in("his gpt-oss-120b tests") == "gpt-oss-120b"
    assert vocab.model_in("the gpt-oss-20b run") == "gpt-oss-20b"
    assert vocab.model_in("a 120b model") is None  # a size alone names no model


_SPECULATIVE = """# DFlash

| Target Model | Engine | Draft Model | Speed |
|---|---|---|---|
| Qwen3.6-35B-A3B NVFP4 (hermes) | vLLM | z-lab DFlash (737 MB) | 73 tok/s |
"""


def test_a_target_model_column_names_the_measured_model_not_its_draft() -> None:
    # flowy0/gb10-experiments docs/BENCHMARKS.md:59
    conditions, sources = _conditions(_SPECULATIVE)[73.0]
    assert conditions["model"] == "Qwen3.6-35B-A3B NVFP4 (hermes)"
    assert conditions["weight_precision"] == "NVFP4"
    assert sources["model"] == ["docs/spark.md:5"]
    assert vocab.header_key("Draft Model") is None


_OPENING = """# Cross-platform benchmarking

We benchmark Llama 3.1 8B across the fleet.

## Platforms

| Platform | Observed TPS |
|---|---|
| Lunar Lake iGPU | 22.8 |
"""


def test_the_documents_introduction_names_no_tables_model() -> None:
    # JoshCork/intel-ai-benchmarking: the opening's model is not a GenAI cell's
    conditions, _ = _conditions(_OPENING)[22.8]
    assert "model" not in conditions


_MODEL_HEADINGS = """# Ollama parallel performance

## Model: LLAMA 3.2 (2.0GB)

| Parallel Requests Allowed | Duration (s) |
|---|---|
| 1 | 795 |

## Model: Qwen and Llama 3

| Parallel Requests Allowed | Duration (s) |
|---|---|
| 1 | 812 |
"""


def test_a_heading_written_as_a_model_key_names_its_sections_model() -> None:
    # read-s32: savoirtech/ollama-parallel-performance README.md:17 `## Model: LLAMA 3.2
    # (2.0GB)` over its runs: every figure's model was null (the gold's is `LLAMA 3.2`)
    context = DocumentContext(make_document("README.md", _MODEL_HEADINGS))
    lines = _MODEL_HEADINGS.splitlines()
    first = seed_conditions(
        {},
        text="795",
        value=795,
        line=lines.index("| 1 | 795 |") + 1,
        column="Duration (s)",
        context=context,
        readme=None,
    )
    assert first["model"] == "LLAMA 3.2"
    second = seed_conditions(
        {},
        text="812",
        value=812,
        line=lines.index("| 1 | 812 |") + 1,
        column="Duration (s)",
        context=context,
        readme=None,
    )
    assert "model" not in second  # two families named: neither is the section's
