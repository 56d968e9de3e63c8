"""ModelClient against the stub server: fallbacks, repairs, failure modes, cache, usage."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from pydantic import BaseModel, Field

from draftflow.errors import ConfigError, ModelError
from draftflow.llm import ModelClient, ModelSettings, OutputMode, StructuredOutputError
from draftflow.llm.exchange import ChatRequest
from draftflow.llm.prompts import Prompt, load_prompt
from stub_server import (
    StubReply,
    StubRequest,
    StubServer,
    completion,
    error,
    rejecting_json_schema,
    script,
)

R = TypeVar("R")
VALID = '{"word": "draftflow", "count": 3}'


class Probe(BaseModel):
    word: str
    count: int = Field(ge=0)


def run(coroutine: Coroutine[Any, Any, R]) -> R:
    return asyncio.run(coroutine)


@pytest.fixture
def prompt() -> Prompt:
    return load_prompt("doctor")


@pytest.fixture
def settings_for(tmp_path: Path) -> Any:
    def make(url: str | None, **changes: Any) -> ModelSettings:
        values: dict[str, Any] = {
            "base_url": url,
            "model": "stub-model",
            "cache_dir": tmp_path / "cache",
            "timeout": 2.0,
            "max_retries": 1,
            "retry_backoff": 0.01,
        }
        values.update(changes)
        return ModelSettings(**values)

    return make


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[StubServer] = []

    def start(handler: Any, **kwargs: Any) -> StubServer:
        server = StubServer(handler, **kwargs).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


async def ask(settings: ModelSettings, prompt: Prompt, **kwargs: Any) -> tuple[Any, ModelClient]:
    async with ModelClient(settings) as client:
        result = await client.structured(
            prompt, {"word": "draftflow", "count": "3"}, Probe, **kwargs
        )
    return result, client


def response_format_types(server: StubServer) -> list[str | None]:
    return [(r.body.get("response_format") or {}).get("type") for r in server.chat_requests]


def test_json_schema_is_sent_and_the_reply_validated(serve, settings_for, prompt):
    server = serve(script(completion(VALID)))
    result, client = run(ask(settings_for(server.url), prompt, max_tokens=32))
    assert result.value == Probe(word="draftflow", count=3)
    assert (result.mode, result.attempts, result.cached) == (OutputMode.JSON_SCHEMA, 1, False)
    assert result.prompt_sha256 == prompt.sha256
    sent = server.chat_requests[0].body
    assert sent["response_format"]["json_schema"]["schema"] == Probe.model_json_schema()
    assert sent["max_tokens"] == 32 and sent["temperature"] == 0.0
    assert client.usage.requests == 1 and client.usage.completion_tokens == 7


def test_json_schema_rejected_falls_back_to_json_object_with_schema_in_prompt(
    serve, settings_for, prompt
):
    server = serve(rejecting_json_schema(script(completion(VALID))))
    result, _ = run(ask(settings_for(server.url), prompt))
    assert result.mode is OutputMode.JSON_OBJECT
    assert response_format_types(server) == ["json_schema", "json_object"]
    system = server.chat_requests[1].body["messages"][0]["content"]
    assert "JSON Schema" in system and '"count"' in system


def test_both_formats_rejected_falls_back_to_the_schema_in_the_prompt(serve, settings_for, prompt):
    def handle(request: StubRequest) -> StubReply:
        if request.body.get("response_format"):
            return error(400, "response_format is not supported")
        return completion(VALID)

    server = serve(handle)
    result, _ = run(ask(settings_for(server.url), prompt))
    assert result.mode is OutputMode.PROMPT
    assert response_format_types(server) == ["json_schema", "json_object", None]


def test_a_pinned_mode_that_is_refused_names_the_setting(serve, settings_for, prompt):
    server = serve(rejecting_json_schema(script(completion(VALID))))
    with pytest.raises(ModelError, match="refused response_format json_schema") as raised:
        run(ask(settings_for(server.url, structured_output="json_schema"), prompt))
    assert "structured_output" in (raised.value.hint or "")


def test_invalid_json_twice_then_valid_is_repaired_with_only_the_last_failure(
    serve, settings_for, prompt
):
    server = serve(
        script(completion("not json at all"), completion('{"word": "x"}'), completion(VALID))
    )
    result, client = run(ask(settings_for(server.url, max_repairs=2), prompt))
    assert result.value.count == 3 and result.attempts == 3
    assert result.usage.completion_tokens == 3 * 7 and result.usage.prompt_tokens == 3 * 11
    assert client.usage.invalid_replies == 2
    third = server.chat_requests[2].body["messages"]
    assert [m["role"] for m in third] == ["system", "user", "assistant", "user"]
    assert third[2]["content"] == '{"word": "x"}'  # the first failure was dropped
    assert "count" in third[3]["content"] and "Field required" in third[3]["content"]


def test_every_attempt_is_logged_and_a_cache_hit_logs_the_attempts_that_filled_it(
    serve, settings_for, prompt
):
    server = serve(script(completion("not json at all"), completion(VALID)))
    settings = settings_for(server.url, max_repairs=1)
    _, client = run(ask(settings, prompt))
    (call,) = client.exchange_log
    assert [(a.attempt, a.outcome.value) for a in call] == [(1, "rejected"), (2, "accepted")]
    assert call[0].reply == "not json at all" and "not valid JSON" in (call[0].reason or "")
    assert call[1].reason is None and call[1].request[-1]["role"] == "user"
    hit, cached = run(ask(settings, prompt))
    assert hit.cached and cached.exchange_log == [call]


def test_the_error_after_the_last_attempt_carries_attempts_and_last_reply(
    serve, settings_for, prompt
):
    server = serve(script(completion('{"word": 1}')))
    with pytest.raises(StructuredOutputError) as raised:
        run(ask(settings_for(server.url, max_repairs=1), prompt))
    assert raised.value.attempts == 2 and raised.value.last_reply == '{"word": 1}'
    assert len(server.chat_requests) == 2


def test_a_reply_cut_at_the_token_cap_is_not_re_asked(serve, settings_for, prompt):
    """A re-ask would carry the cut reply and be cut again: one request, and the fix is a
    larger cap, not another attempt."""
    server = serve(script(completion('{"word": "loo', finish_reason="length"), completion(VALID)))
    with pytest.raises(StructuredOutputError) as raised:
        run(ask(settings_for(server.url, max_repairs=2), prompt))
    assert raised.value.attempts == 1 and len(server.chat_requests) == 1
    assert "cut at" in str(raised.value) and "--max-tokens" in (raised.value.hint or "")


def test_think_tags_and_code_fences_are_stripped(serve, settings_for, prompt):
    reply = "<think>The user wants JSON {not this}.</think>\n```json\n" + VALID + "\n```"
    server = serve(script(completion(reply)))
    result, _ = run(ask(settings_for(server.url), prompt))
    assert result.value == Probe(word="draftflow", count=3) and result.attempts == 1


def test_server_500_is_retried_then_reported_with_its_status(serve, settings_for, prompt):
    server = serve(script(error(500, "kaboom")))
    with pytest.raises(ModelError, match="answered 500 after 2 attempt") as raised:
        run(ask(settings_for(server.url, structured_output="prompt"), prompt))
    assert "kaboom" in raised.value.message and len(server.chat_requests) == 2


def test_a_prompt_too_long_for_the_context_says_to_lower_the_budget(serve, settings_for, prompt):
    message = "request (18233 tokens) exceeds the available context size (8192 tokens)"
    server = serve(script(error(400, message)))
    with pytest.raises(ModelError, match="no room for the request") as raised:
        run(ask(settings_for(server.url, structured_output="prompt"), prompt))
    assert "--context-tokens" in (raised.value.hint or "")


def test_a_request_too_long_in_json_schema_mode_is_not_retried_in_other_modes(
    serve, settings_for, prompt
):
    # llama-server refuses a long request with 400 while a response_format is set: that is
    # its length, not its format, and the other modes only make the request longer.
    message = "request (9095 tokens) exceeds the available context size (8192 tokens)"
    server = serve(script(error(400, message)))
    with pytest.raises(ModelError, match="no room for the request") as raised:
        run(ask(settings_for(server.url), prompt))
    assert response_format_types(server) == ["json_schema"]
    assert "9095 tokens" in raised.value.message
    assert "--context-tokens" in (raised.value.hint or "")


def test_a_transient_503_then_success_is_retried(serve, settings_for, prompt):
    server = serve(script(error(503, "loading model"), completion(VALID)))
    result, client = run(ask(settings_for(server.url), prompt))
    assert result.value.count == 3 and client.usage.requests == 2


def test_429_honours_retry_after(serve, settings_for, prompt):
    busy = StubReply(
        status=429, body={"error": {"message": "slow down"}}, headers={"retry-after": "0.05"}
    )
    server = serve(script(busy, completion(VALID)))
    result, _ = run(ask(settings_for(server.url), prompt))
    assert result.value.count == 3 and len(server.chat_requests) == 2


def test_a_model_the_server_does_not_list_is_an_error_whose_fix_lists_its_models(
    serve, settings_for, prompt
):
    server = serve(script(completion(VALID)))
    with pytest.raises(ConfigError, match="does not serve model 'no-such-model'") as raised:
        run(ask(settings_for(server.url, model="no-such-model"), prompt))
    assert raised.value.hint == "pass one of them: --model stub-model"
    assert server.chat_requests == []  # nothing asked of a model that is not there


def test_a_listed_model_the_server_then_refuses_is_a_404_naming_the_fix(
    serve, settings_for, prompt
):
    server = serve(script(error(404, "model 'stub-model' not loaded")))
    with pytest.raises(ModelError, match="404 for model 'stub-model'") as raised:
        run(ask(settings_for(server.url, model="stub-model"), prompt))
    assert "draftflow models" in (raised.value.hint or "")


def test_a_timeout_is_one_clear_error_naming_the_url(serve, settings_for, prompt):
    server = serve(script(StubReply(delay=5.0)))
    settings = settings_for(server.url, timeout=0.2, max_retries=1)
    with pytest.raises(ModelError, match=r"did not answer within 0\.2 s") as raised:
        run(ask(settings, prompt))
    assert server.url in raised.value.message and "2 attempt(s)" in raised.value.message
    assert len(server.chat_requests) == 2  # a timeout is retried


def test_a_server_that_is_down_is_one_clear_error_naming_the_url(settings_for, prompt):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    with pytest.raises(ModelError, match="cannot reach the model server at") as raised:
        run(ask(settings_for(url, timeout=1.0), prompt))
    assert url in raised.value.message and "--base-url" in (raised.value.hint or "")
    assert "2 attempt(s)" in raised.value.message  # retried once (max_retries=1), then gave up


def test_nothing_configured_is_a_config_error(settings_for, prompt):
    with pytest.raises(ConfigError, match="no model server is configured"):
        run(ask(settings_for(None), prompt))


def test_a_cached_reply_makes_no_request_and_failures_are_not_cached(serve, settings_for, prompt):
    server = serve(script(completion("nope"), completion("nope"), completion(VALID)))
    settings = settings_for(server.url, max_repairs=0)
    with pytest.raises(StructuredOutputError):
        run(ask(settings, prompt))
    with pytest.raises(StructuredOutputError):  # the failure was not cached: asked again
        run(ask(settings, prompt))
    first, _ = run(ask(settings, prompt))
    again, client = run(ask(settings, prompt))
    assert len(server.chat_requests) == 3
    assert (first.cached, again.cached) == (False, True)
    assert again.value == first.value and again.fingerprint == first.fingerprint
    assert client.usage.cache_hits == 1 and client.usage.requests == 0


def test_the_cache_key_changes_with_sampling_and_no_cache_skips_it(serve, settings_for, prompt):
    server = serve(script(completion(VALID)))
    run(ask(settings_for(server.url), prompt))
    run(ask(settings_for(server.url, temperature=0.5), prompt))
    run(ask(settings_for(server.url), prompt, max_tokens=10))
    run(ask(settings_for(server.url, use_cache=False), prompt))
    hit, _ = run(ask(settings_for(server.url), prompt))
    assert len(server.chat_requests) == 4 and hit.cached


def test_without_a_cache_or_cassette_no_request_is_hashed_until_asked(
    serve, settings_for, prompt, monkeypatch
):
    server = serve(script(completion(VALID)))
    hashed: list[str] = []
    real = ChatRequest.fingerprint

    def counted(self: ChatRequest) -> str:
        hashed.append(self.prompt.name)
        return real(self)

    monkeypatch.setattr(ChatRequest, "fingerprint", counted)
    result, _ = run(ask(settings_for(server.url, use_cache=False), prompt))
    assert result.value.word == "draftflow" and hashed == []
    assert result.fingerprint == real(result.request) and hashed == ["doctor"]
    run(ask(settings_for(server.url), prompt))  # a cache keys on the hash
    assert hashed == ["doctor", "doctor"]


def test_concurrency_is_bounded_by_the_semaphore(serve, settings_for, prompt):
    in_flight, peak, lock = [0], [0], threading.Lock()
    pair = threading.Barrier(2, timeout=10)  # passes only when two requests are in flight

    def handle(request: StubRequest) -> StubReply:
        with lock:
            in_flight[0] += 1
            peak[0] = max(peak[0], in_flight[0])
        pair.wait()
        with lock:
            in_flight[0] -= 1
        count = request.body["messages"][-1]["content"].split()[-1].rstrip(".")
        return completion(f'{{"word": "w", "count": {count}}}')

    server = serve(handle)
    settings = settings_for(server.url, concurrency=2, use_cache=False, timeout=20.0)

    async def many() -> list[int]:
        async with ModelClient(settings) as client:
            results = await asyncio.gather(
                *[
                    client.structured(prompt, {"word": "w", "count": str(n)}, Probe)
                    for n in range(6)
                ]
            )
        return [r.value.count for r in results]

    assert run(many()) == list(range(6))
    assert peak[0] == 2


def test_the_model_is_discovered_when_the_server_has_exactly_one(serve, settings_for, prompt):
    server = serve(script(completion(VALID)), models=("only-one",))
    result, _ = run(ask(settings_for(server.url, model=None), prompt))
    assert server.chat_requests[0].body["model"] == "only-one" and result.value.count == 3


def test_several_models_and_none_named_is_a_config_error(serve, settings_for, prompt):
    server = serve(script(completion(VALID)), models=("a", "b"))
    with pytest.raises(ConfigError, match="offers 2: a, b"):
        run(ask(settings_for(server.url, model=None), prompt))


def test_list_models_and_the_api_key_is_sent_as_bearer(serve, settings_for):
    server = serve(script(completion(VALID)), models=("m1", "m2"))
    settings = settings_for(server.url, api_key="sk-test-secret-123456")

    async def names() -> list[str]:
        async with ModelClient(settings) as client:
            return await client.list_models()

    assert run(names()) == ["m1", "m2"]
    assert server.requests[0].headers["authorization"] == "Bearer sk-test-secret-123456"
    assert json.dumps(settings.describe()).count("sk-test") == 0
