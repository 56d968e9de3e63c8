"""The headline rules on real corpus repositories: the dev-set gold headlines are mostly
chosen, the cap holds, restated numbers are chosen once, and a count under a rate metric is
not a headline."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conftest import DEVGOLD, SharedCorpusExtraction
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.artifact import Extraction
from draftflow.record.model import ReportedResult
from draftflow.select.comparisons import is_lower_better
from draftflow.select.figures_file import make_figures
from draftflow.select.rules import (
    DEFAULT_MAX_RESULTS,
    MAX_HEADLINE,
    SAME_DOCUMENT_COST,
    SAME_METRIC_COST,
    SAME_ROW_COST,
    _without_restatements,
    choose,
    headline_eligible,
    ranked_picks,
    score_figures,
)
from draftflow.select.scored import Scored

# The share of each gold file's headline figures the rules choose, and the share of the
# chosen figures that are gold headlines, over the whole repository. Issue 33: the headline is
# as long as the author's claims (at most 12, not 24 by count), so fewer gold figures are hit
# and more of the chosen ones are gold: PalatineVision (result files only, no figure stands
# out) 9/11 of 24 -> 1/11 of 4; jethac 6/10 -> 3/10 of 12; teaql 9/12 -> 7/12 of 12. Session
# 19's lead model (its context features) takes 6/12 of 12 here, where the whole selection
# `draftflow eval` scores takes 8/12 of 12 (7/12 before): this path skips its exclusions.
GOLD_RECALL = {
    "PalatineVision__dgx-spark-benchmark": (0.09, 0.25),
    "jethac__dgx-spark-hijinks": (0.3, 0.25),
    "teaql__nvidia-dgx-spark-model-benchmark": (0.5, 0.5),
}


def _snapshot(corpus_dir: Path, manifest: dict[str, Any], folder: str) -> Snapshot:
    entry = manifest[folder]
    return acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])


def _headline(snapshot: Snapshot, extraction: Extraction) -> list[ReportedResult]:
    figures = make_figures(extraction.reported_results)
    return [item.figure.result for item in choose(score_figures(snapshot, figures), 24)]


@pytest.mark.parametrize("folder", sorted(GOLD_RECALL))
def test_rules_choose_most_gold_headlines(
    corpus_dir: Path,
    manifest: dict[str, Any],
    folder: str,
    shared_corpus_extraction: SharedCorpusExtraction,
) -> None:
    gold = json.loads((DEVGOLD / f"{folder}.json").read_text(encoding="utf-8"))
    snapshot = _snapshot(corpus_dir, manifest, folder)
    chosen = _headline(snapshot, shared_corpus_extraction(folder))
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
    recall, precision = GOLD_RECALL[folder]
    assert hits / len(gold["headline"]) >= recall, (hits, len(gold["headline"]))
    assert len(chosen) <= MAX_HEADLINE and hits / len(chosen) >= precision, (hits, len(chosen))


def test_a_restated_number_is_chosen_once_and_counts_are_not_rates(
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, "jethac__dgx-spark-hijinks")
    chosen = _headline(snapshot, shared_corpus_extraction("jethac__dgx-spark-hijinks"))
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
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, "PalatineVision__dgx-spark-benchmark")
    extraction = shared_corpus_extraction("PalatineVision__dgx-spark-benchmark")
    scored = score_figures(snapshot, make_figures(extraction.reported_results))
    few = choose(scored, 5)
    assert 1 <= len(few) <= 5  # the claims, at most the cap (here 4: no figure stands out)
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
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, "teaql__nvidia-dgx-spark-model-benchmark")
    extraction = shared_corpus_extraction("teaql__nvidia-dgx-spark-model-benchmark")
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


def _choose_comparing_every_figure(scored: list[Scored], max_results: int) -> list[Scored]:
    """`choose` without its lazy heap: each pick compares every figure's score after the
    costs of its document, metric and row (the reference the heap must agree with)."""
    pool = _without_restatements(scored)
    # what each figure's score and costs read, worked out once, not once per figure per pick
    terms = []
    for item in pool:
        result = item.figure.result
        document = result.source_document_id
        prose = result.evidence_url.split("#")[0].lower().endswith((".md", ".markdown"))
        terms.append(
            (
                item.score,
                (SAME_METRIC_COST[prose], (document, result.metric)),
                (SAME_DOCUMENT_COST[prose], document),
                (SAME_ROW_COST[prose and not item.stands_alone], (document, result.source_line)),
            )
        )
    taken: list[int] = []
    done: set[int] = set()
    per_metric: Counter[tuple[str, str]] = Counter()
    per_document: Counter[str] = Counter()
    per_row: Counter[tuple[str, int]] = Counter()
    while len(taken) < max_results:
        best_index, best_score = -1, float("-inf")
        for index, (own, (m_cost, metric), (d_cost, document), (r_cost, row)) in enumerate(terms):
            if index in done:
                continue
            score = (
                own
                - m_cost * per_metric[metric]
                - d_cost * per_document[document]
                - r_cost * per_row[row]
            )
            if score > best_score:
                best_index, best_score = index, score
        if best_index < 0:
            break
        taken.append(best_index)
        done.add(best_index)
        result = pool[best_index].figure.result
        per_metric[(result.source_document_id, result.metric)] += 1
        per_document[result.source_document_id] += 1
        per_row[(result.source_document_id, result.source_line)] += 1
    order = {id(item): index for index, item in enumerate(scored)}
    return sorted((pool[index] for index in taken), key=lambda item: order[id(item)])


@pytest.mark.parametrize(
    "folder", ["jethac__dgx-spark-hijinks", "djangodevreng__dgx-spark-benchmarks"]
)
def test_choose_picks_what_comparing_every_group_picks(
    corpus_dir: Path,
    manifest: dict[str, Any],
    folder: str,
    shared_corpus_extraction: SharedCorpusExtraction,
) -> None:
    """The lazy heap picks the same figures as comparing every figure each round, on the
    corpus's scores and on scores coarsened to force ties (the lowest index wins a tie)."""
    snapshot = _snapshot(corpus_dir, manifest, folder)
    extraction = shared_corpus_extraction(folder)
    scored = score_figures(snapshot, make_figures(extraction.reported_results))
    rng = random.Random(13)
    coarse = [
        Scored(item.figure, float(rng.choice([0, 1, 2, 2.5, 4])), stands_alone=rng.random() < 0.2)
        for item in scored
    ]
    for items in (scored, coarse):
        # every figure, till the groups run out, where that is quick to compare
        everything = [len(items) + 1] if len(items) < 300 else []
        for cap in (0, 1, 5, 24, 200, *everything):
            expected = _choose_comparing_every_figure(items, cap)
            picked = [item for item, _ in ranked_picks(items, cap)]
            order = {id(item): index for index, item in enumerate(items)}
            picked.sort(key=lambda item: order[id(item)])
            assert [id(i) for i in picked] == [id(i) for i in expected]


