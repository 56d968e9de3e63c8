"""The lead ranker's repository-level features: the repository's subject metric, the label
every run repeats, the best value of a metric, a zero."""

from __future__ import annotations

import math

from documents import make_result
from draftflow.select.figures_file import make_figures
from draftflow.select.lead_context import context_features, subject_text
from draftflow.select.lead_features import lead_features
from draftflow.select.scored import Scored
from extract_support import snapshot_of

README = "# Energy per token of local inference\n\nWe measured energy per token.\n\n" + "".join(
    f"run {i}: {10 + i} tok/s\n" for i in range(6)
)
SNAPSHOT = snapshot_of({"README.md": README}, repository="someone/inference-energy")


def _items() -> list[Scored]:
    """Four decode rates (one a zero, three labelled `run N`), two energies per token."""
    document = SNAPSHOT.documents[0]
    results = [
        make_result(document, 5 + i, value, label=f"run {i}")
        for i, value in enumerate([10.0, 12.0, 11.0, 0.0])
    ]
    results += [
        make_result(document, 9, 0.5, label="energy").model_copy(
            update={"metric": "energy_per_token", "unit": "J/token"}
        ),
        make_result(document, 10, 0.4, label="energy").model_copy(
            update={"metric": "energy_per_token", "unit": "J/token"}
        ),
    ]
    scores = [3.0, 3.0, 3.0, 3.0, 1.0, 1.0]
    return [
        Scored(f, score=s, path="README.md")
        for f, s in zip(make_figures(results), scores, strict=True)
    ]


def test_the_subject_is_the_repository_name_and_the_front_page_opening() -> None:
    name, opening = subject_text(SNAPSHOT)
    assert name == "inference energy"
    assert opening.startswith("# energy per token of local inference")


def test_a_metric_the_front_page_names_and_the_main_metric_are_read() -> None:
    rates, energies = (
        context_features(_items(), SNAPSHOT)[0],
        context_features(_items(), SNAPSHOT)[4],
    )
    assert energies["metric_in_opening"] == 1.0 and rates["metric_in_opening"] == 0.0
    assert rates["main_metric"] == 1.0 and energies["main_metric"] == 0.0  # more points
    assert rates["metric_rank_log"] == 0.0 and energies["metric_rank_log"] > 0.0
    assert rates["metric_share"] == 4 / 6 and energies["metric_score_share"] == 2 / 14


def test_a_label_every_run_repeats_and_the_best_value_are_read() -> None:
    features = context_features(_items(), SNAPSHOT)
    # `run 0` .. `run 3` are one line repeated (numbers aside); `energy` twice
    assert features[0]["label_repeats_log"] == math.log1p(3)
    assert features[4]["label_repeats_log"] == math.log1p(1)
    assert features[0]["label_documents_log"] == 0.0  # all in one document
    assert [f["best_in_document"] for f in features[:4]] == [0.0, 1.0, 0.0, 0.0]
    assert features[3]["zero_value"] == 1.0 and features[0]["zero_value"] == 0.0
    # energy per token is better lower: 0.4 is the best
    assert [f["best_in_repository"] for f in features[4:]] == [0.0, 1.0]


def test_the_lead_features_carry_the_repository_context() -> None:
    features = lead_features(_items(), SNAPSHOT)
    assert all("main_metric" in found and "score_rank_log" in found for found in features)
    assert features[4]["metric_in_opening"] == 1.0
    assert context_features([], SNAPSHOT) == []


def test_a_figures_row_its_rank_in_its_metric_and_the_subject_are_read() -> None:
    items = _items()
    items[1].figure = make_figures([items[1].figure.result.model_copy(update={"source_line": 5})])[
        0
    ]  # a second figure on the first decode rate's line
    items[2].score = 5.0
    features = context_features(items, SNAPSHOT)
    assert [f["line_figures_log"] for f in features[:3]] == [math.log1p(1), math.log1p(1), 0.0]
    # the rules' points, ranked within each metric: 5.0 first, then the three of 3.0
    assert features[2]["score_rank_in_metric_log"] == 0.0
    assert features[0]["score_rank_in_metric_log"] == math.log1p(1)
    assert features[4]["score_rank_in_metric_log"] == 0.0  # the first of the energies
    # the repository's name or its front page's opening names the metric
    assert features[4]["metric_in_subject"] == 1.0 and features[0]["metric_in_subject"] == 0.0
