"""Number parsing against real lines of the corpus (each test cites file:line) and the
traps listed in issue 3: separators, decimal commas, K/M scales, ±, ranges, words, hex."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.acquire.snapshot import split_lines
from draftflow.numbers import (
    NumberKind,
    NumberMention,
    detect_decimal_comma,
    find_dates,
    find_hex_strings,
    find_numbers,
    find_versions,
    parse_number,
    value_decimals,
)
from draftflow.numbers.dates import named_dates, read_named_dates
from draftflow.numbers.units import _JOINED, _WRITTEN, unit_after

DJANGO = "djangodevreng__dgx-spark-benchmarks"
KLEY = "Kleybrink__dgx-spark-bench"
MIAAI = "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
MUSE = f"{DJANGO}/results/muse-glimmer/muse-glimmer-30b"
KLEY_REPORT = f"{KLEY}/results/20260320_224129/REPORT.md"


def corpus_line(corpus_dir: Path, path: str, number: int) -> str:
    """Line `number` of a corpus file, numbered as GitHub numbers it."""
    text = (corpus_dir / path).read_bytes().decode("utf-8", errors="replace")
    return split_lines(text)[number - 1]


def kinds_and_values(mentions: list[NumberMention]) -> list[tuple[str, tuple[float, ...]]]:
    return [(m.kind.value, m.values) for m in mentions]


def numeric(mentions: list[NumberMention]) -> list[NumberMention]:
    return [m for m in mentions if m.kind.is_numeric]


# --- parse_number on single tokens -----------------------------------------------------------


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


# --- find_numbers on real corpus lines -------------------------------------------------------


def test_dutch_decimal_commas_are_detected(corpus_dir: Path) -> None:
    # djangodevreng__dgx-spark-benchmarks/README.md:41
    line = corpus_line(corpus_dir, f"{DJANGO}/README.md", 41)
    assert "0,3 rps, burstiness 0,7, 200 prompts" in line
    assert detect_decimal_comma(line)
    values = [m.values[0] for m in numeric(find_numbers(line))]
    assert values[-3:] == pytest.approx([0.3, 0.7, 200.0])
    split = [m.values[0] for m in numeric(find_numbers(line, decimal_comma=False))]
    assert 0.3 not in split


def test_dutch_range_with_arrow_and_dutch_word(corpus_dir: Path) -> None:
    # djangodevreng__dgx-spark-benchmarks/README.md:45  "0,1 → 1,0 rps in zes treden"
    line = corpus_line(corpus_dir, f"{DJANGO}/README.md", 45)
    values = [m.values for m in numeric(find_numbers(line))]
    assert (0.1,) in values and (1.0,) in values and (6.0,) in values


def test_plus_minus_cells(corpus_dir: Path) -> None:
    # .../muse-glimmer-30b/bf16/06-concurrency-stress.md:23
    line = corpus_line(corpus_dir, f"{MUSE}/bf16/06-concurrency-stress.md", 23)
    pm = [m for m in find_numbers(line) if m.kind is NumberKind.PLUS_MINUS]
    assert pm[0].text == "1412.05 ± 0.81"
    assert pm[0].values == (1412.05, 0.81)
    assert pm[0].decimals == 2
    assert ("plus_minus", (167972.77, 91473.94)) in kinds_and_values(pm)
    identifiers = {m.text for m in find_numbers(line) if m.kind is NumberKind.IDENTIFIER}
    assert {"muse-glimmer-30b-bf16", "pp25000", "c20"} <= identifiers


def test_thousands_separators_in_a_markdown_table(corpus_dir: Path) -> None:
    # MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark/results/RESULTS-2026-08-14.md:33
    line = corpus_line(corpus_dir, f"{MIAAI}/results/RESULTS-2026-08-14.md", 33)
    assert line.startswith("| 2,048 |")
    assert [m.values[0] for m in numeric(find_numbers(line))] == [2048, 64.6, 50.1, 29.6, 20.8, 78]


def test_scale_suffix_and_units(corpus_dir: Path) -> None:
    # MiaAI .../results/RESULTS-2026-08-14.md:41  "128K × c=6 median TTFT was **282 s**"
    line = corpus_line(corpus_dir, f"{MIAAI}/results/RESULTS-2026-08-14.md", 41)
    k = next(m for m in find_numbers(line) if m.text == "128K")
    assert k.numbers[0].matches(131072) and k.numbers[0].matches(128000)
    assert any(m.values == (282.0,) for m in find_numbers(line))


def test_en_dash_ranges_units_tilde_and_percent(corpus_dir: Path) -> None:
    # Kleybrink__dgx-spark-bench/README.md:150
    line = corpus_line(corpus_dir, f"{KLEY}/README.md", 150)
    mentions = {m.text: m for m in find_numbers(line)}
    assert mentions["20–30s"].kind is NumberKind.RANGE
    assert mentions["20–30s"].values == (20.0, 30.0)
    assert mentions["~7B"].numbers[0].approximate
    assert mentions["~7B"].values == (7e9,)
    assert mentions["100%"].kind is NumberKind.PERCENT
    assert mentions["0.58s"].values == (0.58,) and mentions["0.58s"].unit == "s"


def test_range_end_scale_applies_to_both_ends(corpus_dir: Path) -> None:
    # Kleybrink__dgx-spark-bench/results/20260320_224129/REPORT.md:14
    line = corpus_line(corpus_dir, KLEY_REPORT, 14)
    mentions = {m.text: m for m in find_numbers(line)}
    assert mentions["3–4B"].values == (3e9, 4e9)
    assert mentions["56–71"].values == (56.0, 71.0)
    assert mentions["10–20%"].numbers[0].percent
    assert mentions["66.8"].values == (66.8,)


def test_negative_numbers_and_percents(corpus_dir: Path) -> None:
    # Kleybrink__dgx-spark-bench/results/20260320_224129/REPORT.md:183
    line = corpus_line(corpus_dir, KLEY_REPORT, 183)
    values = [m.values[0] for m in numeric(find_numbers(line))]
    assert -3.5 in values and 70.2 in values and 66.7 in values


def test_numbers_written_as_words(corpus_dir: Path) -> None:
    # Kleybrink__dgx-spark-bench/results/20260320_224129/REPORT.md:214  "... the two NVIDIA"
    line = corpus_line(corpus_dir, KLEY_REPORT, 214)
    two = [m for m in find_numbers(line) if m.text == "two"]
    assert two and two[0].values == (2.0,) and two[0].numbers[0].word
    words = find_numbers("two hundred fifty prompts, a dozen runs and a few hundred tokens")
    assert [m.values[0] for m in words] == [250.0, 12.0]


def test_fractions(corpus_dir: Path) -> None:
    # .../muse-glimmer-30b/bf16/11-rate-sweep.md:23  "| 0.5 | 0.134 | 125/125 | 73328 ms |"
    line = corpus_line(corpus_dir, f"{MUSE}/bf16/11-rate-sweep.md", 23)
    fraction = next(m for m in find_numbers(line) if m.kind is NumberKind.FRACTION)
    assert fraction.text == "125/125" and fraction.values == (125.0, 125.0)


def test_dates_and_times(corpus_dir: Path) -> None:
    # .../muse-glimmer-30b/bf16/06-concurrency-stress.md:3  "**Generated:** 2026-08-12 09:57:06"
    line = corpus_line(corpus_dir, f"{MUSE}/bf16/06-concurrency-stress.md", 3)
    dates = [m for m in find_numbers(line) if m.kind is NumberKind.DATE]
    assert dates[0].normalized == "2026-08-12"
    assert not numeric(find_numbers(line))
    named = find_numbers("Five October 18 source rows; on 17 Oct 2026")
    assert [m.normalized for m in named if m.kind is NumberKind.DATE] == ["--10-18", "2026-10-17"]


def test_dates_inside_paths_are_found() -> None:
    found = find_dates("runs/2026-10-18/INDEX.md and date 20260812-184611")
    assert {d for _, _, d in found} == {"2026-10-18", "2026-08-12"}


def test_hex_revisions_and_hashes(corpus_dir: Path) -> None:
    # MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark/README.md:119
    line = corpus_line(corpus_dir, f"{MIAAI}/README.md", 119)
    hexes = [m for m in find_numbers(line) if m.kind is NumberKind.HEX]
    assert hexes[0].normalized == "9e165c30e2704aec5d9d593cce3eebd58bbef1cb"
    assert all("9e165c30" not in m.text for m in numeric(find_numbers(line)))
    # results/RESULTS-2026-08-14.md:8 abbreviates it as "9e165c30…"
    short = corpus_line(corpus_dir, f"{MIAAI}/results/RESULTS-2026-08-14.md", 8)
    assert "9e165c30" in {h for _, _, h in find_hex_strings(short)}


def test_versions_identifiers_and_urls(corpus_dir: Path) -> None:
    # MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark/README.md:13
    line = corpus_line(corpus_dir, f"{MIAAI}/README.md", 13)
    mentions = find_numbers(line)
    assert any(m.kind is NumberKind.VERSION and m.normalized == "0.1.1" for m in mentions)
    assert any(m.kind is NumberKind.URL for m in mentions)
    assert "0.1.1" in {v for _, _, v in find_versions(line)}
    # djangodevreng__dgx-spark-benchmarks/README.md:11 "NVIDIA GB10 (Blackwell SM12.1), 128 GB"
    spec = find_numbers(corpus_line(corpus_dir, f"{DJANGO}/README.md", 11))
    identifiers = {m.text for m in spec if m.kind is NumberKind.IDENTIFIER}
    assert {"GB10", "SM12.1"} <= identifiers
    assert (128.0,) in [m.values for m in numeric(spec)]
    for text in ("Q4_K_M", "TP2", "model-00047"):
        assert [m.kind for m in find_numbers(text)] == [NumberKind.IDENTIFIER]


def test_csv_rows_with_scientific_notation(corpus_dir: Path) -> None:
    # Kleybrink__dgx-spark-bench/results/20260320_224129/
    #   ollama_benchmark_summary_20260320_224129.csv:46
    path = f"{KLEY}/results/20260320_224129/ollama_benchmark_summary_20260320_224129.csv"
    line = corpus_line(corpus_dir, path, 46)
    values = [m.values[0] for m in numeric(find_numbers(line, decimal_comma=False))]
    assert 16.70770800113678 in values
    assert 8.574376828666955e-05 in values
    assert 1567.5 in values


def test_json_scientific_and_long_floats(corpus_dir: Path) -> None:
    # .../muse-glimmer-30b/bf16-spec/11-rate-sweep-0.1.json:1
    line = corpus_line(corpus_dir, f"{MUSE}/bf16-spec/11-rate-sweep-0.1.json", 1)
    values = {m.values[0] for m in numeric(find_numbers(line, decimal_comma=False))}
    assert 5.2820621170504965e-05 in values
    assert 1396.4961818550073 in values
    assert 424759.0 in values


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
