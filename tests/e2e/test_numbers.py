"""Number parsing against real lines of the corpus (each test cites file:line): separators,
decimal commas, K/M scales, ±, ranges, words, hex (issue 3's traps). The same parsing on
written tokens and generated text is `tests/unit/numbers/test_numbers_parse.py`."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftflow.acquire.snapshot import split_lines
from draftflow.numbers import (
    NumberKind,
    NumberMention,
    detect_decimal_comma,
    find_hex_strings,
    find_numbers,
    find_versions,
)

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
