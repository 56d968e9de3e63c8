"""Drafted end to end: a figure of no known metric is in the figures file as `unspecified`
with what the source calls it, warned about, never a headline; verify refuses `unspecified`
where the source names a known metric; unread tables are in the outcome and the provenance."""

from __future__ import annotations

import asyncio
from pathlib import Path

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftOutcome, DraftRequest, run_draft
from draftflow.record.files import load_record
from draftflow.record.model import Record
from draftflow.select import load_figures
from draftflow.verify import verify_figures, verify_record

README = """# Speculative decoding on one GPU

## Results

| model | concurrency | mean accept length | decode tok/s |
|---|---:|---:|---:|
| Qwen3-8B | 4 | 3.21 | 41.5 |
| Qwen3-32B | 4 | 2.87 | 18.0 |

## Downloads

| Model | Size |
|---|---|
| Qwen3-8B | 16.4 GB |
"""


def _draft(tmp_path: Path) -> tuple[DraftOutcome, Record, Snapshot]:
    folder = tmp_path / "spec"
    folder.mkdir()
    (folder / "README.md").write_text(README)
    request = DraftRequest(
        source=str(folder),
        records_dir=tmp_path / "records",
        settings=ModelSettings(),
        origin="https://github.com/someone/spec",
        revision="a" * 40,
    )
    outcome = asyncio.run(run_draft(request))
    snapshot = acquire(str(folder), origin=request.origin, revision=request.revision)
    return outcome, load_record(outcome.record_path), snapshot


def test_unspecified_figures_are_kept_warned_and_never_headlines(tmp_path: Path) -> None:
    outcome, record, snapshot = _draft(tmp_path)
    assert outcome.errors == 0
    figures = load_figures(Path(outcome.figures_path))
    unspecified = [f.result for f in figures if f.result.metric == "unspecified"]
    assert [(r.value, r.source_line) for r in unspecified] == [(3.21, 7), (2.87, 8)]
    assert {r.conditions["metric_as_written"] for r in unspecified} == {"mean accept length"}
    assert all(r.conditions["concurrency"] == 4 for r in unspecified)
    assert "unspecified" not in {r.metric for r in record.editorial.reported_results}
    report = verify_figures(record, [f.result for f in figures], snapshot)
    warned = [f for f in report.flags if f.location.endswith("/metric")]
    assert len(warned) == 2 and {f.severity for f in warned} == {"warning"}
    assert "mean accept length" in warned[0].message


def test_verify_refuses_unspecified_where_the_source_names_the_metric(tmp_path: Path) -> None:
    _, record, snapshot = _draft(tmp_path)
    results = record.editorial.reported_results
    index = next(i for i, r in enumerate(results) if r.source_line == 7)
    moved = record.model_copy(deep=True)
    moved.editorial.reported_results[index] = results[index].model_copy(
        update={"metric": "unspecified"}
    )
    flags = verify_record(moved, snapshot).flags
    assert [f.severity for f in flags if f.location.endswith(f"{index}/metric")] == ["error"]


def test_unread_tables_are_in_the_outcome_and_the_provenance(tmp_path: Path) -> None:
    outcome, record, _ = _draft(tmp_path)
    assert outcome.unread_tables == ["README.md:14 (no_metric)"]
    assert record.provenance is not None
    [table] = record.provenance.unread_tables
    assert (table.place, table.columns, table.numbers) == ("README.md:14", ["Size"], 1)
