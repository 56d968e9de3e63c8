"""The headline rules on real corpus repositories: the dev-set gold headlines are mostly
chosen, the cap holds, restated numbers are chosen once, and a count under a rate metric is
not a headline."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from conftest import SHARED
from draftflow.acquire import acquire
from draftflow.extract import extract
from draftflow.records import ReportedResult
from draftflow.select.figures import make_figures
from draftflow.select.rules import (
    DEFAULT_MAX_RESULTS,
    choose,
    is_lower_better,
    score_figures,
)
from draftflow.snapshot import Snapshot

DEVGOLD = SHARED / "devgold"
# The share of each gold file's headline figures the rules must choose (issue 10 asks 60%).
# Measured: PalatineVision 9/11, jethac 6/10, teaql 9/12.
GOLD_RECALL = {
    "PalatineVision__dgx-spark-benchmark": 0.8,
    "jethac__dgx-spark-hijinks": 0.6,
    "teaql__nvidia-dgx-spark-model-benchmark": 0.6,
}


def _snapshot(corpus_dir: Path, manifest: dict[str, Any], folder: str) -> Snapshot:
    entry = manifest[folder]
    return acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])


def _headline(snapshot: Snapshot) -> list[ReportedResult]:
    extraction = asyncio.run(extract(snapshot, None))
    figures = make_figures(extraction.reported_results)
    return [item.figure.result for item in choose(score_figures(snapshot, figures), 24)]


@pytest.mark.parametrize("folder", sorted(GOLD_RECALL))
def test_rules_choose_most_gold_headlines(
    corpus_dir: Path, manifest: dict[str, Any], folder: str
) -> None:
    gold = json.loads((DEVGOLD / f"{folder}.json").read_text(encoding="utf-8"))
    snapshot = _snapshot(corpus_dir, manifest, folder)
    chosen = _headline(snapshot)
    assert len(chosen) <= DEFAULT_MAX_RESULTS
    where: dict[tuple[str, int], list[float]] = {}
    for result in chosen:
        document = snapshot.document(result.source_document_id)
        assert document is not None
        where.setdefault((document.path, result.source_line), []).append(float(result.value))
    hits = sum(
        any(
            abs(v - h["value"]) <= 1e-9 * max(1.0, abs(h["value"]))
            for v in where.get((h["path"], h["line"]), [])
        )
        for h in gold["headline"]
    )
    assert hits / len(gold["headline"]) >= GOLD_RECALL[folder], (hits, len(gold["headline"]))


def test_a_restated_number_is_chosen_once_and_counts_are_not_rates(
    corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, "jethac__dgx-spark-hijinks")
    chosen = _headline(snapshot)
    # a number precise enough not to be a coincidence is one claim wherever it is restated
    keys = [(r.metric, float(r.value)) for r in chosen if len(f"{float(r.value):g}") >= 4]
    assert keys and len(keys) == len(set(keys))
    # a `generated tokens` or `total seconds` column is never a headline rate
    rates = ("decode_rate", "prefill_rate", "throughput", "aggregate_throughput")
    assert not any(
        r.metric in rates and r.label.endswith(("generated tokens", "total seconds"))
        for r in chosen
    )


def test_every_choice_says_why_and_the_cap_is_respected(
    corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, "PalatineVision__dgx-spark-benchmark")
    extraction = asyncio.run(extract(snapshot, None))
    scored = score_figures(snapshot, make_figures(extraction.reported_results))
    few = choose(scored, 5)
    assert len(few) == 5
    assert all(item.why for item in few)
    best_first = sorted(scored, key=lambda item: -item.score)
    assert {id(i) for i in few} <= {id(i) for i in best_first[:40]}
    # source order, so the article reads document by document
    order = [scored.index(item) for item in few]
    assert order == sorted(order)


def test_fault_counts_and_times_are_lower_is_better() -> None:
    assert is_lower_better("warning_count") and is_lower_better("failed_requests")
    assert is_lower_better("ttft") and not is_lower_better("decode_rate")


def test_a_pass_count_is_a_claim_and_a_shared_best_is_no_best(
    corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, "teaql__nvidia-dgx-spark-model-benchmark")
    extraction = asyncio.run(extract(snapshot, None))
    scored = score_figures(snapshot, make_figures(extraction.reported_results))

    def path(item: Any) -> str:
        document = snapshot.document(item.figure.result.source_document_id)
        assert document is not None
        return document.path

    # round-2 line 17: "None of the four first attempts passed the fixed KSML validator:"
    (none_of_four,) = [
        s
        for s in scored
        if path(s).endswith("round-2-nemotron-super-modeling.md")
        and s.figure.result.source_line == 17
    ]
    assert float(none_of_four.figure.result.value) == 0
    assert "a pass count out of the tested set" in none_of_four.reasons
    # `0 errors` in many runs across the reports: the best value is shared, so no run is the
    # best of the metric across them
    zeros = [
        s
        for s in scored
        if s.figure.result.metric == "error_count"
        and s.figure.result.unit.lower() == "errors"
        and float(s.figure.result.value) == 0
    ]
    assert len({path(s) for s in zeros}) > 1
    assert not any("best of this metric across" in reason for s in zeros for reason in s.reasons)
