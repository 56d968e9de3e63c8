"""Lines that read as rows (`extract/learned/rows.py`): a run of lines of the same count of
numbers with no header a table reader knows, chart data and block-glyph bars, each a feature
of the learned result model (none of them was on b8e2f9d)."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import instances
from draftflow.extract.learned.rows import after_bar_glyphs, is_chart_data, row_lines
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

HEADERLESS = (
    "# Sweep\n\n"
    "Qwen3-8B                   10    362       16.4\n"
    "Qwen3-14B                 2.4   1181       29.6\n"
    "Qwen3-32B                 2.3   1318       65.6\n"
    "\n"
    "The sweep took 3 hours and 20 minutes.\n"
)


def _features_of(text: str, value: float) -> set[str]:
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    found = [
        i.own for i in instances(snapshot, candidates, selected) if value in i.candidate.values
    ]
    assert found
    return set().union(*found)


def test_a_run_of_lines_of_the_same_count_of_numbers_is_rows() -> None:
    lines = HEADERLESS.split("\n")
    assert row_lines(lines) == frozenset({3, 4, 5})


def test_two_lines_or_lines_of_one_number_are_no_rows() -> None:
    assert row_lines(["a 1 2", "b 3 4", "", "c 5 6"]) == frozenset()
    assert row_lines(["a: 1", "b: 2", "c: 3", "d: 4"]) == frozenset()


def test_a_number_on_a_headerless_row_has_the_rows_feature() -> None:
    assert "line_in_rows" in _features_of(HEADERLESS, 1181)
    assert "line_in_rows" not in _features_of(HEADERLESS, 20)


def test_chart_data_and_block_glyph_bars_are_read_off_the_line() -> None:
    assert is_chart_data("    bar [195.6, 1495, 392.4, 1985]")
    assert is_chart_data("    line [87.5, 75, 46.88]")
    assert not is_chart_data("The bar [sic] rose 12 points")
    assert after_bar_glyphs("3B:      ████████ ")
    assert not after_bar_glyphs("3B: ")
    chart = "# Scores\n\n```mermaid\nxychart-beta\n    bar [60.71, 80.36, 82.14]\n```\n"
    assert "line_chart_data" in _features_of(chart, 80.36)
    bars = "# Speed\n\n```\n3B:      ████████ 67.1   vs   ████ 34.6\n```\n"
    assert "line_after_bar_glyphs" in _features_of(bars, 67.1)
