"""Who measured what, told apart, on the corpus repositories that showed the failures: a spec
sheet's value is no result (fusionxpark), figures under one label differ in nothing the
source states (luongnv89's thinking on/off, jethac's fp8-KV table), a model is never a score
or a date (rhattala, teaql), a negative control's score and a bug's share never lead
(rhattala), a statistic column is published as its statistic (rhattala),
and a third party's number carries its attribution and is compared with nothing (teaql)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import SharedCorpusDraft
from draftflow.record.model import Record


def _draft(
    shared_corpus_draft: SharedCorpusDraft, folder: str
) -> tuple[Record, list[dict[str, Any]], str]:
    """The record, its figures and its article, read afresh from the folder's shared no-model
    draft (conftest: drafted once per test process)."""
    record_path = shared_corpus_draft(folder)
    record = Record.model_validate_json(record_path.read_text())
    figures = json.loads(record_path.with_suffix(".figures.json").read_text())["figures"]
    return record, figures, record_path.with_suffix(".md").read_text()


@pytest.fixture(scope="module")
def drafts(shared_corpus_draft: SharedCorpusDraft) -> Any:
    return lambda folder: _draft(shared_corpus_draft, folder)


def _at(figures: list[dict[str, Any]], path: str, line: int, value: float) -> list[dict[str, Any]]:
    return [
        f
        for f in figures
        if f["evidence_url"].endswith(f"/{path}#L{line}") and float(f["value"]) == value
    ]


def test_fusionxpark_spec_values_are_marked_and_never_results(drafts: Any) -> None:
    record, figures, _ = drafts("E27-25__fusionxpark-gb10-hwtest")
    headline = [(r.value, r.unit) for r in record.editorial.reported_results]
    assert (273, "GB/s") not in headline and (900, "GB/s") not in headline
    for line, value in ((50, 900), (61, 273), (543, 273)):
        marked = _at(figures, "README.md", line, value)  # a spec value is no figure, or marked
        assert all(f["status"]["status"] == "specification" for f in marked), (line, value)
    achieved = _at(figures, "README.md", 61, 134)
    assert achieved and all("status" not in f for f in achieved)
    # a GPU's model number is no figure (`**RTX 5070 Ti** (4–5× faster)`)
    assert not [f for f in figures if float(f["value"]) == 5070]


def test_luongnv89_thinking_on_and_off_get_different_labels(drafts: Any) -> None:
    _, figures, _ = drafts("luongnv89__dgx-spark-llm-lab")
    on = {f["label"] for f in _at(figures, "README.md", 28, 82.1)}
    off = {f["label"] for f in _at(figures, "README.md", 28, 80.4)}
    assert on and off and not on & off
    assert any("thinking-on" in label for label in on)
    assert any("thinking-off" in label for label in off)


def test_jethac_fp8_kv_row_is_labelled_apart_from_the_bf16_row(drafts: Any) -> None:
    _, figures, _ = drafts("jethac__dgx-spark-hijinks")
    bf16 = {f["label"] for f in _at(figures, "docs/BASELINE_RESULTS.md", 155, 58.89)}
    fp8 = {f["label"] for f in _at(figures, "docs/BASELINE_RESULTS.md", 163, 59.09)}
    assert bf16 and fp8 and not bf16 & fp8
    assert all("fp8" in label for label in fp8)


def test_rhattala_names_no_model_by_a_score_and_publishes_sd_as_sd(drafts: Any) -> None:
    record, figures, _ = drafts("rhattala__dgx-spark-bench")
    models = {str(f["conditions"].get("model")) for f in figures}
    models |= {str(r.conditions.get("model")) for r in record.editorial.reported_results}
    assert "54.3/63" not in models
    sd = _at(figures, "results/2026-08-17/spin-after.json", 18, 4.2)
    assert sd and all(f["statistic"] == "standard deviation" for f in sd)


def test_rhattala_leads_with_no_dead_endpoints_score_and_no_bugs_share(drafts: Any) -> None:
    # 'a benchmark run against a dead endpoint scores 79.8%' and 'an off-by-one ... turning
    # 22% of scores into neutral ties' are a negative control and a bug's effect (issue 31)
    record, figures, article = drafts("rhattala__dgx-spark-bench")
    headline = {(r.source_line, float(r.value)) for r in record.editorial.reported_results}
    assert (24, 79.8) not in headline and (26, 22.0) not in headline
    for line, value in ((24, 79.8), (26, 22.0)):
        marked = _at(figures, "README.md", line, value)
        assert marked and all(f["status"]["status"] == "failure" for f in marked)
    assert "README.md#L256" not in article  # 'the prettier page is the broken one' marks nothing


def test_teaql_names_no_model_by_a_date_and_compares_no_third_party(drafts: Any) -> None:
    record, figures, article = drafts("teaql__nvidia-dgx-spark-model-benchmark")
    models = {str(f["conditions"].get("model")) for f in figures}
    models |= {str(r.conditions.get("model")) for r in record.editorial.reported_results}
    assert "2026-07-24/25" not in models
    swarm = _at(figures, "reports/1000-OBJECTS-BENCHMARK-BREAKTHROUGH.md", 14, 90)
    assert swarm and all("Gemini Flash" in f["attribution"]["who"] for f in swarm)
    assert all(r.attribution is None for r in record.editorial.reported_results)
    assert "Gemini Flash is lowest" not in article
