"""The record's measured model as `read_metadata` chooses it: the figures' own model (variants
of one are that model, several are a comparison), the models figures carry from their
documents, the model repository id and revision the README names, the model the README
states by another shape, and why there is none."""

from __future__ import annotations

from typing import Any

from documents import make_document, make_result
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.record.model import ReportedResult
from draftflow.select.metadata import read_metadata
from draftflow.select.metadata_model import RecordMetadata

REVISION = "b" * 40
WEIGHTS = "9e165c30" + "0" * 32
TABLE = "| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n| long | 42.5 |\n"


def _document(path: str, text: str) -> Document:
    return make_document(path, text, revision=REVISION, prefix="demo-")


def _result(document: Document, line: int, **conditions: Any) -> ReportedResult:
    return make_result(document, line, 41.5, conditions=conditions)


def _meta(headline: list[ReportedResult], *documents: Document) -> RecordMetadata:
    snapshot = Snapshot(
        repository="o/demo",
        url="https://github.com/o/demo",
        revision=REVISION,
        commit_time="2026-01-01T00:00:00Z",
        documents=list(documents),
    )
    return read_metadata(snapshot, headline, headline)


def test_the_figures_model_matched_to_the_repository_id_the_readme_names() -> None:
    readme = _document("README.md", "# Bench\n\nWeights: acme/Foo-30B-A3B from the hub.\n")
    table = _document("r.md", TABLE)
    meta = _meta([_result(table, 3, model="Foo-30B-A3B")], readme, table)
    assert (meta.model_id, meta.model_label, meta.model_family) == (
        "acme/Foo-30B-A3B",
        "Foo-30B-A3B",
        "Foo",
    )
    assert meta.model_artifact is not None and meta.model_artifact.id == "acme/Foo-30B-A3B"
    assert meta.model_artifact.revision is None and "model_revision" not in meta.evidence
    assert meta.evidence["model_id"] == table.line_url(3)  # the figure's own line comes first
    assert meta.evidence["model_artifact"] == readme.line_url(3)
    assert meta.evidence["model_label"] == meta.evidence["model_family"] == table.line_url(3)


def test_the_figures_model_without_a_repository_id() -> None:
    readme = _document("README.md", "# Bench\n\nWeights: acme/Bar-7B-Chat from the hub.\n")
    table = _document("r.md", TABLE)
    meta = _meta([_result(table, 3, model="Foo-30B-A3B")], readme, table)
    assert (meta.model_id, meta.model_artifact) == ("Foo-30B-A3B", None)
    assert meta.evidence["model_id"] == table.line_url(3)


def test_variants_of_one_model_are_it_cited_where_a_figure_names_it() -> None:
    table = _document("r.md", TABLE)
    headline = [
        _result(table, 3, model="Qwen/Qwen3-30B-A3B-FP8"),
        _result(table, 4, model="Qwen/Qwen3-30B-A3B"),
    ]
    meta = _meta(headline, table)
    assert (meta.model_id, meta.model_label) == ("Qwen/Qwen3-30B-A3B", "Qwen3-30B-A3B")
    assert meta.evidence["model_id"] == table.line_url(4)


def test_the_one_repository_id_the_readme_names_with_its_revision() -> None:
    readme = _document(
        "README.md", f"# Bench\n\nServing acme/Foo-30B-A3B @ {WEIGHTS} on one node.\n"
    )
    table = _document("r.md", TABLE)
    meta = _meta([_result(table, 3)], readme, table)
    assert (meta.model_id, meta.model_label) == ("acme/Foo-30B-A3B", "Foo-30B-A3B")
    assert meta.model_artifact is not None and meta.model_artifact.revision == WEIGHTS
    assert meta.evidence["model_id"] == meta.evidence["model_artifact"] == readme.line_url(3)
    assert meta.evidence["model_revision"] == readme.line_url(3)


def test_a_model_the_readme_states_without_a_repository_id() -> None:
    readme = _document("README.md", "# Bench\n\nModel: Foo-30B-A3B\n")
    table = _document("r.md", TABLE)
    meta = _meta([_result(table, 3)], readme, table)
    assert (meta.model_id, meta.model_artifact) == ("Foo-30B-A3B", None)
    assert meta.evidence["model_id"] == readme.line_url(3)


def test_a_model_a_figure_carries_from_its_document_against_another_figure_s_own() -> None:
    named = _document("a.md", "# Runs\n\nModel: Bar-7B-Chat\n\n" + TABLE)
    table = _document("r.md", TABLE)
    headline = [_result(table, 3, model="Foo-30B-A3B"), _result(named, 7)]
    meta = _meta(headline, table, named)
    assert meta.model_id is None
    assert meta.unstated["model_id"].startswith(
        "a comparison: the headline figures were measured on 2 models (Foo-30B-A3B, Bar-7B-Chat)"
    )
    # a figure that names its own model carries none from its document
    assert _meta([_result(named, 7, model="Foo-30B-A3B")], named).model_id == "Foo-30B-A3B"


def test_a_model_only_some_figures_documents_name_says_so() -> None:
    named = _document("a.md", "# Runs\n\nModel: Bar-7B-Chat\n\n" + TABLE)
    table = _document("r.md", TABLE)
    meta = _meta([_result(named, 7), _result(table, 3)], named, table)
    assert meta.model_id is None
    assert meta.unstated["model_id"].startswith(
        "only some headline figures' documents name their model (Bar-7B-Chat)"
    )


def test_no_model_anywhere_says_so() -> None:
    table = _document("r.md", TABLE)
    meta = _meta([_result(table, 3)], table)
    assert (meta.model_id, meta.model_label, meta.model_family) == (None, None, None)
    assert meta.unstated["model_id"] == "no source names the model it measured"


def test_a_model_without_a_family_cites_none() -> None:
    table = _document("r.md", TABLE)
    meta = _meta([_result(table, 3, model="Zz-1")], table)
    assert (meta.model_id, meta.model_family) == ("Zz-1", None)
    assert "model_family" not in meta.evidence and "model_label" in meta.evidence


def test_a_model_few_headline_figures_name_is_not_the_record_s() -> None:
    """savoirtech: one `DeepSeek-R1:1.5b` row among eleven figures naming no model gave the
    title `DeepSeek-R1:1.5b: ...`; half or more must name it."""
    readme = _document("README.md", "# Bench\n\n" + TABLE)
    one = [_result(readme, 5, model="DeepSeek-R1:1.5b")]
    unnamed = [_result(readme, 6) for _ in range(3)]
    meta = _meta([*one, *unnamed], readme)
    assert meta.model_label is None and meta.model_id is None
    assert "most of them" in meta.unstated["model_id"]
    even = _meta([*one, *one, *unnamed[:2]], readme)
    assert even.model_label == "DeepSeek-R1:1.5b"


def test_an_example_config_elsewhere_names_no_model_of_the_figures() -> None:
    # er0080/vllm-benchmarking README.md:229: the config a first run is shown with; its
    # figures (a 27B model's load time among them) stand in docs/
    readme = _document(
        "README.md",
        "# Bench tool\n\n### Your first measurement\n\n```yaml\nmodel: acme/Foo-125m\n"
        "max_model_len: 2048\n```\n",
    )
    table = _document("docs/verified.md", TABLE)
    meta = _meta([_result(table, 3)], readme, table)
    assert (meta.model_id, meta.model_artifact) == (None, None)
    # the same id in the README's prose states the model served
    stated = _document("README.md", "# Bench\n\nServing acme/Foo-125m on one node.\n")
    assert _meta([_result(table, 3)], stated, table).model_id == "acme/Foo-125m"
