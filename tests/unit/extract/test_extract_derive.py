"""Derived figures: medians and means of repeated runs, computed in Python, labelled as such."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from draftflow.extract import extract
from draftflow.extract.derive import RANGE_KIND, RunValue, derive
from extract_support import snapshot_of


def _runs(*values: tuple[int | float, int]) -> list[RunValue]:
    return [
        RunValue(v, line, 0 if isinstance(v, int) else len(repr(v).split(".")[1]))
        for v, line in values
    ]


def test_median_of_odd_runs_is_a_source_value_on_its_line() -> None:
    figure = derive(_runs((2201, 3), (2180, 4), (2065, 5), (2165, 6), (2100, 7)), "median")
    assert figure.value == 2165
    assert figure.anchor_line == 6
    assert figure.per_run_values == [2201, 2180, 2065, 2165, 2100]
    assert (figure.observed_min, figure.observed_max) == (2065, 2201)
    assert figure.statistic.startswith("median of 5 source rows (lines 3, 4, 5, 6, 7)")
    assert "derived by draftflow" in figure.statistic


def test_median_of_even_runs_keeps_the_half() -> None:
    assert derive(_runs((2065, 1), (2100, 2)), "median").value == 2082.5


def test_mean_is_rounded_to_the_inputs_precision() -> None:
    figure = derive(_runs((24.7, 1), (29.3, 2), (30.1, 3)), "mean")
    assert figure.value == 28.03  # 84.1 / 3 = 28.0333…, one digit past the inputs' precision
    assert abs(figure.value - (24.7 + 29.3 + 30.1) / 3) <= 0.005


def test_empty_runs_are_an_error() -> None:
    with pytest.raises(ValueError, match="at least one run"):
        derive([], "mean")


RUNS_JSON = """{
  "model": "m",
  "ttft_ms": {
    "mean": 31.9,
    "runs": [
      31.6,
      31.6,
      32.4
    ]
  },
  "decode_tps": {
    "runs": [64.5, 64.4, 64.1, 64.4]
  },
  "prefill_tps": {
    "mean": 900.0,
    "runs": [1000, 1100, 1200]
  }
}
"""


def _by_metric(text: str) -> dict[str, list[Any]]:
    extraction = asyncio.run(extract(snapshot_of({"r.json": text}), None))
    found: dict[str, list[Any]] = {}
    for result in extraction.reported_results:
        found.setdefault(result.metric, []).append(result)
    return found


def test_a_stated_mean_that_its_runs_confirm_carries_them() -> None:
    ttft = _by_metric(RUNS_JSON)["ttft"]
    assert len(ttft) == 1  # the runs are folded into the stated mean, not listed one by one
    mean = ttft[0]
    assert (mean.value, mean.source_line) == (31.9, 4)
    assert mean.conditions["per_run_values"] == [31.6, 31.6, 32.4]
    assert mean.uncertainty is not None
    assert mean.uncertainty.interval_kind == RANGE_KIND
    assert (mean.uncertainty.observed_min, mean.uncertainty.observed_max) == (31.6, 32.4)
    assert mean.statistic.startswith("mean of 3 source runs, as stated by the source")


def test_runs_without_a_stated_summary_get_a_median_on_the_array_line() -> None:
    decode = _by_metric(RUNS_JSON)["decode_rate"]
    assert [(r.value, r.source_line) for r in decode] == [(64.4, 12)]
    assert decode[0].conditions["per_run_values"] == [64.5, 64.4, 64.1, 64.4]
    assert decode[0].statistic.startswith("median of 4 source values (lines 12)")


def test_a_stated_summary_the_runs_contradict_is_kept_and_the_median_added() -> None:
    prefill = _by_metric(RUNS_JSON)["prefill_rate"]
    assert [(r.value, r.source_line, r.uncertainty is None) for r in prefill] == [
        (900.0, 15, True),  # the source's own figure, as reported
        (1100, 16, False),  # recomputed from the runs, anchored where the array opens
    ]
    assert prefill[1].statistic.startswith("mean of 3 source values")


def test_derived_figures_pass_verification_rules_for_their_inputs() -> None:
    """Every input of a derived figure sits on its cited line or in its JSON block."""
    snapshot = snapshot_of({"r.json": RUNS_JSON})
    document = snapshot.documents[0]
    for result in asyncio.run(extract(snapshot, None)).reported_results:
        if result.uncertainty is None:
            continue
        block = "\n".join(document.line_list[result.source_line - 1 : result.source_line + 8])
        for value in result.conditions["per_run_values"]:  # type: ignore[union-attr]
            assert str(value) in block


BENCH_JSONL = (
    '{"mode": "tg", "model_type": "llama 7B Q4_0", "n_gen": 128, "avg_ts": 50.04, '
    '"stddev_ts": 0.08, "samples_ts": [50.03, 49.92, 50.16, 50.03, 50.07]}\n'
)


def test_a_summary_named_like_its_array_is_the_source_statistic() -> None:
    """`avg_ts` beside `samples_ts` (llama-bench's run file): one result, the source's own
    mean, with its runs and their count; no median of draftflow's beside it."""
    results = [
        r
        for r in asyncio.run(extract(snapshot_of({"r.jsonl": BENCH_JSONL}), None)).reported_results
        if r.conditions.get("per_run_values") or r.value in (50.04, 50.03, 49.92, 50.16, 50.07)
    ]
    assert [(r.value, r.source_line) for r in results] == [(50.04, 1)]
    (mean,) = results
    assert mean.conditions["per_run_values"] == [50.03, 49.92, 50.16, 50.03, 50.07]
    assert mean.conditions["repetitions"] == 5
    assert mean.statistic.startswith("mean of 5 source runs, as stated by the source")


def test_derived_figures_count_their_runs() -> None:
    for results in _by_metric(RUNS_JSON).values():
        for result in results:
            runs = result.conditions.get("per_run_values")
            if isinstance(runs, list):
                assert result.conditions["repetitions"] == len(runs)
