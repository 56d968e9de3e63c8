"""Record-level metadata read from the sources, each value with the line that states it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from documents import make_document, make_result
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.record.model import ReportedResult
from draftflow.select.metadata import measurement_scope, read_metadata
from draftflow.select.model_names import model_family

REVISION = "b" * 40


def _document(path: str, text: str) -> Document:
    return make_document(path, text, revision=REVISION, prefix="demo-")


def _snapshot(*documents: Document) -> Snapshot:
    return Snapshot(
        repository="o/demo",
        url="https://github.com/o/demo",
        revision=REVISION,
        commit_time="2026-01-01T00:00:00Z",
        documents=list(documents),
    )


def _result(document: Document, line: int, value: float, **conditions: Any) -> ReportedResult:
    return make_result(document, line, value, conditions=conditions)


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("Qwen3.6-35B-A3B", "Qwen"),
        ("DeepSeek-V4-Flash-0731", "DeepSeek"),
        ("gpt-oss-120b", "gpt-oss"),
        ("Llama-3.1-8B", "Llama"),
        ("Nemotron-3-Super", "Nemotron"),
    ],
)
def test_model_family_is_the_leading_word(name: str, family: str) -> None:
    assert model_family(name) == family


def test_model_from_the_readme_with_evidence_and_hardware_from_product_words() -> None:
    readme = _document(
        "README.md",
        "# Bench\n\nServing [`acme/Foo-30B-A3B-FP8`](https://huggingface.co/acme/Foo-30B-A3B-FP8)"
        " on 2x DGX Spark with vLLM.\n\nWe also tried Apache Spark for the logs.\n",
    )
    table = _document("results.md", "| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n")
    meta = read_metadata(_snapshot(readme, table), [_result(table, 3, 41.5)], [])
    assert meta.model_id == "acme/Foo-30B-A3B-FP8"
    assert meta.model_family == "Foo"
    assert meta.model_artifact is not None and meta.model_artifact.revision is None
    assert meta.evidence["model_id"] == readme.line_url(3)
    assert meta.quantization == "FP8"
    assert meta.node_count == 2 and meta.system == "2x DGX Spark"
    assert meta.runtimes == ["vLLM"]  # the README's one runtime: the table names none
    assert meta.hardware_topics == ["spark", "nvidia"]  # the system names them: DGX is NVIDIA


def test_apache_spark_alone_is_not_the_hardware() -> None:
    readme = _document("README.md", "# ETL\n\nApache Spark jobs, measured at 12.5 s each.\n")
    meta = read_metadata(_snapshot(readme), [_result(readme, 3, 12.5)], [])
    assert "spark" not in meta.hardware_topics
    assert meta.system is None and "system" in meta.unstated


def test_a_box_compared_with_a_dgx_spark_is_not_measured_on_one() -> None:
    """lhl/strix-halo-testing: a Strix Halo repository with a section comparing it with a DGX
    Spark ("I don't have an Nvidia DGX Spark") was published as measured on a DGX Spark."""
    readme = _document(
        "README.md",
        "# strix-halo-testing\n\nMy testing of the AMD Strix Halo (Ryzen AI Max+ 395) APU.\n\n"
        "## AMD Strix Halo vs Nvidia DGX Spark\n\nI don't have an Nvidia DGX Spark.\n",
    )
    table = _document("bench.md", "| test | t/s |\n|---|---|\n| tg128 | 47.3 |\n")
    meta = read_metadata(_snapshot(readme, table), [_result(table, 3, 47.3)], [])
    # the README's opening names its own box: that, never the DGX Spark it is compared with
    assert meta.system == "AMD Strix Halo (Ryzen AI Max+ 395)"
    assert meta.evidence["system"].endswith("README.md#L3")


def test_a_headline_figure_on_another_machine_leaves_the_record_system_unstated() -> None:
    readme = _document("README.md", "# Bench\n\nRuns on a DGX Spark and an RTX 4090.\n")
    table = _document("r.md", "| system | tok/s |\n|---|---|\n| RTX 4090 | 90.5 |\n")
    spark = read_metadata(_snapshot(readme, table), [_result(table, 3, 90.5)], [])
    assert spark.system is None  # the README names two machines at once
    alone = _document("README.md", "# Bench\n\nRuns on one DGX Spark (GB10).\n")
    headline = [_result(table, 3, 90.5, system="RTX 4090")]
    meta = read_metadata(_snapshot(alone, table), headline, [])
    assert meta.system is None and "RTX 4090" in meta.unstated["system"]
    own = read_metadata(_snapshot(alone, table), [_result(table, 3, 90.5, system="GB10")], [])
    assert own.system == "one DGX Spark"  # GB10 is the DGX Spark's own chip


def test_several_models_leave_the_record_model_null_and_say_why() -> None:
    table = _document("r.md", "| model | tok/s |\n|---|---|\n| a-7B | 10.5 |\n| b-13B | 20.5 |\n")
    headline = [_result(table, 3, 10.5, model="a-7B"), _result(table, 4, 20.5, model="b-13B")]
    meta = read_metadata(_snapshot(table), headline, headline)
    assert meta.model_id is None and meta.model_family is None
    assert (
        meta.unstated["model_id"].startswith("a comparison")
        and "a-7B, b-13B" in (meta.unstated["model_id"])
    )


def test_quantized_variants_of_one_model_are_that_model() -> None:
    table = _document("r.md", "x\n")
    headline = [
        _result(table, 1, 1.5, model="Qwen/Qwen3-30B-A3B"),
        _result(table, 1, 2.5, model="Qwen/Qwen3-30B-A3B-FP8"),
    ]
    meta = read_metadata(_snapshot(table), headline, headline)
    assert meta.model_id == "Qwen/Qwen3-30B-A3B" and meta.model_family == "Qwen"


def test_runtimes_are_those_of_the_headline_figures_not_every_mention() -> None:
    readme = _document("README.md", "# Notes\n\nWe use vLLM. SGLang and Ollama are next.\n")
    table = _document("r.md", "| engine | tok/s |\n|---|---|\n| vllm | 10.5 |\n")
    meta = read_metadata(_snapshot(readme, table), [_result(table, 3, 10.5, engine="vllm")], [])
    assert meta.runtimes == ["vLLM"]


def test_measurement_scope_follows_what_was_measured() -> None:
    assert measurement_scope(["decode_rate", "ttft"]) == "inference_speed"
    assert measurement_scope(["decode_rate", "memory"]) == "inference_speed_and_memory"
    assert measurement_scope([]) == "none_reported"
    # a load test's wall times and error counts: speed and served requests, not task quality
    scope = measurement_scope(["benchmark_duration", "error_count"])
    assert scope == "inference_speed_and_request_errors"


def test_corpus_readme_leads_with_its_model(corpus_dir: Path, manifest: dict[str, Any]) -> None:
    folder = "Reederey87__dgx-spark-2x-deepseek-v4-flash"
    entry = manifest[folder]
    snapshot = acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])
    meta = read_metadata(snapshot, [], [])
    assert meta.model_id == "deepseek-ai/DeepSeek-V4-Flash-0731"
    assert meta.model_family == "DeepSeek"
    readme = snapshot.by_path("README.md")
    assert readme is not None
    line = int(meta.evidence["model_id"].rsplit("#L", 1)[1])
    assert "deepseek-ai/DeepSeek-V4-Flash-0731" in (readme.line(line) or "")
    assert meta.node_count == 2
    # the weights' revision, written on the line after the id (`at revision `9e165c30…``)
    assert meta.model_artifact is not None
    assert meta.model_artifact.revision == "9e165c30e2704aec5d9d593cce3eebd58bbef1cb"
    assert meta.evidence["model_revision"] == readme.line_url(line + 1)


def test_runtimes_are_those_of_the_headline_figures_sections() -> None:
    report = _document(
        "report.md",
        "# Report\n\n## Serving\n\nServed with SGLang.\n\n| case | tok/s |\n|---|---|\n"
        "| short | 10.5 |\n\n## Later\n\nWe will try vLLM and Ollama next.\n",
    )
    meta = read_metadata(_snapshot(report), [_result(report, 9, 10.5)], [])
    assert meta.runtimes == ["SGLang"]
    assert meta.evidence["runtime:SGLang"] == report.line_url(5)


def test_one_figure_s_quantization_is_no_record_wide_quantization() -> None:
    """epappas: one figure's `FP4` (read from "Blackwell's FP4 instructions are not
    forward-compatible") became the record's quantization over NCCL bandwidths."""
    text = "# Notes\n\n| case | value |\n|---|---|\n| busbw | 21.95 |\n| arch | 12 |\n"
    table = _document("notes.md", text)
    headline = [_result(table, 5, 21.95), _result(table, 6, 12.0, quantization="FP4")]
    meta = read_metadata(_snapshot(table), headline, [])
    assert meta.quantization is None
    assert meta.unstated["quantization"] == "only some headline figures state their quantization"
    both = [_result(table, 5, 21.95, quantization="FP4"), headline[1]]
    assert read_metadata(_snapshot(table), both, []).quantization == "FP4"
