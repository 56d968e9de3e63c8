"""Three names that published a figure with the wrong unit or statistic (s34; the fourth,
a duration written in units apart, is test_numbers_durations.py's):

- a time unit joined after things counted names a rate (`tg_tok_sec`, `pp_tok_sec`:
  pendakwahteknologi/gx10-benchmarks' token-per-watt results, read as seconds);
- a bare `min` ending a duration's name is minutes (`Time (min)`, `duration_min`, E27-25's
  `elapsed_min`), read as the statistic minimum; `ttft_ms_min`, `min_power_w`, `ttft_min`
  stay minimums;
- LLMPerf's `results_num_completed_requests_per_min` is a rate in requests per minute, not a
  count of completed requests at its minimum.
"""

from __future__ import annotations

import pytest

from draftflow.extract.metric_names import metric_name
from draftflow.extract.statistic_names import statistic_of
from draftflow.numbers.units import unit_of_name

MINIMUM = "minimum as reported"


@pytest.mark.parametrize(
    ("name", "unit"),
    [
        ("tg_tok_sec", "tokens/s"),
        ("pp_tok_sec", "tokens/s"),
        ("tokens_sec", "tokens/s"),
        ("tok_per_sec", "tokens/s"),
        ("req_sec", "requests/s"),
        ("results_num_completed_requests_per_min", "requests/min"),
    ],
)
def test_a_time_joined_after_things_counted_names_their_rate(name: str, unit: str) -> None:
    assert unit_of_name(name) == unit


@pytest.mark.parametrize("name", ["samples_sec", "images_per_min", "tokens_s_per_w"])
def test_a_rate_the_vocabulary_names_no_unit_for_is_no_time(name: str) -> None:
    assert unit_of_name(name) is None


@pytest.mark.parametrize(
    ("name", "unit"),
    [
        ("time_to_100_tokens_s", "s"),
        ("ttft_s", "s"),
        ("results_ttft_s_min", "s"),
        ("results_number_output_tokens_min", None),
    ],
)
def test_a_time_or_a_count_of_things_stays_as_it_was(name: str, unit: str | None) -> None:
    assert unit_of_name(name) == unit


@pytest.mark.parametrize(
    "name", ["Time (min)", "duration_min", "elapsed_min", "Runtime Change (min)", "wall_time_min"]
)
def test_a_bare_min_ending_a_duration_is_minutes(name: str) -> None:
    assert unit_of_name(name) == "min"
    assert statistic_of(name, "45") != MINIMUM


@pytest.mark.parametrize(
    ("name", "unit"),
    [
        ("ttft_ms_min", "ms"),
        ("min_power_w", "W"),
        ("results_ttft_s_min", "s"),
        ("FTL(min)(s)", "s"),
        ("ttft_min", None),
        ("latency_min", None),
        ("step_time_min", None),
    ],
)
def test_a_min_beside_a_unit_or_over_many_items_stays_a_minimum(
    name: str, unit: str | None
) -> None:
    assert statistic_of(name, "45") == MINIMUM
    assert unit_of_name(name) == unit


def test_minutes_spelled_out_are_no_minimum() -> None:
    assert unit_of_name("ttft_minutes") == "min"
    assert statistic_of("ttft_minutes", "1.5") != MINIMUM


def test_requests_completed_per_minute_are_a_request_rate_not_a_minimum() -> None:
    name = "results_num_completed_requests_per_min"
    assert metric_name(name) == "request_throughput"
    assert statistic_of(name, "176.73895115400083") != MINIMUM
    assert metric_name("results_num_completed_requests") == "completed_requests"
