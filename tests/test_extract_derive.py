"""Derived figures: medians and means of repeated runs, computed in Python, labelled as such."""

from __future__ import annotations

import asyncio

import pytest

from draftflow.extract import extract
from draftflow.extract.derive import RANGE_KIND, RunValue, derive, repeated_runs
from draftflow.extract.harvest import harvest
from draftflow.extract.select import select
from test_extract_support import snapshot_of


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


RUNS_CSV = (
    "model,prompt,run,decode_tok_s\n"
    "m,256,1,40.1\nm,256,2,41.3\nm,256,3,39.8\n"
    "m,2048,1,30.0\nm,2048,2,31.5\nm,2048,3,30.5\n"
)


def test_rows_that_differ_only_in_the_run_column_are_grouped() -> None:
    groups = repeated_runs(select(harvest(snapshot_of({"r.csv": RUNS_CSV}))))
    assert [[m.candidate.value for m in g.members] for g in groups] == [
        [40.1, 41.3, 39.8],
        [30.0, 31.5, 30.5],
    ]
    assert {g.run_column for g in groups} == {"run"}


def test_rows_without_a_run_column_are_never_assumed_repeats() -> None:
    text = "model,prompt,decode_tok_s\nm,256,40.1\nm,256,41.3\n"
    assert repeated_runs(select(harvest(snapshot_of({"r.csv": text})))) == []


def test_deterministic_extraction_adds_derived_medians_with_their_inputs() -> None:
    extraction = asyncio.run(extract(snapshot_of({"r.csv": RUNS_CSV}), None))
    derived = [r for r in extraction.reported_results if r.uncertainty is not None]
    assert [(r.value, r.source_line) for r in derived] == [(40.1, 2), (30.5, 7)]
    first = derived[0]
    assert first.conditions["per_run_values"] == [40.1, 41.3, 39.8]
    assert first.uncertainty is not None
    assert first.uncertainty.interval_kind == RANGE_KIND
    assert (first.uncertainty.observed_min, first.uncertainty.observed_max) == (39.8, 41.3)
    assert "run" not in first.conditions
    assert first.statistic.startswith("median of 3 source rows")
    # the individual rows are results too
    assert len(extraction.reported_results) == 6 + 2
