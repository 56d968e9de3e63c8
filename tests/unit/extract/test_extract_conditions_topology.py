"""What a figure's own row, column or heading says about the devices it ran on, and what a
llama-bench `model` cell says (`extract/conditions/columns.py`, `resolve.py`)."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions.columns import parallel_count, topology_count

_CLUSTER = """# Findings

Results from a campaign on a 5-node M3 Ultra cluster running MLX distributed inference.

## Finding 6: large models

| Topology | Gen TPS | Prompt TPS (1K) |
|----------|---------|-----------------|
| Single | 20.2 | 234 |
| TP2 | 14.3 | 362 |
| TP4 | 16.1 | 555 |

## Finding 3: TP scaling

| Quant | Single TPS | TP2 TPS |
|-------|-----------|---------|
| Q4 | 31.5 | 21.6 |

## Finding 1: Single-node generation

| Model | Measured TPS |
|-------|--------------|
| Llama 405B | 2.99 |

## Finding 9: speed

| Model | Mode | TPS |
|-------|------|-----|
| Llama 405B | Single | 7.5 |
"""


def _conditions(
    text: str, cell: str, value: float, path: str = "docs/FINDINGS.md"
) -> dict[str, JsonValue]:
    line = next(n for n, row in enumerate(text.splitlines(), 1) if f" {cell} " in row)
    return seed_conditions(
        {},
        text=cell,
        value=value,
        line=line,
        column=None,
        context=DocumentContext(make_document(path, text)),
        readme=None,
    )


def test_a_row_that_states_its_parallelism_overrides_the_introductions_node_count() -> None:
    assert _conditions(_CLUSTER, "14.3", 14.3)["node_count"] == 2
    assert _conditions(_CLUSTER, "16.1", 16.1)["node_count"] == 4
    assert _conditions(_CLUSTER, "20.2", 20.2)["node_count"] == 1  # `Single` above `TP2`


def test_a_column_header_that_states_its_parallelism_gives_its_cells_the_count() -> None:
    assert _conditions(_CLUSTER, "31.5", 31.5)["node_count"] == 1  # `Single TPS` by `TP2 TPS`
    assert _conditions(_CLUSTER, "21.6", 21.6)["node_count"] == 2


def test_a_heading_that_says_single_node_gives_one_machine() -> None:
    assert _conditions(_CLUSTER, "2.99", 2.99)["node_count"] == 1


def test_single_alone_without_a_parallel_sibling_is_not_a_machine_count() -> None:
    # `Single` with no `TP2` beside it may be one request: the introduction's count stands
    assert _conditions(_CLUSTER, "7.5", 7.5)["node_count"] == 5


def test_a_parallel_degree_is_small_and_single_pp512_is_a_prompt_length() -> None:
    assert parallel_count("tp1 / ratio 0.8 / bs 256") == 1
    assert parallel_count("DeepSeek-V4-Flash / vLLM / TP=2") == 2
    assert parallel_count("pp512") is None
    assert parallel_count("TP2 then TP4") is None
    assert topology_count("Single", ["TP2", "TP4"]) == 1
    assert topology_count("Single", ["Batch 1"]) is None
