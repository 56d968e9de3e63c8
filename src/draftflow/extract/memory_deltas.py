"""Memory a benchmark reads as a change per run, not as what is in use.

A harness that prints each run's memory as the difference it made (`Run 1: ... 6162.2MB
memory`, `Run 2: ... -56.9MB memory`) and then `Average Memory: 1246.8 MB` averages those
differences: 1246.8 MB is no footprint (morteza89/llm-format-benchmarker, whose model takes
about 6.2 GB, read31-s25). A memory no process can use is negative, so a negative memory among
the runs its block lists says the block's memory figures are changes (`memory_change`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.classify import Selected

CHANGE = "memory_change"
_NEGATIVE_MEMORY = re.compile(
    r"(?<![\w.])[-−]\s?\d+(?:[.,]\d+)?\s*(?:[kmgt]i?b|bytes?)\b[^|,;]{0,12}\bmem", re.I
)
"""A negative amount of memory named as memory (`-56.9MB memory`): a change, never a use."""
_BLOCK_EDGE = re.compile(r"^\s*(?:#{1,6}\s|```|~~~)")
_BLOCK_LINES = 40
"""How far up a figure's block is read: a run list stands just above its summary."""


def with_memory_changes(snapshot: Snapshot, selected: Iterable[Selected]) -> list[Selected]:
    """The selected figures, each memory figure whose block (the lines above it up to its
    heading or code fence) lists a negative memory read as a change of memory."""
    lines = _LineKinds()
    return [
        replace(item, metric=CHANGE) if _in_changes(snapshot, item, lines) else item
        for item in selected
    ]


_EDGE = 1
_NEGATIVE = 2
_OTHER = 0


class _LineKinds:
    """Each line's kind (a block's edge, a negative memory, neither), read once per line: a
    data file's memory figures sit on consecutive long lines, and each looked up 40 of them
    (lhl's per-run JSONL: 14 % of a draft in this search)."""

    def __init__(self) -> None:
        self._kinds: dict[tuple[str, int], int] = {}

    def kind(self, document_id: str, number: int, line: str) -> int:
        key = (document_id, number)
        known = self._kinds.get(key)
        if known is None:
            known = self._kinds[key] = _kind(line)
        return known


def _kind(line: str) -> int:
    if _BLOCK_EDGE.match(line):
        return _EDGE
    return _NEGATIVE if _NEGATIVE_MEMORY.search(line) else _OTHER


def _in_changes(snapshot: Snapshot, item: Selected, kinds: _LineKinds) -> bool:
    if item.metric != "memory":
        return False
    document = snapshot.document(item.candidate.document_id)
    if document is None:
        return False
    lines = document.line_list
    number = item.candidate.line
    for above in range(number - 1, max(0, number - 1 - _BLOCK_LINES), -1):
        line = lines[above - 1] if above <= len(lines) else ""
        kind = kinds.kind(document.document_id, above, line)
        if kind != _OTHER:
            return kind == _NEGATIVE
    return False
