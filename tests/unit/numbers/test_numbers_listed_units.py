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
