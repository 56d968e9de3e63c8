"""The model's extraction is merged onto the deterministic one: nothing the harvest selected
is lost when a model skips it, and the model's labels win where it spoke."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from draftflow.extract import extract
from extract_support import FakeClient, snapshot_of

README = (
    "# Bench\n\n"
    "| model | decode tok/s | TTFT s |\n|---|---|---|\n"
    "| qwen3-4b | 64.4 | 0.31 |\n"
    "| phi-4-mini | 24.0 | 0.52 |\n\n"
    "In a later check the 4B model held 61.2 tok/s over a long answer.\n"
)


def test_a_model_that_skips_rows_loses_no_figure_and_its_labels_win() -> None:
    snapshot = snapshot_of({"README.md": README})
    doc = snapshot.documents[0].document_id

    def answer(_: Mapping[str, str]) -> dict[str, Any]:
        return {
            "results": [
                {
                    "document_id": doc,
                    "line": 5,
                    "value": 64.4,
                    "label": "qwen3-4b decode",
                    "metric": "decode_rate",
                    "unit": "tokens/s",
                },
                {
                    "document_id": doc,
                    "line": 8,
                    "value": 61.2,
                    "label": "qwen3-4b long answer",
                    "metric": "decode_rate",
                    "unit": "tokens/s",
                },
            ]
        }

    baseline = asyncio.run(extract(snapshot, None))
    merged = asyncio.run(extract(snapshot, FakeClient(answer)))
    base_figures = {(r.source_line, r.value) for r in baseline.reported_results}
    merged_figures = [(r.source_line, r.value) for r in merged.reported_results]
    assert base_figures <= set(merged_figures), "a figure the harvest found went missing"
    assert (8, 61.2) in merged_figures, "the model's prose figure is added"
    lines = [line for line, _ in merged_figures]
    assert lines == sorted(lines), "results stay in line order"
    labelled = next(r for r in merged.reported_results if (r.source_line, r.value) == (5, 64.4))
    assert labelled.label == "qwen3-4b decode"
    assert merged.method == "model"
