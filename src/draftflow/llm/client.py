"""`ModelClient`: the one door to the model, over any OpenAI-compatible chat endpoint.

A structured call goes: prompt → messages → response cache → cassette → server. The server
is asked in the strongest output mode it accepts (see `structured.py`); each network request
runs under a semaphore bounding concurrency and is retried with backoff on 429, 5xx,
timeouts and refused connections. When a cassette is in use the response cache is bypassed:
the cassette alone decides what is replayed, so recording never skips a request.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import openai
from openai import AsyncOpenAI
from pydantic import BaseModel

from draftflow.errors import ConfigError, ModelError
from draftflow.llm.cache import ResponseCache
from draftflow.llm.cassette import Cassette
from draftflow.llm.exchange import (
    ChatReply,
    ChatRequest,
    PromptRef,
    Rejection,
    Usage,
    UsageTotals,
)
from draftflow.llm.prompts import Prompt
from draftflow.llm.settings import ModelSettings
from draftflow.llm.structured import (
    OutputMode,
    ReplyInvalid,
    Structured,
    build_messages,
    give_up,
    modes_for,
    parse_reply,
    response_format,
)

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")

# Statuses with which servers refuse a `response_format` they do not support.
_FORMAT_REJECTION = frozenset({400, 422, 500, 501})
_RETRY_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})
_MAX_RETRY_AFTER = 30.0
_UNSET_KEY = "not-needed"  # local servers ignore the key, but the client insists on one


class FormatRejected(Exception):
    """The server refused the request's `response_format`: try the next output mode."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection


@dataclass
class _Tally:
    attempts: int = 0
    usage: Usage = field(default_factory=Usage)


