"""Harvest Markdown tables: every number-bearing cell with its column header, row header,
the table's heading path and caption, and its exact line.

The tables are the document model's (`extract.document`, parsed once per document): GFM
tables read by markdown-it-py, and pipe tables in code blocks holding a tool's output
(llama-bench, lm-eval), with or without a rule under their header. In text and log files
only the pipe tables are read here (their aligned and key/value tables have readers of
their own).
"""

from __future__ import annotations

import re

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, cell_values, make_candidate
from draftflow.extract.document import DocumentKind, Table, TableKind, is_non_value, parse_document
from draftflow.extract.raw_tables import is_raw_table
from draftflow.extract.status_words import without_column_marker
from draftflow.numbers.cells import split_cell
from draftflow.text.lines import plain_text

_DIGIT = re.compile(r"\d")
_LETTER = re.compile(r"[^\W\d_]")


def markdown_tables(document: Document) -> list[Table]:
    """The document's Markdown tables and the pipe tables of its code blocks (Markdown), or
    its pipe tables (text and logs), in source order."""
    parsed = parse_document(document)
    kinds = {TableKind.PIPE}
    if parsed.kind is DocumentKind.MARKDOWN:
        kinds.add(TableKind.MARKDOWN)
    return [table for table in parsed.tables if table.kind in kinds]


def _column_names(header: list[str], width: int) -> list[str]:
    names = [cell or f"column {i + 1}" for i, cell in enumerate(header)]
    return names + [f"column {i + 1}" for i in range(len(names), width)]


def harvest_markdown(document: Document) -> list[Candidate]:
    """Every number-bearing cell of every Markdown table in the document."""
    candidates: list[Candidate] = []
    for index, table in enumerate(markdown_tables(document)):
        candidates.extend(table_candidates(document, index, table))
    return candidates


def table_candidates(document: Document, index: int, table: Table) -> list[Candidate]:
    """Every number-bearing cell of one table, the `index`-th of `markdown_tables(document)`
    (`harvest_markdown`'s candidates of that table, read without the others)."""
    reader = TableRows(document, index, table)
    candidates: list[Candidate] = []
    for row_index in range(len(table.body_rows)):
        candidates.extend(reader.row(row_index))
    return candidates


def _grouped_row_headers(table: Table) -> list[str]:
    """Each body row's header: its first cell, or, where that is blank, the first cell of the
    grouped row above (`| **LLaMA 3.2 1B** | NPU | 36.7 |` then `| | iGPU | 28.7 |`: the blank
    cell is the group's, as an HTML `rowspan` cell would be read). A group cell that is itself a
    value (`41.2`, `36.7 tok/s`, `n/a`) names no group and is not carried down."""
    headers: list[str] = []
    group = ""
    for row in table.body_rows:
        own = plain_text(row[0].written) if row else ""
        if own:
            group = own if _names_a_group(own) else ""
        headers.append(own or group)
    return headers


def _names_a_group(text: str) -> bool:
    """Whether a first cell names the rows under it: words, not a value (a bare number, a
    number with its unit) nor a cell saying there is none."""
    if not _LETTER.search(text) or is_non_value(text):
        return False
    measured = text[:1].isdigit() and any(figure.unit for figure in split_cell(text, ""))
    return not measured


class TableRows:
    """One table's candidates row by row (a row's cells are read with its table's header,
    heading and caption only): `table_candidates` is every row's, in order."""

    def __init__(self, document: Document, index: int, table: Table) -> None:
        self.document = document
        self.index = index
        self.table = table
        # A status the header carries (`tok/s (estimated)`) marks the column's figures
        # (extract/standing.py); the rest of the header names what they measure.
        self._header = [
            without_column_marker(table.column_header(column)) for column in range(table.width)
        ]
        self._heading = table.heading_path[-1] if table.heading_path else None
        self._row_headers = _grouped_row_headers(table)

    def row(self, row_index: int) -> list[Candidate]:
        """The candidates of the table's `row_index`-th body row, in column order."""
        table = self.table
        row = table.body_rows[row_index]
        candidates: list[Candidate] = []
        cells = [cell.written for cell in row]
        names = _column_names(self._header, len(cells))
        context = {names[i]: cell for i, cell in enumerate(cells) if cell}
        # A keyed row (`tok/s: 43.63 | TTFT: 33.7ms`) is pairs: each cell is named by its key
        # alone, as a `key: value` line's value is, and no cell names the row.
        row_header = None if table.keyed else self._row_headers[row_index]
        fmt = SourceFormat.KEY_VALUE if table.keyed else SourceFormat.MARKDOWN
        for column_index, cell in enumerate(cells):
            if not _DIGIT.search(cell):
                continue  # no number (and none once emphasis and links are removed)
            candidate = make_candidate(
                self.document,
                line=row[column_index].line,
                fmt=fmt,
                text=cell,
                locator=f"t{self.index}r{row_index}c{column_index}",
                column=names[column_index],
                row_header=(row_header or None) if column_index else None,
                heading=self._heading,
                caption=table.caption,
                table=self.index,
                row=row_index,
                context=context,
                values=cell_values(plain_text(cell)),
                headings=table.heading_path,
            )
            if candidate is not None:
                candidates.append(candidate)
        return candidates

    def is_raw(self) -> bool:
        """`raw_tables` of the table's candidates (telemetry, or too many rows), decided from
        its first and last rows holding a candidate (the rows it counts, the first column it
        reads) without reading the rows between."""
        rows = range(len(self.table.body_rows))
        first = next((found for r in rows if (found := self.row(r))), None)
        if first is None:
            return False
        last = next(r for r in reversed(rows) if self.row(r))
        return is_raw_table(last + 1, next(iter(first[0].context), ""), first[0].context)
