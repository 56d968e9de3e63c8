"""Conditions under the seed's keys, on the corpus lines that showed the failures of issue 21.

Each test drafts nothing: it reads one real document, finds the figure's line, and resolves
its conditions the way the deterministic extraction does (`seed_conditions`)."""

from __future__ import annotations

from pathlib import Path

from pydantic import JsonValue

from conftest import CORPUS
from draftflow.acquire import acquire
from draftflow.extract.conditions import (
    SOURCE_CELLS,
    ConditionReader,
    DocumentContext,
    seed_conditions,
)


def _context(repository: str, path: str) -> DocumentContext:
    snapshot = acquire(str(CORPUS / repository))
    document = snapshot.by_path(path)
    assert document is not None
    return DocumentContext(document)


def _conditions(
    repository: str, path: str, line: int, text: str, value: float
) -> dict[str, JsonValue]:
    context = _context(repository, path)
    readme = (
        _context(repository, "README.md")
        if Path(CORPUS / repository / "README.md").is_file()
        else None
    )
    return seed_conditions(
        {}, text=text, value=value, line=line, column=None, context=context, readme=readme
    )


def test_jethac_lead_row_states_model_engine_and_version() -> None:
    """The lead row had `"model": null, "engine": null`: the section's target list says both."""
    found = _conditions("jethac__dgx-spark-hijinks", "docs/BASELINE_RESULTS.md", 34, "47.91", 47.91)
    assert found["model"] == "AEON-7/Gemma-4-26B-A4B-it-Uncensored-NVFP4"
    assert found["weight_precision"] == "NVFP4"
    assert found["engine"] == "vLLM"
    assert found["engine_version"] == "0.20.1"
    assert found["workload"] == "short_decode"
    assert (found["input_tokens"], found["output_tokens"]) == (28, 64)


def test_header_cell_pairs_are_never_condition_keys() -> None:
    """Raw `header: cell` pairs stay for evidence under their own field, not as keys."""
    raw: dict[str, JsonValue] = {"case": "short_decode", "generated tokens": 64}
    context = _context("jethac__dgx-spark-hijinks", "docs/BASELINE_RESULTS.md")
    found = seed_conditions(
        raw, text="47.91", value=47.91, line=34, column=None, context=context, readme=None
    )
    assert "case" not in found and "generated tokens" not in found
    assert found[SOURCE_CELLS] == raw


def test_a_served_alias_is_not_the_model_and_kv_precision_is_not_weights() -> None:
    """Line 163: `served model` is an alias; the heading's `fp8-vs-fp4 KV` is the cache's."""
    found = _conditions(
        "jethac__dgx-spark-hijinks", "docs/BASELINE_RESULTS.md", 163, "59.09", 59.09
    )
    assert found["model"] == "Qwen/Qwen2.5-1.5B-Instruct"
    assert found["weight_precision"] == "bfloat16"
    assert (found["engine"], found["engine_version"]) == ("SGLang", "26.05")


def test_a_column_of_device_counts_gives_system_and_node_count() -> None:
    """b4rtaz: `4 x RasPi 5 8 GB` under the table title `Raspberry Pi 5 8GB`, `tested on 0.3.1`."""
    found = _conditions("b4rtaz__distributed-llama", "README.md", 98, "219.08", 219.08)
    assert found["model"] == "Llama 2 7B"
    assert found["weight_precision"] == "Q40"
    assert found["system"] == "Raspberry Pi 5 8GB"
    assert found["node_count"] == 4
    assert (found["engine"], found["engine_version"]) == ("Distributed Llama", "0.3.1")


def test_a_model_column_beside_a_size_column_and_gpu_columns() -> None:
    """exllamav2: `Llama` + `7B`, mode `GPTQ`, the figure's column `4090` is the system."""
    found = _conditions("turboderp__exllamav2", "README.md", 65, "**205** t/s", 205)
    assert found["model"] == "Llama 7B"
    assert found["weight_precision"] == "GPTQ"
    assert found["system"] == "4090"
    assert found["engine"] == "ExLlamaV2"


def test_a_ditto_cell_takes_the_model_above() -> None:
    """qcache_eval: `--` in the model column repeats `Llama2 7B`, never becomes the model."""
    found = _conditions("turboderp__exllamav2", "doc/qcache_eval.md", 34, "**10.91**", 10.91)
    assert found["model"] == "Llama2 7B"
    assert found["weight_precision"] == "FP16"


def test_a_report_setup_table_states_engine_and_version_for_its_prose() -> None:
    """teaql round 2: prose figures; the model and vLLM version are in two-column tables."""
    path = "reports/round-2-nemotron-super-modeling.md"
    found = _conditions("teaql__nvidia-dgx-spark-model-benchmark", path, 14, "15.45", 15.45)
    assert found["model"] == "NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4"  # the paragraph above
    assert found["engine"] == "vLLM"
    assert found["engine_version"] == "0.23.1rc1.dev1181+g6a9f24aa8"
    assert found["weight_precision"] == "NVFP4"


def test_rhattala_qwen_rows_ran_on_the_alt_stacks_one_node_cited_where_it_says_so() -> None:
    """read13: the 1-node Qwen rows were given node_count 2 (the report's two Sparks). Its
    clock-cap row says `1 node` (README.md:193); its front-end row (README.md:240) names only
    the model, whose stack the Hardware table states (README.md:38: SGLang, one node)."""
    snapshot = acquire(str(CORPUS / "rhattala__dgx-spark-bench"))
    readme = snapshot.by_path("README.md")
    assert readme is not None
    reader = ConditionReader(snapshot)
    clock = _conditions("rhattala__dgx-spark-bench", "README.md", 193, "+1.0%", 1.0)
    assert clock["node_count"] == 1
    found = _conditions("rhattala__dgx-spark-bench", "README.md", 240, "**61.3/63**", 61.3)
    stack = (found["node_count"], found["engine"], found["weight_precision"])
    assert stack == (1, "SGLang", "NVFP4")
    kept, sources = reader.cite(found, readme, 240)
    assert (kept["node_count"], kept["engine"]) == (1, "SGLang")
    assert sources["weight_precision"] == ["README.md:38"]
