"""HTML tables (`<table><tr><th>…</th></tr>…</table>`) read with the standard library's
parser into the document model's `Table`.

A cell keeps the line its tag opens on. `colspan` repeats a cell over the columns it spans
(a two-row header's group title stands over each of its columns); `rowspan` repeats it
down. Header rows are the rows of `<thead>` and the leading rows whose cells are all `<th>`;
a table with neither takes its first row as header when more rows follow it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

from draftflow.extract.document.elements import Cell, HeadingPath, Row, Span, Table, TableKind

MAX_SPAN = 64
"""A `colspan`/`rowspan` above this is read as 1 (a malformed attribute, not a layout)."""


@dataclass
class _RawCell:
    text: str
    line: int
    header: bool
    colspan: int
    rowspan: int


@dataclass
class _RawTable:
    first_line: int
    last_line: int = 0
    rows: list[list[_RawCell]] = field(default_factory=list)
    head_rows: int = 0
    """Rows opened inside `<thead>`."""


def _span(attrs: list[tuple[str, str | None]], name: str) -> int:
    for key, value in attrs:
        if key == name and value and value.strip().isdigit():
            number = int(value.strip())
            return number if 1 <= number <= MAX_SPAN else 1
    return 1


class _Parser(HTMLParser):
    def __init__(self, first_line: int) -> None:
        super().__init__(convert_charrefs=True)
        self.line_offset = first_line - 1
        self.done: list[_RawTable] = []
        self.open: list[_RawTable] = []
        self.in_head = False
        self.cell: list[str] | None = None
        self.cell_attrs: tuple[int, bool, int, int] = (0, False, 1, 1)

    def _line(self) -> int:
        return self.getpos()[0] + self.line_offset

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._close_cell()
            self.open.append(_RawTable(self._line()))
        elif not self.open:
            return
        elif tag == "thead":
            self.in_head = True
        elif tag in ("tbody", "tfoot"):
            self.in_head = False
        elif tag == "tr":
            self._close_cell()
            self.open[-1].rows.append([])
            if self.in_head:
                self.open[-1].head_rows = len(self.open[-1].rows)
        elif tag in ("td", "th"):
            self._close_cell()
            if not self.open[-1].rows:
                self.open[-1].rows.append([])
            colspan, rowspan = _span(attrs, "colspan"), _span(attrs, "rowspan")
            self.cell, self.cell_attrs = [], (self._line(), tag == "th", colspan, rowspan)
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if not self.open:
            return
        if tag in ("td", "th", "tr"):
            self._close_cell()
        elif tag == "thead":
            self.in_head = False
        elif tag == "table":
            self._close_cell()
            table = self.open.pop()
            table.last_line = self._line()
            self.done.append(table)

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)

    def _close_cell(self) -> None:
        if self.cell is None or not self.open or not self.open[-1].rows:
            self.cell = None
            return
        line, header, colspan, rowspan = self.cell_attrs
        text = " ".join("".join(self.cell).split())
        self.open[-1].rows[-1].append(_RawCell(text, line, header, colspan, rowspan))
        self.cell = None

    def finish(self, last_line: int) -> list[_RawTable]:
        self.close()
        self._close_cell()
        while self.open:  # an unclosed table ends with the text
            table = self.open.pop()
            table.last_line = last_line
            self.done.append(table)
        return sorted(self.done, key=lambda table: table.first_line)


def _grid(raw: list[list[_RawCell]]) -> list[list[tuple[_RawCell, int]]]:
    """Rows of (cell, column) with colspans and rowspans expanded."""
    grid: list[list[tuple[_RawCell, int]]] = []
    carried: dict[int, tuple[_RawCell, int]] = {}  # column -> (cell, rows still to cover)
    for cells in raw:
        row: list[tuple[_RawCell, int]] = []
        column = 0
        pending = list(cells)
        while pending or any(c >= column for c in carried):
            if column in carried:
                cell, left = carried.pop(column)
                row.append((cell, column))
                if left > 1:
                    carried[column] = (cell, left - 1)
                column += 1
                continue
            if not pending:
                column += 1
                continue
            cell = pending.pop(0)
            for _ in range(cell.colspan):
                row.append((cell, column))
                if cell.rowspan > 1:
                    carried[column] = (cell, cell.rowspan - 1)
                column += 1
        grid.append(row)
    return grid


def _rows(grid: list[list[tuple[_RawCell, int]]], start: int) -> tuple[Row, ...]:
    return tuple(
        tuple(Cell(cell.text, cell.line, column, index) for cell, column in row)
        for index, row in enumerate(grid[start:])
    )


def _header_count(raw: _RawTable) -> int:
    if raw.head_rows:
        return raw.head_rows
    count = 0
    for row in raw.rows:
        if not row or not all(cell.header for cell in row):
            break
        count += 1
    if count == 0 and len(raw.rows) > 1:
        return 1
    return count


def html_tables(
    text: str, first_line: int = 1, heading_path: HeadingPath = (), caption: str | None = None
) -> list[Table]:
    """Every table of an HTML text whose first line is document line `first_line`."""
    if "<table" not in text.lower():
        return []
    parser = _Parser(first_line)
    parser.feed(text)
    last_line = first_line + text.count("\n")
    tables: list[Table] = []
    for raw in parser.finish(last_line):
        raw.rows = [row for row in raw.rows if row]
        if not raw.rows:
            continue
        grid = _grid(raw.rows)
        heads = min(_header_count(raw), len(grid))
        header_rows = tuple(
            tuple(Cell(cell.text, cell.line, column, index) for cell, column in row)
            for index, row in enumerate(grid[:heads])
        )
        tables.append(
            Table(
                TableKind.HTML,
                header_rows,
                _rows(grid, heads),
                Span(raw.first_line, max(raw.first_line, raw.last_line)),
                heading_path,
                caption,
            )
        )
    return tables
