"""HTTP to an OpenAI-compatible server: bounded concurrency, retries, and errors that explain.

Retries are ours (the openai client's own are switched off) so that a server refusing a
`response_format` answers at once and the caller can fall back, instead of being retried.
Retried: 408, 409, 429 (honouring Retry-After), 5xx, timeouts and refused connections, with
exponential backoff, `max_retries` times; a refused connection also stops retrying once
`timeout` seconds have passed, so a server that is down is reported within the timeout.

A server that accepts the connection and then says nothing is bounded twice: each attempt
ends after `timeout` seconds (a hard wall-clock limit, not the socket's idle timeout, so a
trickle of bytes cannot stretch it), and one request with all its retries and backoff ends
after `deadline` seconds. While a request waits, a notice every few seconds (logger
`draftflow.llm`) says which server, which prompt, how long so far and when it gives up.
A reply that is not an OpenAI chat completion (an HTML page, broken JSON) is a `ModelError`
at once, never retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import ssl
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import TypeVar

import httpx2
import openai
from openai import AsyncOpenAI, DefaultAsyncHttpxClient
from openai.types.chat import ChatCompletion

from draftflow.errors import ConfigError, ModelError
from draftflow.llm.exchange import ChatReply, ChatRequest, Rejection, UsageTotals
from draftflow.llm.json_bounds import bounded_json
from draftflow.llm.settings import ModelSettings
from draftflow.llm.slots import SharedSlots
from draftflow.llm.wire import not_openai, reply_from, request_body, status_text

R = TypeVar("R")

# Statuses with which servers refuse a `response_format` they do not support.
FORMAT_REJECTION = frozenset({400, 422, 500, 501})
RETRY_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})
MAX_RETRY_AFTER = 30.0
WAIT_NOTICE_SECONDS = 15.0

log = logging.getLogger("draftflow.llm")
_UNSET_KEY = "not-needed"  # local servers ignore the key, but the client insists on one


class FormatRejected(Exception):
    """The server refused the request at once: its `response_format` (try the next output
    mode) or its length (`Rejection.context_overflow`: no mode helps)."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection


def import_lazy_modules() -> None:
    """Import what the OpenAI client loads only on its first request: its resources, the
    HTTP stack and the asyncio backend (about 80 modules). A batch calls this before it forks
    its workers, which then share them instead of each importing them again (about 0.15 CPU s
    per worker), and loads the TLS certificates the workers' clients share. Opens no
    connection."""
    tls_context()
    client = AsyncOpenAI(api_key="unused", base_url="http://127.0.0.1/v1")
    _ = (client.chat.completions, client.models)
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop runs here: closing in one imports the asyncio backend
        asyncio.run(client.close())


@functools.cache
def tls_context() -> ssl.SSLContext:
    """The TLS context of every client this process makes, as the OpenAI client would build
    it (`httpx2.create_ssl_context()`: certificates from the environment or the system). Built
    once: loading the certificates costs about 50 ms of CPU per client, and a batch makes one
    client per repository."""
    return httpx2.create_ssl_context()


