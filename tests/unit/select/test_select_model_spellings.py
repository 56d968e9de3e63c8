"""One model under the spellings documents give it: a name matches another written with other
case or punctuation (rapidfuzz's processor), never one that differs in a character."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.select.model_names import artifact, common_model, same_model_name


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Qwen3 30B-A3B", "Qwen3-30B-A3B"),
        ("qwen3.6-27b", "Qwen3.6 27B"),
        ("Llama_3.1_8B", "llama 3.1 8b"),
    ],
)
def test_spellings_of_one_name_match(a: str, b: str) -> None:
    assert same_model_name(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Qwen3-30B-A3B", "Qwen3-32B-A3B"),  # rapidfuzz ratio 92: another model
        ("Qwen2.5-Coder-32B-Instruct", "Qwen2.5-Coder-14B-Instruct"),  # ratio 91
        ("RTX 5090", "RTX 4090"),
        ("Qwen3-30B", "Qwen3-30B-A3B"),  # a variant, not the same name
        ("Qwen36-27B", "Qwen3.6-27B"),  # a dropped dot joins two numbers
    ],
)
def test_names_that_differ_in_a_character_do_not(a: str, b: str) -> None:
    assert not same_model_name(a, b)


def test_variants_written_with_other_separators_are_one_model() -> None:
    assert common_model(["Qwen3-30B-A3B", "qwen3 30b a3b FP8"]) == "Qwen3-30B-A3B"
    assert common_model(["Qwen3-30B-A3B", "Qwen3-32B"]) is None


def test_the_repository_id_of_a_name_written_with_spaces_is_found() -> None:
    readme = make_document(
        "README.md",
        "# Bench\n\nWeights: https://huggingface.co/Qwen/Qwen3-30B-A3B\n"
        "Also tried Qwen/Qwen3-32B.\n",
    )
    found = artifact([readme], "Qwen3 30B A3B")
    assert found is not None and found[0] == "Qwen/Qwen3-30B-A3B"
    assert artifact([readme], "Qwen3 32B A3B") is None
