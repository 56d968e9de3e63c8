"""A range whose two ends each write the unit (`4× to 8×`) is one range, not two points
(cadamcat/dual-radeon-vllm docs/open-questions.md:575, whose `**4× to 8×**` was published as
a point 8×, read-s32)."""

from __future__ import annotations

import pytest

from draftflow.numbers import NumberKind, find_numbers


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("the copy penalty is **4× to 8×**, not 3", (4.0, 8.0)),
        ("10 ms – 20 ms per token", (10.0, 20.0)),
        ("2x to 3x faster", (2.0, 3.0)),
    ],
)
def test_a_range_with_its_unit_on_both_ends_is_one_range(
    text: str, ends: tuple[float, float]
) -> None:
    ranges = [m for m in find_numbers(text) if m.kind is NumberKind.RANGE]
    assert [tuple(float(n.value) for n in m.numbers) for m in ranges] == [ends]


@pytest.mark.parametrize(
    "text",
    [
        "from 4 tok/s to 8 tok/s after the fix",  # a change's before and after
        "4 tok/s to 8 GB",  # two units: two quantities
        "1 GPU to 2 GPUs",
    ],
)
def test_no_range_where_the_units_differ_or_a_change_is_told(text: str) -> None:
    assert not [m for m in find_numbers(text) if m.kind is NumberKind.RANGE]
