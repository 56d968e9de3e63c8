"""Unread tables: a table or tool output holding numbers of which no figure was read.

Nothing is dropped in silence: the draft summary, the record's provenance and `draftflow eval`
list each such table by its first number-bearing line, with why it gave nothing (a raw dump of
telemetry or of more rows than a results table, or no name in its cells, columns, rows,
caption or headings that says what its numbers measure, and no column of unknown metric
either: settings, sizes, identifiers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected, is_figure_text
from draftflow.extract.raw_tables import is_raw_row, raw_tables
from draftflow.record.model import UnreadTable
from draftflow.text.lines import plain_text

MAX_COLUMNS = 6
"""Headers listed per unread table."""

_TABLE_FORMATS = frozenset(
    {
        SourceFormat.CSV,
        SourceFormat.TSV,
        SourceFormat.MARKDOWN,
        SourceFormat.TEXT_TABLE,
        SourceFormat.KEY_VALUE,
    }
)


class UnreadReason(StrEnum):
    """Why a table with numbers gave no figure."""

    RAW_DATA = "raw_data"
    """Telemetry (its first column a time), more rows than a results table naming no run,
    or a long results log's rows past a results table's."""
    NO_METRIC = "no_metric"
    """No name around its numbers says they measure something; none reads as a figure of
    unknown metric either."""


@dataclass
class _Table:
    path: str
    line: int
    numbers: int = 0
    columns: list[str] = field(default_factory=list)


def unread_tables(candidates: list[Candidate], read: list[Selected]) -> list[UnreadTable]:
    """The tables of `candidates` with numbers outside their first column of which `read`
    (the figures kept) holds none, in harvest order; a long results log's raw tail (its rows
    past a results table's, `is_raw_row`) is listed on its own, as raw data, whatever was
    read of its first rows."""
    kept = {(item.candidate.document_id, item.candidate.table) for item in read}
    raw: set[tuple[str, int]] | None = None
    tables: dict[tuple[str, int, bool], _Table] = {}
    for candidate in candidates:
        where = (candidate.document_id, candidate.table)
        if not _is_table_number(candidate):
            continue
        tail = is_raw_row(candidate.row)
        if tail:
            raw = raw_tables(candidates) if raw is None else raw
            tail = where not in raw
        if where in kept and not tail:
            continue
        table = tables.setdefault((*where, tail), _Table(candidate.path, candidate.line))
        table.line = min(table.line, candidate.line)
        table.numbers += 1
        name = plain_text(candidate.key).strip()
        if name and name not in table.columns and len(table.columns) < MAX_COLUMNS:
            table.columns.append(name)
    if tables and raw is None:
        raw = raw_tables(candidates)
    return [
        UnreadTable(
            place=f"{table.path}:{table.line}",
            reason=_reason(tail or (document, index) in (raw or set())).value,
            numbers=table.numbers,
            columns=table.columns,
        )
        for (document, index, tail), table in tables.items()
    ]


def _reason(raw: bool) -> UnreadReason:
    return UnreadReason.RAW_DATA if raw else UnreadReason.NO_METRIC


def _is_table_number(candidate: Candidate) -> bool:
    """A number-bearing cell of a table that could be a figure: not a JSON leaf, not the
    row's own label (the first column), not a sentence or code."""
    if candidate.format not in _TABLE_FORMATS or candidate.json_path is not None:
        return False
    if candidate.format is SourceFormat.MARKDOWN and candidate.row_header is None:
        return False
    return is_figure_text(candidate.text)
