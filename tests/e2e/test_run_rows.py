"""A JSONL file of runs drafts to one median per configuration, verified run by run."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from draftflow.acquire import acquire
from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.record.files import load_record
from draftflow.select import load_figures
from draftflow.verify import verify_figures
from draftflow.verify.report import Flag


def _row(n_prompt: int, minute: int, tps: float) -> str:
    stamp = f"2025-08-05T23:{minute:02d}:00Z"
    return json.dumps({"test_time": stamp, "n_prompt": n_prompt, "tokens_per_sec": tps})


ROWS = [_row(512, 1, 1010.5), _row(512, 2, 1030.25), _row(128, 3, 700.75), _row(512, 4, 1020.5)]
README = "# Prompt processing on one box\n\nRuns of llama-bench are in `runs.jsonl`.\n"


def test_runs_draft_to_a_median_that_verify_rereads_run_by_run(tmp_path: Path) -> None:
    folder = tmp_path / "bench"
    folder.mkdir()
    (folder / "README.md").write_text(README)
    (folder / "runs.jsonl").write_text("\n".join(ROWS) + "\n")
    request = DraftRequest(
        source=str(folder),
        records_dir=tmp_path / "records",
        settings=ModelSettings(),
        origin="https://github.com/someone/bench",
        revision="b" * 40,
    )
    outcome = asyncio.run(run_draft(request))
    assert outcome.errors == 0
    snapshot = acquire(str(folder), origin=request.origin, revision=request.revision)
    record = load_record(outcome.record_path)
    results = [f.result for f in load_figures(Path(outcome.figures_path))]
    rates = sorted((r for r in results if r.unit == "tokens/s"), key=lambda r: -r.value)
    assert [(r.value, r.source_line) for r in rates] == [(1020.5, 1), (700.75, 3)]
    assert rates[0].conditions["run_source_lines"] == [1, 2, 4]
    report = verify_figures(record, results, snapshot)
    assert not [f for f in report.flags if f.severity == "error"]
    # a run cited on another run's line is not there: verify says so
    swapped = rates[0].model_copy(
        update={"conditions": {**rates[0].conditions, "run_source_lines": [2, 1, 4]}}
    )
    flags = verify_figures(record, [swapped], snapshot).flags
    assert _errors_on_runs(flags) == ["/per_run_values/0", "/per_run_values/1"]


def _errors_on_runs(flags: list[Flag]) -> list[str]:
    return sorted(
        "/" + f.location.split("/conditions/")[1]
        for f in flags
        if f.severity == "error" and "/conditions/per_run_values/" in f.location
    )