class ModelClient:
    """Structured calls to one model, cached, recordable, replayable and bounded in concurrency."""

    def __init__(self, settings: ModelSettings) -> None:
        self.settings = settings
        self.usage = UsageTotals()
        self._semaphore = asyncio.Semaphore(settings.concurrency)
        self._model_lock = asyncio.Lock()
        self._model: str | None = settings.model
        self._openai: AsyncOpenAI | None = None
        self._cache: ResponseCache | None = None
        self._cassette: Cassette | None = None
        if settings.cassette is not None:
            self._cassette = Cassette(
                settings.cassette, settings.record_mode, secrets=_secrets(settings)
            )
            if self._cassette.records and not settings.base_url:
                raise ConfigError(
                    f"--record-mode {settings.record_mode} needs a server to record from",
                    hint="pass --base-url (or DRAFTFLOW_BASE_URL), or use --record-mode none",
                )

    async def __aenter__(self) -> ModelClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP connections and the cache files."""
        if self._openai is not None:
            await self._openai.close()
            self._openai = None
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    async def structured(
        self,
        prompt: Prompt,
        variables: Mapping[str, str],
        schema: type[T],
        *,
        max_tokens: int | None = None,
    ) -> Structured[T]:
        """Ask `prompt` filled with `variables` and return a reply validated as `schema`.

        Raises `ConfigError` when nothing is configured, `ModelError` when the server fails,
        `CassetteMissError` when replay lacks the request, and `StructuredOutputError` when
        no attempt validates.
        """
        self._require_configured()
        base = prompt.messages(variables)
        model = await self.model_name()
        modes = modes_for(self.settings.structured_output)
        first = self._request(model, prompt, build_messages(base, modes[0], schema), modes[0],
                              schema, max_tokens)
        key = first.fingerprint()
        hit = self._from_cache(key, schema, prompt)
        if hit is not None:
            return hit
        tally = _Tally()
        value, mode, content = await self._ask(base, modes, schema, prompt, model, max_tokens,
                                               tally)
        self._store(key, content, tally, mode, model, prompt)
        return Structured(value=value, usage=tally.usage, cached=False, attempts=tally.attempts,
                          mode=mode, fingerprint=key, prompt_name=prompt.name,
                          prompt_sha256=prompt.sha256)

    async def list_models(self) -> list[str]:
        """The model names the server lists at `/models`."""
        client = self._http()

        async def fetch() -> list[str]:
            return sorted([model.id async for model in client.models.list()])

        return await self._with_retries(fetch, model=None)

    async def model_name(self) -> str:
        """The model to use: the setting, else the only one the cassette or server knows."""
        if self._model is not None:
            return self._model
        async with self._model_lock:
            if self._model is None:
                self._model = await self._discover_model()
        return self._model

    async def chat(self, request: ChatRequest) -> ChatReply:
        """Send one request through the cassette or the server (no cache, no validation)."""
        return await self._exchange(request)

    def _require_configured(self) -> None:
        if not self.settings.configured:
            raise ConfigError(
                "no model server is configured",
                hint="pass --base-url http://HOST:PORT/v1 (or set DRAFTFLOW_BASE_URL), "
                "or --cassette PATH to replay recorded answers",
            )

    async def _discover_model(self) -> str:
        if self._cassette is not None and not self.settings.base_url:
            names = sorted(self._cassette.models())
            where = f"cassette {self._cassette.path}"
        else:
            names = await self.list_models()
            where = f"the server at {self.settings.base_url}"
        if len(names) == 1:
            return names[0]
        raise ConfigError(
            f"no model was named and {where} offers {len(names)}: {', '.join(names) or 'none'}",
            hint="pass --model NAME (or set DRAFTFLOW_MODEL)",
        )

    def _request(self, model: str, prompt: Prompt, messages: list[dict[str, str]],
                 mode: OutputMode, schema: type[BaseModel], max_tokens: int | None) -> ChatRequest:
        return ChatRequest(
            model=model,
            messages=messages,
            response_format=response_format(mode, schema),
            temperature=self.settings.temperature,
            seed=self.settings.seed,
            max_tokens=max_tokens,
            prompt=PromptRef(name=prompt.name, sha256=prompt.sha256),
        )

    async def _ask(self, base: list[dict[str, str]], modes: list[OutputMode], schema: type[T],
                   prompt: Prompt, model: str, max_tokens: int | None,
                   tally: _Tally) -> tuple[T, OutputMode, str]:
        for index, mode in enumerate(modes):
            try:
                value, content = await self._ask_in_mode(base, mode, schema, prompt, model,
                                                         max_tokens, tally)
                return value, mode, content
            except FormatRejected as rejected:
                if index + 1 < len(modes):
                    continue
                raise ModelError(
                    f"{self.settings.base_url} refused response_format {mode} "
                    f"({rejected.rejection.status}: {rejected.rejection.message})",
                    hint="set structured_output = \"auto\" (DRAFTFLOW_STRUCTURED_OUTPUT=auto) "
                    "to fall back to json_object or a schema in the prompt",
                ) from rejected
        raise AssertionError("modes_for returns at least one mode")  # pragma: no cover

    async def _ask_in_mode(self, base: list[dict[str, str]], mode: OutputMode, schema: type[T],
                           prompt: Prompt, model: str, max_tokens: int | None,
                           tally: _Tally) -> tuple[T, str]:
        repair: tuple[str, str] | None = None
        for _ in range(self.settings.max_repairs + 1):
            messages = build_messages(base, mode, schema, repair)
            reply = await self._exchange(
                self._request(model, prompt, messages, mode, schema, max_tokens)
            )
            tally.attempts += 1
            tally.usage = tally.usage + reply.usage
            try:
                return parse_reply(reply.content, schema), reply.content
            except ReplyInvalid as invalid:
                self.usage.invalid_replies += 1
                repair = (reply.content, str(invalid))
        assert repair is not None
        raise give_up(schema, prompt.name, tally.attempts, repair[0], repair[1])

    async def _exchange(self, request: ChatRequest) -> ChatReply:
        cassette = self._cassette
        if cassette is not None:
            entry = cassette.get(request.fingerprint())
            if entry is not None:
                self.usage.cassette_replays += 1
                if entry.rejection is not None:
                    raise FormatRejected(entry.rejection)
                if entry.reply is not None:
                    self.usage.add_tokens(entry.reply.usage)
                    return entry.reply
            if not cassette.records:
                raise cassette.miss_error(request)
        try:
            reply = await self._send(request)
        except FormatRejected as rejected:
            if cassette is not None:
                cassette.record(request, rejected.rejection)
            raise
        if cassette is not None:
            cassette.record(request, reply)
        return reply

    async def _send(self, request: ChatRequest) -> ChatReply:
        client = self._http()

        async def create() -> ChatReply:
            completion = await client.chat.completions.create(**request.api_arguments())
            return _reply_from(completion, self.settings.base_url or "")

        reply = await self._with_retries(
            create, model=request.model, formats=request.response_format is not None
        )
        self.usage.add_tokens(reply.usage)
        return reply

    async def _with_retries(self, call: Callable[[], Awaitable[R]], *, model: str | None,
                            formats: bool = False) -> R:
        started = time.monotonic()
        attempt = 0
        while True:
            try:
                async with self._semaphore:
                    self.usage.requests += 1
                    return await call()
            except openai.APIStatusError as error:
                if formats and error.status_code in _FORMAT_REJECTION:
                    raise FormatRejected(
                        Rejection(status=error.status_code, message=_status_text(error))
                    ) from error
                retry = error.status_code in _RETRY_STATUS
                delay = self._delay(attempt, error)
                if not retry or attempt >= self.settings.max_retries:
                    raise self._status_error(error, model, attempt) from error
            except openai.APIConnectionError as error:
                delay = self._delay(attempt, None)
                out_of_time = time.monotonic() - started + delay > self.settings.timeout
                if attempt >= self.settings.max_retries or out_of_time:
                    raise self._connection_error(error, attempt) from error
            attempt += 1
            await asyncio.sleep(delay)

    def _delay(self, attempt: int, error: openai.APIStatusError | None) -> float:
        delay: float = self.settings.retry_backoff * 2**attempt
        retry_after = error.response.headers.get("retry-after") if error is not None else None
        if retry_after and retry_after.replace(".", "", 1).isdigit():
            delay = max(delay, min(float(retry_after), _MAX_RETRY_AFTER))
        return delay

    def _connection_error(self, error: openai.APIConnectionError, retries: int) -> ModelError:
        url = self.settings.base_url
        tries = f"{retries + 1} attempt(s)"
        if isinstance(error, openai.APITimeoutError):
            return ModelError(
                f"the model server at {url} did not answer within {self.settings.timeout:g} s "
                f"({tries})",
                hint="check the server is running and not overloaded, or raise --timeout",
            )
        return ModelError(
            f"cannot reach the model server at {url} ({tries}): {error.__cause__ or error}",
            hint="start the server, or fix --base-url / DRAFTFLOW_BASE_URL "
            "(OpenAI-compatible servers usually end in /v1)",
        )

    def _status_error(self, error: openai.APIStatusError, model: str | None,
                      retries: int) -> ModelError:
        url, status, text = self.settings.base_url, error.status_code, _status_text(error)
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

    def _http(self) -> AsyncOpenAI:
        if not self.settings.base_url:
            self._require_configured()
            raise ConfigError(
                "this needs a model server, and only a cassette is configured",
                hint="pass --base-url (or set DRAFTFLOW_BASE_URL)",
            )
        if self._openai is None:
            self._openai = AsyncOpenAI(
                base_url=self.settings.base_url,
                api_key=self.settings.api_key_value() or _UNSET_KEY,
                timeout=self.settings.timeout,
                max_retries=0,  # retries are ours, so that a refused format is not retried
            )
        return self._openai

    def _response_cache(self) -> ResponseCache | None:
        if not self.settings.use_cache or self._cassette is not None:
            return None
        if self._cache is None:
            self._cache = ResponseCache(self.settings.resolved_cache_dir)
        return self._cache

    def _from_cache(self, key: str, schema: type[T], prompt: Prompt) -> Structured[T] | None:
        cache = self._response_cache()
        stored = cache.get(key) if cache is not None else None
        if stored is None:
            return None
        try:
            value = parse_reply(str(stored["content"]), schema)
            usage = Usage.model_validate(stored["usage"])
            mode = OutputMode(stored["mode"])
            attempts = int(stored["attempts"])
        except (ReplyInvalid, KeyError, ValueError):
            return None  # an entry this version cannot use is a miss, not an error
        self.usage.cache_hits += 1
        return Structured(value=value, usage=usage, cached=True, attempts=attempts, mode=mode,
                          fingerprint=key, prompt_name=prompt.name, prompt_sha256=prompt.sha256)

    def _store(self, key: str, content: str, tally: _Tally, mode: OutputMode, model: str,
               prompt: Prompt) -> None:
        cache = self._response_cache()
        if cache is None:
            return
        cache.put(key, {
            "content": content,
            "usage": tally.usage.model_dump(),
            "attempts": tally.attempts,
            "mode": str(mode),
            "model": model,
            "prompt": {"name": prompt.name, "sha256": prompt.sha256},
        })


def _reply_from(completion: Any, url: str) -> ChatReply:
    if not completion.choices:
        raise ModelError(f"the server at {url} answered with no choices",
                         hint="check the server's log for the failed generation")
    choice = completion.choices[0]
    usage = completion.usage
    return ChatReply(
        content=choice.message.content or "",
        usage=Usage(
            prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
            completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
        ),
        model=completion.model,
        finish_reason=choice.finish_reason,
    )


def _status_text(error: openai.APIStatusError) -> str:
    body = error.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(error.message)


def _secrets(settings: ModelSettings) -> tuple[str, ...]:
    key = settings.api_key_value()
    return (key,) if key else ()
