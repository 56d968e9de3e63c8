"""Number parsing on written tokens and generated text, no file read: parse_number's value,
precision and alternatives, dates, versions, spans, and the quick tests and one alternation
that must read what the slower forms read. The same on real corpus lines is
`tests/e2e/test_numbers.py`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.numbers import (
    NumberKind,
    find_dates,
    find_numbers,
    find_versions,
    parse_number,
    value_decimals,
)
from draftflow.numbers.dates import named_dates, read_named_dates
from draftflow.numbers.units import _JOINED, _WRITTEN, unit_after


@pytest.mark.parametrize(
    ("token", "value", "decimals"),
    [
        ("2,165", 2165.0, 0),
        ("1,234,567.5", 1234567.5, 1),
        ("24.7tok/s", 24.7, 1),
        ("128GB", 128.0, 0),
        ("-3.5", -3.5, 1),
        ("~188", 188.0, 0),
        ("1.2e3", 1200.0, 0),
        ("5.28e-05", 5.28e-05, 7),
        ("95%", 95.0, 0),
        ("two", 2.0, 0),
        ("Twelve", 12.0, 0),
        ("twenty-five", 25.0, 0),
        ("6-bit", 6.0, 0),
    ],
)
def test_parse_number_reads_value_and_written_precision(
    token: str, value: float, decimals: int
) -> None:
    parsed = parse_number(token)
    assert parsed is not None
    assert parsed.value == pytest.approx(value)
    assert parsed.decimals == decimals


def test_k_means_1000_or_1024_and_both_match() -> None:
    parsed = parse_number("32K")
    assert parsed is not None
    assert parsed.alternatives == (32000.0, 32768.0)
    assert parsed.matches(32768) and parsed.matches(32000)
    assert not parsed.matches(32)
    one_m = parse_number("1M")
    assert one_m is not None and one_m.matches(1048576) and one_m.matches(1_000_000)


def test_written_precision_sets_the_rounding_tolerance() -> None:
    coarse, fine = parse_number("27"), parse_number("27.0")
    assert coarse is not None and fine is not None
    assert coarse.matches(26.6) and coarse.matches(27.4)
    assert not coarse.matches(27.6)
    assert fine.matches(26.96) and not fine.matches(26.9)


def test_percent_also_matches_the_fraction() -> None:
    parsed = parse_number("95%")
    assert parsed is not None and parsed.percent
    assert parsed.matches(0.95) and parsed.matches(95)


def test_decimal_comma_only_when_asked_and_three_digits_stay_ambiguous() -> None:
    assert parse_number("0,3") is None  # not a thousands group, not a decimal by default
    dutch = parse_number("0,3", decimal_comma=True)
    assert dutch is not None and dutch.value == pytest.approx(0.3) and dutch.decimals == 1
    ambiguous = parse_number("1,500", decimal_comma=True)
    assert ambiguous is not None and ambiguous.matches(1.5) and ambiguous.matches(1500)


def test_not_single_quantities() -> None:
    for token in ("GB10", "Q4_K_M", "abc", "1.2.3", ""):
        assert parse_number(token) is None


def test_value_decimals_of_json_numbers() -> None:
    assert value_decimals(27.0) == 1
    assert value_decimals(2165) == 0
    assert value_decimals(0.28) == 2
    assert value_decimals(True) == 0


def test_dates_inside_paths_are_found() -> None:
    found = find_dates("runs/2026-10-18/INDEX.md and date 20260812-184611")
    assert {d for _, _, d in found} == {"2026-10-18", "2026-08-12"}


def test_spans_index_the_text() -> None:
    text = "Run 11 decoded 24.7tok/s at 32K, about ~188 ms."
    for mention in find_numbers(text):
        assert text[mention.start : mention.end] == mention.text


def test_version_with_a_build_suffix_normalises_to_its_number() -> None:
    mention = find_numbers("image v0.26.0-aarch64-cu129-ubuntu2404 built")[0]
    assert mention.kind is NumberKind.VERSION
    assert mention.normalized == "0.26.0"
    assert {v for _, _, v in find_versions("tag v0.26.0-aarch64-cu129")} == {"0.26.0"}


_DATE_PIECES = [
    "Oct",
    "OCT",
    "october",
    "Mei",
    "maart",
    "ſept",
    "ſep",
    "Dec.",
    "jul",
    "MEİ",
    "ıan",
    "17",
    "2026",
    "3rd",
    "1st",
    " ",
    "\t",
    ", ",
    "→",
    "×",
    "é",
    "x",
    "-",
    "_",
    "s",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_DATE_PIECES), max_size=10).map("".join))
def test_named_dates_quick_tests_never_hide_a_date(text: str) -> None:
    """The quick tests before the date patterns only skip texts the patterns find nothing in."""
    assert named_dates(text) == read_named_dates(text)


def test_a_month_written_with_a_case_blind_letter_is_no_date() -> None:
    assert named_dates("ſep 17 → 2026") == []  # was a KeyError
    assert named_dates("Sep 17 → 2026") == [(0, 6, "--09-17")]


_UNIT_PIECES = [
    "tok/s",
    "tokens per second",
    "t/s",
    "TPS",
    "req/s",
    "GB/s",
    "GiB",
    "gb",
    "ms",
    "MS",
    "µs",
    "Μs",
    "us",
    "s",
    "ſ",
    "sec",
    "min",
    "h",
    "hours",
    "TB",
    "KiB",
    "K",
    "GHz",
    "MHz",
    "W",
    "watts",
    "°C",
    "° C",
    "ºC",
    "C°",
    "degC",
    "pp",
    "p.p.",
    "percentage points",
    "%",
    "percent",
    "×",
    "x",
    "X",
    "tokens",
    "3",
    " ",
    "\t",
    "*",
    "_",
    "`",
    "/",
    "a",
    ".",
]


def _unit_after_one_by_one(text: str, end: int) -> str | None:
    """`unit_after` as it read before one alternation took the units: each unit's pattern
    tried in vocabulary order, then the spellings read only joined to the digit."""
    window = text[max(0, end - 1) :]  # the whole rest: every spelling is read, at any length
    attached = window[1:2] not in (" ", "\t", "*", "_", "`")
    rest = window[1:].lstrip("*_` \t")
    for unit, pattern in _WRITTEN:
        if pattern.match(rest):
            return unit
    for unit, pattern in _JOINED if attached else ():
        if pattern.match(window[0] + rest, 1):  # `1.7x`: only joined to the digit
            return unit
    return None


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_UNIT_PIECES), max_size=6).map("".join))
def test_unit_after_reads_the_first_unit_of_the_vocabulary(after: str) -> None:
    """One alternation finds the unit the vocabulary's patterns find tried one by one."""
    text = "12" + after
    assert unit_after(text, 2) == _unit_after_one_by_one(text, 2)


@pytest.mark.parametrize("token", ["0080E343", "1e400", "-7E999", "1e308K", "9e307G"])
def test_digits_no_float_holds_are_no_number(token: str) -> None:
    """A hex word in a log (`"data": "0080E343"`, MLPerf's accuracy log) reads as 8e344: no
    finite float, so no number (it reached the record as `inf` and failed its validation)."""
    assert parse_number(token) is None
    assert not [n for m in find_numbers(f"data {token} end") for n in m.numbers]


def test_large_finite_numbers_are_still_read() -> None:
    parsed = parse_number("0080E043")
    assert parsed is not None and parsed.value == 8e44
