"""A value no place reads is looked for once per document, not walked from each row again.

lhl/strix-halo-testing's `results.jsonl` rows each write `"type_k": "f16"`: a precision every
row's figures take from their row, which no place reads under a precision's name, so each
row's citation walked every later row of its file (and the README), and a run file of 540
rows read ~150,000 places for that one value. `ConditionReader.lines_read` finds the lines
where it may be read once per document; the citations are those of the walk.
"""

from __future__ import annotations

import json

import pytest

from draftflow.extract import conditions
from draftflow.extract.artifact import Extraction
from draftflow.extract.classify import select
from draftflow.extract.conditions import ConditionReader, readers
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

ROWS = 40

README = """# Strix Halo runs

Every run below was measured on an AMD Ryzen AI Max+ 395 with llama.cpp.

| Model | pp512 tok/s |
| --- | --- |
| llama-2-7b Q4_K_M | 967.3 |
"""


def _rows(count: int) -> str:
    rows = [
        {
            "model_filename": "llama-2-7b.Q4_K_M.gguf",
            "type_k": "f16",
            "n_prompt": 512 + 64 * index,
            "n_gen": 128,
            "avg_ts": round(40.0 + index * 0.37, 3),
            "vram_peak_mib": 1000 + index,
        }
        for index in range(count)
    ]
    return "\n".join(json.dumps(row) for row in rows) + "\n"


def _extraction(
    monkeypatch: pytest.MonkeyPatch, counts: dict[str, int], rows: int = ROWS
) -> Extraction:
    real = conditions.reads_at

    def counted(*args: object, **kwargs: object) -> bool:
        counts["reads"] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(conditions, "reads_at", counted)
    snapshot = snapshot_of({"README.md": README, "llm-bench/llama/results.jsonl": _rows(rows)})
    candidates = harvest(snapshot)
    return extract_deterministic(
        snapshot, candidates, with_unspecified(candidates, select(candidates))
    )


def test_a_value_no_row_reads_is_not_walked_from_each_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    few, many = {"reads": 0}, {"reads": 0}
    found = _extraction(monkeypatch, few)
    figures = [r for r in found.reported_results if "results.jsonl" in r.evidence_url]
    assert len(figures) >= 2 * ROWS
    _extraction(monkeypatch, many, rows=2 * ROWS)
    # each row's places read a few times (its own conditions and the places near it), not
    # every later row's: twice the rows, ~twice the reads (59ed308: 4,002 -> 11,202, 2.8x;
    # now 1,488 -> 2,968)
    assert many["reads"] <= 2.2 * few["reads"]


def test_lines_read_cites_as_the_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    narrowed = _extraction(monkeypatch, {"reads": 0})
    monkeypatch.setattr(
        ConditionReader, "lines_read", lambda self, document, lines, key, value: lines
    )
    walked = _extraction(monkeypatch, {"reads": 0})
    assert narrowed.model_dump_json() == walked.model_dump_json()


def test_a_rows_cells_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A JSONL row's figures share its cells: `read_cells` reads each cell once."""
    readers._cell_puts.cache_clear()
    calls = {"cells": 0}
    real = readers._read_cell

    def counted(*args: object) -> None:
        calls["cells"] += 1
        real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(readers, "_read_cell", counted)
    found = _extraction(monkeypatch, {"reads": 0})
    figures = [r for r in found.reported_results if "results.jsonl" in r.evidence_url]
    assert len(figures) >= 2 * ROWS
    # each figure's raw cells are its row's but its own: once per cell (85), not per figure
    # (362 on 59ed308)
    assert calls["cells"] <= 4 * ROWS
