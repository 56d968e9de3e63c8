"""Harvest CSV/TSV rows: every number-bearing cell with its header, its row and its exact line.

Line numbers are GitHub's: the csv reader is fed the document one LF-terminated line at a
time, so `reader.line_num` counts exactly those lines, and a quoted cell that spans lines is
located by re-scanning its record.

A line whose first cell starts with `#` is a comment, not a record: a report written as TSV or
CSV sections (`# title`, `## 2. Speed ranking`, then a header and rows) is read section by
section, each comment ending a table and the next record heading the following one (its
`table` index counts the sections).

A raw data table (more rows than a results table has: `raw_tables.MAX_TABLE_ROWS`, its
rows naming no run) and a long results log's rows past that many are never results, and
what later steps read of them is which lines hold numbers (the model is shown the first
rows, the grounding of the model's claims accepts a data line): so each such row gives one
candidate per line, its first number-bearing cell, not one per cell. Data files hold
hundreds of thousands of cells, and nothing reads the rest.
"""

from __future__ import annotations

import csv
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import (
    Candidate,
    SourceFormat,
    make_candidate,
    plain_cell_candidate,
)
from draftflow.extract.document import filled_width, is_comment_record
from draftflow.extract.raw_tables import MAX_TABLE_ROWS, is_raw_row, is_raw_table
from draftflow.numbers.cells import plain_cell_value
from draftflow.numbers.units import unit_of_name

# Result CSVs can carry whole model answers in one cell; the default 128 KiB cap would abort
# the file at the first long answer.
csv.field_size_limit(max(csv.field_size_limit(), min(sys.maxsize, 2**26)))

_DIGIT = re.compile(r"\d")


def _raw_lines(text: str) -> list[str]:
    """The document's lines with their LF kept, BOM removed (GitHub numbering)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    pieces = text.split("\n")
    lines = [piece + "\n" for piece in pieces[:-1]]
    if pieces[-1]:
        lines.append(pieces[-1])
    return lines


def _field_lines(raw: str, delimiter: str, first_line: int) -> list[int]:
    """The line on which each field of one multi-line record starts."""
    starts = [first_line]
    line = first_line
    quoted = False
    for char in raw:  # a doubled quote inside a quoted cell toggles twice: still quoted
        if char == '"':
            quoted = not quoted
        elif char == "\n":
            if not quoted:
                break
            line += 1
        elif char == delimiter and not quoted:
            starts.append(line)
    return starts


def _records(
    lines: list[str], delimiter: str, problems: list[str] | None = None
) -> Iterator[tuple[list[str], list[int], bool]]:
    """Each record's cells, the line each cell starts on and whether the record is one line;
    a CSV error ends the reading and is appended to `problems`."""
    reader = csv.reader(iter(lines), delimiter=delimiter)
    start = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            # malformed beyond recovery (e.g. NUL bytes): keep what was read so far
            if problems is not None:
                problems.append(
                    f"CSV error after line {start - 1} ({error}); the rest was not read"
                )
            return
        end = reader.line_num
        if end == start:
            yield cells, [start] * len(cells), True
        else:
            raw = "".join(lines[start - 1 : end])
            field_lines = _field_lines(raw, delimiter, start)
            field_lines += [field_lines[-1]] * (len(cells) - len(field_lines))
            yield cells, field_lines[: len(cells)], False
        start = end + 1


def _header_names(cells: list[str]) -> list[str]:
    """Header cells, stripped; blank or repeated headers get a positional name."""
    names: list[str] = []
    for index, cell in enumerate(cells):
        name = cell.strip() or f"column {index + 1}"
        if name in names:
            name = f"{name} ({index + 1})"
        names.append(name)
    return names


@dataclass(slots=True)
class _Row:
    """One body record: its cells, where each starts, and what its candidates share."""

    cells: list[str]
    field_lines: list[int]
    one_line: bool
    index: int
    names: list[str]
    units: list[str | None]
    context: dict[str, str]
    row_header: str | None
    table: int = 0


def _rows(document: Document, delimiter: str, problems: list[str] | None) -> list[_Row]:
    """The body records of a CSV or TSV document, blank and comment ones skipped, each with
    its header (the first record after the start or after a comment) and its table index."""
    header: list[str] | None = None
    names: list[str] = []
    units: list[str | None] = []
    rows: list[_Row] = []
    misaligned: list[int] = []
    table, count = -1, 0
    for cells, field_lines, one_line in _records(_raw_lines(document.text), delimiter, problems):
        if not any(cell.strip() for cell in cells):
            continue
        if is_comment_record(cells):
            header = None
            continue
        if header is None:
            header = _header_names(cells)
            names = header
            units = [unit_of_name(name) for name in names]
            table, count = table + 1, 0
            continue
        row_names, row_units, row_header = names, units, cells[0].strip() or None
        if filled_width(cells) > len(header):
            misaligned.append(field_lines[0])
            row_names = [f"column {i + 1}" for i in range(len(cells))]
            row_units, row_header = [None] * len(cells), None
        elif len(cells) > len(names):
            names = header + [f"column {i + 1}" for i in range(len(header), len(cells))]
            units = [unit_of_name(name) for name in names]
            row_names, row_units = names, units
        context = {row_names[i]: cell for i, cell in enumerate(cells) if cell.strip()}
        rows.append(
            _Row(
                cells,
                field_lines,
                one_line,
                count,
                row_names,
                row_units,
                context,
                row_header,
                table,
            )
        )
        count += 1
    if misaligned and problems is not None:
        problems.append(_misaligned_problem(misaligned))
    return rows


def _misaligned_problem(lines: list[int]) -> str:
    """The reason given for records with more filled cells than their header names."""
    shown = ", ".join(str(line) for line in lines[:5]) + (", ..." if len(lines) > 5 else "")
    return (
        f"{len(lines)} record(s) hold more cells than their header names (line(s) {shown}: "
        "a delimiter inside an unquoted cell?), so their cells were tied to no column "
        "and none of them is published"
    )


def _row_candidates(
    document: Document, fmt: SourceFormat, row: _Row, *, first_only: bool = False
) -> list[Candidate]:
    """The candidates of one record's number-bearing cells (only the first when `first_only`)."""
    candidates: list[Candidate] = []
    for index, cell in enumerate(row.cells):
        if not _DIGIT.search(cell):
            continue  # no number: no candidate (the common case in text columns)
        value = plain_cell_value(cell)
        if value is not None:  # the common cell of a data file, built without re-reading
            candidates.append(
                plain_cell_candidate(
                    document,
                    fmt,
                    row.field_lines[index],
                    f"r{row.index}c{index}",
                    cell,
                    value,
                    row.names[index],
                    row.units[index],
                    row.row_header if index else None,
                    row.index,
                    row.context,
                    row.table,
                )
            )
        else:
            for offset, piece in enumerate(cell.split("\n")):
                candidate = make_candidate(
                    document,
                    line=row.field_lines[index] + offset,
                    fmt=fmt,
                    text=piece.rstrip("\r") if "\n" in cell else cell,
                    locator=f"r{row.index}c{index}" + (f"+{offset}" if offset else ""),
                    column=row.names[index],
                    row_header=row.row_header if index else None,
                    table=row.table,
                    row=row.index,
                    context=row.context,
                )
                if candidate is not None:
                    candidates.append(candidate)
        if first_only and candidates:
            return candidates[:1]
    return candidates


