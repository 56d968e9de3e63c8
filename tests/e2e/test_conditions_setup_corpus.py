"""Repository- and document-level conditions on the corpus lines of issue 21 that missed
them: a README's setup section, a report's opening summary, `size format` column headers
and device counts in system cells; and setup sections that must not be read."""

from __future__ import annotations

from functools import cache

from pydantic import JsonValue

from conftest import CORPUS
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.conditions import ConditionReader, DocumentContext, seed_conditions


@cache
def _snapshot(repository: str) -> Snapshot:
    return acquire(str(CORPUS / repository))


def _setup(repository: str, path: str) -> dict[str, JsonValue]:
    snapshot = _snapshot(repository)
    document = snapshot.by_path(path)
    assert document is not None
    return ConditionReader(snapshot).setup(document)


def _conditions(repository: str, path: str, line: int, value: float) -> dict[str, JsonValue]:
    snapshot = _snapshot(repository)
    document, readme = snapshot.by_path(path), snapshot.by_path("README.md")
    assert document is not None
    context = DocumentContext(document)
    return seed_conditions(
        {},
        text=f"{value:g}",
        value=value,
        line=line,
        column=None,
        context=context,
        readme=DocumentContext(readme) if readme is not None else None,
        setup=ConditionReader(snapshot).setup(document),
    )


XIONGJIE = "XiongjieDai__GPU-Benchmarks-on-LLM-Inference"


def test_xiongjie_column_header_and_caption_give_model_and_precision() -> None:
    """`H100 PCIe 80GB * 4` under `70B Q4_K_M`, captioned `... by GPUs on LLaMA 3.`: the
    figure had no model, precision, engine or node count."""
    found = _conditions(XIONGJIE, "README.md", 45, 26.20)
    assert found["model"] == "LLaMA 3 70B"
    assert found["weight_precision"] == "Q4_K_M"
    assert found["engine"] == "llama.cpp"  # the README's `Description`: "Use llama.cpp to test"
    assert found["node_count"] == 4


def test_xiongjie_prompt_table_eight_gpus() -> None:
    found = _conditions(XIONGJIE, "README.md", 78, 1336.26)
    assert (found["model"], found["weight_precision"]) == ("LLaMA 3 70B", "Q4_K_M")
    assert found["node_count"] == 8
    single = _conditions(XIONGJIE, "README.md", 33, 67.79)
    assert (single["model"], single["weight_precision"]) == ("LLaMA 3 8B", "F16")
    assert "node_count" not in single


def test_teaql_report_summary_states_the_system_for_later_lines() -> None:
    """Round 2's `Executive result` says "on one DGX Spark"; line 26 (328 s) said nothing."""
    repository, path = (
        "teaql__nvidia-dgx-spark-model-benchmark",
        "reports/round-2-nemotron-super-modeling.md",
    )
    setup = _setup(repository, path)
    assert (setup["system"], setup["node_count"]) == ("DGX Spark", 1)
    assert (setup["engine"], setup["weight_precision"]) == ("vLLM", "NVFP4")
    found = _conditions(repository, path, 26, 328)
    assert str(found["system"]).endswith("DGX Spark")
    assert found["node_count"] == 1


def test_robbiemu_tested_environment_table() -> None:
    setup = _setup("robbiemu__dgx-spark-inference", "README.md")
    assert setup["system"] == "NVIDIA DGX Spark"  # not the whole `(NVIDIA GB10, 121 GiB ...)`
    assert (setup["engine"], setup["engine_version"]) == ("SGLang", "0.5.14")


def test_djangodevreng_two_system_names_leave_the_system_to_nearer_context() -> None:
    """`DGX Spark, NVIDIA GB10`: two names at one level, so the setup states no system."""
    setup = _setup("djangodevreng__dgx-spark-benchmarks", "README.md")
    assert setup["engine"] == "vLLM"
    assert "system" not in setup


def test_a_model_cards_thinking_mode_configuration_is_not_setup() -> None:
    """`Libraries like Transformers and llama.cpp handle the chat template` is no engine."""
    setup = _setup(
        "heitor-mocelin__dgx-spark-research",
        "AsusGx10/vllm-gemma4-26b-a4b/sources/g01-gemma4-model-card.md",
    )
    assert "engine" not in setup


def test_jethac_llama_cpp_build_folder_gives_the_build() -> None:
    """`binary: /home/jethac/src/llama.cpp-b9536/build/bin/llama-server` above the row."""
    found = _conditions("jethac__dgx-spark-hijinks", "docs/BASELINE_RESULTS.md", 572, 76.94)
    assert (found["engine"], found["engine_version"]) == ("llama.cpp", "b9536")
