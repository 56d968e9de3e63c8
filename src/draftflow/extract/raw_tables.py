"""Tables that are data, not reported figures: telemetry (a time in the first column) and raw
dumps of hundreds of rows. Their cells are left to the model (or the editor) to cite."""

from __future__ import annotations

import re

from draftflow.extract.candidates import Candidate, SourceFormat

MAX_TABLE_ROWS = 120
"""A table (or CSV file) with more body rows than this is raw data, not a results table."""

_TELEMETRY_FIRST_COLUMN = re.compile(r"^(elapsed|time|timestamp|t|ts|sec|seconds)(_s|\(s\))?$")


_TABLE_FORMATS = frozenset(
    {SourceFormat.CSV, SourceFormat.TSV, SourceFormat.MARKDOWN, SourceFormat.TEXT_TABLE}
)


def is_raw_table(rows: int, first_column: str) -> bool:
    """True for a table of telemetry (its first column a time) or one too long to be a results
    table: `rows` counts its body rows up to the last one holding a candidate, `first_column`
    is the first named cell of its first such row."""
    return rows > MAX_TABLE_ROWS or bool(
        _TELEMETRY_FIRST_COLUMN.match(first_column.lower().strip())
    )


def raw_tables(candidates: list[Candidate]) -> set[tuple[str, int]]:
    """(document, table) pairs that are telemetry or too long to be a results table."""
    rows: dict[tuple[str, int], int] = {}
    first_columns: dict[tuple[str, int], str] = {}
    where: tuple[str, int] | None = None
    for candidate in candidates:
        if candidate.format not in _TABLE_FORMATS:
            continue
        if where is None or candidate.table != where[1] or candidate.document_id != where[0]:
            where = (candidate.document_id, candidate.table)  # a table's cells come together
            if where not in rows:
                rows[where] = 0
                first_columns[where] = next(iter(candidate.context), "")
        if candidate.row >= rows[where]:
            rows[where] = candidate.row + 1
    return {where for where, count in rows.items() if is_raw_table(count, first_columns[where])}
