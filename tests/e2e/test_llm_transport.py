"""The HTTP transport: which statuses are retried, refused formats, credentials, odd replies."""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections.abc import Iterator
from typing import Any

import pytest
from openai import AsyncOpenAI

from draftflow.errors import ConfigError, ModelError
from draftflow.llm import ChatRequest, ModelSettings, UsageTotals
from draftflow.llm.exchange import ChatReply, PromptRef
from draftflow.llm.transport import FormatRejected, Transport
from stub_server import StubReply, StubServer, completion, error, script


def request(response_format: dict[str, Any] | None = None) -> ChatRequest:
    return ChatRequest(
        model="stub-model",
        messages=[{"role": "user", "content": "hi"}],
        temperature=0.0,
        response_format=response_format,
        prompt=PromptRef(name="p", sha256="0" * 64),
    )


def send(url: str | None, chat: ChatRequest, **changes: Any) -> tuple[ChatReply, UsageTotals]:
    values: dict[str, Any] = {
        "base_url": url,
        # Long enough that a loaded machine never turns a prompt stub answer into a timeout
        # (and one more attempt); the tests of timeouts set their own.
        "timeout": 10.0,
        "max_retries": 2,
        "retry_backoff": 0.01,
    }
    values.update(changes)
    usage = UsageTotals()

    async def go() -> ChatReply:
        transport = Transport(ModelSettings(**values), usage)
        try:
            return await transport.complete(chat)
        finally:
            await transport.aclose()

    return asyncio.run(go()), usage


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[StubServer] = []

    def start(*replies: StubReply) -> StubServer:
        server = StubServer(script(*replies)).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def test_a_reply_carries_content_usage_and_finish_reason(serve):
    server = serve(completion("hello", prompt_tokens=3, completion_tokens=2))
    reply, usage = send(server.url, request())
    assert (reply.content, reply.finish_reason, reply.model) == ("hello", "stop", "stub-model")
    assert (usage.requests, usage.prompt_tokens, usage.completion_tokens) == (1, 3, 2)


@pytest.mark.parametrize("status", [400, 422, 500, 501])
def test_a_refused_response_format_is_not_retried(serve, status: int):
    server = serve(error(status, "unsupported response_format"))
    with pytest.raises(FormatRejected) as raised:
        send(server.url, request({"type": "json_schema"}))
    assert raised.value.rejection.status == status
    assert raised.value.rejection.message == "unsupported response_format"
    assert len(server.chat_requests) == 1


def test_without_a_response_format_a_400_is_a_model_error_at_once(serve):
    server = serve(error(400, "messages must alternate roles"))
    with pytest.raises(ModelError, match="answered 400 after 1 attempt"):
        send(server.url, request())
    assert len(server.chat_requests) == 1


@pytest.mark.parametrize("status", [408, 409, 429, 502, 503, 504])
def test_transient_statuses_are_retried(serve, status: int):
    server = serve(error(status, "busy"), completion("ok"))
    reply, usage = send(server.url, request({"type": "json_object"}))
    assert reply.content == "ok" and usage.requests == 2


def test_retries_stop_at_max_retries(serve):
    server = serve(error(503, "down for maintenance"))
    with pytest.raises(ModelError, match="answered 503 after 3 attempt"):
        send(server.url, request())
    assert len(server.chat_requests) == 3


@pytest.mark.parametrize("status", [401, 403])
def test_refused_credentials_point_at_the_api_key(serve, status: int):
    server = serve(error(status, "bad key"))
    with pytest.raises(ModelError, match="refused the credentials") as raised:
        send(server.url, request())
    assert "DRAFTFLOW_API_KEY" in (raised.value.hint or "")


def test_a_reply_without_choices_is_a_model_error(serve):
    server = serve(
        StubReply(
            body={
                "id": "x",
                "object": "chat.completion",
                "created": 0,
                "model": "stub-model",
                "choices": [],
            }
        )
    )
    with pytest.raises(ModelError, match="no choices"):
        send(server.url, request())


def test_a_non_json_error_body_still_gives_a_message(serve):
    server = serve(StubReply(status=404, body="<html>not found</html>"))
    with pytest.raises(ModelError, match="404 for model 'stub-model'"):
        send(server.url, request())


def test_no_base_url_is_a_config_error():
    with pytest.raises(ConfigError, match="needs a model server"):
        send(None, request())


