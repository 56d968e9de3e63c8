"""A column named like a measurement that holds a setting the document sets (issue 31).

vLLM's `--gpu-memory-utilization 0.9` (`gpu_memory_utilization: 0.5`) is the share of GPU memory
the server may take, a setting; a table of its runs may head that column `GPU Util` and write
`50%`, `90%`, which reads as measured utilization. The column is the setting where the document
itself sets it under its own name with a value the column holds, and every cell of the column
is such a setting's value (a round share: a multiple of 5%). Its cells are then no results;
each is a setting of its row's figures (`source_cells`), cited on the row's own line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import Selected

_SETTING = re.compile(
    r"(?<![\w-])-{0,2}gpu[\s_-]*mem(?:ory)?[\s_-]*util(?:i[sz]ation)?[`'\"]*\s*[:=]?\s*"
    r"[`'\"]?(?P<value>\d*\.\d+|\d+(?:\.\d+)?\s*%|[01])(?![\d.])",
    re.IGNORECASE,
)
"""The setting under its own name with its value (`--gpu-memory-utilization 0.9`,
`gpu_memory_utilization: 0.5`, `GPU memory utilization = 90%`)."""
_COLUMN = re.compile(r"\bgpu[\s_-]*util(?:i[sz]ation)?\b", re.IGNORECASE)
"""A column header naming GPU utilization without saying memory (`GPU Util`, `GPU utilization`)."""
_MEMORY = re.compile(r"mem", re.IGNORECASE)
_NUMBER = re.compile(r"\d*\.\d+|\d+")
_STEP = 0.05
"""A setting's share is round: a multiple of 5%."""


@dataclass(frozen=True)
class SettingColumns:
    """The table columns of a snapshot that hold a setting: (document id, table, header)."""

    columns: frozenset[tuple[str, int, str]]
    rows: Mapping[tuple[str, int, int], Mapping[str, str]]
    """Each row of such a table: its setting cells (header: cell as written)."""

    def holds(self, candidate: Candidate) -> bool:
        """Whether a candidate is a cell of a setting column."""
        return _column_of(candidate) in self.columns

    def row_settings(self, candidate: Candidate) -> dict[str, str]:
        """The setting cells of a candidate's row, its own excepted."""
        if candidate.json_path is not None:
            return {}
        row = self.rows.get((candidate.document_id, candidate.table, candidate.row), {})
        return {k: v for k, v in row.items() if k != candidate.column}


def setting_columns(snapshot: Snapshot, candidates: Iterable[Candidate]) -> SettingColumns:
    """The columns named like GPU utilization whose every cell is a round share and whose
    document sets GPU memory utilization, by name, to a value one of the cells holds."""
    cells: dict[tuple[str, int, str], list[Candidate]] = {}
    for candidate in candidates:
        column = candidate.column
        if candidate.json_path is not None or column is None:
            continue
        if _COLUMN.search(column) and not _MEMORY.search(column):
            cells.setdefault((candidate.document_id, candidate.table, column), []).append(candidate)
    found: set[tuple[str, int, str]] = set()
    set_by_document: dict[str, frozenset[float]] = {}
    for key, column_cells in cells.items():
        document = snapshot.document(key[0])
        if document is None:
            continue
        values = set_by_document.get(key[0])
        if values is None:
            values = set_by_document[key[0]] = _values_set(document)
        shares = [_share(cell) for cell in column_cells]
        if not values or any(share is None or not _round(share) for share in shares):
            continue
        if any(_among(share, values) for share in shares if share is not None):
            found.add(key)
    rows: dict[tuple[str, int, int], dict[str, str]] = {}
    for key in found:
        for cell in cells[key]:
            rows.setdefault((cell.document_id, cell.table, cell.row), {})[key[2]] = cell.text
    return SettingColumns(frozenset(found), rows)


def without_setting_cells(selected: list[Selected], columns: SettingColumns) -> list[Selected]:
    """The figures that are no cell of a setting column."""
    if not columns.columns:
        return selected
    return [item for item in selected if not columns.holds(item.candidate)]


def with_row_settings(
    conditions: dict[str, JsonValue], settings: dict[str, str]
) -> dict[str, JsonValue]:
    """A figure's row conditions with its row's setting cells, each under its header as a
    row's setting cell is (`source_cells` once cited)."""
    if not settings:
        return conditions
    merged = dict(conditions)
    for header, text in settings.items():
        merged.setdefault(header, text)
    return merged


def _column_of(candidate: Candidate) -> tuple[str, int, str] | None:
    if candidate.json_path is not None or candidate.column is None:
        return None
    return (candidate.document_id, candidate.table, candidate.column)


def _values_set(document: Document) -> frozenset[float]:
    found: set[float] = set()
    for line in document.line_list:
        if "util" not in line.lower():
            continue
        for match in _SETTING.finditer(line):
            share = _as_share(match.group("value"))
            if share is not None:
                found.add(share)
    return frozenset(found)


def _as_share(text: str) -> float | None:
    number = _NUMBER.search(text)
    if number is None:
        return None
    value = float(number.group(0))
    share = value / 100 if "%" in text or value > 1 else value
    return share if 0 < share <= 1 else None


def _share(cell: Candidate) -> float | None:
    if len(cell.values) != 1:
        return None
    return _as_share(cell.text.strip().strip("*`_ "))


def _round(share: float) -> bool:
    steps = share / _STEP
    return math.isclose(steps, round(steps), abs_tol=1e-6)


def _among(share: float, values: frozenset[float]) -> bool:
    return any(math.isclose(share, value, abs_tol=1e-6) for value in values)
