"""A figure's conditions come from its own context chain only (issue 31): its own section and
each enclosing section's own text, never a sibling subsection's body."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions

_SIBLINGS = """# Comparison

## Key findings

All runs on one NVIDIA DGX Spark.

### Champions

- Best latency: 7.7 ms TTFT at C=1, served by SGLang

### Summary

| Model | vLLM Peak |
|---|---|
| Gemma 3-1B | 5,121 tok/s |
"""


def _row_conditions(document: str, row: str, value: float) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("docs/run.md", document))
    line = document.splitlines().index(row) + 1
    return seed_conditions(
        {}, text=str(value), value=value, line=line, column=None, context=context, readme=None
    )


def test_a_sibling_subsections_words_are_not_a_figures_context() -> None:
    document = _SIBLINGS.replace(
        "- Best latency: 7.7 ms TTFT at C=1, served by SGLang", "- engine: SGLang\n- concurrency: 1"
    ).replace("vLLM Peak", "Peak")
    found = _row_conditions(document, "| Gemma 3-1B | 5,121 tok/s |", 5121)
    assert found.get("concurrency") is None  # the sibling's latency run's
    assert found.get("engine") is None
    assert found["system"] == "NVIDIA DGX Spark"  # the enclosing section's own text is


def test_a_chain_holds_its_ancestors_own_text_but_not_a_siblings_body() -> None:
    context = DocumentContext(make_document("docs/run.md", _SIBLINGS))
    lines = _SIBLINGS.splitlines()
    chain = set(context.chain(lines.index("| Gemma 3-1B | 5,121 tok/s |") + 1))
    assert lines.index("All runs on one NVIDIA DGX Spark.") + 1 in chain
    assert lines.index("### Champions") + 1 not in chain
    assert lines.index("- Best latency: 7.7 ms TTFT at C=1, served by SGLang") + 1 not in chain


def test_a_sibling_subsections_key_values_are_not_a_figures() -> None:
    document = _SIBLINGS.replace(
        "- Best latency: 7.7 ms TTFT at C=1, served by SGLang", "concurrency: 1"
    )
    context = DocumentContext(make_document("docs/run.md", document))
    line = document.splitlines().index("| Gemma 3-1B | 5,121 tok/s |") + 1
    assert ("concurrency", "1") not in context.key_values(line)
