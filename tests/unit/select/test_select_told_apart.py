"""Headline labels alike are told apart by the record-level setup that differs."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.select.profiles import told_apart


def test_headline_labels_alike_gain_the_model_each_document_names() -> None:
    doc = make_document("RATES.md", "# Rates\n\n| rate | tok/s |\n|---|---|\n| 1.0 | 72 |\n")
    first = make_result(doc, 5, 72, label="vLLM, output tok/s", conditions={"model": "A-8B"})
    second = make_result(doc, 5, 56, label="vLLM, output tok/s", conditions={"model": "B-27B"})
    same = make_result(doc, 5, 40, label="vLLM, p50", conditions={"model": "A-8B"})
    labels = [r.label for r in told_apart([first, second, same])]
    assert labels == ["A-8B, vLLM, output tok/s", "B-27B, vLLM, output tok/s", "vLLM, p50"]
