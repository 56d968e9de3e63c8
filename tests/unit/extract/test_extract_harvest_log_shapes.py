"""Shapes of logs and data files whose figures were read as no result: a JSON object's
`"key": number` lines printed into a log, and a per-run CSV whose first column is the time
each run started (a log of runs, not telemetry)."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.raw_tables import names_a_run
from extract_support import snapshot_of

THINKING_LOG = """re-run: thinking=True
{
  "max_tokens": 32000,
  "pass_at_1": 0.7857142857142857,
  "wall_seconds": 2733.9626168198884
}
"""


def test_a_json_objects_lines_in_a_log_are_key_value_lines() -> None:
    snapshot = snapshot_of({"think.log": THINKING_LOG})
    found = {(c.line, c.key, c.values[0]) for c in harvest(snapshot) if c.key}
    assert (4, "pass_at_1", 0.7857142857142857) in found
    assert (5, "wall_seconds", 2733.9626168198884) in found


RUNS_CSV = """timestamp,model,task,score,wall_seconds,completion_tokens
2026-05-04T05:34:41+00:00,qwen3-coder-30b,needle_position-64k,5,46.455,263
2026-05-04T05:35:40+00:00,qwen3-coder-30b,conflict_policy-64k,4,58.638,700
"""

TELEMETRY_CSV = """timestamp,gpu_util,power_w,temp_c
2026-05-04T05:34:41+00:00,97,180.5,61
2026-05-04T05:34:42+00:00,98,181.0,62
"""


def test_a_per_run_csv_with_start_times_is_read_telemetry_is_not() -> None:
    snapshot = snapshot_of({"runs.csv": RUNS_CSV, "gpu.csv": TELEMETRY_CSV})
    chosen = {(s.candidate.path, s.candidate.key) for s in select(harvest(snapshot))}
    assert ("runs.csv", "wall_seconds") in chosen
    assert not any(path == "gpu.csv" for path, _ in chosen)


def test_a_run_is_named_by_words_not_by_dates_or_units() -> None:
    assert names_a_run({"time": "05:34", "model": "qwen3-8b", "task": "needle"})
    assert not names_a_run({"time": "05:34", "util": "97", "day": "Mon", "state": "n/a"})
    assert not names_a_run({"time": "05:34", "gpu": "NVIDIA GH200 480GB", "util": "97"})
