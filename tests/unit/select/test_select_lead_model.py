"""The learned lead ranker (select/lead_model.py): it ranks the rules' claims, never adds to
them, and is shipped as data."""

from __future__ import annotations

import asyncio
import json

import pytest

from documents import make_result
from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import ConfigError
from draftflow.extract.artifact import Extraction
from draftflow.logistic import parse_model
from draftflow.record.model import ReportedResult
from draftflow.select import select
from draftflow.select.figures_file import make_figures
from draftflow.select.lead import DocumentRole, RoleReading
from draftflow.select.lead_features import lead_features, reason_name
from draftflow.select.lead_model import (
    STOP_LOG_ODDS,
    LeadModel,
    Rung,
    choose_ranked,
    lead_claims,
    lead_ladder,
    shipped_lead_model,
)
from draftflow.select.lead_training import LeadTrainingSettings
from draftflow.select.rules import choose, ranked_picks
from draftflow.select.scored import Scored
from extract_support import snapshot_of

SNAPSHOT = snapshot_of({"README.md": "".join(f"| row {i} | {10 + i} |\n" for i in range(8))})


def _scored(scores: list[float]) -> list[Scored]:
    document = SNAPSHOT.documents[0]
    results = [make_result(document, i + 1, 10.0 + i) for i in range(len(scores))]
    figures = make_figures(results)
    scored = [Scored(f, score=s, path="README.md") for f, s in zip(figures, scores, strict=True)]
    return scored


def _lines(items: list[Scored]) -> list[int]:
    return [item.figure.result.source_line for item in items]


def test_the_model_reorders_the_rules_candidates_never_adds_one() -> None:
    scores = [4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, -1.0]
    later_first = LeadModel(weights={"line_fraction": 50.0}, blend=1.0)
    ladder = lead_ladder(_scored(scores), SNAPSHOT, 24, later_first)
    assert [rung.item.figure.result.source_line for rung in ladder][:2] == [7, 6]
    ranked = choose_ranked(_scored(scores), SNAPSHOT, 24, later_first)
    assert _lines(ranked) == [1, 2, 3, 4, 5, 6, 7]  # every one the model calls a lead claim
    assert 8 not in _lines(ranked)  # a figure the rules debit never leads, whatever its score


def test_a_model_of_no_weights_takes_the_rules_order_and_every_candidate() -> None:
    scores = [3.0, 8.0, 1.0, 6.0, 6.0, 2.0, 0.0, 9.0]
    ladder = lead_ladder(_scored(scores), SNAPSHOT, 24, LeadModel(weights={}, blend=1.5))
    rules = [item for item, _ in ranked_picks([i for i in _scored(scores) if i.score > 0], 24)]
    assert [r.item.figure.id for r in ladder] == [item.figure.id for item in rules]
    ranked = choose_ranked(_scored(scores), SNAPSHOT, 24, LeadModel(weights={}, blend=1.5))
    assert _lines(ranked) == [1, 2, 3, 4, 5, 6, 8]  # log-odds 0 is a claim; 0 points is none
    assert choose_ranked([], SNAPSHOT, 24, LeadModel(weights={}, blend=1.5)) == []


def test_the_headline_holds_only_what_the_model_calls_lead_claims() -> None:
    """The rules would take a fourth figure (their first four stand while they score above
    zero); the model gives the weak ones log-odds -5 (P < 1 %): the headline is three long."""
    weak_are_no_claims = LeadModel(weights={"bias": -6.0, "score": 0.5}, blend=0.0)
    scores = [9.0, 9.0, 9.0, 2.0, 2.0, 2.0]
    assert len(choose(_scored(scores), 24)) == 4
    assert _lines(choose_ranked(_scored(scores), SNAPSHOT, 24, weak_are_no_claims)) == [1, 2, 3]
    # a model that calls nothing a claim leaves the ladder's first pick, never an empty
    # headline (a model that mislabels a whole run file alike scores every figure low)
    nothing_leads = LeadModel(weights={"bias": -9.0}, blend=0.0)
    assert _lines(choose_ranked(_scored(scores), SNAPSHOT, 24, nothing_leads)) == [1]


def test_a_weak_rung_is_skipped_not_a_stop() -> None:
    items = _scored([1.0] * 5)
    learned = [0.0, STOP_LOG_ODDS - 0.01, STOP_LOG_ODDS, -9.0, 0.0]
    ladder = [Rung(i, 1.0, v) for i, v in zip(items, learned, strict=True)]
    assert [rung.learned for rung in lead_claims(ladder)] == [0.0, STOP_LOG_ODDS, 0.0]
    assert lead_claims([]) == []


def test_ranking_leaves_the_rules_scores_as_they_were() -> None:
    items = _scored([5.0, 4.0, 3.0, 2.0])
    choose_ranked(items, SNAPSHOT, 24, LeadModel(weights={"bias": 7.0}, blend=2.0))
    assert [item.score for item in items] == [5.0, 4.0, 3.0, 2.0]


