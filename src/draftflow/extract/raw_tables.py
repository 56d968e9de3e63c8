"""Tables that are data, not reported figures: telemetry (a time in the first column), a
device's status screen (`status_screen`: `nvidia-smi`, `amdgpu_top`) and
raw dumps of hundreds of rows. Their cells are left to the model (or the editor) to cite."""

from __future__ import annotations

import re
from collections.abc import Mapping

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.document import is_non_value
from draftflow.extract.metric_names import metric_name
from draftflow.extract.status_screen import is_screen_row

MAX_TABLE_ROWS = 120
"""A table (or CSV file) with more body rows than this is raw data, not a results table."""

MAX_LOG_COLUMNS = 24
"""A long table wider than this is a dump even when its rows are results (its first rows
read would be thousands of figures): listed unread as raw data."""

_TELEMETRY_FIRST_COLUMN = re.compile(r"^(elapsed|time|timestamp|t|ts|sec|seconds)(_s|\(s\))?$")


_TABLE_FORMATS = frozenset(
    {SourceFormat.CSV, SourceFormat.TSV, SourceFormat.MARKDOWN, SourceFormat.TEXT_TABLE}
)


_LETTERS = re.compile(r"[A-Za-z]{3,}")
_TIME_TEXT = re.compile(
    r"^\W*(\d|(mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b)",
    re.I,
)


def names_a_run(row: Mapping[str, str]) -> bool:
    """Whether a row beside its time names what ran: two cells or more that are one word
    (`qwen3-coder-30b`, `needle_position-64k`), neither a date, a unit nor a non-value. Such a
    table is a log of runs, each row a result; telemetry samples numbers over one run."""
    names = [
        cell
        for cell in list(row.values())[1:]
        if _LETTERS.search(cell)
        and " " not in cell.strip()
        and not _TIME_TEXT.match(cell)
        and not is_non_value(cell)
    ]
    return len(names) >= 2


def is_raw_table(rows: int, first_column: str, first_row: Mapping[str, str] | None = None) -> bool:
    """True for a table of telemetry (its first column a time, its rows naming no run:
    `names_a_run`), a device's status screen (`is_screen_row`) or a dump too long to be
    a results table whose rows name no run: `rows` counts its body rows up to the last one
    holding a candidate, `first_column` is the first named cell of its first such row and
    `first_row` that row's cells by column. A long table whose rows each are a result
    (`is_results_log`: a leaderboard's 1,218 submissions, 1,000 prompts' timings) is no
    dump: its first `MAX_TABLE_ROWS` rows are read, the rest are its raw tail (`is_raw_row`)."""
    if first_row is not None and is_screen_row(first_row):
        return True
    telemetry = bool(_TELEMETRY_FIRST_COLUMN.match(first_column.lower().strip()))
    if rows > MAX_TABLE_ROWS:
        return telemetry or first_row is None or not is_results_log(first_row)
    return telemetry and (first_row is None or not names_a_run(first_row))


def is_results_log(row: Mapping[str, str]) -> bool:
    """Whether a long table's first row is a result of its own: a column of it names a metric
    (`ttft`, `Decode_Speed_tps`) and a cell beside its first names what ran (`Metal`, `phi3
    3B Q4_K - Medium`, a prompt), neither a date, a unit nor a non-value. A dump of samples
    holds numbers under its names and no such cell; so is a wider one (more than
    `MAX_LOG_COLUMNS` columns: each row a run's every sample and its aggregates again)."""
    if len(row) > MAX_LOG_COLUMNS:
        return False
    cells = list(row.items())[1:]
    if not any(metric_name(name) for name, _ in cells):
        return False
    return any(
        _LETTERS.search(cell) and not _TIME_TEXT.match(cell) and not is_non_value(cell)
        for _, cell in cells
    )


def is_raw_row(row: int) -> bool:
    """Whether a table's body row `row` (from 0) is past what a results table holds: a long
    results log's tail, listed unread as raw data, its cells never figures."""
    return row >= MAX_TABLE_ROWS


def is_raw_cell(candidate: Candidate, raw: set[tuple[str, int]]) -> bool:
    """Whether a table candidate is raw data: its table is (`raw`, from `raw_tables`) or
    its row is past a results table's rows (`is_raw_row`); a JSON leaf never is."""
    if candidate.json_path is not None:
        return False
    if (candidate.document_id, candidate.table) in raw:
        return True
    return candidate.format in _TABLE_FORMATS and is_raw_row(candidate.row)


def raw_tables(candidates: list[Candidate]) -> set[tuple[str, int]]:
    """(document, table) pairs that are telemetry or too long to be a results table."""
    rows: dict[tuple[str, int], int] = {}
    first_columns: dict[tuple[str, int], str] = {}
    first_rows: dict[tuple[str, int], Mapping[str, str]] = {}
    where: tuple[str, int] | None = None
    for candidate in candidates:
        if candidate.format not in _TABLE_FORMATS:
            continue
        if where is None or candidate.table != where[1] or candidate.document_id != where[0]:
            where = (candidate.document_id, candidate.table)  # a table's cells come together
            if where not in rows:
                rows[where] = 0
                first_columns[where] = next(iter(candidate.context), "")
                first_rows[where] = candidate.context
        if candidate.row >= rows[where]:
            rows[where] = candidate.row + 1
    return {
        where
        for where, count in rows.items()
        if is_raw_table(count, first_columns[where], first_rows[where])
    }
