"""A duration written in two or three units (`1m25s`, `12h47m39s`, the `time` command's
`0m15,312s`) is one quantity in seconds (`numbers/scan.py`, `compound_duration`): before,
the scanner read it as an identifier (or split `0m15,312s` at its comma), so no reader made
a candidate of a gold figure written so (four repositories of the gold, 22 figures)."""

from __future__ import annotations

import pytest

from draftflow.numbers import NumberKind, find_numbers
from draftflow.numbers.cells import split_cell


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


# s34: a duration written in units apart (`4h 48m`, pendakwahteknologi/gx10-benchmarks
# 04-training-finetuning/README.md:17) was two figures, 4 h and 48 m, and a header's `Total
# Time` named both: now one quantity in seconds, as `1m25s` is
@pytest.mark.parametrize(
    ("line", "text", "seconds"),
    [
        ("| **Total Time** | 4h 48m | 9h 14m | 5h 06m |", "4h 48m", 17280.0),
        ("| Fastest Training | **LoRA** (4h 48m) |", "4h 48m", 17280.0),
        ("| BF16 baseline | 1m 5s | 0.7213 |", "1m 5s", 65.0),
        ("| **Total Test Duration** | 2m 30s (916 tokens generated) |", "2m 30s", 150.0),
        ("the sweep took 1h 2m 3s in all", "1h 2m 3s", 3723.0),
        ("Sweep wall time: 4h 27min (smallest-first order)", "4h 27min", 16020.0),
        ("landed 3 h 52 m after the pin", "3 h 52 m", 13920.0),
    ],
)
def test_a_duration_in_units_apart_is_one_quantity_in_seconds(
    line: str, text: str, seconds: float
) -> None:
    mentions = [m for m in find_numbers(line) if m.text == text]
    assert len(mentions) == 1
    assert mentions[0].kind is NumberKind.QUANTITY
    assert mentions[0].values == pytest.approx((seconds,))
    assert mentions[0].numbers[0].unit == "s"


def test_a_cell_of_a_duration_in_units_apart_gives_one_figure() -> None:
    (figure,) = split_cell("4h 48m", "Total Time")
    assert (figure.value, figure.unit, figure.raw) == (17280.0, "s", "4h 48m")


@pytest.mark.parametrize("line", ["2h 75m", "3m 75s", "0.5h 30m"])
def test_no_time_of_units_apart_is_read_where_a_part_overflows(line: str) -> None:
    assert all(len(m.values) == 1 and m.text != line for m in find_numbers(line))
