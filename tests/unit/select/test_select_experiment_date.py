"""The experiment date a cited document's dating line states (`select/metadata.py`)."""

from __future__ import annotations

import pytest

from documents import make_result
from draftflow.select.metadata import read_metadata
from extract_support import snapshot_of


@pytest.mark.parametrize(
    ("opening", "date"),
    [
        # kojira/vllm_gb10 benchmarks/all_models_report.tsv:2 (an editor's read)
        ("# 全モデル総合レポート\n# 実施日: 2026-01-22\n", "2026-01-22"),
        # SteveLeve/intel-gpu-llm-inference MISTRAL_7B_PERFORMANCE_RESULTS.md:3 (team gold)
        ("# Mistral 7B Results\n\n**Test Date:** November 2, 2025\n", "2025-11-02"),
    ],
)
def test_a_line_dating_the_runs_gives_the_experiment_date(opening: str, date: str) -> None:
    text = f"{opening}\n| Model | TPS |\n|---|---|\n| Qwen3-0.6B | 100.8 |\n"
    snapshot = snapshot_of({"RESULTS.md": text})
    document = snapshot.documents[0]
    line = document.line_list.index("| Qwen3-0.6B | 100.8 |") + 1
    result = make_result(document, line, 100.8)
    assert read_metadata(snapshot, [result], [result]).experiment_date == date


def test_a_date_in_prose_is_no_experiment_date() -> None:
    text = "# Notes\n\nThe model was released on 2025-04-01.\n\n| M | TPS |\n|---|---|\n"
    text += "| A | 9.5 |\n"
    snapshot = snapshot_of({"NOTES.md": text})
    document = snapshot.documents[0]
    result = make_result(document, document.line_list.index("| A | 9.5 |") + 1, 9.5)
    assert read_metadata(snapshot, [result], [result]).experiment_date is None


def test_a_dated_figure_beside_an_undated_one_leaves_the_documents_dates_in() -> None:
    """A headline figure its conditions date (`experiment_date`, read from its run file's name
    or dated section) does not make the record's date its date alone where another headline
    figure is undated: that one's document's dating line counts too (flowy0's record fell from
    `from 2026-03-20 to 2026-06-25` to `2026-06-25`)."""
    text = "# Results\n**Test Date:** March 20, 2026\n\n| Model | TPS |\n|---|---|\n"
    text += "| Qwen3-0.6B | 100.8 |\n"
    snapshot = snapshot_of({"RESULTS.md": text, "runs/2026-06-25.md": "| M | TPS |\n"})
    document = snapshot.documents[0]
    line = document.line_list.index("| Qwen3-0.6B | 100.8 |") + 1
    undated = make_result(document, line, 100.8)
    dated = make_result(document, line, 100.8, conditions={"experiment_date": "2026-06-25"})
    found = read_metadata(snapshot, [dated, undated], [dated, undated]).experiment_date
    assert found == "2026-03-20 and 2026-06-25"
    # every headline figure dated: their dates, as before
    assert read_metadata(snapshot, [dated], [dated]).experiment_date == "2026-06-25"


def test_a_reports_date_line_dates_its_own_figures_not_the_readmes_lead() -> None:
    """luongnv89/dgx-spark-llm-lab: results/2026-08-21/REPORT.md:18 `| Date | 2026-08-21 |`
    dates that report's rows; the README's lead (82.1 %, README.md:28) is from the
    2026-08-20 round and dated by no line. The record read "Experiment date: 2026-08-21"
    (read33-s19)."""
    readme = "# Lab\n\n| Model | pass@1 |\n|---|---|\n| Qwen3.6-35B-A3B | 82.1 |\n"
    report = (
        "# Ox Alpha Free\n\n| | |\n|---|---|\n| Date | 2026-08-21 |\n\n| agent score | 74.8 |\n"
    )
    snapshot = snapshot_of({"README.md": readme, "results/2026-08-21/REPORT.md": report})
    by_path = {d.path: d for d in snapshot.documents}
    lead = make_result(by_path["README.md"], 5, 82.1)
    row = make_result(by_path["results/2026-08-21/REPORT.md"], 7, 74.8)
    meta = read_metadata(snapshot, [lead, row], [lead, row])
    assert meta.experiment_date is None and "not dated" in meta.unstated["experiment_date"]
    assert read_metadata(snapshot, [row], [row]).experiment_date == "2026-08-21"