def _places(snapshot: Snapshot, chosen: list[ReportedResult]) -> set[tuple[str, int, float]]:
    places: set[tuple[str, int, float]] = set()
    for result in chosen:
        document = snapshot.document(result.source_document_id)
        assert document is not None
        places.add((document.path, result.source_line, float(result.value)))
    return places


def test_a_quantization_tables_reference_row_leads_across_its_columns(
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    """turboderp's cache evaluation compares quantized rows against the FP16 row: the FP16
    row's FP16, FP8 and Q4 cache perplexities (doc/qcache_eval.md:34) are the claim, and a
    quantized row's FP16-cache value alone is not."""
    snapshot = _snapshot(corpus_dir, manifest, "turboderp__exllamav2")
    places = _places(
        snapshot, _headline(snapshot, shared_corpus_extraction("turboderp__exllamav2"))
    )
    reference = {("doc/qcache_eval.md", 34, v) for v in (10.91, 11.24, 11.05)}
    assert reference <= places
    assert ("doc/qcache_eval.md", 33, 11.13) not in places  # the 5.0 bpw row


def test_a_ledgers_latest_entry_and_both_ends_of_a_range_lead(
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    """teaql's execution ledger: its latest dated row (line 72, the 30-object run's 127.399 s
    request) is where the work stands; `between 15.45 and 16.36 tokens per second` is one
    claim, both ends taken."""
    teaql = "teaql__nvidia-dgx-spark-model-benchmark"
    snapshot = _snapshot(corpus_dir, manifest, teaql)
    places = _places(snapshot, _headline(snapshot, shared_corpus_extraction(teaql)))
    assert ("reports/DGX-SPARK-EXECUTION-LEDGER.md", 72, 127.399) in places
    round_2 = "reports/round-2-nemotron-super-modeling.md"
    assert {(round_2, 14, 15.45), (round_2, 14, 16.36)} <= places


def test_run_files_outrank_the_recipe_pages_that_restate_them(
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    """jvr0x's README calls results/*.json the real runs; a recipe page headed `Measured
    results (results/x.json)` restates one: its 52.6 tok/s is cited from the run file."""
    snapshot = _snapshot(corpus_dir, manifest, "jvr0x__dgx-spark-bench")
    extraction = shared_corpus_extraction("jvr0x__dgx-spark-bench")
    scored = score_figures(snapshot, make_figures(extraction.reported_results))
    chosen = choose(headline_eligible(scored, snapshot), DEFAULT_MAX_RESULTS)
    places = _places(snapshot, [item.figure.result for item in chosen])
    assert ("results/deepseek-v4-flash-dspark-dual.json", 66, 52.6) in places
    assert ("recipes/deepseek-v4-flash-dspark-dual/README.md", 35, 52.6) not in places
    from_runs = sum(path.startswith("results/") for path, _, _ in places)
    assert from_runs > len(places) / 2