# ---- servers that do not speak the API, or say nothing -----------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        StubReply(body="<html><body>Welcome to nginx!</body></html>", content_type="text/html"),
        StubReply(body='{"id": "chatcmpl-1", "choices": [{"index": 0,'),
        StubReply(body={"unexpected": "shape"}),
    ],
    ids=["html page", "broken json", "not a completion"],
)
def test_a_reply_that_is_not_a_chat_completion_is_a_model_error_at_once(serve, reply):
    server = serve(reply)
    with pytest.raises(ModelError, match="did not answer with an OpenAI-compatible") as raised:
        send(server.url, request())
    assert "/v1" in (raised.value.hint or "")
    assert len(server.chat_requests) == 1, "a server that does not speak the API is not retried"


def test_a_model_list_that_is_an_html_page_is_a_model_error(serve):
    server = StubServer(lambda _r: StubReply(body="<html></html>", content_type="text/html"))
    server._answer = lambda request: StubReply(body="<html></html>", content_type="text/html")
    with server:
        settings = ModelSettings(base_url=server.url, timeout=2.0, retry_backoff=0.01)

        async def go() -> list[str]:
            transport = Transport(settings, UsageTotals())
            try:
                return await transport.list_models()
            finally:
                await transport.aclose()

        with pytest.raises(ModelError, match="OpenAI-compatible reply"):
            asyncio.run(go())


def test_a_silent_server_ends_within_the_deadline_whatever_the_retries(serve, caplog):
    server = serve(StubReply(delay=60))
    started = time.monotonic()
    with (
        caplog.at_level(logging.WARNING, logger="draftflow.llm"),
        pytest.raises(ModelError, match=r"did not answer within 1 s") as raised,
    ):
        send(server.url, request(), timeout=1.0, deadline=2.5, max_retries=10)
    elapsed = time.monotonic() - started
    # Unbounded, 11 attempts of 1 s each would take 11 s or more; the margin over the 2.5 s
    # deadline is for a loaded machine (this is a bound, not a speed target).
    assert elapsed < 8.0, f"{elapsed:.1f} s: the deadline did not bound the retries"
    assert len(server.chat_requests) <= 3
    assert "--deadline 2.5 s per request" in str(raised.value)
    notices = [
        r.getMessage() for r in caplog.records if "waiting for the model server" in r.getMessage()
    ]
    assert notices and "to answer prompt 'p' (model stub-model)" in notices[0]
    assert "gives up after 2.5 s (--deadline)" in notices[0]


def test_each_attempt_states_its_own_timeout_to_the_server(serve):
    server = serve(completion("a"), completion("b"))
    send(server.url, request(), timeout=7.5)
    send(server.url, request(), timeout=3.0)
    timeouts = [r.headers.get("x-stainless-read-timeout") for r in server.chat_requests]
    assert timeouts == ["7.5", "3.0"]


def test_one_client_serves_every_request_of_a_transport(serve, monkeypatch):
    """No client per request: a copy of the client looks up its platform again, in a thread."""
    import openai._base_client as base_client

    lookups: list[int] = []
    real = base_client.get_platform
    monkeypatch.setattr(base_client, "get_platform", lambda: lookups.append(1) or real())
    server = serve(*(completion(str(i)) for i in range(3)))

    async def go() -> list[str]:
        transport = Transport(ModelSettings(base_url=server.url, timeout=2.0), UsageTotals())
        try:
            return [(await transport.complete(request())).content for _ in range(3)]
        finally:
            await transport.aclose()

    assert asyncio.run(go()) == ["0", "1", "2"]
    assert len(lookups) == 1


def test_clients_share_one_tls_context():
    settings = ModelSettings(base_url="https://models.example/v1", timeout=2.0)
    first, second = (Transport(settings, UsageTotals())._client() for _ in range(2))
    pools = [client._client._transport._pool for client in (first, second)]
    assert pools[0]._ssl_context is pools[1]._ssl_context
    assert pools[0]._ssl_context.verify_mode == ssl.CERT_REQUIRED


@pytest.mark.parametrize(
    "response_format",
    [
        None,
        {"type": "json_object"},
        {"type": "json_schema", "json_schema": {"name": "R", "schema": {"type": "object"}}},
    ],
)
def test_the_request_is_what_the_sdks_create_sends(serve, response_format):
    """The transport posts the body itself; the server sees what `create` would send it."""
    chat = request(response_format).model_copy(update={"seed": 7, "max_tokens": 64})
    server = serve(completion("a"), completion("b"))
    send(server.url, chat, timeout=5.0)

    async def create() -> None:
        client = AsyncOpenAI(base_url=server.url, api_key="not-needed", max_retries=0)
        try:
            await client.chat.completions.create(**chat.api_arguments(), timeout=5.0)
        finally:
            await client.close()

    asyncio.run(create())
    ours, sdks = server.chat_requests
    assert list(ours.body.items()) == list(sdks.body.items())  # keys in the same order
    assert ours.headers == sdks.headers
    assert ours.path == sdks.path
