"""A long table whose rows are each a result (a leaderboard's submissions, each prompt's
timings) is read for its first `MAX_TABLE_ROWS` rows, its tail listed unread as raw data; a
long dump of samples (numbers under a time, or no cell naming what ran) stays raw whole."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.raw_tables import MAX_TABLE_ROWS
from draftflow.extract.unread import unread_tables
from extract_support import snapshot_of

ROWS = MAX_TABLE_ROWS + 30
WIDE = 30
"""Columns of a table wider than a results log (`raw_tables.MAX_LOG_COLUMNS`)."""


def _leaderboard() -> str:
    lines = ["test_num\tgen_tps\tttft\tmodel_name\taccel_name"]
    lines += [f"{n}\t{50 + n % 7}.5\t{200 + n}\tQwen2.5 14B Instruct\tRTX {n}" for n in range(ROWS)]
    return "\n".join(lines) + "\n"


def _samples() -> str:
    lines = ["step,loss,gen_tps"] + [f"{n},{1 + n % 3}.25,{40 + n % 5}.5" for n in range(ROWS)]
    return "\n".join(lines) + "\n"


def _telemetry() -> str:
    lines = ["time,gpu_util,gen_tps,state"]
    lines += [f"{n},{n % 100},{40 + n % 5}.5,running" for n in range(ROWS)]
    return "\n".join(lines) + "\n"


def test_a_long_results_log_reads_its_first_rows_and_lists_its_tail() -> None:
    candidates = harvest(snapshot_of({"assets/results.tsv": _leaderboard()}))
    chosen = select(candidates)
    rows = {item.candidate.row for item in chosen}
    assert rows == set(range(MAX_TABLE_ROWS))
    assert {item.metric for item in chosen} == {"throughput", "ttft"}
    unread = unread_tables(candidates, chosen)
    assert [(u.place, u.reason) for u in unread] == [
        (f"assets/results.tsv:{MAX_TABLE_ROWS + 2}", "raw_data")
    ]
    assert unread[0].numbers == ROWS - MAX_TABLE_ROWS


def test_long_dumps_of_samples_stay_raw_whole() -> None:
    snapshot = snapshot_of({"samples.csv": _samples(), "gpu.csv": _telemetry()})
    candidates = harvest(snapshot)
    chosen = select(candidates)
    assert chosen == []
    reasons = sorted((u.place, u.reason) for u in unread_tables(candidates, chosen))
    assert reasons == [("gpu.csv:2", "raw_data"), ("samples.csv:2", "raw_data")]


def test_a_long_table_wider_than_a_results_log_stays_raw() -> None:
    names = ["model", "ttft"] + [f"extra_{n}" for n in range(WIDE)]
    lines = [",".join(names)]
    lines += [",".join([f"m{n}x", str(100 + n)] + ["1.5"] * WIDE) for n in range(ROWS)]
    candidates = harvest(snapshot_of({"wide.csv": "\n".join(lines) + "\n"}))
    assert select(candidates) == []
