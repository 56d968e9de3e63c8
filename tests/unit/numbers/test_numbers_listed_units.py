"""A parenthesis that lists things joined by `+` names none of their units as the value's."""

from __future__ import annotations

from draftflow.extract.metric_names import metric_name
from draftflow.numbers.units import unit_of_name


def test_a_listed_unit_is_not_the_values_unit_or_metric() -> None:
    """bhodgens/local-llm-benchmarks FAILURE_ANALYSIS.md:6 `- **Complete (LCB + tok/s)**: 28`
    counts the models with both results; it was the record's title, "throughput of 28
    tokens/s"."""
    assert unit_of_name("Complete (LCB + tok/s)") is None
    assert metric_name("Complete (LCB + tok/s)") is None


def test_a_units_own_parenthesis_still_names_it() -> None:
    assert unit_of_name("Decode (tok/s)") == "tokens/s"
    assert unit_of_name("Prompt + Gen (tok/s)") == "tokens/s"
    assert unit_of_name("throughput (tok/s, mean)") == "tokens/s"
    assert metric_name("Decode (tok/s)") is not None


def test_a_time_unit_after_per_is_a_rates_denominator_not_the_unit() -> None:
    """lambdal/deeplearning-benchmark's DLLogger lines (`train_items_per_sec : 445630.2
    items/s`) were read as 445630 seconds, a latency, and verify removed them (fails on
    df2b813: `s`)."""
    assert unit_of_name("train_items_per_sec") is None
    assert unit_of_name("samples/sec") is None
    assert unit_of_name("images per second") is None
    assert unit_of_name("latency_sec") == "s"
    assert unit_of_name("time per token (ms)") == "ms"
    assert unit_of_name("tokens_per_sec") == "tokens/s"
