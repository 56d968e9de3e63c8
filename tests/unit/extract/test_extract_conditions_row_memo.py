"""A JSONL row's figures share their row's condition reading (`RowMemo`), read once per row.

lhl/strix-halo-testing's run files hold ~104,000 figures, ten or more per row, and each read
its row's context (its cells, its line, its file's run settings) again: `seed_conditions`
ran once per figure. Now a figure outside tables and paragraphs reads it once per row, cells
and column, and gets its own copy; the memo holds one row at a time. A row's cells are read
for their run parameters once per line (`line_cells_parameters`).
"""

from __future__ import annotations

import json

import pytest
from pydantic import JsonValue

from draftflow.extract import conditions
from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import select
from draftflow.extract.conditions import ConditionReader
from draftflow.extract.conditions.row_memo import RowMemo, cells_key
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.ground import Grounded, Grounder
from draftflow.extract.harvest.run import harvest
from draftflow.extract.results import conditions_for
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

ROWS = 12

README = """# Strix Halo runs

Every run below was measured on an AMD Ryzen AI Max+ 395 with llama.cpp.
"""


def _rows(count: int) -> str:
    rows = [
        {
            "model_filename": "llama-2-7b.Q4_K_M.gguf",
            "n_prompt": 512 + 64 * index,
            "n_gen": 128,
            "avg_ts": round(40.0 + index * 0.37, 3),
            "stddev_ts": round(0.5 + index * 0.01, 3),
            "vram_peak_mib": 1000 + index,
            "gtt_peak_mib": 2000 + index,
        }
        for index in range(count)
    ]
    return "\n".join(json.dumps(row) for row in rows) + "\n"


def _snapshot() -> object:
    return snapshot_of({"README.md": README, "llm-bench/llama/results.jsonl": _rows(ROWS)})


def test_a_rows_figures_read_their_shared_context_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"seed": 0}
    real = conditions.seed_conditions

    def counted(*args: object, **kwargs: object) -> dict[str, JsonValue]:
        calls["seed"] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(conditions, "seed_conditions", counted)
    snapshot = _snapshot()
    candidates = harvest(snapshot)  # type: ignore[arg-type]
    found = extract_deterministic(
        snapshot,  # type: ignore[arg-type]
        candidates,
        with_unspecified(candidates, select(candidates)),
    )
    figures = [r for r in found.reported_results if "results.jsonl" in r.evidence_url]
    assert len(figures) >= 3 * ROWS
    # once per row and distinct cells: a figure whose own key is a setting of its row
    # (`n_prompt`, `avg_ts`) holds the row's cells but its own, the others share one reading
    # (52622f21: once per figure, 48 for these 12 rows; now 36)
    assert calls["seed"] <= len(figures) - ROWS


Reading = tuple[dict[str, JsonValue], dict[str, list[str]]]


def _grounded(reader: ConditionReader) -> list[tuple[Candidate, Grounded]]:
    """The run file's candidates, each with its grounded figure (those that ground)."""
    snapshot = reader._snapshot
    grounder = Grounder(snapshot)
    found = []
    for candidate in harvest(snapshot):
        if candidate.document_id != snapshot.documents[-1].document_id:
            continue
        anchor = grounder.ground(
            kind="result",
            label="x",
            document_id=candidate.document_id,
            line=candidate.line,
            claimed=float(candidate.value) if candidate.value is not None else 0.0,
        )
        if isinstance(anchor, Grounded):
            found.append((candidate, anchor))
    return found


def _reads(reader: ConditionReader) -> list[Reading]:
    return [reader.read(conditions_for(c), c, a) for c, a in _grounded(reader)]


def test_a_remembered_reading_is_what_a_fresh_reader_reads() -> None:
    snapshot = _snapshot()
    reader = ConditionReader(snapshot)  # type: ignore[arg-type]
    grounded = _grounded(reader)
    assert len(grounded) >= 3 * ROWS
    shared = [reader.read(conditions_for(c), c, a) for c, a in grounded]
    for (candidate, anchor), reading in zip(grounded, shared, strict=True):
        fresh = ConditionReader(snapshot)  # type: ignore[arg-type]
        assert fresh.read(conditions_for(candidate), candidate, anchor) == reading


def test_each_figure_gets_its_own_copy() -> None:
    readings = _reads(ConditionReader(_snapshot()))  # type: ignore[arg-type]
    first, second = readings[0], readings[1]
    assert first == second or first[0] != second[0]
    first[0]["model"] = "changed"
    for places in first[1].values():
        places.append("changed:1")
    assert second[0].get("model") != "changed"
    assert all("changed:1" not in places for places in second[1].values())


def test_the_memo_holds_one_row() -> None:
    memo: RowMemo[str] = RowMemo()
    computed: list[str] = []

    def compute(answer: str) -> str:
        computed.append(answer)
        return answer

    assert memo.get(("a", 1), "k", lambda: compute("one")) == "one"
    assert memo.get(("a", 1), "k", lambda: compute("other")) == "one"  # a hit
    assert memo.get(("a", 1), "j", lambda: compute("two")) == "two"
    assert len(memo) == 2
    assert memo.get(("a", 2), "k", lambda: compute("three")) == "three"  # another row
    assert len(memo) == 1
    memo.clear()
    assert len(memo) == 0
    assert computed == ["one", "two", "three"]


def test_the_reader_lets_its_rows_go_with_the_document() -> None:
    reader = ConditionReader(_snapshot())  # type: ignore[arg-type]
    _reads(reader)
    assert len(reader._rows) >= 1
    reader._move_to(reader.context(reader._snapshot.documents[0]))
    assert len(reader._rows) == 0


def test_cells_keys_tell_types_and_order_apart() -> None:
    assert cells_key({"a": 1}) != cells_key({"a": 1.0})
    assert cells_key({"a": 1}) != cells_key({"a": True})
    assert cells_key({"a": 1, "b": 2}) != cells_key({"b": 2, "a": 1})
    assert cells_key({"a": [1, 2]}) == cells_key({"a": [1, 2]})
    assert cells_key({"a": -0.0}) != cells_key({"a": 0.0})


def test_a_lines_cells_are_read_for_parameters_once() -> None:
    from draftflow.extract.conditions.run_parameters import (
        line_cells_parameters,
        parameters_in_cells,
    )

    snapshot = _snapshot()
    context = ConditionReader(snapshot).context(snapshot.documents[-1])  # type: ignore[attr-defined]
    cells = [("n_prompt", "512"), ("n_gen", "128"), ("temp / top_p", "0 / 1.0"), ("x", "y")]
    first = line_cells_parameters(cells, context, 1)
    assert first == parameters_in_cells(cells)
    known = context.remembered(("cell parameters", 1), dict)
    assert set(known) == set(cells)
    assert line_cells_parameters(cells[1:], context, 1) == parameters_in_cells(cells[1:])
    context.forget_lines()
    assert context.remembered(("cell parameters", 1), dict) == {}
