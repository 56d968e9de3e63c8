"""Tables in plain text: logs, `.txt` files and code blocks holding a tool's output.

Three shapes, tried in this order at each line (a line belongs to one table at most):

- pipe rows, `| model | t/s |` or `pp512 | 1234.5 ± 3.2` (llama-bench), with or without a
  rule of dashes (`|---|`, `+----+`); the rows above a rule are the header rows;
- aligned columns, split on tabs or runs of two or more spaces, every row with the same
  number of cells (a header with its first cell blank has one fewer; a note without a digit
  after a row's last column, `← throttled`, is left out of its cells); a line drawn with
  box-drawing characters is art, and a line whose first cell ends with a colon is a
  `key:   value` line, neither an aligned row;
- comma-separated rows a tool printed into its log (`ISL,OSL,Throughput(tokens/sec)` over
  `128,128,14389.7989`): a header line of names, then the lines of as many fields (CSV
  quoting read) holding a number;
- `key: value` and `key = value` lines whose value holds a digit: one two-cell row each,
  consecutive lines one table.

A pipe row whose every cell is `key: value` (`tok/s: 43.63 | TTFT: 33.7ms`) states its own
header: the keys name the columns and the values are the row; a cell naming its own quantity
beside two such cells (`256 tokens`, `1.73s total`) is keyed by its words.

Without a rule, the leading rows (at most two) whose cells neither open with a number nor
hold a non-value (`OOM`, `n/a`, `—`) are header rows. A table needs a row with a number;
two rows at least, except key/value lines.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence

from draftflow.extract.document.elements import (
    Cell,
    HeadingPath,
    Row,
    Span,
    Table,
    TableKind,
    is_non_value,
)
from draftflow.extract.document.keyed_rows import keyed_rows
from draftflow.extract.document.lines import split_pipes

MAX_LINE = 400
"""A longer line is data or prose, never a table row (but a comma-separated one)."""
MAX_COMMA_LINE = 4_000
"""A comma-separated row a tool printed may be this long (llama-bench's `-o csv`: 39 fields,
a weights file's path among them)."""
MAX_CELL = 60
"""An aligned cell longer than this is prose, not a column."""
MAX_COMMA_FIELD = 300
"""A field of a comma-separated row under a header of names may be this long (a path)."""
MAX_HEADER_ROWS = 2

_GAP = re.compile(r"\t+| {2,}")
_PIPE_RULE = re.compile(r"^[\s|+:=\-]*-{2,}[\s|+:=\-]*$|^[\s|+=]*={3,}[\s|+=]*$")
_TEXT_RULE = re.compile(r"^[\s=\-+:|]*[=\-]{3,}[\s=\-+:|]*$")
_LEADING_NUMBER = re.compile(r"^[*_`~≈±+\-−(\[]*\s*\.?\d")
_DIGIT = re.compile(r"\d")
_BOX_DRAWING = re.compile("[\u2500-\u257f]")
MIN_COMMA_FIELDS = 3
"""A comma row has this many fields at least (`a, b` is a sentence's)."""
MAX_HEADER_WORDS = 4
_KEY_VALUE = re.compile(
    r"^\s*(?:[-*]\s+)?(?P<key>[A-Za-z][^:=|]{0,80}?)\s*(?::|\s=)\s*(?P<value>\S.{0,60}?)\s*$"
)


def _is_numeric(text: str) -> bool:
    return bool(_LEADING_NUMBER.match(text))


def _holds_values(cells: list[str]) -> bool:
    """A row of values, not of header words: a number, or a non-value (`OOM`, `n/a`) where a
    value would stand (past the row's first cell)."""
    return any(_is_numeric(cell) for cell in cells) or any(
        cell.strip() and is_non_value(cell) for cell in cells[1:]
    )


def _make_table(
    kind: TableKind,
    header: Sequence[tuple[int, list[str]]],
    body: Sequence[tuple[int, list[str]]],
    heading_path: HeadingPath,
    caption: str | None,
    *,
    keyed: bool = False,
) -> Table:
    def rows(part: Sequence[tuple[int, list[str]]]) -> tuple[Row, ...]:
        return tuple(
            tuple(Cell(text, line, column, index) for column, text in enumerate(cells))
            for index, (line, cells) in enumerate(part)
        )

    lines = [line for line, _ in (*header, *body)]
    span = Span(min(lines), max(lines))
    return Table(kind, rows(header), rows(body), span, heading_path, caption, keyed=keyed)


def _split_header(
    rows: list[tuple[int, list[str]]],
) -> tuple[list[tuple[int, list[str]]], list[tuple[int, list[str]]]]:
    count = 0
    while (
        count < min(MAX_HEADER_ROWS, len(rows) - 1)
        and not _holds_values(rows[count][1])
        and any(rows[count][1])
    ):
        count += 1
    return rows[:count], rows[count:]


def _pipe_table(lines: Sequence[str], start: int) -> tuple[list[tuple[int, list[str]]], int]:
    """The pipe rows from `start` (index) and the index after them; rules are marked by an
    empty cell list."""
    rows: list[tuple[int, list[str]]] = []
    index = start
    while index < len(lines) and "|" in lines[index] and len(lines[index]) <= MAX_LINE:
        line = lines[index]
        rows.append((index, [] if _PIPE_RULE.match(line) else split_pipes(line)))
        index += 1
    return rows, index


def _aligned_cells(line: str) -> list[str]:
    return [cell for cell in _GAP.split(line.strip()) if cell]


AlignedRows = list[tuple[int, list[str]]]


def _not_aligned(line: str, cells: list[str]) -> bool:
    return (
        len(cells) < 2
        or any(len(cell) > MAX_CELL for cell in cells)
        or cells[0].endswith(":")
        or bool(_BOX_DRAWING.search(line))
    )


def _aligned_run(lines: Sequence[str], start: int) -> tuple[AlignedRows, AlignedRows, int]:
    """Header rows and body rows of aligned cells from `start` (index), and the index after
    them: up to two header lines without a number, an optional rule, then rows of one cell
    count (a header line may lack its first, blank cell)."""
    header: AlignedRows = []
    body: AlignedRows = []
    width: int | None = None
    index = start
    while index < len(lines) and len(lines[index]) <= MAX_LINE and "|" not in lines[index]:
        line = lines[index]
        if _TEXT_RULE.match(line):
            if body or not header:
                break
            index += 1
            continue
        cells = _aligned_cells(line)
        if _not_aligned(line, cells):
            break
        if width is None and not _holds_values(cells):
            if len(header) == MAX_HEADER_ROWS:
                break
            header.append((index, cells))
        elif width is None:
            cells = _note_left(cells, len(header[-1][1]) if header else len(cells))
            width = len(cells)
            body.append((index, cells))
        elif len(cells := _note_left(cells, width)) == width:
            body.append((index, cells))
        elif header and (split := _split_by_header(lines[header[-1][0]], line, width)):
            body.append((index, split))
        else:
            break
        index += 1
    if width is None:
        return [], [], start
    fitted: AlignedRows = []
    first_row = lines[body[0][0]]
    for line_index, cells in header:
        if len(cells) == width - 1:
            cells = _header_fitted(lines[line_index], cells, first_row, body[0][1][0])
        fitted = [*fitted, (line_index, cells)] if len(cells) == width else []
    return fitted, body, index


_CELL_AT = re.compile(r"\S+(?: \S+)*")
_NEAR = 2
"""How far (characters) from a header column's start a row's single space may stand to split
a cell there."""


def _split_by_header(header: str, line: str, width: int) -> list[str] | None:
    """A row one space too tight for its columns (`T6   32B LoRA r=32 44.1%   74.0 GB`, where
    a cell runs to one space from the next) split where its header's columns start: a cell of
    the row that a header column starts inside is cut at a single space at most three
    characters left of that start (the word after it opens the column). None unless that
    gives `width` cells."""
    starts = [match.start() for match in re.finditer(r"(?:^|(?<=  )|(?<=\t))\S", header)]
    if len(starts) != width:
        return None
    cells: list[str] = []
    for match in _CELL_AT.finditer(line):
        begin, text = match.start(), match.group()
        cut = 0
        for start in starts:
            # a space just left of the column's start: the next word opens the column
            spaces = [
                i
                for i, char in enumerate(text)
                if char == " " and i > cut and 0 < start - (begin + i) <= _NEAR + 1
            ]
            if spaces:
                cells.append(text[cut : spaces[0]])
                cut = spaces[0] + 1
        cells.append(text[cut:])
    return cells if len(cells) == width else None


def _note_left(cells: list[str], width: int) -> list[str]:
    """A row's cells without a note written after its last column (`52  ← throttled later`
    under a header of `width` columns): cells past `width` holding no digit are a remark on
    the row, not a column; a row with a number past `width` is another table's."""
    if len(cells) > width > 1 and not any(_DIGIT.search(cell) for cell in cells[width:]):
        return cells[:width]
    return cells


def _header_fitted(header: str, cells: list[str], row: str, first_cell: str) -> list[str]:
    """A header line one cell short of its rows: the rows' label column is the unnamed one
    when the header starts right of the rows' first cell (`        decode  ttft` over
    `qwen-8b  41.5  120`); else the unnamed column is the last, such as a status after the
    measured ones (`CONC  tok/s  TTFT ms` over `1  142.3  118.0  16/16 ok`), whose cells must
    not shift every header one column left."""
    header_start = len(header) - len(header.lstrip())
    first_end = len(row) - len(row.lstrip()) + len(first_cell)
    return ["", *cells] if header_start >= first_end else [*cells, ""]


def _comma_fields(line: str, longest: int = MAX_CELL) -> list[str] | None:
    """The fields of a comma-separated line (CSV quoting read), or None for a line that is
    not one: fewer than three fields, a gap of spaces (aligned text), a field longer than
    `longest`."""
    if line.count(",") < MIN_COMMA_FIELDS - 1 or _GAP.search(line.strip()):
        return None
    try:
        fields = next(csv.reader([line.strip()]))
    except csv.Error:
        return None
    if len(fields) < MIN_COMMA_FIELDS or any(len(field) > longest for field in fields):
        return None
    return [field.strip() for field in fields]


def _is_comma_header(fields: list[str]) -> bool:
    """A header of names: every field a short name with a letter, none a value."""
    return not _holds_values(fields) and all(
        field
        and not field[0].isdigit()
        and len(field.split()) <= MAX_HEADER_WORDS
        and re.search(r"[A-Za-z]", field)
        for field in fields
    )


def _comma_run(lines: Sequence[str], start: int) -> tuple[AlignedRows, AlignedRows, int]:
    """A header line of comma-separated names and the rows of as many fields below it that
    hold a number, and the index after them; no rows when `start` opens no such table."""
    header = _comma_fields(lines[start])
    if header is None or not _is_comma_header(header):
        return [], [], start
    body: AlignedRows = []
    index = start + 1
    while index < len(lines) and len(lines[index]) <= MAX_COMMA_LINE and "|" not in lines[index]:
        fields = _comma_fields(lines[index], MAX_COMMA_FIELD)
        if fields is None or len(fields) != len(header) or not _holds_values(fields):
            break
        body.append((index, fields))
        index += 1
    return ([(start, header)], body, index) if body else ([], [], start)


def _key_values(lines: Sequence[str], start: int) -> tuple[list[tuple[int, list[str]]], int]:
    rows: list[tuple[int, list[str]]] = []
    index = start
    while index < len(lines) and len(lines[index]) <= MAX_LINE and "|" not in lines[index]:
        match = _KEY_VALUE.match(lines[index])
        if match is None or not _DIGIT.search(match["value"]):
            break
        rows.append((index, [match["key"].strip(), match["value"]]))
        index += 1
    return rows, index


def _numbered(rows: list[tuple[int, list[str]]], first_line: int) -> list[tuple[int, list[str]]]:
    return [(index + first_line, cells) for index, cells in rows]


def text_tables(
    lines: Sequence[str],
    first_line: int = 1,
    heading_path: HeadingPath = (),
    caption: str | None = None,
) -> list[Table]:
    """Every table in text lines whose first is document line `first_line`."""
    tables: list[Table] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip() or len(line) > MAX_COMMA_LINE:
            index += 1
            continue
        if len(line) > MAX_LINE:
            table, after = _comma_table_at(lines, index, first_line, heading_path, caption)
        else:
            table, after = _table_at(lines, index, first_line, heading_path, caption)
        if table is not None:
            tables.append(table)
            index = after
        else:
            index += 1
    return tables


def _table_at(
    lines: Sequence[str],
    index: int,
    first_line: int,
    heading_path: HeadingPath,
    caption: str | None,
) -> tuple[Table | None, int]:
    if "|" in lines[index]:
        rows, after = _pipe_table(lines, index)
        table = _pipe_rows(rows, first_line, heading_path, caption)
        return table, after
    table, after = _comma_table_at(lines, index, first_line, heading_path, caption)
    if table is not None:
        return table, after
    header, body, after = _aligned_run(lines, index)
    if len(header) + len(body) >= 2:
        place = (first_line, heading_path, caption)
        return _numbered_table(TableKind.ALIGNED, header, body, place), after
    rows, after = _key_values(lines, index)
    if rows:
        table = _make_table(
            TableKind.KEYVALUE, [], _numbered(rows, first_line), heading_path, caption
        )
        return table, after
    return None, index + 1


def _comma_table_at(
    lines: Sequence[str],
    index: int,
    first_line: int,
    heading_path: HeadingPath,
    caption: str | None,
) -> tuple[Table | None, int]:
    """The comma-separated table whose header line is `index`, if one is."""
    if "|" in lines[index]:
        return None, index + 1
    header, body, after = _comma_run(lines, index)
    if not body:
        return None, index + 1
    place = (first_line, heading_path, caption)
    return _numbered_table(TableKind.CSV, header, body, place), after


def _numbered_table(
    kind: TableKind,
    header: AlignedRows,
    body: AlignedRows,
    place: tuple[int, HeadingPath, str | None],
) -> Table:
    """A table of rows indexed from the block's first line (`first_line` its line 1)."""
    first_line, heading_path, caption = place
    numbered = (_numbered(header, first_line), _numbered(body, first_line))
    return _make_table(kind, *numbered, heading_path, caption)


def _may_be_table(cells_rows: list[tuple[int, list[str]]]) -> bool:
    """Whether pipe rows (rules left out) may be a table: a number in a cell, and two rows or
    one of two cells."""
    if not any(_DIGIT.search(c) for _, cells in cells_rows for c in cells):
        return False
    return len(cells_rows) >= 2 or (len(cells_rows) == 1 and len(cells_rows[0][1]) >= 2)


def _header_and_body(
    rows: list[tuple[int, list[str]]], cells_rows: list[tuple[int, list[str]]]
) -> tuple[list[tuple[int, list[str]]], list[tuple[int, list[str]]]]:
    """The header and body rows of rows not keyed by their cells (`keyed_rows`): the rows
    above and below a rule, else the header rows as `_split_header` finds them."""
    rule = next((i for i, (_, cells) in enumerate(rows) if not cells), None)
    if rule is not None and rule > 0:
        header = [row for row in rows[:rule] if row[1]][-MAX_HEADER_ROWS:]
        return header, [row for row in rows[rule:] if row[1]]
    return _split_header(cells_rows)


def _pipe_rows(
    rows: list[tuple[int, list[str]]],
    first_line: int,
    heading_path: HeadingPath,
    caption: str | None,
) -> Table | None:
    cells_rows = [(i, cells) for i, cells in rows if cells]
    if not _may_be_table(cells_rows):
        return None
    has_rule = any(not cells for _, cells in rows)
    pairs = None if has_rule else keyed_rows(cells_rows)
    header, body = pairs or _header_and_body(rows, cells_rows)
    if not body:
        return None
    return _make_table(
        TableKind.PIPE,
        _numbered(header, first_line),
        _numbered(body, first_line),
        heading_path,
        caption,
        keyed=pairs is not None,
    )
