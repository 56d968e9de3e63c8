"""An engine a project is compatible with, imitates or replaces is not the engine its figures
were measured under (VenomekPL/RockchipLlama, session 22: an RKLLM server on an RK3588 NPU
that is "Compatible with OpenAI and Ollama API specifications" had every figure published
under Ollama)."""

from __future__ import annotations

import asyncio

import pytest

from draftflow.extract import extract
from draftflow.extract.conditions.setup_names import engine_in, engine_measured
from draftflow.select.keywords import RUNTIMES, pattern
from extract_support import snapshot_of

IMITATING_README = """# RockchipLlama

OpenAI-compatible REST API server optimized for Rockchip RK3588 NPU.

## Overview

FastAPI server leveraging the NPU. Compatible with OpenAI and Ollama API specifications for
seamless integration with existing applications.

## Key Features

- **Production Ready** - 15.59 tok/s with Qwen3-0.6B
- **Ollama Compatible** - Full Ollama API support
"""


@pytest.mark.parametrize(
    "text",
    [
        "Compatible with OpenAI and Ollama API specifications for seamless integration",
        "🦙 **Ollama Compatible** - Full Ollama API support",
        "  - OpenAI/Ollama API compatibility translation",
        "a server that mimics Ollama",
        "an emulation of the vLLM server",
        "not llama.cpp compatible yet",
    ],
)
def test_an_engine_named_as_what_is_imitated_is_not_named(text: str) -> None:
    assert engine_in(text) is None
    assert engine_measured(text) is None


@pytest.mark.parametrize(
    ("text", "engine"),
    [
        ("pin a compatible llama.cpp server first", "llama.cpp"),  # jethac/dgx-spark-hijinks
        ("Use the OpenAI-compatible vLLM endpoint", "vLLM"),  # chuyishang/inference-energy
        ("uses the Ollama API to time each request", "Ollama"),
        ("compatible with Ollama; measured on Ollama 0.5", "Ollama"),
    ],
)
def test_an_engine_that_ran_is_still_named(text: str, engine: str) -> None:
    assert engine_in(text) == engine


def test_a_runtime_topic_is_not_named_by_what_is_imitated() -> None:
    regex = pattern(RUNTIMES["Ollama"])
    assert not regex.search("🦙 **Ollama Compatible** - Full Ollama API support")
    assert not regex.search("exposes an Ollama-compatible API")
    assert not regex.search("compatible with Ollama")
    assert regex.search("served by Ollama 0.5")


def test_figures_of_a_server_compatible_with_an_engine_are_not_under_that_engine() -> None:
    results = asyncio.run(extract(snapshot_of({"README.md": IMITATING_README}), None))
    figures = [r for r in results.reported_results if r.value == 15.59]
    assert figures
    assert all((r.conditions or {}).get("engine") is None for r in figures)
