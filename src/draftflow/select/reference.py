"""The reference row of a quantization table: the row its other rows are compared against.

A table that varies the weight format down a setting column (`3.0 bpw`, `4.0 bpw`, ...,
`FP16`) reads each quantized row against the unquantized one; the author's claim ("adds very
little loss compared to FP16") is that comparison, so the reference row's figures, one per
compared column, are the ones an editor publishes. The unquantized formats are data
(`numbers/vocabulary.toml`, `[precision]` `reference`).
"""

from __future__ import annotations

from dataclasses import dataclass

from draftflow.acquire.snapshot import Document
from draftflow.extract.document import parse_document
from draftflow.extract.document.elements import Row, Table, is_non_value
from draftflow.numbers.vocabulary import vocabulary

MIN_COMPARED_ROWS = 2  # a reference needs at least two other formats to be compared with


@dataclass(frozen=True)
class ReferenceRow:
    """A table row that states the unquantized reference, and the cell that says so."""

    line: int
    evidence: str


def _plain(text: str) -> str:
    return " ".join(text.strip().strip("*_`").split()).lower()


def _reference_cell(row: Row, column: int) -> bool:
    words = vocabulary().precision.reference
    return column < len(row) and _plain(row[column].text) in words


def _column_rows(table: Table, column: int) -> list[Row]:
    """The body rows that write something in the column."""
    return [
        row for row in table.body_rows if column < len(row) and not is_non_value(row[column].text)
    ]


@dataclass(frozen=True)
class References:
    """A document's reference rows by line, and the lines of the rows compared with them."""

    rows: dict[int, ReferenceRow]
    compared: frozenset[int]


def _table_references(table: Table) -> list[ReferenceRow]:
    """The reference rows of one table: in a column whose cells name weight formats, a row
    whose cell is an unquantized one, where at least two rows name another format."""
    found: dict[int, ReferenceRow] = {}
    for column in range(table.width):
        rows = _column_rows(table, column)
        references = [row for row in rows if _reference_cell(row, column)]
        others = len(rows) - len(references)
        if not references or others < MIN_COMPARED_ROWS:
            continue
        header = table.column_header(column) or f"column {column + 1}"
        for row in references:
            line = row[column].line
            found.setdefault(
                line,
                ReferenceRow(line, f"`{row[column].text.strip()}` under `{header}`"),
            )
    return list(found.values())


def reference_rows(document: Document) -> References:
    """The document's reference rows (the unquantized row of each table that compares
    quantized formats down a column) and the rows compared with them."""
    rows: dict[int, ReferenceRow] = {}
    compared: set[int] = set()
    if not document.path.lower().endswith((".md", ".markdown")):
        return References(rows, frozenset())
    for table in parse_document(document).tables:
        found = _table_references(table)
        for reference in found:
            rows.setdefault(reference.line, reference)
        if found:
            compared.update(row[0].line for row in table.body_rows if row)
    return References(rows, frozenset(compared - set(rows)))
