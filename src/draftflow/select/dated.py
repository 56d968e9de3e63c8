"""The latest entry of a dated record: a table whose rows are dated (an execution ledger, a
changelog of runs) reads as history, and its latest row is where the work stands now, the
state an editor reports first.
"""

from __future__ import annotations

from dataclasses import dataclass

from draftflow.acquire.snapshot import Document
from draftflow.extract.document import parse_document
from draftflow.extract.document.elements import Row, Table
from draftflow.numbers import find_dates

MIN_DATED_ROWS = 3  # fewer dated rows are a comparison, not a history


@dataclass(frozen=True)
class LatestEntry:
    """The row of a dated table that holds its latest date, and that date."""

    line: int
    date: str


def _leading_date(text: str) -> str | None:
    """The date a cell starts with (`2026-07-24/25` → `2026-07-24`), or None."""
    found = [(start, date) for start, _end, date in find_dates(text.strip())]
    return next((date for start, date in found if start == 0), None)


def _dates(table: Table, column: int) -> list[tuple[Row, str]] | None:
    """Each body row with the date its cell in the column starts with; None unless every row
    of the column is dated."""
    dated: list[tuple[Row, str]] = []
    for row in table.body_rows:
        date = _leading_date(row[column].text) if column < len(row) else None
        if date is None:
            return None
        dated.append((row, date))
    return dated


def _latest_of(table: Table) -> LatestEntry | None:
    """The latest row of a table whose rows are dated in order: the last row holding the
    latest date when the dates rise down the table, the first when they fall."""
    for column in range(table.width):
        dated = _dates(table, column)
        if dated is None or len(dated) < MIN_DATED_ROWS or len({d for _, d in dated}) < 2:
            continue
        dates = [date for _, date in dated]
        if dates == sorted(dates):
            row, date = dated[-1]
        elif dates == sorted(dates, reverse=True):
            row, date = dated[0]
        else:
            continue  # dates out of order: no history read top to bottom
        return LatestEntry(row[0].line, date)
    return None


def latest_entries(document: Document) -> dict[int, LatestEntry]:
    """The latest row of each dated table of a Markdown document, by line."""
    if not document.path.lower().endswith((".md", ".markdown")):
        return {}
    entries: dict[int, LatestEntry] = {}
    for table in parse_document(document).tables:
        latest = _latest_of(table)
        if latest is not None:
            entries[latest.line] = latest
    return entries
