"""CSV/TSV with the standard library's `csv` (JSON is read by `json_tree`).

CSV lines are GitHub's: the reader is fed the document's lines (CR dropped) one at a time,
so a record's first line is known, and a quoted cell that spans lines moves the cells after
it down by the line breaks it holds. The delimiter is sniffed from the first lines among
comma, tab, semicolon and pipe (a `.tsv` defaults to tab, anything else to comma).
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator, Sequence

from draftflow.extract.document.elements import Cell, Row, Span, Table, TableKind

csv.field_size_limit(max(csv.field_size_limit(), min(sys.maxsize, 2**26)))

SNIFF_LINES = 20
_DELIMITERS = ",\t;|"


def sniff_delimiter(lines: Sequence[str], path: str) -> str:
    """The delimiter of a CSV/TSV document's first lines (the path's default when unsure)."""
    default = "\t" if path.lower().endswith(".tsv") else ","
    sample = "\n".join(lines[:SNIFF_LINES])
    if not sample.strip():
        return default
    try:
        return csv.Sniffer().sniff(sample, delimiters=_DELIMITERS).delimiter
    except csv.Error:
        return default


def _records(lines: Sequence[str], delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """(first line, fields) of each record."""
    reader = csv.reader((line + "\n" for line in lines), delimiter=delimiter)
    previous = 0
    for fields in reader:
        yield previous + 1, fields
        previous = reader.line_num


def is_comment_record(fields: Sequence[str]) -> bool:
    """A `#` record of a CSV or TSV file: a title, a note or a section heading written between
    its tables, no record of any."""
    return bool(fields) and fields[0].lstrip().startswith("#")


def filled_width(cells: Sequence[str]) -> int:
    """How many cells a record holds up to its last non-blank one (`a,b,c,` holds three): one
    holding more than its header names has a delimiter inside an unquoted cell somewhere, and
    which column each cell after it belongs to is unknown."""
    return next((i + 1 for i in range(len(cells) - 1, -1, -1) if cells[i].strip()), 0)


def section_header_lines(lines: Sequence[str], delimiter: str) -> list[int]:
    """The first line of each table's header record in a CSV or TSV file written as sections
    (`# title`, `## 2. Speed ranking`, then a header and rows): the first record neither blank
    nor a comment, at the file's start and after each comment, as the CSV harvest reads them;
    a CSV error ends the reading."""
    found: list[int] = []
    awaiting = True
    try:
        for first_line, fields in _records(lines, delimiter):
            if not any(field.strip() for field in fields):
                continue
            if is_comment_record(fields):
                awaiting = True
            elif awaiting:
                found.append(first_line)
                awaiting = False
    except csv.Error:
        pass
    return found


def _row(fields: list[str], first_line: int, index: int) -> Row:
    cells: list[Cell] = []
    line = first_line
    for column, text in enumerate(fields):
        cells.append(Cell(text.strip(), line, column, index))
        line += text.count("\n")
    return tuple(cells)


def csv_table(lines: Sequence[str], path: str, problems: list[str]) -> Table | None:
    """The document as one table: its first record the header, every other a body row."""
    delimiter = sniff_delimiter(lines, path)
    rows: list[Row] = []
    try:
        for first_line, fields in _records(lines, delimiter):
            if fields:
                rows.append(_row(fields, first_line, max(len(rows) - 1, 0)))
    except csv.Error as error:
        problems.append(f"CSV error after line {rows[-1][0].line if rows else 0}: {error}")
    if not rows:
        return None
    last = max(cell.line for cell in rows[-1]) if rows[-1] else rows[-1][0].line
    return Table(TableKind.CSV, (rows[0],), tuple(rows[1:]), Span(rows[0][0].line, max(last, 1)))
