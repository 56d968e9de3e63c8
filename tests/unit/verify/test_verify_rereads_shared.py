"""A cited place re-read once per row of figures and what is checked (`reread_once`).

verify re-read every figure's cited conditions at their places: a JSONL row's ten figures
cite the same places for the same conditions, and each re-read them (`reread_place`). Now a
row's figures share the answer; the figure's own value is in the key only where it may change
the reading (a header row above it naming a machine per column), and the answers are let go
when the checks move on to another row.
"""

from __future__ import annotations

import pytest

from draftflow.extract.conditions.cite import Place
from draftflow.verify import cited_places
from draftflow.verify.cited_places import PlaceStatus, reread_once, reread_place
from draftflow.verify.context import VerifyContext
from extract_support import snapshot_of

TABLE = """# Runs

| Metric | GB10 | RTX 5070 Ti |
| --- | --- | --- |
| decode tok/s | 40.5 | 60.2 |
"""

RUNS = '{"n_prompt": 512, "n_gen": 128, "avg_ts": 40.5, "vram_mib": 1200}\n' * 2


def _context() -> VerifyContext:
    snapshot = snapshot_of({"bench.md": TABLE, "runs.jsonl": RUNS})
    return VerifyContext(None, snapshot, [])  # type: ignore[arg-type]


def _documents(ctx: VerifyContext) -> dict[str, object]:
    return {d.path: d for d in ctx.snapshot.documents}


def test_a_rows_figures_share_one_rereading(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _context()
    documents = _documents(ctx)
    calls = {"reread": 0}
    real = cited_places.reread_place

    def counted(*args: object, **kwargs: object) -> cited_places.PlaceReading:
        calls["reread"] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cited_places, "reread_place", counted)
    places = [Place("runs.jsonl", 1)]
    first = reread_once(ctx, "input_tokens", 512, places, documents, ("runs.jsonl", 1, 40.5))  # type: ignore[arg-type]
    again = reread_once(ctx, "input_tokens", 512, places, documents, ("runs.jsonl", 1, 1200.0))  # type: ignore[arg-type]
    assert first is again and first.status is PlaceStatus.STATED
    assert calls["reread"] == 1  # 52622f21 has no `reread_once`: each figure re-read
    fresh = real(ctx, "input_tokens", 512, places, documents, ("runs.jsonl", 1, 1200.0))  # type: ignore[arg-type]
    assert fresh == first
    other = reread_once(ctx, "input_tokens", 513, places, documents, ("runs.jsonl", 1, 40.5))  # type: ignore[arg-type]
    assert other.status is not PlaceStatus.STATED and calls["reread"] == 2
    assert len(ctx.rereads) == 2
    reread_once(ctx, "input_tokens", 512, places, documents, ("runs.jsonl", 2, 40.5))  # type: ignore[arg-type]
    assert len(ctx.rereads) == 1  # another row: the last one's answers let go


def test_a_header_row_is_read_for_each_figures_own_column() -> None:
    ctx = _context()
    documents = _documents(ctx)
    header = [Place("bench.md", 3)]
    for value, stated in ((40.5, True), (60.2, False)):
        own = ("bench.md", 5, value)
        shared = reread_once(ctx, "system", "GB10", header, documents, own)  # type: ignore[arg-type]
        fresh = reread_place(ctx, "system", "GB10", header, documents, own)  # type: ignore[arg-type]
        assert shared == fresh
        assert (shared.status is PlaceStatus.STATED) is stated
