"""A duration written in two or three units (`1m25s`, `12h47m39s`, the `time` command's
`0m15,312s`) is one quantity in seconds (`numbers/scan.py`, `compound_duration`): before,
the scanner read it as an identifier (or split `0m15,312s` at its comma), so no reader made
a candidate of a gold figure written so (four repositories of the gold, 22 figures)."""

from __future__ import annotations

import pytest

from draftflow.numbers import NumberKind, find_numbers


@pytest.mark.parametrize(
    ("line", "text", "seconds"),
    [
        ("|Llama-3.1-8B               |1m25s         |29m43s           |", "29m43s", 1783.0),
        ("|Qwen3-30B-A3B-Instruct-2507|25m12s        |12h47m39s        |", "12h47m39s", 46059.0),
        ("- real\t0m15,312s", "0m15,312s", 15.312),
        ("| **Total Time** | 1m20.3s |", "1m20.3s", 80.3),
        ("- BF16 checkpoint loading took about 6m11s for 48.07 GiB", "6m11s", 371.0),
        ("the run took 1h30m in all", "1h30m", 5400.0),
    ],
)
def test_a_duration_in_several_units_is_one_quantity_in_seconds(
    line: str, text: str, seconds: float
) -> None:
    mention = next(m for m in find_numbers(line) if m.text == text)
    assert mention.kind is NumberKind.QUANTITY
    assert mention.values == pytest.approx((seconds,))
    assert mention.numbers[0].unit == "s"


@pytest.mark.parametrize(
    ("line", "text", "value", "unit"),
    [("wait 5m", "5m", 5.0, "m"), ("took 30s", "30s", 30.0, "s"), ("cost 3h", "3h", 3.0, "h")],
)
def test_one_unit_alone_is_read_as_before(line: str, text: str, value: float, unit: str) -> None:
    (mention,) = find_numbers(line)
    assert (mention.text, mention.values, mention.numbers[0].unit) == (text, (value,), unit)


@pytest.mark.parametrize("token", ["10m60s", "2h75m", "1m5", "4m2h"])
def test_no_clock_reading_is_no_duration(token: str) -> None:
    assert all(m.kind is not NumberKind.QUANTITY or m.text != token for m in find_numbers(token))
