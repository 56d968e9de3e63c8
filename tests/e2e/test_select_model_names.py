"""The shapes a document names its model in: a title, a `Model:` line, a model column of one
value, a JSON `model` key; several names are a comparison; a record names the model only when
its README (or every headline figure's document) does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from documents import make_document, make_result
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.select.metadata import read_metadata
from draftflow.select.model_names import clean_name, model_family, one_model, stated_models
from draftflow.select.profiles import enrich

REVISION = "c" * 40


def _document(path: str, text: str) -> Document:
    return make_document(path, text, revision=REVISION, prefix="demo-")


def _names(text: str, path: str = "r.md") -> list[tuple[str, int]]:
    return [(s.name, s.line) for s in stated_models(_document(path, text))]


def test_a_title_names_the_model_after_its_lead_words() -> None:
    assert _names("# Round 2: Nemotron 3 Super 120B Modeling\n\ntext\n") == [
        ("Nemotron 3 Super 120B", 1)
    ]
    assert _names("# Notes on Qwen3.6-27B-FP8\n") == [("Qwen3.6-27B", 1)]
    assert _names("# Ollama Benchmark: Local LLM Performance on a 128 GB box\n") == []


def test_model_lines_in_their_written_forms() -> None:
    assert _names("# Run\n\n**Model:** meta-models/Muse-Glimmer-30B\n") == [
        ("meta-models/Muse-Glimmer-30B", 3)
    ]
    assert _names(
        "| Item | Value |\n|---|---|\n| Model | NVIDIA Nemotron 3 Super 120B A12B |\n"
    ) == [("NVIDIA Nemotron 3 Super 120B A12B", 3)]
    assert _names("> Served model: acme/Foo-7B-Instruct (bf16)\n") == [("acme/Foo-7B-Instruct", 1)]
    assert _names("Model: see the table below\n") == []
    # a code fence's comment is not a title
    assert _names("```bash\n# Llama 3.1 8B\n```\n") == []


def test_a_model_column_of_one_value_names_it_and_of_several_is_a_comparison() -> None:
    one = "| Model | c | tok/s |\n|---|---|---|\n| Foo-30B | 1 | 50.5 |\n| Foo-30B | 4 | 120.5 |\n"
    assert _names(one) == [("Foo-30B", 3)]
    several = "| Model | tok/s |\n|---|---|\n| Foo-30B | 50.5 |\n| Bar-8B | 80.5 |\n"
    assert [n for n, _ in _names(several)] == ["Foo-30B", "Bar-8B"]
    assert one_model(_document("r.md", several)) is None


def test_spellings_of_one_model_are_one_and_json_keys_name_it() -> None:
    text = "# Round 2: Nemotron 3 Super 120B\n\n| Item | Value |\n|---|---|\n"
    text += "| Model | NVIDIA Nemotron 3 Super 120B A12B |\n"
    assert _names(text) == [("NVIDIA Nemotron 3 Super 120B A12B", 5)]
    assert _names('{\n  "model": "Gemma-4-12B-IT",\n  "x": 1\n}\n', "r.json") == [
        ("Gemma-4-12B-IT", 2)
    ]
    assert clean_name("Qwen/Qwen3.6-27B-FP8 at a pinned revision") == "Qwen/Qwen3.6-27B-FP8"
    assert model_family("NVIDIA Nemotron 3 Super 120B A12B") == "Nemotron"


def test_a_readme_naming_one_model_is_the_record_model_with_its_line() -> None:
    readme = _document("README.md", "# Bench\n\n- **Model:** Foo-30B-A3B\n- runs on vLLM\n")
    table = _document("r.md", "| case | tok/s |\n|---|---|\n| short | 41.5 |\n")
    snapshot = Snapshot(
        repository="o/demo",
        url="https://github.com/o/demo",
        revision=REVISION,
        commit_time="2026-01-01T00:00:00Z",
        documents=[readme, table],
    )
    meta = read_metadata(snapshot, [make_result(table, 3, 41.5)], [])
    assert meta.model_label == "Foo-30B-A3B" and meta.model_family == "Foo"
    assert meta.evidence["model_id"] == readme.line_url(3)


def test_figures_carry_their_documents_model_when_the_record_compares(
    corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    folder = "teaql__nvidia-dgx-spark-model-benchmark"
    entry = manifest[folder]
    snapshot = acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])
    round_1 = snapshot.by_path("reports/round-1-dgx-spark-teaql.md")
    round_2 = snapshot.by_path("reports/round-2-nemotron-super-modeling.md")
    assert round_1 is not None and round_2 is not None
    headline = [make_result(round_1, 12, 0.187), make_result(round_2, 14, 15.45)]
    meta = read_metadata(snapshot, headline, headline)
    # round 1 measured other models than round 2: the record names none, and says why
    assert meta.model_label is None and "only some" in meta.unstated["model_id"]
    assert meta.document_models[round_2.document_id][0] == "NVIDIA Nemotron 3 Super 120B A12B"
    # the document's model cites no place of the figure's own context: it stays out of the
    # figure's conditions (issue 31), the figure's own chain names it or nothing does
    enriched = [enrich(result, meta) for result in headline]
    assert all(r.conditions.get("model") is None for r in enriched)
