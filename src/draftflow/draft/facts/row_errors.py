"""Whether a figure's table row reports failed requests beside it: a trial whose `Errors`
cell counts failures is no clean point of a series (atomicjets' 4-GPU trial at concurrency
384 served 78,018 tokens/s with 201 errors; "Along concurrency, throughput goes from 72,711
to 78,018 tokens/s" read it as a gain, read33-s26b)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from draftflow.draft.parts import Grounded
from draftflow.extract.document.lines import is_table_row, split_pipes
from draftflow.numbers import find_numbers

_FAILURE_HEADER = re.compile(
    r"\b(?:errors?|failed|failures?|fails|timeouts?|rejected|dropped)\b", re.IGNORECASE
)
"""A column that counts a run's failed requests."""
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}")


def row_failures(item: Grounded) -> str | None:
    """The failure column's header and count (`Errors 201`) where the figure's row counts
    failures above zero, else None (no table row, no such column, or a zero)."""
    lines = item.document.line_list
    number = item.result.source_line
    if not 1 <= number <= len(lines) or not is_table_row(lines[number - 1]):
        return None
    header = _header_of(lines, number)
    if header is None:
        return None
    cells = split_pipes(lines[number - 1])
    for index, name in enumerate(split_pipes(header)):
        if index < len(cells) and _FAILURE_HEADER.search(name) and _counts_some(cells[index]):
            return f"{name.strip()} {cells[index].strip()}"
    return None


def _header_of(lines: Sequence[str], number: int) -> str | None:
    """The header row of the table holding line `number` (the row above its separator)."""
    index = number - 1
    while index > 0 and is_table_row(lines[index - 1]):
        index -= 1
        if _SEPARATOR.match(lines[index]) and index > 0:
            return lines[index - 1]
    return None


def _counts_some(cell: str) -> bool:
    found = [n.value for m in find_numbers(cell) for n in m.numbers]
    return bool(found) and found[0] > 0
