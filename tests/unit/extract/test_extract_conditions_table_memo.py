"""A table row's figures of one cell text and value share one condition reading (session 26).

A table figure's conditions are read from the cell its text finds first in its row (so that
cell's column header), its value and its row: not from its candidate's own column. A sweep's
row writes each value ~10 times (a 10,000-column row: 10,000 figures, ~1,000 values), and
each figure ran `seed_conditions` again. Now a row's figures of one cell text, value and raw
cells read once and each gets its own copy; a fresh reader reads every figure the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import JsonValue

from draftflow.extract import conditions
from draftflow.extract.candidates import Candidate
from draftflow.extract.conditions import ConditionReader
from draftflow.extract.ground import Grounded, Grounder
from draftflow.extract.harvest.run import harvest
from draftflow.extract.results import conditions_for
from extract_support import snapshot_of

# each value written in several columns of a row, under headers that name machines and a
# format, so a figure's own column would matter if it were read
README = """# Decode sweep

Measured with llama.cpp.

| model | DGX Spark tok/s | RTX 5090 tok/s | Q4_K_M tok/s | M3 Ultra tok/s |
|---|---|---|---|---|
| Qwen3-8B | 41.2 | 41.2 | 38.0 | 41.2 |
| Llama-3.1-8B | 38.0 | 52.5 | 38.0 | 52.5 |
"""

Reading = tuple[dict[str, JsonValue], dict[str, list[str]]]


def _grounded(snapshot: Any) -> list[tuple[Candidate, Grounded]]:
    grounder = Grounder(snapshot)
    found = []
    for candidate in harvest(snapshot):
        anchor = grounder.ground(
            kind="result",
            label="x",
            document_id=candidate.document_id,
            line=candidate.line,
            claimed=float(candidate.value) if candidate.value is not None else 0.0,
        )
        if isinstance(anchor, Grounded) and candidate.column:
            found.append((candidate, anchor))
    return found


def test_a_rows_figures_of_one_cell_text_and_value_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = {"seed": 0}
    real = conditions.seed_conditions

    def counted(*args: object, **kwargs: object) -> dict[str, JsonValue]:
        calls["seed"] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(conditions, "seed_conditions", counted)
    snapshot = snapshot_of({"README.md": README})
    reader = ConditionReader(snapshot)
    grounded = _grounded(snapshot)
    cells = {(a.line, c.text, float(a.value)) for c, a in grounded}
    assert len(grounded) == 8 and len(cells) == 4
    for candidate, anchor in grounded:
        reader.read(conditions_for(candidate), candidate, anchor)
    # b08bd511: once per figure (8); now once per row, cell text and value
    assert calls["seed"] == len(cells)


def test_a_shared_table_reading_is_what_a_fresh_reader_reads() -> None:
    snapshot = snapshot_of({"README.md": README})
    reader = ConditionReader(snapshot)
    grounded = _grounded(snapshot)
    shared = [reader.read(conditions_for(c), c, a) for c, a in grounded]
    for (candidate, anchor), reading in zip(grounded, shared, strict=True):
        fresh = ConditionReader(snapshot)
        assert fresh.read(conditions_for(candidate), candidate, anchor) == reading


def test_each_table_figure_gets_its_own_copy() -> None:
    snapshot = snapshot_of({"README.md": README})
    reader = ConditionReader(snapshot)
    grounded = _grounded(snapshot)
    first, second = (reader.read(conditions_for(c), c, a) for c, a in grounded[:2])
    assert first == second  # `41.2` twice in the first row
    first[0]["model"] = "changed"
    for places in first[1].values():
        places.append("changed:1")
    assert second[0].get("model") != "changed"
    assert all("changed:1" not in places for places in second[1].values())
