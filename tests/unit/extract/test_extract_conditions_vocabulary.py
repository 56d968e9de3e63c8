"""The model names free text states: a name with a size, never a stray size or its sentence."""

from __future__ import annotations

import pytest

from draftflow.extract.conditions.vocabulary import count_of, model_in


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # real headings and sentences of the corpus (XiongjieDai, robbiemu, heitor-mocelin)
        ("Perplexity table on LLaMA 3 70B", "LLaMA 3 70B"),
        ("server for Qwen3-ASR-0.6B", "Qwen3-ASR-0.6B"),
        ("tok/s single-stream vs Qwen3.6-35B-A3B", "Qwen3.6-35B-A3B"),
        ("Mixtral 8x7B", "Mixtral 8x7B"),
        ("Qwen/Qwen3-8B", "Qwen/Qwen3-8B"),
    ],
)
def test_a_model_name_starts_after_the_words_that_lead_to_it(text: str, model: str) -> None:
    assert model_in(text) == model


@pytest.mark.parametrize(
    "text",
    [
        # real corpus lines whose size names no model (heitor-mocelin, Kleybrink, MiaAI, robbiemu)
        "validation for this dense 8B",
        "Models in the 4B",
        "tok/s with 6 concurrent and 1M",
        "the ranking from 70B-dense",
        "min for 27B",
    ],
)
def test_a_size_without_a_name_is_no_model(text: str) -> None:
    assert model_in(text) is None


@pytest.mark.parametrize(
    ("text", "nodes"),
    [
        ("That leaves 132 GB for KV cache on a 512 GB node.", None),  # a size, not a count
        ("a 4-GPU node", None),  # the parts of one node
        ("a 4-GPU node and 2 nodes", 2),
        ("on a 5-node M3 Ultra cluster", 5),
        ("TP2 across 2 nodes", 2),
    ],
)
def test_a_node_count_is_never_a_size_or_a_part(text: str, nodes: int | None) -> None:
    assert count_of(text) == nodes


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("Most people assume a 671B model needs multi-node inference.", None),
        ("a Qwen3 8B run", "Qwen3 8B"),
        ("Results for the Qwen2.5 7B", "Qwen2.5 7B"),
    ],
)
def test_a_model_name_holds_no_article(text: str, model: str | None) -> None:
    assert model_in(text) == model
