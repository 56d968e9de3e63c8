"""The learned result model (`extract/learned/`): its candidates, features, decision and file."""

from __future__ import annotations

import asyncio
import json

import pytest

from draftflow.errors import ConfigError
from draftflow.extract import extract
from draftflow.extract.classify import UNSPECIFIED, select
from draftflow.extract.harvest.lines import harvest_lines, taken_places
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import decide, instances, out_by_policy
from draftflow.extract.learned.weights import ResultModel, shipped_model
from draftflow.extract.unspecified import with_unspecified
from draftflow.logistic import parse_model
from extract_support import snapshot_of

CHART = "# Scores\n\n```mermaid\nxychart-beta\n    bar [60.71, 80.36, 82.14]\n```\n"


def _model(weights: dict[str, float], *, keep: float = 0.05, add: float = 0.75) -> ResultModel:
    return ResultModel(weights=weights, intercept=0.0, keep_threshold=keep, add_threshold=add)


def test_every_number_on_a_line_no_reader_took_is_a_candidate() -> None:
    snapshot = snapshot_of({"README.md": CHART})
    [document] = snapshot.documents
    found = harvest_lines(
        document, taken_places(harvest(snapshot)).get(document.document_id, set())
    )
    assert [(c.line, c.values) for c in found] == [(5, [60.71]), (5, [80.36]), (5, [82.14])]


def test_a_number_another_reader_took_is_not_a_line_candidate_again() -> None:
    text = "# Bench\n\n| model | decode tok/s |\n|---|---|\n| A | 41.5 |\n"
    snapshot = snapshot_of({"README.md": text})
    [document] = snapshot.documents
    taken = taken_places(harvest(snapshot)).get(document.document_id, set())
    assert all(c.values != [41.5] for c in harvest_lines(document, taken))


def test_the_model_adds_what_it_scores_high_as_unspecified_and_keeps_the_rules_figures() -> None:
    text = "# Bench\n\n| model | decode tok/s |\n|---|---|\n| A | 41.5 |\n\n" + CHART
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    adds_brackets = _model({"line_in_brackets": 10.0, "bias": -5.0, "rule=chosen": 10.0})
    kept = decide(snapshot, candidates, selected, adds_brackets)
    by_value = {item.value: item for item in kept}
    assert by_value[41.5].metric == "decode_rate"  # the rules' reading stands
    assert {v for v, item in by_value.items() if item.metric == UNSPECIFIED} == {
        60.71,
        80.36,
        82.14,
    }
    adds_nothing = _model({"bias": -5.0, "rule=chosen": 10.0})
    assert [item.value for item in decide(snapshot, candidates, selected, adds_nothing)] == [41.5]


def test_a_rules_figure_is_vetoed_only_below_the_keep_threshold() -> None:
    text = "# Bench\n\n| model | decode tok/s |\n|---|---|\n| A | 41.5 |\n"
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    unsure = _model({"bias": -2.0})  # p = 0.12: above 0.05, the rules' figure stays
    assert [item.value for item in decide(snapshot, candidates, selected, unsure)] == [41.5]
    sure = _model({"bias": -6.0})  # p = 0.0025: vetoed
    assert decide(snapshot, candidates, selected, sure) == []


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("| setting | target tok/s |\n|---|---|\n| A | 50 |", 50),  # a target
        ("Theoretical: 273 / 80 ≈ 3.4 tok/s", 3.4),  # a formula
        ("We expect 500+ requests.", 500),  # a bound
    ],
)
def test_the_policy_out_list_stands_over_the_model(line: str, value: float) -> None:
    text = f"# Bench\n\n{line}\n"
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    wants_all = _model({"bias": 10.0})
    found = [
        i.candidate
        for i in instances(snapshot, candidates, selected)
        if i.chosen is None and value in i.candidate.values
    ]
    assert found and all(out_by_policy(candidate) for candidate in found)
    kept = decide(snapshot, candidates, selected, wants_all)
    assert all(item.value != value or item.metric != UNSPECIFIED for item in kept)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a notebook's HTML table, one cell per line: the tag's `>` is no bound
        ('# Run\n\n" <tr>",\n" <td>2.4</td>",\n" </tr>",\n', 2.4),
        # a cell split by a line break tag
        ("# Cost\n\n| model | cost |\n|---|---|\n| A | 7min<br/>10GB |\n", 10),
    ],
)
def test_an_html_tags_brackets_are_no_bound_of_the_policy(text: str, value: float) -> None:
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    found = [
        i.candidate
        for i in instances(snapshot, candidates, selected)
        if i.chosen is None and value in i.candidate.values
    ]
    assert found and not any(out_by_policy(candidate) for candidate in found)


