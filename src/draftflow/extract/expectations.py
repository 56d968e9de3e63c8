"""Figures that are what an author expects or plans, not what ran.

Three shapes say so, each read by structure:
- a column or key whose words say its cells are expected (`Expected tok/s`, `What you should
  see`, `性能预期` "expected performance"): `names_expectation`;
- a section whose heading opens with an expectation or a recommendation (`Recommended
  Models for Jetson Orin Nano 8GB`, `推荐配置（MiniMax M2.1）`): `expectation_heading`;
- a cell of a plan's row or column: the other cells of its arm are placeholders for values
  not measured yet (`| 4-bit | llama.cpp | TBD | ~140GB | TBD |`): `PlannedCells`.

A table's arm is a row when its first cell names no metric (`| 4-bit | llama.cpp | ...`,
columns `TPS`, `Memory`), a column when its header names none (`| Memory | 135GB | ~140GB |
TBD |` under `MLX 4-bit`, `llama.cpp Q4_K_M`, `Winner`): a row of placeholders under metric
columns is one arm not run yet; a row of placeholders named by a metric is that metric not
compared yet, and its measured cells stand.
The words are data (`numbers/vocabulary.toml`, `[standing]`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from draftflow.extract.candidates import Candidate, cell_values
from draftflow.extract.metric_names import metric_name
from draftflow.extract.standing_marks import plain, word_pattern
from draftflow.numbers.vocabulary import vocabulary


@cache
def _words_re() -> re.Pattern[str]:
    return re.compile(word_pattern(vocabulary().standing.expectation_words), re.I)


@cache
def _opener_re() -> re.Pattern[str]:
    return re.compile(r"^\W*" + word_pattern(vocabulary().standing.expectation_openers), re.I)


@cache
def _placeholder_re() -> re.Pattern[str]:
    return re.compile(r"^\W*" + word_pattern(vocabulary().standing.placeholders) + r"\W*$", re.I)


def names_expectation(name: str) -> bool:
    """Whether a column header or key says its cells are expected (`Expected Gain`,
    `What you should see`, `性能预期`)."""
    return bool(name) and _words_re().search(plain(name)) is not None


def expectation_heading(heading: str) -> bool:
    """Whether a heading opens with an expectation or a recommendation (`Expected Response
    Times`, `Recommended Models`, `推荐配置`): its section advises, no run stands behind it."""
    return bool(heading) and _opener_re().search(plain(heading)) is not None


def named_expected(candidate: Candidate) -> bool:
    """Whether a figure's column or key names an expectation (`names_expectation`) or its
    section's heading opens with one (`expectation_heading`)."""
    return names_expectation(candidate.key) or expectation_heading(candidate.heading or "")


def is_placeholder(text: str) -> bool:
    """Whether a cell stands for a value not measured yet (`TBD`, `*pending*`, `待测`)."""
    return _placeholder_re().match(plain(text)) is not None


def _counts(cells: Iterable[str]) -> tuple[int, int]:
    """How many of the cells are placeholders, and how many hold a number."""
    held = placeholders = 0
    for text in cells:
        if is_placeholder(text):
            placeholders += 1
        elif cell_values(text):
            held += 1
    return placeholders, held


class PlannedCells:
    """The table cells of a set of candidates that stand in a plan's row or column."""

    def __init__(self, candidates: Iterable[Candidate]) -> None:
        columns: dict[tuple[str, int], dict[int, dict[str, str]]] = {}
        for candidate in candidates:
            if candidate.column is None or candidate.json_path is not None:
                continue
            rows = columns.setdefault((candidate.document_id, candidate.table), {})
            rows.setdefault(candidate.row, candidate.context)
        self._tables = columns
        self._column_verdicts: dict[tuple[str, int, str], bool] = {}

    def covers(self, candidate: Candidate) -> bool:
        """Whether the candidate's cell is one arm of a plan: the other cells of its row (when
        its first cell names no metric) or of its column (when its header names none) are
        mostly placeholders."""
        column = candidate.column
        if column is None or candidate.json_path is not None or not candidate.context:
            return False
        first = next(iter(candidate.context))
        if column == first:
            return False
        if metric_name(candidate.row_header or "") is None:
            others = (
                text for name, text in candidate.context.items() if name not in (first, column)
            )
            placeholders, held = _counts(others)
            if placeholders > held:
                return True
        if metric_name(column) is not None:
            return False
        return self._column_planned(candidate, column)

    def _column_planned(self, candidate: Candidate, column: str) -> bool:
        """Whether the column's other cells hold more placeholders than numbers (this cell
        holds one of the numbers)."""
        key = (candidate.document_id, candidate.table, column)
        verdict = self._column_verdicts.get(key)
        if verdict is None:
            rows = self._tables.get((candidate.document_id, candidate.table), {})
            placeholders, held = _counts(context.get(column, "") for context in rows.values())
            verdict = placeholders > held - 1
            self._column_verdicts[key] = verdict
        return verdict


__all__ = [
    "PlannedCells",
    "expectation_heading",
    "is_placeholder",
    "named_expected",
    "names_expectation",
]
