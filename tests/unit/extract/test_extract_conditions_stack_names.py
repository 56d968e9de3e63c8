"""A setup row stating a stack for a model named by its family, generation and variant, with
no size (`Primary stack | DeepSeek-V4-Flash-0731, vLLM, TP=2 across both nodes, 1M context,
fp8 KV`), states that stack's engine for a row naming that model (`| DeepSeek-V4-Flash | 54.3
|`): rhattala/dgx-spark-bench README.md:239 had no engine (s27, issue 31). The row's `fp8 KV`
is the cache's format, not the weights'."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions.stacks import same_model, stacks

STACKS = """# Bench

Two NVIDIA DGX Spark nodes.

## Hardware

| | |
|---|---|
| Nodes | 2 x DGX Spark |
| Primary stack | DeepSeek-V4-Flash-0731, vLLM, TP=2 across both nodes, 1M context, fp8 KV |
| Alt stack | Qwen3.8-27B-NVFP4 + drafter, SGLang, TP=1 on one node |

## Findings

| | static checks | functional checks |
|---|---|---|
| DeepSeek-V4-Flash | 54.3 | 75 |
| Qwen3.8-27B | 61.3 | 66 |
"""


def _conditions(value: str) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("README.md", STACKS))
    line = next(n for n, text in enumerate(STACKS.splitlines(), 1) if f"| {value} |" in text)
    return seed_conditions(
        {}, text=value, value=float(value), line=line, column=None, context=context, readme=None
    )


def test_a_model_named_without_its_size_takes_its_stacks_engine() -> None:
    found = _conditions("54.3")
    assert found["engine"] == "vLLM"
    assert "weight_precision" not in found  # `fp8 KV` is the cache's


def test_a_stack_row_names_its_model_without_a_size() -> None:
    pairs = (("Primary stack", "DeepSeek-V4-Flash-0731, vLLM, TP=2 across both nodes, fp8 KV"),)
    ((model, settings),) = stacks(pairs)
    assert model == "DeepSeek-V4-Flash-0731"
    assert dict(settings) == {"engine": "vLLM", "node_count": 2}


def test_a_family_and_generation_alone_is_no_stacks_model() -> None:
    assert same_model("DeepSeek-V4-Flash", "DeepSeek-V4-Flash-0731")
    assert not same_model("Llama 3", "Llama-3-70B")  # a family: every Llama 3 is one
    assert not same_model("DeepSeek-V4-Pro", "DeepSeek-V4-Flash-0731")
