"""The runtimes, hardware and platforms a record names, each with the line that names it
(select/topics.py)."""

from __future__ import annotations

from typing import Any

from documents import make_document, make_result
from draftflow.acquire.snapshot import Document
from draftflow.record.model import ReportedResult
from draftflow.select.keywords import HARDWARE, PLATFORMS
from draftflow.select.metadata_model import RecordMetadata
from draftflow.select.topics import read_runtimes, read_topics


def _result(document: Document, line: int, label: str, **conditions: Any) -> ReportedResult:
    return make_result(document, line, 41.5, label=label, conditions=conditions)


README = make_document("README.md", "# Bench\n\nServed with vLLM on Ubuntu.\n\nSee results.\n")
RESULTS = make_document(
    "results.md",
    "# Results\n\n## SGLang\n\n| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n\n"
    "## Notes\n\nllama.cpp was tried too.\n",
)


def test_a_runtime_named_by_the_headline_figure_itself_wins() -> None:
    meta = RecordMetadata()
    headline = [_result(RESULTS, 7, "short; decode tok/s", engine="llama-server")]
    read_runtimes(meta, headline, [RESULTS], [README])
    assert meta.runtimes == ["llama.cpp"]
    assert meta.evidence["runtime:llama.cpp"] == RESULTS.line_url(7)


def test_else_the_runtime_of_the_section_that_holds_the_figure() -> None:
    meta = RecordMetadata()
    read_runtimes(meta, [_result(RESULTS, 7, "short; decode tok/s")], [RESULTS], [README])
    assert meta.runtimes == ["SGLang"]  # not llama.cpp: it is named in another section
    assert meta.evidence["runtime:SGLang"] == RESULTS.line_url(3)


def test_else_the_one_runtime_the_readme_names_or_none_with_the_reason() -> None:
    plain = make_document("r.md", "| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n")
    meta = RecordMetadata()
    read_runtimes(meta, [_result(plain, 3, "short")], [plain], [README])
    assert meta.runtimes == ["vLLM"] and meta.evidence["runtime:vLLM"] == README.line_url(3)
    two = make_document("README.md", "# Bench\n\nvLLM and SGLang were both run.\n")
    meta = RecordMetadata()
    read_runtimes(meta, [_result(plain, 3, "short")], [plain], [two])
    assert meta.runtimes == [] and "runtime" in meta.unstated


def test_topics_carry_their_first_line_and_apache_spark_is_no_hardware() -> None:
    spark = make_document("notes.md", "Apache Spark logs.\n\nRan on a DGX Spark (GB10).\n")
    meta = RecordMetadata()
    assert read_topics(meta, [README, spark], HARDWARE, "hardware") == ["spark", "nvidia"]
    assert meta.evidence["hardware:spark"] == spark.line_url(3)
    assert read_topics(meta, [README, spark], PLATFORMS, "platform") == ["linux"]
    assert meta.evidence["platform:linux"] == README.line_url(3)
    assert read_topics(meta, [make_document("a.md", "Apache Spark only.\n")], HARDWARE, "h") == []
