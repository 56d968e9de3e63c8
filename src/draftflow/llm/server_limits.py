"""The server's context window, read from the server itself, and the settings sized to it.

A local server started with a small context (`llama-server -c 8192`) refuses the default
12,000-token prompts. Each server flavour states its window somewhere of its own:
llama.cpp `GET /props` (`default_generation_settings.n_ctx`, or `n_ctx`), vLLM
`GET /v1/models` (`max_model_len` of the model), Ollama `POST /api/show`
(`model_info.*.context_length`, or `num_ctx` in its parameters). When the user gave no
`--context-tokens`, prompts and `--max-tokens` are sized to what the server says.

What a server says is read within bounds: at most `_BODY_LIMIT` bytes of its answer within
`_ANSWER_SECONDS`, JSON of bounded depth, integers of at most `json_bounds.MAX_DIGITS` digits
(a longer one reads as "huge", never a traceback), and a window outside
`MIN_WINDOW`..`MAX_WINDOW` tokens is clamped into it, the window as stated kept for the
warning (`ContextWindow.warning`).
"""

from __future__ import annotations

import asyncio
import re
from enum import StrEnum
from typing import Any

import httpx2
from pydantic import BaseModel

from draftflow.llm.json_bounds import Huge, bounded_json, int_literal
from draftflow.llm.settings import ModelSettings

__all__ = [
    "MAX_WINDOW",
    "MIN_WINDOW",
    "ContextWindow",
    "ServerFlavour",
    "fit_to_window",
    "read_context_window",
]

_PROBE_SECONDS = 5.0  # per read of an answer
_ANSWER_SECONDS = 10.0  # per answer in all: a server that drips its bytes is not waited for
_MARGIN_TOKENS = 256  # the chat template's own tokens, and the tokenizer's disagreement with ours
_MIN_CONTEXT = 1_000  # ModelSettings.context_tokens' floor
MIN_WINDOW = 512  # tokens: no chat model serves less
MAX_WINDOW = 10_000_000  # tokens: the longest windows served today are 10 M
_MAX_SLOTS = 1_024
_BODY_LIMIT = 1_048_576  # bytes of an answer read; a window is stated in far fewer


class ServerFlavour(StrEnum):
    """Which server's own endpoint stated the window."""

    LLAMA_CPP = "llama.cpp /props"
    VLLM = "vLLM /v1/models"
    OLLAMA = "Ollama /api/show"


class ContextWindow(BaseModel):
    """The server's context window in tokens, which endpoint said so, and how many requests
    it serves at once when it says (llama.cpp `total_slots`; they share the window)."""

    tokens: int
    flavour: ServerFlavour
    slots: int | None = None
    stated: str | None = None
    """The window as the server stated it, when that was outside the sane range and clamped."""

    def warning(self) -> str | None:
        """What to tell the user when the stated window was clamped, or None."""
        if self.stated is None:
            return None
        return (
            f"the server states a context window of {self.stated} tokens "
            f"({self.flavour.value}), outside {MIN_WINDOW:,} to {MAX_WINDOW:,}: draftflow takes "
            f"{self.tokens:,}; pass --context-tokens and --max-tokens to size prompts yourself"
        )


def _stated(value: int) -> str:
    if isinstance(value, Huge):
        return f"a {value.digits:,}-digit number of"
    return f"{value:,}"


def _clamped_window(tokens: int, flavour: ServerFlavour, slots: int | None) -> ContextWindow:
    """The window within `MIN_WINDOW`..`MAX_WINDOW`, what the server stated kept if not."""
    sane = min(max(tokens, MIN_WINDOW), MAX_WINDOW)
    stated = None if sane == tokens else _stated(tokens)
    return ContextWindow(tokens=sane, flavour=flavour, slots=slots, stated=stated)


async def read_context_window(settings: ModelSettings) -> ContextWindow | None:
    """The window the server at `settings.base_url` states, or None when none of the three
    endpoints answers with one (a hosted API, an older server)."""
    if not settings.base_url:
        return None
    base = settings.base_url.rstrip("/")
    root = re.sub(r"/v1$", "", base)
    key = settings.api_key_value()
    headers = {"authorization": f"Bearer {key}"} if key else {}
    async with httpx2.AsyncClient(timeout=_PROBE_SECONDS, headers=headers) as http:
        for flavour in ServerFlavour:
            try:
                asked = _ask(http, flavour, base, root, settings.model)
                body = await asyncio.wait_for(asked, _ANSWER_SECONDS)
            except (httpx2.HTTPError, TimeoutError):
                continue
            tokens = _window_in(flavour, body, settings.model)
            if tokens:
                slots = _positive(body.get("total_slots")) if isinstance(body, dict) else None
                slots = min(slots, _MAX_SLOTS) if slots else None
                return _clamped_window(tokens, flavour, slots)
    return None


async def _ask(
    http: httpx2.AsyncClient, flavour: ServerFlavour, base: str, root: str, model: str | None
) -> Any:
    """The JSON the flavour's endpoint answers, read within bounds; None when it answers
    anything else (an error status, too many bytes, not JSON)."""
    if flavour is ServerFlavour.LLAMA_CPP:
        request = http.build_request("GET", f"{root}/props")
    elif flavour is ServerFlavour.VLLM:
        request = http.build_request("GET", f"{base}/models")
    else:
        request = http.build_request("POST", f"{root}/api/show", json={"model": model or ""})
    response = await http.send(request, stream=True)
    try:
        if response.status_code != 200:
            return None
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > _BODY_LIMIT:
                return None
    finally:
        await response.aclose()
    return bounded_json(bytes(body))


def _window_in(flavour: ServerFlavour, body: Any, model: str | None) -> int | None:
    if not isinstance(body, dict):
        return None
    if flavour is ServerFlavour.LLAMA_CPP:
        settings = body.get("default_generation_settings")
        nested = settings.get("n_ctx") if isinstance(settings, dict) else None
        return _positive(nested) or _positive(body.get("n_ctx"))
    if flavour is ServerFlavour.VLLM:
        models = [m for m in body.get("data") or [] if isinstance(m, dict)]
        chosen = [m for m in models if m.get("id") == model] or models[:1]
        return _positive(chosen[0].get("max_model_len")) if chosen else None
    info = body.get("model_info")
    if isinstance(info, dict):
        for name, value in info.items():
            if name.endswith(".context_length") and _positive(value):
                return _positive(value)
    found = re.search(r"num_ctx\s+(\d+)", str(body.get("parameters") or ""))
    return _positive(int_literal(found.group(1))) if found else None


def _positive(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def fit_to_window(settings: ModelSettings, window: ContextWindow) -> ModelSettings:
    """`settings` with `max_tokens` and `context_tokens` sized to `window`, unless the user
    set them: a reply gets at most a quarter of the window, a prompt the rest less a margin.

    A window too small for draftflow's smallest prompt (1,000 tokens) is left to fail at the
    server with its own message, which says the request's size and the window's.
    """
    given = settings.model_fields_set
    max_tokens = settings.max_tokens
    if "max_tokens" not in given:
        max_tokens = max(16, min(settings.max_tokens, window.tokens // 4))
    update: dict[str, int] = {"max_tokens": max_tokens}
    if "context_tokens" not in given:
        room = window.tokens - max_tokens - _MARGIN_TOKENS
        update["context_tokens"] = max(_MIN_CONTEXT, min(settings.context_tokens, room))
    return settings.model_copy(update=update)