def test_a_knob_table_s_setting_rows_are_out_whatever_their_columns_say() -> None:
    # jvr0x's recipe README: a row named by a setting holds settings, not results (reading
    # only the column, as a branch of session 16 did, published a port and a context size)
    text = (
        "# Knobs\n\n| Knob | Daily | Bench (this recipe) |\n|---|---|---|\n"
        "| Port | 8125 | 8243 |\n| gpu_memory_utilization | 0.88 | 0.85 |\n"
    )
    snapshot = snapshot_of({"README.md": text})
    found = [c for c in harvest(snapshot) if {8125.0, 0.88} & set(c.values)]
    assert found and all(out_by_policy(candidate) for candidate in found)


def test_what_a_reader_left_in_a_sentence_it_read_is_the_model_s_to_weigh() -> None:
    # a feature, not a gate (issue 30): before session 29 a read sentence's other numbers
    # stood out whatever the model scored, and the far end of `23–32 %` was never a figure
    text = "# Bench\n\nAfter 300 s of idle, the first request had a TTFT of 850 ms.\n"
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    sure = _model({"line_others_chosen": 10.0})
    assert 300 in [item.value for item in decide(snapshot, candidates, selected, sure)]
    unsure = _model({"line_others_chosen": -10.0})
    assert 300 not in [item.value for item in decide(snapshot, candidates, selected, unsure)]


def test_scoring_the_crossed_features_in_place_matches_the_crossed_mapping() -> None:
    # `accepts_crossed` at a threshold equal to the crossed mapping's probability accepts:
    # the two sums agree to the bit
    text = (
        "# Bench\n\nDecode throughput.\n\n| model | decode tok/s | ttft ms |\n|---|---|---|\n"
        "| A | 41.5 | 120 |\n| B | 38.25 | 97.5 |\n\n" + CHART
    )
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    model = shipped_model()
    found = list(instances(snapshot, candidates, selected))
    assert {instance.chosen is None for instance in found} == {True, False}
    for instance in found:
        chose = instance.chosen is not None
        assert set(instance.features) == set(instance.own) | {
            ("kept:" if chose else "left:") + name for name in instance.own
        }
        for threshold in (model.probability(instance.features), 0.5):
            at = ResultModel(
                weights=model.weights,
                intercept=model.intercept,
                keep_threshold=threshold,
                add_threshold=threshold,
            )
            assert at.accepts_crossed(instance.own, rules_chose=chose) == at.accepts(
                instance.features, rules_chose=chose
            )


def test_the_shipped_model_loads_and_draws_its_figures_from_the_gold() -> None:
    model = shipped_model()
    assert len(model.trained_on) >= 25 and model.weights
    assert 0 < model.keep_threshold < model.add_threshold < 1
    result = asyncio.run(extract(snapshot_of({"README.md": CHART}), None))
    assert all(r.value in (60.71, 80.36, 82.14) for r in result.reported_results)


def test_a_model_file_round_trips_and_a_wrong_one_says_how_to_fix_it() -> None:
    model = _model({"a": 1.5, "bias": -0.5})
    again = parse_model(ResultModel, model.to_json(), "x.json")
    assert again == model and again.to_json() == model.to_json()
    for text in (
        "not json",
        json.dumps({"format": "other"}),
        json.dumps({"format": "draftflow-result-model/1"}),
    ):
        with pytest.raises(ConfigError) as raised:
            parse_model(ResultModel, text, "x.json")
        assert "train-result-model.py" in (raised.value.hint or "")


@pytest.mark.parametrize("cell", ["**-8.1%**", "-**8.1%**", "**−8.1 %**"])
def test_a_number_whose_minus_the_scan_left_out_is_no_line_candidate(cell: str) -> None:
    # hedone21/llm_rs2's summary: `**-8.1%**` was read `8.1` on its line, a wrong sign
    text = f"# Regression\n\nfeat against master: {cell} at 170 tokens\n"
    snapshot = snapshot_of({"README.md": text})
    [document] = snapshot.documents
    found = harvest_lines(document, set())
    assert all(abs(v) != 8.1 or v < 0 for c in found for v in c.values)
    assert 170 in [v for c in found for v in c.values]
