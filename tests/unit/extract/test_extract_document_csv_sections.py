"""The sections of a CSV or TSV report (`extract/document/csv_json.py`): each table's header
record, past the `#` comment records and blank lines between them, as the CSV harvest reads
them."""

from __future__ import annotations

from draftflow.extract.document import is_comment_record, section_header_lines

SECTIONED = [
    "# Whole-model report",
    "# date: 2026-01-22",
    "",
    "## 1. Ranking",
    "",
    "rank\tmodel\ttps",
    "1\tm-1\t31.1",
    "",
    "## 2. Speed",
    "rank\tmodel\ttps",
    "1\tm-1\t21.4",
]


def test_each_section_s_header_is_its_first_record_neither_blank_nor_a_comment() -> None:
    assert section_header_lines(SECTIONED, "\t") == [6, 10]
    assert section_header_lines(["model,tps", "m,1.5"], ",") == [1]
    assert section_header_lines([], ",") == []


def test_a_comment_record_starts_with_a_hash_in_its_first_field() -> None:
    assert is_comment_record(["  ## 2. Speed"])
    assert not is_comment_record(["rank", "# of runs"])
    assert not is_comment_record([])
