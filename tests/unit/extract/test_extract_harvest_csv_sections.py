"""CSV/TSV harvesting (`extract/harvest/csv_files.py`): a report of `#` sections, a short log
of runs whose first column is a time, and the document and table features of the result model
(`extract/learned/columns.py`)."""

from __future__ import annotations

from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import select
from draftflow.extract.harvest.csv_files import harvest_csv
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.columns import ColumnStats
from extract_support import deterministic_results, snapshot_of

_RANKING = [f"{i}\tmodel-{i}\t{90 - i}.5%\t{30 + i}.1\n" for i in range(1, 80)]
_SPEED = [f"{i}\tmodel-{i}\t{20 + i}.4\n" for i in range(1, 60)]
SECTIONED_TSV = (
    "# Whole-model report\n# date: 2026-01-22\n\n## 1. Ranking\n\n"
    "rank\tmodel\tinstruction_rate\ttps\n"
    + "".join(_RANKING)
    + "\n## 2. Speed\n\nrank\tmodel\ttps\n"
    + "".join(_SPEED)
)

RUNS_CSV = "timestamp,model,score,wall_seconds\n" + "".join(
    f"2026-05-04T05:3{i}:41+00:00,m{i},{i % 5},{40 + i}.455\n" for i in range(8)
)


def test_a_tsv_report_of_comment_sections_is_read_table_by_table() -> None:
    snapshot = snapshot_of({"report.tsv": SECTIONED_TSV})
    found = harvest(snapshot)
    first = [c for c in found if c.line == 7]  # rank 1 of the first section
    assert [(c.column, c.values[0]) for c in first] == [
        ("rank", 1),
        ("instruction_rate", 89.5),
        ("tps", 31.1),
    ]
    assert {c.table for c in first} == {0}
    speed = [c for c in found if c.column == "tps" and c.table == 1]
    assert len(speed) == 59 and speed[0].row == 0 and speed[0].values == [21.4]
    assert not [c for c in found if c.text.startswith("#")]


def test_a_short_log_of_runs_with_a_time_first_is_read_cell_by_cell() -> None:
    found = harvest(snapshot_of({"results/summary.csv": RUNS_CSV}))
    on_line_two = {(c.column, c.values[0]) for c in found if c.line == 2}
    assert ("score", 0) in on_line_two and ("wall_seconds", 40.455) in on_line_two


def test_a_cell_reads_whether_the_rules_took_numbers_of_its_table_and_document() -> None:
    text = (
        "# Bench\n\n| model | decode tok/s |\n|---|---|\n| A | 41.5 |\n| B | 43.0 |\n\n"
        "| id | code |\n|---|---|\n| 7 | 12 |\n"
    )
    candidates = harvest(snapshot_of({"README.md": text}))
    stats = ColumnStats(candidates, select(candidates))
    decode = next(c for c in candidates if c.values == [41.5])
    code = next(c for c in candidates if c.values == [12])
    assert stats.features(decode)["table_chosen=all"] == 1.0
    assert stats.features(code)["table_chosen=none"] == 1.0
    assert stats.features(code)["doc_chosen=most"] == 1.0
    assert stats.features(code)["fmt=markdown&table_chosen=none"] == 1.0


MISALIGNED_CSV = (
    "Hardware,Framework,kv_cache_dtype,latency,throughput\n"
    "H100,vLLM,fp16,0.77,332.47\n"
    "H100,vLLM,Weight = fp8, KV Cache = fp8,45.70,5736.12\n"
    "H100,vLLM,fp8,1.53,334.43,\n"
)


def test_a_record_with_more_cells_than_its_header_ties_none_to_a_column() -> None:
    """An unquoted comma inside a cell shifts every cell after it: `45.70` (a latency) would
    sit under `throughput`. Which column each cell belongs to is unknown, so none is named."""
    problems: list[str] = []
    found = harvest_csv_of(MISALIGNED_CSV, problems)
    shifted = {c.values[0]: c for c in found if c.line == 3}
    assert shifted[45.70].column == "column 5" and shifted[5736.12].column == "column 6"
    assert all(c.unit_guess is None and c.row_header is None for c in shifted.values())
    assert not any(
        name in c.context for c in shifted.values() for name in ("throughput", "latency")
    )
    aligned = {(c.column, c.values[0]) for c in found if c.line in (2, 4)}
    assert {("throughput", 332.47), ("latency", 1.53), ("throughput", 334.43)} <= aligned
    assert len(problems) == 1 and "line(s) 3:" in problems[0] and "no column" in problems[0]


def harvest_csv_of(text: str, problems: list[str]) -> list[Candidate]:
    """The CSV harvest of one file `results.csv` holding `text`."""
    document = snapshot_of({"results.csv": text}).documents[0]
    return harvest_csv(document, problems)


def _telemetry(header: str, times: list[int]) -> str:
    rows = "".join(f"{t},{60 + i % 7}.5,{70 + i % 3}\n" for i, t in enumerate(times))
    return f"{header},power_w,temp_c\n{rows}"


def test_the_time_axis_of_a_sampled_series_is_no_result() -> None:
    # djangodevreng's 77 telemetry files (`elapsed_s,power_w,...`, a sample every 10 s with a
    # second of jitter): 16,752 `elapsed_s` cells were kept as unspecified figures
    times = [10 * n + (n % 4 == 3) for n in range(1, 40)]
    results = deterministic_results(
        {"results/run/01-telemetry.csv": _telemetry("elapsed_s", times)}
    )
    assert not [r for r in results if r.label.endswith("elapsed_s")]  # 39 before


def test_an_uneven_or_short_or_unnamed_first_column_stays_the_model_s_to_weigh() -> None:
    sweep = [1, 2, 4, 8, 16, 32, 64]  # a concurrency sweep doubles: no clock
    candidates = harvest(snapshot_of({"a.csv": _telemetry("elapsed_s", sweep)}))
    stats = ColumnStats(candidates, select(candidates))
    first = next(c for c in candidates if c.column == "elapsed_s")
    assert "col_sampling_axis" not in stats.features(first)
    for header, times in (("elapsed_s", [10, 20, 30, 40]), ("tokens", list(range(10, 400, 10)))):
        candidates = harvest(snapshot_of({"a.csv": _telemetry(header, times)}))
        stats = ColumnStats(candidates, select(candidates))
        first = next(c for c in candidates if c.column == header)
        assert "col_sampling_axis" not in stats.features(first), header
    candidates = harvest(snapshot_of({"a.csv": _telemetry("time (s)", list(range(5, 200, 5)))}))
    stats = ColumnStats(candidates, select(candidates))
    first = next(c for c in candidates if c.column == "time (s)")
    assert stats.features(first)["col_sampling_axis"] == 1.0
