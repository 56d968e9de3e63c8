"""A memory figure's block is read line by line upward; the figures of a data file sit on
consecutive lines, so each line's kind (a block's edge, a negative memory, neither) is read
once, not once per figure below it (lhl's per-run JSONL: 14 % of a draft in that search)."""

from __future__ import annotations

import asyncio
import re

import pytest

import draftflow.extract.memory_deltas as memory_deltas
from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

RUNS = "\n".join(
    ["# Runs", "", "```"]
    + [f"Run {n}: {900 + n}.5ms, 5.{n} tokens/sec, {6000 + n}.2MB memory" for n in range(1, 31)]
    + ["Run 31: 851.1ms, 5.9 tokens/sec, -56.9MB memory", "Average Memory: 1246.8 MB", "```"]
    + ["", "## Another model", "", "```", "Average Memory: 5924.3 MB", "```", ""]
)


ROWS = "\n".join(
    f'{{"run": {n}, "tokens_per_sec": {50 + n}.5, "vram_peak_mib": {140 + n}, '
    f'"gtt_peak_mib": {3700 + n}, "system_ram_peak_mib": {69000 + n}}}'
    for n in range(1, 41)
)


class _Counting:
    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.lines: list[str] = []

    def search(self, text: str) -> re.Match[str] | None:
        self.lines.append(text)
        return self.pattern.search(text)


def _results() -> list[ReportedResult]:
    return asyncio.run(
        extract(snapshot_of({"RUNS.md": RUNS, "results.jsonl": ROWS + "\n"}), None)
    ).reported_results


def test_each_line_is_searched_once_and_the_blocks_read_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counting = _Counting(memory_deltas._NEGATIVE_MEMORY)
    monkeypatch.setattr(memory_deltas, "_NEGATIVE_MEMORY", counting)
    metrics = {float(r.value): r.metric for r in _results() if isinstance(r.value, int | float)}
    assert metrics[1246.8] == "memory_change"
    assert metrics[5924.3] == "memory"
    assert metrics[3740.0] == "memory"
    assert len(counting.lines) == len(set(counting.lines))
