"""Verify reads what kind of quantity a name is as extract reads its unit (s34): extract read
pendakwahteknologi/gx10-benchmarks' `tg_tok_sec` as tokens/s, and verify, reading the name's
last word `sec`, called it a time and dropped all 24 of the token-per-watt results' rates
(`the unit 'tokens/s' does not fit what the source calls this value ('pp_tok_sec', a time)`)."""

from __future__ import annotations

import pytest

from draftflow.numbers.dimensions import unit_dimensions
from draftflow.numbers.units import unit_of_name
from draftflow.verify.dimensions import metric_dimension


@pytest.mark.parametrize(
    ("name", "dimension"),
    [
        ("tg_tok_sec", "rate"),
        ("pp_tok_sec", "rate"),
        ("results_num_completed_requests_per_min", "rate"),
        ("samples_sec", "rate"),
        ("elapsed_min", "time"),
        ("Time (min)", "time"),
        ("ttft_min", "time"),
        ("time_to_100_tokens_s", "time"),
        # a normalised rate is a ratio, as before (Kleybrink's ranking CSV)
        ("decode_tokens_per_s_norm", "ratio"),
    ],
)
def test_a_name_is_the_kind_of_quantity_extract_reads_it_as(name: str, dimension: str) -> None:
    assert metric_dimension(name) == dimension
    unit = unit_of_name(name)
    assert unit is None or dimension == "ratio" or dimension in unit_dimensions(unit)
