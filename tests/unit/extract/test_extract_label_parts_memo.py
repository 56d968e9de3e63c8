"""A label's condition parts are read once per table and the conditions they read (session 26).

Every figure of a wide row has the same conditions (the row's model, the document's engine),
and `LabelBuilder.label` built their parts again for each of them. Now a builder keeps them per
table and the values of the keys `condition_parts` reads, typed (`True` is not `1`), and hands
each figure a list of its own; a condition no key can hold (a list) is read as it is.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import JsonValue

from draftflow.extract import labels
from draftflow.extract.labels import LabelBuilder, condition_parts

CONDITIONS: list[dict[str, JsonValue]] = [
    {"model": "Qwen3-8B", "engine": "vLLM", "concurrency": 8},
    {"model": "Qwen3-8B", "engine": "vLLM", "concurrency": 8, "temperature": 0.7},
    {"model": "Qwen3-8B", "engine": "vLLM", "concurrency": True},
    {"model": "Qwen3-8B", "engine": "vLLM", "concurrency": 1},
    {"model": "Qwen3-8B-FP8", "weight_precision": "FP8", "system": "DGX Spark"},
    {"model": "Llama", "workload": "tg128", "output_tokens": 128},
    {"model": "Llama", "workload": ["tg128", "pp512"]},
]


def test_the_kept_parts_are_what_condition_parts_reads() -> None:
    builder = LabelBuilder([], [])
    for varying in (frozenset(), frozenset({"concurrency", "output_tokens"})):
        builder._varying[("README.md", 0)] = varying
        builder._parts.clear()
        for conditions in CONDITIONS * 2:
            kept = builder._condition_parts(("README.md", 0), conditions)
            assert kept == condition_parts(conditions, varying, "")


def test_equal_conditions_are_read_once_and_each_figure_gets_its_own_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = {"parts": 0}
    real = labels.condition_parts

    def counted(*args: Any) -> Any:
        calls["parts"] += 1
        return real(*args)

    monkeypatch.setattr(labels, "condition_parts", counted)
    builder = LabelBuilder([], [])
    first = builder._condition_parts(("README.md", 0), CONDITIONS[0])
    second = builder._condition_parts(("README.md", 0), dict(CONDITIONS[0]))
    assert first == second and first is not second
    assert calls["parts"] == 1
    builder._condition_parts(("README.md", 0), CONDITIONS[2])  # `True`, not `8`
    builder._condition_parts(("README.md", 1), CONDITIONS[0])  # another table
    builder._condition_parts(("README.md", 0), CONDITIONS[-1])  # a list: not kept
    builder._condition_parts(("README.md", 0), CONDITIONS[-1])
    assert calls["parts"] == 5
