"""A name is not a value: a date, a score or a count names no model."""

from __future__ import annotations

import pytest

from draftflow.numbers.names import names_something


@pytest.mark.parametrize("text", ["54.3/63", "2026-07-24/25", "Jul 24, 2026", "4090", "10 - 140"])
def test_a_value_names_nothing(text: str) -> None:
    assert not names_something(text)


@pytest.mark.parametrize("text", ["Qwen3-8B", "Llama 2 7B", "deepseek-v4-flash-dspark", "7B"])
def test_a_name_names_something(text: str) -> None:
    assert names_something(text)
