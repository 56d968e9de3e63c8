"""Whether a figure's table row reports failed requests beside it: a trial whose `Errors`
cell counts failures is no clean point of a series (atomicjets' 4-GPU trial at concurrency
384 served 78,018 tokens/s with 201 errors; "Along concurrency, throughput goes from 72,711
to 78,018 tokens/s" read it as a gain, read33-s26b)."""

from __future__ import annotations

import re

from draftflow.draft.parts import Grounded
from draftflow.extract.document import parse_document
from draftflow.extract.document.elements import Row, Table
from draftflow.numbers import find_numbers

_FAILURE_HEADER = re.compile(
    r"\b(?:errors?|failed|failures?|fails|timeouts?|rejected|dropped)\b", re.IGNORECASE
)
"""A column that counts a run's failed requests."""


def row_failures(item: Grounded) -> str | None:
    """The failure column's header and count (`Errors 201`) where the figure's row counts
    failures above zero, else None (no table row, no such column, or a zero). Read through
    the document model: the table whose body row sits on the figure's line."""
    number = item.result.source_line
    for table in parse_document(item.document).tables:
        for row in table.body_rows:
            if row and row[0].line == number:
                return _failures_in(table, row)
    return None


def _failures_in(table: Table, row: Row) -> str | None:
    for cell in row:
        name = table.column_header(cell.column)
        if _FAILURE_HEADER.search(name) and _counts_some(cell.text):
            return f"{name} {cell.text.strip()}"
    return None


def _counts_some(cell: str) -> bool:
    found = [n.value for m in find_numbers(cell) for n in m.numbers]
    return bool(found) and found[0] > 0
