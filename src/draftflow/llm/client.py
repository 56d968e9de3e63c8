"""`ModelClient`: the one door to the model, over any OpenAI-compatible chat endpoint.

A structured call goes: prompt → messages → response cache → cassette → server. The server
is asked in the strongest output mode it accepts (see `structured.py`); each network request
goes through `transport.py`: bounded by --concurrency and retried with backoff on 429, 5xx,
timeouts and refused connections. When a cassette is in use the response cache is bypassed:
the cassette alone decides what is replayed, so recording never skips a request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

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
from draftflow.llm.exchange_log import LoggedAttempt, Outcome
from draftflow.llm.model_names import listed_id, unlisted_model
from draftflow.llm.prompts import Prompt
from draftflow.llm.settings import ModelSettings
from draftflow.llm.slots import SharedSlots
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
from draftflow.llm.structured_call import StructuredCall, T
from draftflow.llm.transport import FormatRejected, Transport
from draftflow.llm.wire import context_overflow_error

__all__ = ["FormatRejected", "ModelClient"]


class ModelClient:
    """Structured calls to one model, cached, recordable, replayable and bounded in concurrency."""

    def __init__(self, settings: ModelSettings, *, slots: SharedSlots | None = None) -> None:
        """`slots`, when given, bounds requests in flight together with other clients (a batch)."""
        self.settings = settings
        self.usage = UsageTotals()
        self._transport = Transport(settings, self.usage, slots)
        self._model_lock = asyncio.Lock()
        self._calls: set[asyncio.Task[Any]] = set()
        self._model: str | None = settings.model
        self._model_checked = False
        self._cache: ResponseCache | None = None
        self._cassette: Cassette | None = None
        self.exchange_log: list[list[LoggedAttempt]] = []
        """The attempts of each structured call so far, a list per call (`exchange_log.py`)."""
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
        """Cancel the calls still running, write what the cassette recorded, close the HTTP
        connections and the cache files.

        Calls still running are those a failed sibling left behind (`asyncio.gather` does not
        cancel them): closing the connections under them would end each in a traceback.
        """
        this = asyncio.current_task()
        running = [task for task in self._calls if task is not this and not task.done()]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        if self._cassette is not None:
            self._cassette.flush()
        await self._transport.aclose()
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
        task = asyncio.current_task()
        if task is not None:
            self._calls.add(task)
        try:
            return await self._structured(prompt, variables, schema, max_tokens)
        finally:
            if task is not None:
                self._calls.discard(task)

    async def _structured(
        self,
        prompt: Prompt,
        variables: Mapping[str, str],
        schema: type[T],
        max_tokens: int | None,
    ) -> Structured[T]:
        self._require_configured()
        call = StructuredCall(
            prompt, prompt.messages(variables), schema, await self.model_name(), max_tokens
        )
        modes = modes_for(self.settings.structured_output)
        first = self._request(call, modes[0])
        cache = self._response_cache()
        # Only a cache needs the key: without one, the request is never hashed here.
        key = first.fingerprint() if cache is not None else None
        hit = self._from_cache(cache, key, first, call) if key is not None else None
        if hit is not None:
            return hit
        try:
            value, mode, content = await self._ask(call, modes)
        finally:
            self.exchange_log.append(call.log)
        if cache is not None and key is not None:
            self._store(cache, key, content, call, mode)
        return Structured(
            value=value,
            usage=call.usage,
            cached=False,
            attempts=call.attempts,
            mode=mode,
            request=first,
            prompt_name=prompt.name,
            prompt_sha256=prompt.sha256,
        )

    async def list_models(self) -> list[str]:
        """The model names the server lists at `/models`."""
        return await self._transport.list_models()

    async def model_name(self) -> str:
        """The model to use: the setting, once the server lists it (ConfigError naming the
        listed ones if not), else the only one the cassette or server knows."""
        if self._model is not None and self._model_checked:
            return self._model
        async with self._model_lock:
            if self._model is None:
                self._model = await self._discover_model()
            elif not self._model_checked and self._asks_server():
                await self._check_listed(self._model)
            self._model_checked = True
        return self._model

    async def _check_listed(self, model: str) -> None:
        try:
            listed = await self.list_models()
        except ModelError:
            # A server that cannot list its models meets the same failure at the request,
            # with its own message; replies cached earlier still serve a re-draft.
            return
        if listed and listed_id(model, listed) is None:
            raise unlisted_model(model, listed, self.settings.base_url or "")

    def _asks_server(self) -> bool:
        """Whether requests go to the server (not replayed from a cassette only)."""
        return bool(self.settings.base_url) and (self._cassette is None or self._cassette.records)

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

    def _request(
        self, call: StructuredCall[T], mode: OutputMode, repair: tuple[str, str] | None = None
    ) -> ChatRequest:
        return ChatRequest(
            model=call.model,
            messages=build_messages(call.base, mode, call.schema, repair),
            response_format=response_format(mode, call.schema),
            temperature=self.settings.temperature,
            seed=self.settings.seed,
            max_tokens=call.max_tokens or self.settings.max_tokens,
            prompt=PromptRef(name=call.prompt.name, sha256=call.prompt.sha256),
        )

    async def _ask(
        self, call: StructuredCall[T], modes: list[OutputMode]
    ) -> tuple[T, OutputMode, str]:
        for index, mode in enumerate(modes):
            try:
                value, content = await self._ask_in_mode(call, mode)
                return value, mode, content
            except FormatRejected as rejected:
                refusal = rejected.rejection
                request = self._request(call, mode)
                call.note(request, None, Outcome.REFUSED, f"{refusal.status}: {refusal.message}")
                if index + 1 < len(modes):
                    continue
                raise ModelError(
                    f"{self.settings.base_url} refused response_format {mode} "
                    f"({rejected.rejection.status}: {rejected.rejection.message})",
                    hint='set structured_output = "auto" (DRAFTFLOW_STRUCTURED_OUTPUT=auto) '
                    "to fall back to json_object or a schema in the prompt",
                ) from rejected
        raise AssertionError("modes_for returns at least one mode")  # pragma: no cover

    async def _ask_in_mode(self, call: StructuredCall[T], mode: OutputMode) -> tuple[T, str]:
        repair: tuple[str, str] | None = None
        for _ in range(self.settings.max_repairs + 1):
            request = self._request(call, mode, repair)
            reply = await self._exchange(request)
            call.attempts += 1
            call.usage = call.usage + reply.usage
            try:
                value = parse_reply(reply.content, call.schema)
            except ReplyInvalid as invalid:
                cut = reply.finish_reason == "length"
                reason = f"{invalid}" + (f" (cut at {request.max_tokens} tokens)" if cut else "")
                call.note(request, reply, Outcome.REJECTED, reason)
                self.usage.invalid_replies += 1
                repair = (reply.content, str(invalid))
                if reply.finish_reason == "length":
                    # cut at the reply cap: a re-ask carries the cut reply and is cut again
                    raise give_up(
                        call.schema,
                        call.prompt.name,
                        call.attempts,
                        *repair,
                        cut_at=request.max_tokens,
                    ) from invalid
            else:
                call.note(request, reply, Outcome.ACCEPTED)
                return value, reply.content
        assert repair is not None
        raise give_up(call.schema, call.prompt.name, call.attempts, repair[0], repair[1])

    async def _exchange(self, request: ChatRequest) -> ChatReply:
        cassette = self._cassette
        if cassette is not None:
            entry = cassette.get(request.fingerprint())
            if entry is not None:
                self.usage.cassette_replays += 1
                if entry.rejection is not None:
                    raise _refusal(entry.rejection, self.settings.base_url)
                if entry.reply is not None:
                    self.usage.add_tokens(entry.reply.usage)
                    return entry.reply
            if not cassette.records:
                raise cassette.miss_error(request)
        try:
            reply = await self._transport.complete(request)
        except FormatRejected as rejected:
            if cassette is not None:
                cassette.record(request, rejected.rejection)
            raise _refusal(rejected.rejection, self.settings.base_url) from rejected
        if cassette is not None:
            cassette.record(request, reply)
        return reply

    def _response_cache(self) -> ResponseCache | None:
        if not self.settings.use_cache or self._cassette is not None:
            return None
        if self._cache is None:
            self._cache = ResponseCache(self.settings.resolved_cache_dir)
        return self._cache

    def _from_cache(
        self, cache: ResponseCache | None, key: str, first: ChatRequest, call: StructuredCall[T]
    ) -> Structured[T] | None:
        stored = cache.get(key) if cache is not None else None
        if stored is None:
            return None
        try:
            value = parse_reply(str(stored["content"]), call.schema)
            usage = Usage.model_validate(stored["usage"])
            mode = OutputMode(stored["mode"])
            attempts = int(stored["attempts"])
            logged = [LoggedAttempt.model_validate(item) for item in stored.get("log", [])]
        except (ReplyInvalid, KeyError, ValueError):
            return None  # an entry this version cannot use is a miss, not an error
        self.usage.cache_hits += 1
        self.exchange_log.append(logged)
        return Structured(
            value=value,
            usage=usage,
            cached=True,
            attempts=attempts,
            mode=mode,
            request=first,
            prompt_name=call.prompt.name,
            prompt_sha256=call.prompt.sha256,
        )

    def _store(
        self,
        cache: ResponseCache,
        key: str,
        content: str,
        call: StructuredCall[T],
        mode: OutputMode,
    ) -> None:
        cache.put(
            key,
            {
                "content": content,
                "usage": call.usage.model_dump(),
                "attempts": call.attempts,
                "mode": str(mode),
                "model": call.model,
                "prompt": {"name": call.prompt.name, "sha256": call.prompt.sha256},
                "log": [attempt.model_dump(mode="json") for attempt in call.log],
            },
        )


def _refusal(rejection: Rejection, url: str | None) -> Exception:
    """What a refused request raises: `FormatRejected`, so that the next output mode is tried,
    or for a request longer than the server's context window the error that says so (recorded
    in a cassette like a refused format, so that replay fails the same way)."""
    if rejection.context_overflow:
        return context_overflow_error(url, rejection.message)
    return FormatRejected(rejection)


def _secrets(settings: ModelSettings) -> tuple[str, ...]:
    key = settings.api_key_value()
    return (key,) if key else ()
