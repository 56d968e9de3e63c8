"""A headline figure's own run row beside its document (select/run_row.py): its date and
KV-cache type fill the record's setup, cited at the row's line (read33-s23, lhl)."""

from __future__ import annotations

import json

from documents import make_result
from draftflow.acquire.snapshot import Snapshot
from draftflow.select.metadata import EXPERIMENT_DATE_UNTIL, read_metadata
from draftflow.select.metadata_model import RecordMetadata
from extract_support import snapshot_of

FOLDER = "llm-bench/GLM-4.5-Air-UD-Q4_K_XL"
README = (
    "# Benchmark Results\n| backend | pp512 | tg128 |\n|---|---|---|\n"
    "| llama.cpp-vulkan_amdvlk | **179.907472** | 22.659149 |\n"
)


def _row(value: float, when: str, kv: str = "f16") -> str:
    bench = {"type_k": kv, "type_v": kv, "test_time": when, "avg_ts": value}
    return json.dumps({"mode": "pp", "tokens_per_sec": value, "bench_raw": bench})


def _meta(files: dict[str, str]) -> tuple[RecordMetadata, Snapshot]:
    snapshot = snapshot_of({f"{FOLDER}/README.md": README, **files})
    readme = snapshot.documents[0]
    return read_metadata(snapshot, [make_result(readme, 4, 179.907472)], []), snapshot


def test_the_figure_s_own_run_row_states_its_date_and_kv_cache_type() -> None:
    rows = "\n".join(
        [_row(22.872535, "2025-08-08T11:23:47Z"), _row(179.907472, "2025-08-08T11:28:44Z")]
    )
    meta, snapshot = _meta({f"{FOLDER}/results.jsonl": rows + "\n"})
    run_file = next(d for d in snapshot.documents if d.path.endswith("results.jsonl"))
    assert (meta.kv_dtype, meta.evidence["kv_dtype"]) == ("f16", run_file.line_url(2))
    assert meta.experiment_date == "2025-08-08"
    assert meta.evidence["experiment_date"] == run_file.line_url(2)


def test_no_row_when_two_rows_write_the_value_or_the_kv_caches_differ() -> None:
    twice = "\n".join([_row(179.907472, "2025-08-08T11:28:44Z")] * 2) + "\n"
    meta, _ = _meta({f"{FOLDER}/results.jsonl": twice})
    assert meta.kv_dtype is None and meta.experiment_date is None
    mixed = json.dumps({"bench_raw": {"type_k": "q8_0", "type_v": "f16", "avg_ts": 179.907472}})
    meta, _ = _meta({f"{FOLDER}/results.jsonl": mixed + "\n"})
    assert meta.kv_dtype is None


def test_a_run_info_file_dates_its_folder_s_figures_over_one_day_or_two() -> None:
    one_day = (
        '{\n  "start_time": "2025-08-08T11:23:10Z",\n  "end_time": "2025-08-08T15:27:07Z"\n}\n'
    )
    meta, snapshot = _meta({f"{FOLDER}/run_info.json": one_day})
    info = next(d for d in snapshot.documents if d.path.endswith("run_info.json"))
    assert (meta.experiment_date, meta.evidence["experiment_date"]) == (
        "2025-08-08",
        info.line_url(2),
    )
    two_days = one_day.replace("2025-08-08T15", "2025-08-09T15")
    meta, _ = _meta({f"{FOLDER}/run_info.json": two_days})
    # which day is the figure's is not stated, but the measurements lie between the two
    # (read33-s24: lhl's "Experiment date: unknown" over dated run files)
    assert (meta.experiment_date, meta.evidence["experiment_date"]) == (
        "from 2025-08-08 to 2025-08-09",
        info.line_url(2),
    )
    assert meta.evidence[EXPERIMENT_DATE_UNTIL] == info.line_url(3)  # its end's line is listed


def test_one_run_written_to_two_files_is_one_row() -> None:
    """lhl writes each point to `raw_runs.jsonl` and `results.jsonl`: the same run twice, not
    two candidate rows (its records stayed undated, session 24); rows that disagree are."""
    row = _row(179.907472, "2025-08-08T11:28:44Z") + "\n"
    meta, _ = _meta({f"{FOLDER}/raw_runs.jsonl": row, f"{FOLDER}/results.jsonl": row})
    assert (meta.kv_dtype, meta.experiment_date) == ("f16", "2025-08-08")
    other = _row(179.907472, "2025-08-09T11:28:44Z") + "\n"
    meta, _ = _meta({f"{FOLDER}/raw_runs.jsonl": row, f"{FOLDER}/results.jsonl": other})
    assert meta.experiment_date is None