def test_features_name_the_rules_reasons_without_their_evidence() -> None:
    assert reason_name("in a results document (the README points to `a/b.md`)") == (
        "in a results document"
    )
    assert reason_name("in the opening section of docs/x.md") == (
        "in the opening section of a document"
    )
    assert reason_name("the run file r/1.json restates") == "the run file restates"
    items = _scored([5.0, 1.0])
    items[0].add(1.0, "in a results document (the README points to `r/`)")
    first, second = lead_features(items, SNAPSHOT)
    assert first["reason=in a results document"] == 1.0 and first["score_gap"] == 0.0
    assert second["score_gap"] == -5.0 and first["metric=decode_rate"] == 1.0
    assert not [name for name in first if "row" in name or "README" in name]


def test_the_front_pages_summary_table_bold_and_opening_weigh_apart_from_other_documents() -> None:
    # an editor leads with the README's own summary table, emphasis and opening; the same
    # reasons in a results document are one of many (failed before: no such features)
    items = _scored([5.0, 5.0])
    items[0].role = RoleReading(DocumentRole.LEAD, "README.md is the front page")
    items[1].role = RoleReading(DocumentRole.RESULTS, "the README points to `docs/`")
    for item in items:
        item.add(1.0, "in a summary table")
        item.add(1.0, "written in bold")
        item.add(1.5, "in the opening section of the README")
    front, other = lead_features(items, SNAPSHOT)
    assert {k: v for k, v in front.items() if k.startswith("front_page_")} == {
        "front_page_summary_table": 1.0,
        "front_page_bold": 1.0,
        "front_page_opening": 1.0,
    }
    assert not [name for name in other if name.startswith("front_page_")]
    assert other["reason=in a summary table"] == front["reason=in a summary table"] == 1.0


def test_the_shipped_model_loads_and_was_trained_on_the_gold() -> None:
    model = shipped_lead_model()
    assert len(model.trained_on) >= 25 and model.weights and model.blend > 0
    assert "score" in model.weights


def test_the_shipped_model_is_fitted_as_the_settings_say() -> None:
    # C 0.03 and blend 8, calibrated left-one-out over the 66 gold repositories
    # (benchmarks/lead_loo.py: 176 -> 190 of 680 gold headline figures)
    settings = LeadTrainingSettings()
    model = shipped_lead_model()
    assert (settings.regularization, settings.blend) == (0.03, 8.0)
    assert model.settings["C"] == settings.regularization and model.blend == settings.blend


def test_a_lead_model_file_round_trips_and_a_wrong_one_says_how_to_fix_it() -> None:
    model = LeadModel(weights={"a": 1.5, "bias": -0.5}, blend=1.5, trained_on=("o/r",))
    again = parse_model(LeadModel, model.to_json(), "x.json")
    assert again == model and again.to_json() == model.to_json()
    for text in (
        "not json",
        json.dumps({"format": "other"}),
        '{"format": "draftflow-lead-model/1"}',
    ):
        with pytest.raises(ConfigError) as raised:
            parse_model(LeadModel, text, "x.json")
        assert "train-lead-model.py" in (raised.value.hint or "")


def _selected(snapshot: Snapshot, results: list[ReportedResult]) -> tuple[list[str], list[str]]:
    """The figures file's ids in order, and the headline's ids (a ranker that favours the
    first figure of a metric in a document, and the rules' early picks)."""
    extraction = Extraction(reported_results=results)
    model = LeadModel(weights={"first_of_metric_in_document": 9.0, "pick_order_log": -2.0}, blend=1)
    selection = asyncio.run(
        select(snapshot, extraction, None, figures_file="figures.json", lead_model=model)
    )
    return [f.id for f in selection.figures], [c.id for c in selection.note.chosen]


def test_the_headline_does_not_depend_on_the_order_the_extraction_lists_its_figures() -> None:
    """The deterministic pass lists a document's prose figures after its tables, a model run's
    merge lists them by document and line: the same figures must lead either way (a column's
    first row is its baseline for the rules; the first of a metric is a feature of the ranker)."""
    rows = "".join(f"| m{i} | {20 + 3 * i} | {5 + i} |\n" for i in range(6))
    table = f"| model | tok/s | ms |\n|---|---|---|\n{rows}"
    readme = f"# Bench\n\nDecode reached 64.5 tok/s at best.\n\n{table}"
    snapshot = snapshot_of({"README.md": readme, "results/run.md": readme})
    results = [
        make_result(document, line, value, label=label)
        for document in snapshot.documents
        for line, value, label in [
            (3, 64.5, "decode tok/s"),
            *((7 + i, 20.0 + 3 * i, "decode tok/s") for i in range(6)),
            *((7 + i, 5.0 + i, "first token ms") for i in range(6)),
        ]
    ]
    figures, headline = _selected(snapshot, results)
    assert len(headline) >= 4
    tables_first = sorted(results, key=lambda r: (r.source_document_id, r.source_line == 3))
    # documents and lines backwards; a line's figures keep their order (both paths agree there)
    backwards = sorted(results, key=lambda r: (r.source_document_id, r.source_line), reverse=True)
    for listed in (tables_first, backwards):
        again, again_headline = _selected(snapshot, listed)
        assert again_headline == headline
        assert again == figures
