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


_NEWS = """# Cluster

- Llama 3.3 70B on 4 x Mac Mini M4 Pro 24GB RAM

## Measurements

### Generation time

**Raspberry Pi 5 8GB**

| Model | 2 x RasPi 5 8 GB |
|---|---|
| Llama 3 8B | 444.27 ms |

### Network transfer

| Model | 2 devices |
|---|---|
| Llama 3 8B | 544 kB |
"""


def test_a_sibling_naming_another_machine_keeps_the_openings_machine_off() -> None:
    # a sibling gives a figure no value, but it shows the document ran on more than one
    # machine: the opening's `4 x Mac Mini` is not every figure's
    found = _row_conditions(_NEWS, "| Llama 3 8B | 544 kB |", 544)
    assert "Mac Mini" not in str(found.get("system"))
    assert found.get("node_count") != 4
