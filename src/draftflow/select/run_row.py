"""A headline figure's own run row in a run file beside its document.

lhl/strix-halo-testing keeps each model's summary table (`llm-bench/<model>/README.md`, the
bold best cell of each column) beside the run file it was made from (`results.jsonl`, one
JSON row per point): the row whose value is the figure's, as written to six decimals
(`179.907472`), states when it ran (`test_time`) and with which KV-cache types (`type_k`,
`type_v`). read33-s23 found the record's experiment date and KV dtype blank though those
rows state them. A row is the figure's only where it is the one line of the folder's run
files that writes the figure's value as its line does, with enough digits that no other
figure's value could be it by chance; its line is cited.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from posixpath import basename, dirname

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.numbers import find_dates
from draftflow.numbers.file_kinds import JSON_LINES_SUFFIXES
from draftflow.record.model import ReportedResult

MIN_DIGITS = 6
"""Digits a value must be written with to find its row by its text alone (`179.907472`)."""
RUN_FILE_SUFFIXES = JSON_LINES_SUFFIXES
_DATE_KEYS = re.compile(r"^(?:test_time|timestamp|start_time|date|run_date)$")
_KV_KEYS = (("type_k", "type_v"), ("cache_type_k", "cache_type_v"))
_KV_NAMES = re.compile(r"^(?:f16|f32|bf16|q8_0|q4_0|q4_1|q5_0|q5_1|iq4_nl|fp8|fp16)$", re.I)


@dataclass(frozen=True)
class RunRow:
    """A figure's run row: what it states, and the line URL that states it."""

    url: str
    date: str | None
    kv_dtype: str | None


def run_row(snapshot: Snapshot, result: ReportedResult) -> RunRow | None:
    """The run row of the figure's folder that writes its value, when exactly one does."""
    document = snapshot.document(result.source_document_id)
    if document is None or "/" not in document.path:
        return None
    written = _written_value(document, result)
    if written is None:
        return None
    folder = dirname(document.path)
    rows: list[RunRow] = []
    for run_file in snapshot.documents:
        if dirname(run_file.path) != folder or not run_file.path.endswith(RUN_FILE_SUFFIXES):
            continue
        lines = _lines_writing(run_file, written)
        if len(lines) > 1:
            return None  # two rows of one file write it: which is the figure's is not said
        row = _row(run_file.line(lines[0]) or "") if lines else None
        if row is not None:
            rows.append(RunRow(run_file.line_url(lines[0]), _date(row), _kv_dtype(row)))
    # one run written to two files (lhl's `raw_runs.jsonl` and `results.jsonl`) is one row
    # where both say the same; rows that disagree are two runs
    if not rows or len({(row.date, row.kv_dtype) for row in rows}) > 1:
        return None
    return rows[0]


_RUN_INFO = re.compile(r"^(?:run[_-]?info|run[_-]?meta(?:data)?|meta(?:data)?)\.json$", re.I)
"""A folder's file about its run as a whole (lhl's `run_info.json`: start and end times)."""
_START = re.compile(r'"(?:start_time|started_at|start)"\s*:\s*"(?P<v>[^"]+)"')
_END = re.compile(r'"(?:end_time|ended_at|finished_at|end)"\s*:\s*"(?P<v>[^"]+)"')


def folder_run_date(snapshot: Snapshot, result: ReportedResult) -> tuple[str, str] | None:
    """The day the figure's folder's run file says its run started and ended on, with the
    start's line URL; None where it names no start and end, or two days (the run spans
    them, and which one is the figure's is not stated)."""
    return next((start for start, end in _run_spans(snapshot, result) if start[0] == end[0]), None)


def folder_run_span(snapshot: Snapshot, result: ReportedResult) -> list[tuple[str, str]]:
    """The days the figure's folder's run file says its run started and ended on, each with
    its line URL, where the run spans two days (lhl's Hunyuan run, 2025-08-05T18:47 to
    2025-08-06T10:55): which is the figure's is not stated, but the record's measurements lie
    between them (read33-s24: "Experiment date: unknown" over dated run files)."""
    return next(([start, end] for start, end in _run_spans(snapshot, result)), [])


def _run_spans(
    snapshot: Snapshot, result: ReportedResult
) -> Iterator[tuple[tuple[str, str], tuple[str, str]]]:
    """The (start, end) days, each with its line URL, of every run file in the figure's
    folder that names both."""
    document = snapshot.document(result.source_document_id)
    if document is None or "/" not in document.path:
        return
    folder = dirname(document.path)
    for info in snapshot.documents:
        if dirname(info.path) != folder or not _RUN_INFO.match(basename(info.path)):
            continue
        start = _first_date(info, _START)
        end = _first_date(info, _END)
        if start is not None and end is not None:
            yield start, end


def _first_date(document: Document, pattern: re.Pattern[str]) -> tuple[str, str] | None:
    for number, line in enumerate(document.line_list, 1):
        found = pattern.search(line)
        if found:
            dates = find_dates(found["v"])
            return (dates[0][2], document.line_url(number)) if dates else None
    return None


def _written_value(document: Document, result: ReportedResult) -> str | None:
    """The value as the figure's line writes it, when it has `MIN_DIGITS` digits or more."""
    line = document.line(result.source_line) or ""
    for match in re.finditer(r"\d+\.\d+|\d+", line):
        token = match.group()
        if sum(c.isdigit() for c in token) >= MIN_DIGITS and float(token) == result.value:
            return token
    return None


def _lines_writing(document: Document, written: str) -> list[int]:
    """The lines of the run file where the written value stands as a whole number."""
    whole = re.compile(rf"(?<![\d.]){re.escape(written)}(?![\d.])")
    return [
        number
        for number, line in enumerate(document.line_list, 1)
        if written in line and whole.search(line)
    ]


def _row(line: str) -> dict[str, JsonValue] | None:
    """The line's JSON object, flattened one level (llama-bench's `bench_raw`)."""
    try:
        parsed = json.loads(line)
    except ValueError:
        return None
    if not isinstance(parsed, dict):
        return None
    flat: dict[str, JsonValue] = {}
    for key, value in parsed.items():
        if isinstance(value, dict):
            flat.update({k: v for k, v in value.items() if k not in flat})
        flat.setdefault(key, value)
    return flat


def _date(row: dict[str, JsonValue]) -> str | None:
    for key, value in row.items():
        if _DATE_KEYS.match(key) and isinstance(value, str):
            for _, _, date in find_dates(value)[:1]:
                return date
    return None


def _kv_dtype(row: dict[str, JsonValue]) -> str | None:
    """The KV-cache type where the row's key and value caches state the same one."""
    for key_k, key_v in _KV_KEYS:
        k, v = row.get(key_k), row.get(key_v)
        if isinstance(k, str) and k == v and _KV_NAMES.match(k):
            return k.lower()
    return None