class Transport:
    """Chat completions and model listing against `settings.base_url`."""

    def __init__(
        self, settings: ModelSettings, usage: UsageTotals, slots: SharedSlots | None = None
    ) -> None:
        self.settings = settings
        self.usage = usage
        self._semaphore = asyncio.Semaphore(settings.concurrency)
        self._shared = slots  # a batch's bound across processes, on top of this one
        self._openai: AsyncOpenAI | None = None
        self._waiting: dict[object, float] = {}  # requests waiting now: when each started

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        if self._openai is not None:
            await self._openai.close()
            self._openai = None

    async def complete(self, request: ChatRequest) -> ChatReply:
        """Send one chat request; raise `FormatRejected` when its response_format is refused."""
        client = self._client()

        body = request_body(request)

        async def create(seconds: float) -> ChatReply:
            # A per-request timeout, not `with_options`: that copies the client per request,
            # and each copy finds its platform headers again in a thread of its own.
            completion = await client.post(
                "/chat/completions",
                cast_to=ChatCompletion,
                body=body,
                options={"timeout": seconds, "security": {"bearer_auth": True}},
            )
            return reply_from(completion, self.settings.base_url or "")

        reply = await self._with_retries(
            create,
            model=request.model,
            formats=request.response_format is not None,
            waiting_for=f"answer prompt {request.prompt.name!r} (model {request.model})",
        )
        self.usage.add_tokens(reply.usage)
        return reply

    async def list_models(self) -> list[str]:
        """The model names the server lists at `/models`."""
        client = self._client()
        url = self.settings.base_url or ""

        async def fetch(seconds: float) -> list[str]:
            # Read raw and parsed within bounds: a vLLM list states `max_model_len`, and a
            # 5,001-digit one is past what `json` converts (the SDK's parse would fail on it).
            raw = await client.models.with_raw_response.list(timeout=seconds)
            body = bounded_json(raw.content)
            listed = body.get("data") if isinstance(body, dict) else None
            if not isinstance(listed, list):
                raise not_openai(url, "reply", raw.text)
            names = []
            for model in listed:
                name = model.get("id") if isinstance(model, dict) else None
                if not isinstance(name, str):
                    raise not_openai(url, "model list", model)
                names.append(name)
            return sorted(names)

        # Listing is not a model request: `usage.requests` counts the completions asked for.
        return await self._with_retries(
            fetch, model=None, waiting_for="list its models", counted=False
        )

    async def _with_retries(
        self,
        call: Callable[[float], Awaitable[R]],
        *,
        model: str | None,
        waiting_for: str,
        formats: bool = False,
        counted: bool = True,
    ) -> R:
        # The slot is held through the retries: a retry queued behind other requests could
        # otherwise wait far past the deadline.
        async with self._semaphore, self._shared_slot():
            return await self._attempts(call, model, waiting_for, formats, counted)

    async def _attempts(
        self,
        call: Callable[[float], Awaitable[R]],
        model: str | None,
        waiting_for: str,
        formats: bool,
        counted: bool,
    ) -> R:
        settings = self.settings
        started = time.monotonic()
        attempt = 0
        while True:
            seconds = max(
                0.001, min(settings.timeout, started + settings.deadline - time.monotonic())
            )
            try:
                self.usage.requests += counted
                async with self._notices(waiting_for, started, attempt):
                    return await asyncio.wait_for(call(seconds), timeout=seconds)
            except openai.APIStatusError as error:
                if error.status_code in FORMAT_REJECTION:
                    rejection = Rejection(status=error.status_code, message=status_text(error))
                    if formats or rejection.context_overflow:
                        raise FormatRejected(rejection) from error
                delay = self._delay(attempt, error)
                if error.status_code not in RETRY_STATUS or attempt >= settings.max_retries:
                    raise self._status_error(error, model, attempt) from error
            except (openai.APIConnectionError, TimeoutError) as error:
                delay = self._delay(attempt, None)
                # A refused connection fails fast: retry only while the timeout lasts, so that
                # a server that is down is reported within it. A timeout has its own budget.
                refused = isinstance(error, openai.APIConnectionError) and not isinstance(
                    error, openai.APITimeoutError
                )
                elapsed = time.monotonic() - started
                out_of_time = refused and elapsed + delay > settings.timeout
                past_deadline = elapsed + delay >= settings.deadline
                if attempt >= settings.max_retries or out_of_time or past_deadline:
                    raise self._connection_error(error, attempt, elapsed) from error
            except ValueError as error:  # the openai client meets broken JSON
                raise not_openai(settings.base_url or "", "reply", error) from error
            except (AttributeError, TypeError) as error:  # ...or a page it hands back as text
                seen = "a body that is not JSON (an HTML page?)"
                raise not_openai(settings.base_url or "", "reply", seen) from error
            attempt += 1
            await asyncio.sleep(delay)

    def _shared_slot(self) -> AbstractAsyncContextManager[None]:
        return self._shared.slot() if self._shared is not None else nullcontext()

    @contextlib.asynccontextmanager
    async def _notices(self, waiting_for: str, started: float, attempt: int) -> AsyncIterator[None]:
        """Log, every few seconds while the block waits, what it waits for and until when.

        Of the requests waiting at once, the one waiting longest speaks for them all.
        """
        settings = self.settings
        interval = max(1.0, min(WAIT_NOTICE_SECONDS, settings.deadline / 4))
        key = object()
        self._waiting[key] = started

        async def notify() -> None:
            while True:
                await asyncio.sleep(interval)
                if min(self._waiting.values()) != started:
                    continue
                others = len(self._waiting) - 1
                log.warning(
                    "waiting for the model server at %s to %s: %.0f s so far (attempt %d of "
                    "%d%s); gives up after %g s (--deadline)",
                    settings.base_url,
                    waiting_for,
                    time.monotonic() - started,
                    attempt + 1,
                    settings.max_retries + 1,
                    f"; {others} more request(s) waiting" if others else "",
                    settings.deadline,
                )

        notifier = asyncio.create_task(notify())
        try:
            yield
        finally:
            del self._waiting[key]
            notifier.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await notifier

    def _delay(self, attempt: int, error: openai.APIStatusError | None) -> float:
        delay: float = self.settings.retry_backoff * 2**attempt
        retry_after = error.response.headers.get("retry-after") if error is not None else None
        if retry_after and retry_after.replace(".", "", 1).isdigit():
            delay = max(delay, min(float(retry_after), MAX_RETRY_AFTER))
        return delay

    def _connection_error(
        self, error: openai.APIConnectionError | TimeoutError, retries: int, elapsed: float
    ) -> ModelError:
        url = self.settings.base_url
        tries = f"{retries + 1} attempt(s)"
        if isinstance(error, openai.APITimeoutError | TimeoutError):
            return ModelError(
                f"the model server at {url} did not answer within "
                f"{min(self.settings.timeout, self.settings.deadline):g} s ({tries}, "
                f"{elapsed:.0f} s in all; --timeout {self.settings.timeout:g} s per attempt, "
                f"--deadline {self.settings.deadline:g} s per request)",
                hint="check that the server is running and not overloaded; a slow server needs "
                "a higher --timeout and --deadline",
            )
        return ModelError(
            f"cannot reach the model server at {url} ({tries}): {error.__cause__ or error}",
            hint="start the server, or fix --base-url / DRAFTFLOW_BASE_URL "
            "(OpenAI-compatible servers usually end in /v1)",
        )

    def _status_error(
        self, error: openai.APIStatusError, model: str | None, retries: int
    ) -> ModelError:
        url, status, text = self.settings.base_url, error.status_code, status_text(error)
        if status == 404:
            return ModelError(
                f"the server at {url} answered 404 for model {model!r}: {text}",
                hint="run `draftflow models` to see the names it serves, and check that the "
                "base URL ends in /v1",
            )
        if status in (401, 403):
            return ModelError(
                f"the server at {url} refused the credentials ({status}): {text}",
                hint="pass --api-key or set DRAFTFLOW_API_KEY",
            )
        return ModelError(
            f"the server at {url} answered {status} after {retries + 1} attempt(s): {text}",
            hint="check the server's log; raise --max-retries for a busy server",
        )

    def _client(self) -> AsyncOpenAI:
        if not self.settings.base_url:
            raise ConfigError(
                "this needs a model server, and none is configured",
                hint="pass --base-url http://HOST:PORT/v1 (or set DRAFTFLOW_BASE_URL)",
            )
        if self._openai is None:
            base_url, timeout = self.settings.base_url, self.settings.timeout
            self._openai = AsyncOpenAI(
                base_url=base_url,
                api_key=self.settings.api_key_value() or _UNSET_KEY,
                timeout=timeout,
                max_retries=0,
                # the client the SDK would make (its limits, redirects), with the shared context
                http_client=DefaultAsyncHttpxClient(
                    base_url=base_url, timeout=timeout, verify=tls_context()
                ),
            )
        return self._openai
