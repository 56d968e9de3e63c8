"""A ratio or a lead compares figures of one metric whose conditions differ in the compared
key only; otherwise the sentence is not written."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document, make_result
from draftflow.draft.facts.compute import leaders
from draftflow.draft.facts.figures import compared_along_one, compared_key
from draftflow.draft.parts import Grounded

TABLE = """# Runs

| engine | model | decode tok/s |
|---|---|---|
| vLLM | Qwen3-8B | 41.0 |
| SGLang | Qwen3-8B | 45.0 |
| llama.cpp | Llama-3-70B | 9.0 |
"""


def _grounded(rows: list[tuple[int, float, str, dict[str, JsonValue]]]) -> list[Grounded]:
    doc = make_document("RUNS.md", TABLE)
    return [
        Grounded(make_result(doc, line, value, label=label, conditions=conditions), doc)
        for line, value, label, conditions in rows
    ]


def _written(item: Grounded) -> str:
    return repr(item.result.value)


def test_a_lead_over_a_figure_that_differs_in_one_condition_is_written() -> None:
    grounded = _grounded(
        [
            (5, 41.0, "Qwen3-8B, vLLM", {"model": "Qwen3-8B", "engine": "vLLM"}),
            (6, 45.0, "Qwen3-8B, SGLang", {"model": "Qwen3-8B", "engine": "SGLang"}),
        ]
    )
    assert compared_key(grounded[1].result, grounded[0].result) == "engine"
    facts = leaders(grounded, _written)
    assert [fact.subject for fact in facts] == ["Qwen3-8B, SGLang"]


def test_no_lead_over_a_figure_that_differs_in_model_and_engine() -> None:
    grounded = _grounded(
        [
            (6, 45.0, "Qwen3-8B, SGLang", {"model": "Qwen3-8B", "engine": "SGLang"}),
            (7, 9.0, "Llama-3-70B, llama.cpp", {"model": "Llama-3-70B", "engine": "llama.cpp"}),
        ]
    )
    assert compared_key(grounded[0].result, grounded[1].result) is None
    assert leaders(grounded, _written) == []


def test_a_series_differs_in_its_own_setting_only() -> None:
    rows: list[tuple[int, float, str, dict[str, JsonValue]]] = [
        (5, 41.0, "c 1", {"concurrency": 1, "engine": "vLLM"}),
        (6, 45.0, "c 2", {"concurrency": 2, "engine": "vLLM"}),
        (7, 9.0, "c 4", {"concurrency": 4, "engine": "SGLang"}),
    ]
    grounded = _grounded(rows)
    assert not compared_along_one([item.result for item in grounded])
    assert compared_along_one([item.result for item in grounded[:2]])
