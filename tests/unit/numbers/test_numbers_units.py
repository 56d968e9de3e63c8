"""numbers/units.py: `plain_unit_after` reads one of a group of units written plainly right
after a number, where `unit_after` reads any unit past markup."""

from __future__ import annotations

import pytest

from draftflow.numbers.units import plain_unit_after, unit_after, unit_of_name
from draftflow.numbers.vocabulary import vocabulary

RESTATED = vocabulary().unit_group("restated")


def _after(text: str, number: str, units: frozenset[str] = RESTATED) -> str | None:
    return plain_unit_after(text, text.index(number) + len(number), units)


@pytest.mark.parametrize(
    ("text", "number", "unit"),
    [
        ("About 98 tok/s on one node", "98", "tokens/s"),
        ("peak 273 GB/s bandwidth", "273", "GB/s"),
        ("took 250 secs to load", "250", "s"),  # a stem starts the word
        ("up 12%", "12", "%"),
        ("used 96 GB of memory", "96", "GB"),
    ],
)
def test_a_unit_of_the_group_written_plainly(text: str, number: str, unit: str) -> None:
    assert _after(text, number) == unit


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("| **48** t/s |", "48"),  # markup between: unit_after reads past it, this does not
        ("256 × c=6", "256"),  # a unit outside the group
        ("5  tok/s", "5"),  # two spaces
        ("4 x RasPi 5", "4"),  # a count of machines, no ratio
        ("one GB10 node", "one"),  # a product name, not gigabytes
    ],
)
def test_no_unit_of_the_group_written_plainly(text: str, number: str) -> None:
    assert _after(text, number) is None


def test_markup_is_where_the_two_readings_part() -> None:
    text = "| **48** t/s |"
    assert unit_after(text, text.index("48") + 2) == "tokens/s"
    assert _after(text, "48") is None


def test_a_unit_outside_the_group_is_not_read_as_a_stem() -> None:
    assert _after("273 GB/s", "273", frozenset({"GB"})) is None
    assert _after("9 seconds", "9", frozenset({"ms"})) is None


@pytest.mark.parametrize(
    ("name", "unit"),
    [
        ("results_inter_token_latency_s_max", "s"),
        ("results_ttft_s_quantiles_p25", "s"),
        ("results_end_to_end_latency_s_mean", "s"),
        ("latency_ms_p99", "ms"),
        ("decode_tok_s_mean", "tokens/s"),
    ],
)
def test_a_unit_ending_a_key_before_its_statistic_is_read(name: str, unit: str) -> None:
    """ray-project/llmperf-leaderboard raw_data/summary/*.json (read-s32): LLMPerf's
    `results_inter_token_latency_s_max` and every other summary key with a statistic after
    its unit gave a figure of unit `unspecified`."""
    assert unit_of_name(name) == unit


@pytest.mark.parametrize("name", ["iq3_s_max", "items_per_s_max", "tests_max", "q4_k_s"])
def test_a_statistic_after_no_unit_names_none(name: str) -> None:
    """A GGUF type, a rate of things per second and a plural stay without a unit."""
    assert unit_of_name(name) is None
