"""The context window read from each server flavour (stub servers), the settings sized to it,
and `draftflow draft` sizing its prompts without --context-tokens."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from draftflow.cli import main
from draftflow.llm import ModelSettings
from draftflow.llm.server_limits import (
    ContextWindow,
    ServerFlavour,
    fit_to_window,
    read_context_window,
)
from draftflow.llm.settings import resolve_settings
from stub_server import (
    DEFAULT_MODEL,
    StubReply,
    StubRequest,
    StubServer,
    completion,
    script,
)


def _models(**fields: Any) -> StubReply:
    return StubReply(
        body={"object": "list", "data": [{"id": DEFAULT_MODEL, "object": "model", **fields}]}
    )


FLAVOURS = {
    "llama.cpp": (
        {("GET", "/props"): StubReply(body={"default_generation_settings": {"n_ctx": 8192}})},
        8192,
        ServerFlavour.LLAMA_CPP,
    ),
    "llama.cpp (older)": (
        {("GET", "/props"): StubReply(body={"n_ctx": 4096})},
        4096,
        ServerFlavour.LLAMA_CPP,
    ),
    "vLLM": ({("GET", "/v1/models"): _models(max_model_len=32768)}, 32768, ServerFlavour.VLLM),
    "Ollama": (
        {
            ("POST", "/api/show"): StubReply(
                body={"model_info": {"llama.context_length": 131072}, "parameters": ""}
            )
        },
        131072,
        ServerFlavour.OLLAMA,
    ),
    "Ollama num_ctx": (
        {("POST", "/api/show"): StubReply(body={"parameters": "stop <eos>\nnum_ctx 16384"})},
        16384,
        ServerFlavour.OLLAMA,
    ),
}


@pytest.mark.parametrize("name", list(FLAVOURS))
def test_each_server_flavour_states_its_window(name: str) -> None:
    routes, tokens, flavour = FLAVOURS[name]
    with StubServer(script(completion("{}")), routes=routes) as stub:
        settings = ModelSettings(base_url=stub.url, model=DEFAULT_MODEL)
        window = asyncio.run(read_context_window(settings))
    assert window == ContextWindow(tokens=tokens, flavour=flavour)


def test_a_server_that_states_no_window_gives_none() -> None:
    with StubServer(script(completion("{}"))) as stub:
        settings = ModelSettings(base_url=stub.url, model=DEFAULT_MODEL)
        assert asyncio.run(read_context_window(settings)) is None


def test_settings_are_sized_to_the_window_unless_the_user_sized_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("DRAFTFLOW_CONTEXT_TOKENS", "DRAFTFLOW_MAX_TOKENS"):
        monkeypatch.delenv(name, raising=False)
    window = ContextWindow(tokens=8192, flavour=ServerFlavour.LLAMA_CPP)
    fitted = fit_to_window(resolve_settings({}, project_dir=tmp_path), window)
    assert (fitted.max_tokens, fitted.context_tokens) == (2048, 8192 - 2048 - 256)
    assert fitted.max_tokens + fitted.context_tokens < window.tokens
    large = fit_to_window(
        resolve_settings({}, project_dir=tmp_path),
        ContextWindow(tokens=131072, flavour=ServerFlavour.OLLAMA),
    )
    assert (large.max_tokens, large.context_tokens) == (4096, 12_000)  # the defaults fit
    given = resolve_settings({"context_tokens": 3000, "max_tokens": 100}, project_dir=tmp_path)
    assert fit_to_window(given, window) == given


def test_draft_sizes_its_prompts_to_the_servers_window(
    tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no sizing options, the draft reads the stub's 4,096-token window, says how it
    sized prompts and replies, and caps every reply to fit it; the run ends 0 or 1."""
    for name in ("DRAFTFLOW_CONTEXT_TOKENS", "DRAFTFLOW_MAX_TOKENS", "DRAFTFLOW_CASSETTE"):
        monkeypatch.delenv(name, raising=False)
    folder = "PalatineVision__dgx-spark-benchmark"
    routes = {("GET", "/props"): StubReply(body={"n_ctx": 4096})}
    with StubServer(script(completion("not json")), routes=routes) as stub:
        result = CliRunner().invoke(
            main,
            [
                "draft",
                str(corpus_dir / folder),
                "--origin",
                manifest[folder]["url"],
                "--revision",
                manifest[folder]["revision"],
                "--records-dir",
                str(tmp_path),
                "--base-url",
                stub.url,
                "--model",
                DEFAULT_MODEL,
                "--no-cache",
                "--max-repairs",
                "0",
            ],
        )
        sent = stub.chat_requests
    assert "context window is 4096 tokens (llama.cpp /props)" in result.stderr
    assert "prompts up to 2816 tokens, replies up to 1024" in result.stderr
    assert result.exit_code in (0, 1), result.output
    assert sent and all(r.body["max_tokens"] <= 1024 for r in sent)


def test_a_batch_draft_is_sized_and_timed_to_the_server(
    tmp_path: Path, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several sources share the sizing: every reply capped to the stub's 4,096-token window,
    one request at a time (its window holds one), and timeouts scaled to its slow speed."""
    for name in ("CONTEXT_TOKENS", "MAX_TOKENS", "CASSETTE", "TIMEOUT", "DEADLINE", "CONCURRENCY"):
        monkeypatch.delenv(f"DRAFTFLOW_{name}", raising=False)
    monkeypatch.setenv("DRAFTFLOW_CACHE_DIR", str(tmp_path / "cache"))

    def slow_plain(request: StubRequest) -> StubReply:
        if request.body.get("response_format"):
            return completion("not json")
        return StubReply(body=completion("1\n2", completion_tokens=8).body, delay=0.5)

    routes = {("GET", "/props"): StubReply(body={"n_ctx": 4096, "total_slots": 4})}
    folders = [
        "XiongjieDai__GPU-Benchmarks-on-LLM-Inference",
        "PalatineVision__dgx-spark-benchmark",
    ]
    with StubServer(slow_plain, routes=routes) as stub:
        result = CliRunner().invoke(
            main,
            [
                "draft",
                *(str(corpus_dir / folder) for folder in folders),
                "--records-dir",
                str(tmp_path / "records"),
                "--base-url",
                stub.url,
                "--model",
                DEFAULT_MODEL,
                "--max-repairs",
                "0",
            ],
        )
        sent = [r for r in stub.chat_requests if r.body.get("response_format")]
    assert "context window is 4096 tokens (llama.cpp /props)" in result.stderr
    assert "1 request(s) at a time (4 slots share it)" in result.stderr
    timing = re.search(
        r"\(([\d.]+) tokens/s\): --timeout (\d+) s, --deadline (\d+) s", result.stderr
    )
    assert timing is not None, result.stderr
    speed, timeout, deadline = float(timing[1]), int(timing[2]), int(timing[3])
    assert speed <= 16 and timeout >= 8 * (1024 + 2816 / 4) / 16 and deadline >= timeout
    assert result.exit_code in (0, 1), result.output
    assert "2 repositories in" in result.output and "0 failed" in result.output
    assert sent and all(r.body["max_tokens"] <= 1024 for r in sent)
