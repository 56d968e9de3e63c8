"""The experiment date a cited document's dating line states (`select/metadata.py`)."""

from __future__ import annotations

import pytest

from documents import make_result
from draftflow.select.metadata import read_metadata
from draftflow.select.profiles import enrich
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


def test_each_headline_figure_carries_its_own_document_s_date() -> None:
    """luongnv89/dgx-spark-llm-lab: two reports dated a day apart; the record's range is no
    figure's date, each figure's is the one its own report's dating line states."""
    first = "# Run A\n**Date:** 2026-08-20\n\n| M | TPS |\n|---|---|\n| A | 9.5 |\n"
    second = "# Run B\n**Date:** 2026-08-21\n\n| M | TPS |\n|---|---|\n| B | 7.5 |\n"
    snapshot = snapshot_of({"a.md": first, "b.md": second})
    results = [
        make_result(document, document.line_list.index(row) + 1, value)
        for document, row, value in zip(
            snapshot.documents, ("| A | 9.5 |", "| B | 7.5 |"), (9.5, 7.5), strict=True
        )
    ]
    meta = read_metadata(snapshot, results, results)
    dates = [enrich(result, meta).conditions["experiment_date"] for result in results]
    assert dates == ["2026-08-20", "2026-08-21"]


def test_a_document_dating_several_days_dates_none_of_its_figures() -> None:
    text = "# Log\nDate: 2026-08-20\n\n| M | TPS |\n|---|---|\n| A | 9.5 |\nDate: 2026-08-22\n"
    snapshot = snapshot_of({"log.md": text})
    document = snapshot.documents[0]
    result = make_result(document, document.line_list.index("| A | 9.5 |") + 1, 9.5)
    enriched = enrich(result, read_metadata(snapshot, [result], [result]))
    assert enriched.conditions["experiment_date"] is None
