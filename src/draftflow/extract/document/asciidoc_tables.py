"""AsciiDoc tables (`|===` ... `|===`) read into the document model's `Table`.

A table is delimited by `|===` lines. Its cells each open with an unescaped `|`, written one to
a line or several to a line; a cell keeps the line it opens on, so a figure read from it cites
that line. The column count is the `cols` attribute's (`[cols="1,2,1"]`, `[cols=3*]`) or else
the first row's cell count, as AsciiDoc reads it; cells are grouped into rows of that count in
order. The first row is the header when a blank line follows it (AsciiDoc's implicit header)
or the attribute says `options="header"` (`%header`). The heading path is the nearest section
title above (`== Results`), the caption the block title (`.Memory use`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from draftflow.extract.document.elements import Cell, Span, Table, TableKind, header_and_body

MAX_COLUMNS = 64
"""A `cols` attribute or first row wider than this is not read (a malformed table)."""
MAX_ROWS = 2_000
"""A table longer than this is read up to here (a generated dump, not a report's table)."""

_DELIMITER = re.compile(r"^\|={3,}\s*$")
_ATTRIBUTES = re.compile(r"^\[(?P<body>[^\]]*)\]\s*$")
_COLS = re.compile(
    r"""cols\s*(?:=\s*"(?P<quoted>[^"]*)"|=\s*'(?P<single>[^']*)'"""
    r"""|=\s*(?P<bare>[^,\s\]]+)|\((?P<listed>[^)]*)\))"""
)
_MULTIPLIER = re.compile(r"^\s*(\d+)\s*\*")
_HEADER_OPTION = re.compile(r"options\s*=\s*[\"']?[^\"'\]]*header|%header")
_TITLE = re.compile(r"^\.(?P<title>[^\s.].*)$")
_SECTION = re.compile(r"^(?P<marks>={1,6})\s+(?P<title>\S.*)$")
_CELL_START = re.compile(r"(?<!\\)\|")
_CELL_SPEC = re.compile(r"^(?:\d+\+|\d*\.?\d*\*)?[<^>]?(?:\.[<^>])?[adehlmsv]?$")
"""What may stand before a cell's `|` (`2+|`, `3*|`, `^|`, `a|`): a span or style, no text."""


def _column_count(attributes: str | None) -> int | None:
    """The columns the `cols` attribute declares (`"1,2,1"`: 3; `3*`: 3), if it says."""
    if not attributes:
        return None
    found = _COLS.search(attributes)
    if not found:
        return None
    spec = next(part for part in found.groups() if part is not None).replace('"', "").strip()
    multiplier = _MULTIPLIER.match(spec)
    if multiplier:
        return int(multiplier.group(1))
    parts = [part for part in re.split(r"[,;]", spec) if part.strip()]
    return len(parts) or None


def _cells(line: str, number: int) -> list[tuple[int, str]]:
    """The cells a line opens (`| a | b`: two), each with its line; a line that opens none
    continues the cell before it (returned as one cell with no line, 0)."""
    pieces = _CELL_START.split(line)
    if len(pieces) == 1:
        return [(0, line)]
    cells: list[tuple[int, str]] = []
    if pieces[0].strip() and not _CELL_SPEC.match(pieces[0].strip()):
        cells.append((0, pieces[0]))
    cells.extend((number, piece.replace("\\|", "|").strip()) for piece in pieces[1:])
    return cells


def _rows(
    lines: Sequence[str], first: int, last: int, width: int | None
) -> tuple[list[list[Cell]], bool]:
    """The table's rows (cells with their lines) and whether a blank line ends its first."""
    cells: list[tuple[int, str]] = []
    first_width = 0
    first_line_end: bool | None = None  # decided at the first blank line after a cell
    for number in range(first, last + 1):
        line = lines[number - 1]
        if not line.strip():
            if cells and first_line_end is None:
                first_line_end = len(cells) == first_width and number == cells[-1][0] + 1
            continue
        found = _cells(line, number)
        if not cells:
            first_width = sum(1 for line_number, _ in found if line_number)
        for line_number, text in found:
            if line_number == 0 and cells:
                cells[-1] = (cells[-1][0], f"{cells[-1][1]} {text.strip()}".strip())
            elif line_number:
                cells.append((line_number, text))
    count = width or first_width
    if not count or count > MAX_COLUMNS:
        return [], False
    rows: list[list[Cell]] = []
    for start in range(0, len(cells), count):
        chunk = cells[start : start + count]
        row = len(rows)
        rows.append([Cell(text, line, column, row) for column, (line, text) in enumerate(chunk)])
        if len(rows) >= MAX_ROWS:
            break
    first_row_alone = first_width == count and bool(first_line_end)
    return rows, first_row_alone


def _context(lines: Sequence[str], start: int) -> tuple[str | None, str | None, int]:
    """The attribute line, block title and first line of the table's preamble above `start`
    (the `|===` line's number)."""
    attributes: str | None = None
    title: str | None = None
    number = start - 1
    while number >= 1 and number >= start - 3:
        text = lines[number - 1].strip()
        attribute = _ATTRIBUTES.match(text)
        named = _TITLE.match(text)
        if attribute and attributes is None:
            attributes = attribute.group("body")
        elif named and title is None:
            title = named.group("title").strip()
        else:
            break
        number -= 1
    return attributes, title, number + 1


def _section(lines: Sequence[str], start: int) -> tuple[str, ...]:
    """The nearest section title above line `start` (`== Results`), as a heading path."""
    for number in range(start - 1, 0, -1):
        found = _SECTION.match(lines[number - 1])
        if found:
            return (found.group("title").strip(),)
    return ()


def asciidoc_tables(lines: Sequence[str]) -> list[Table]:
    """Every `|===` table of an AsciiDoc document, in source order."""
    tables: list[Table] = []
    number = 1
    while number <= len(lines):
        if not _DELIMITER.match(lines[number - 1]):
            number += 1
            continue
        last = number + 1
        while last <= len(lines) and not _DELIMITER.match(lines[last - 1]):
            last += 1
        attributes, title, _ = _context(lines, number)
        width = _column_count(attributes)
        rows, first_alone = _rows(lines, number + 1, min(last, len(lines) + 1) - 1, width)
        if rows:
            header = first_alone or bool(attributes and _HEADER_OPTION.search(attributes))
            head = 1 if header and len(rows) > 1 else 0
            header_rows, body = header_and_body(rows, head)
            tables.append(
                Table(
                    TableKind.ASCIIDOC,
                    header_rows,
                    body,
                    Span(number, min(last, len(lines))),
                    _section(lines, number),
                    title,
                )
            )
        number = last + 1
    return tables


def outside_tables(tables: Sequence[Table], found: Sequence[Table]) -> list[Table]:
    """The tables of `found` (another reader's) that overlap none of `tables`."""
    spans = [(table.span.first, table.span.last) for table in tables]
    return [
        table
        for table in found
        if not any(first <= table.span.last and table.span.first <= last for first, last in spans)
    ]
