"""A prose number's metric by the tests of its unit's kind (`extract/prose/units.py`,
`figure_with_unit`): a size only when measured memory, a bandwidth only when measured, a
percent with a metric that is no rate, a multiple that counts no machines, repetitions or
shape, telemetry only when measured."""

from __future__ import annotations

import pytest

from draftflow.extract.prose.units import UnitContext, figure_with_unit


def _context(
    before: str, after: str = "", *, signed: bool = False, spaced: bool = False
) -> UnitContext:
    return UnitContext(
        clause=f"{before}N{after}", before=before, after=after, signed=signed, spaced=spaced
    )


def test_a_bandwidth_is_a_figure_only_where_it_was_measured() -> None:
    assert figure_with_unit("GB/s", _context("memory bandwidth measured ")) == (
        "bandwidth",
        "GB/s",
    )
    assert figure_with_unit("GB/s", _context("the bus offers ")) is None


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("the weights, ", " used"),  # the size of the weights, though `used` follows
        ("with ", " unified memory"),  # the machine's memory: a specification
        ("it used ", " of model weights"),  # measured, but what was used is the weights
        ("a ", " card"),  # neither measured nor named memory
    ],
)
def test_a_size_that_is_no_measured_memory_is_no_figure(before: str, after: str) -> None:
    assert figure_with_unit("GB", _context(before, after)) is None


@pytest.mark.parametrize(
    ("before", "after"),
    [("it used ", " unified memory"), ("peak memory was ", "")],
)
def test_a_size_used_or_named_as_memory_is_memory(before: str, after: str) -> None:
    assert figure_with_unit("GB", _context(before, after)) == ("memory", "GB")


def test_a_percent_of_a_rate_is_no_figure_but_one_of_a_share_metric_is() -> None:
    assert figure_with_unit("%", _context("decode throughput was ")) is None
    # a verb of change makes it the rate's change, never the rate (issue 30)
    assert figure_with_unit("%", _context("decode throughput rose ")) == ("relative_change", "%")
    assert figure_with_unit("%", _context("accuracy was ")) == ("judge_pass_rate", "%")
    assert figure_with_unit("%", _context("", " faster", signed=True)) == (
        "relative_change",
        "%",
    )


@pytest.mark.parametrize(
    ("before", "after", "spaced"),
    [
        ("128K ", " c=6", True),  # a shape, written apart from the number
        ("", " averaged", False),  # repetitions of the workload
        ("", " DGX Spark", False),  # a count of machines
    ],
)
def test_a_multiple_that_is_no_ratio_is_no_figure(before: str, after: str, spaced: bool) -> None:
    assert figure_with_unit("×", _context(before, after, spaced=spaced)) is None


def test_a_multiple_is_a_ratio_and_a_signed_one_a_change() -> None:
    assert figure_with_unit("×", _context("", " faster", spaced=True)) == ("ratio", "×")
    assert figure_with_unit("×", _context("", "", signed=True)) == ("relative_change", "×")


def test_telemetry_is_a_figure_only_where_something_measured_it() -> None:
    assert figure_with_unit("W", _context("a ", " GPU")) is None  # its specification
    assert figure_with_unit("W", _context("power draw peaked at ")) == ("power", "W")
    assert figure_with_unit("W", _context("GPU power was ")) == ("power", "W")  # named so
    assert figure_with_unit("°C", _context("rated for ")) is None
    assert figure_with_unit("°C", _context("GPU temperature reached ")) == (
        "temperature",
        "°C",
    )


def test_a_unit_of_its_own_metric_is_a_figure_without_a_measuring_word() -> None:
    assert figure_with_unit("J/token", _context("")) == ("energy_per_token", "J/token")


def test_a_word_that_merely_contains_a_change_word_names_no_change() -> None:
    # `against` holds `gain`: a share of a cable's ceiling is no relative change (epappas)
    clause = "22.7 GB/s busbw against a 200 Gb/s cable → "
    assert figure_with_unit("%", _context(clause, ", which is normal")) is None
    assert figure_with_unit("%", _context("a gain of ")) == ("relative_change", "%")