def _is_raw(document: Document, fmt: SourceFormat, rows: list[_Row]) -> bool:
    """`select.raw_tables` of one table (its rows), decided from its first and last rows that
    hold a candidate (the rows it counts and the first column it reads) before the rest is
    built."""
    first = next(
        (c for row in rows if (c := _row_candidates(document, fmt, row, first_only=True))), None
    )
    if first is None:
        return False
    last = next(
        row for row in reversed(rows) if _row_candidates(document, fmt, row, first_only=True)
    )
    # a short table whose first column is a time (a log of runs, each with its start time) is
    # read cell by cell: the rules leave it as telemetry (`select.raw_tables`), the result
    # model reads each cell; only a long one is a dump whose cells nothing reads (a long
    # results log is not: its rows past a results table's are its raw tail, `is_raw_row`)
    rows_held = last.index + 1
    context = first[0].context
    return rows_held > MAX_TABLE_ROWS and is_raw_table(rows_held, next(iter(context), ""), context)


def harvest_csv(
    document: Document, problems: list[str] | None = None, *, raw_tables: bool = True
) -> list[Candidate]:
    """Every number-bearing body cell of a CSV or TSV document, tied to its header and line;
    of a raw data table, one candidate per line that holds a number (see above), or none
    when not `raw_tables`: `select` leaves a raw table's candidates out whole (its
    `raw_tables` counts the same rows), so a reader of the selection only needs none of them."""
    is_tsv = document.path.lower().endswith(".tsv")
    delimiter = "\t" if is_tsv else ","
    fmt = SourceFormat.TSV if is_tsv else SourceFormat.CSV
    candidates: list[Candidate] = []
    for table in _tables(_rows(document, delimiter, problems)):
        raw = _is_raw(document, fmt, table)
        if raw and not raw_tables:
            continue
        for row in table:
            tail = is_raw_row(row.index)  # a long results log's rows past a results table's
            if tail and not raw_tables:
                continue
            # a record over several lines: each of its lines
            first_only = (raw or tail) and row.one_line
            candidates.extend(_row_candidates(document, fmt, row, first_only=first_only))
    return candidates


def _tables(rows: list[_Row]) -> list[list[_Row]]:
    """The rows grouped by table, in order (one group for a file of no comment lines)."""
    tables: list[list[_Row]] = []
    for row in rows:
        if not tables or tables[-1][0].table != row.table:
            tables.append([])
        tables[-1].append(row)
    return tables
