"""One model exchange: the request sent, the reply received, and the request's fingerprint.

The fingerprint is the sha256 of the request's canonical JSON (model, messages,
response_format, sampling parameters, prompt name and hash). The cache and the cassettes key
on it, so a request is "the same" for both exactly when its fingerprint is.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


def canonical_json(value: object) -> str:
    """JSON with sorted keys and no insignificant whitespace: equal values, equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class PromptRef(BaseModel):
    """Which prompt file, at which content, produced a request."""

    model_config = ConfigDict(frozen=True)

    name: str
    sha256: str


class ChatRequest(BaseModel):
    """A chat-completions request exactly as draftflow sends it (no headers, no secrets)."""

    model_config = ConfigDict(frozen=True)

    model: str
    messages: list[dict[str, str]]
    response_format: dict[str, Any] | None = None
    temperature: float
    seed: int | None = None
    max_tokens: int | None = None
    prompt: PromptRef

    def fingerprint(self) -> str:
        """The stable sha256 of this request: the cache and cassette key."""
        return hashlib.sha256(canonical_json(self.model_dump(mode="json")).encode()).hexdigest()

    def api_arguments(self) -> dict[str, Any]:
        """Keyword arguments for `chat.completions.create`, omitting unset options."""
        arguments: dict[str, Any] = {
            "model": self.model,
            "messages": self.messages,
            "temperature": self.temperature,
        }
        if self.response_format is not None:
            arguments["response_format"] = self.response_format
        if self.seed is not None:
            arguments["seed"] = self.seed
        if self.max_tokens is not None:
            arguments["max_tokens"] = self.max_tokens
        return arguments


class Usage(BaseModel):
    """Tokens spent, summed over every attempt of a call."""

    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
        )


class ChatReply(BaseModel):
    """What the server answered: the text, the tokens, and why it stopped."""

    content: str
    usage: Usage = Field(default_factory=Usage)
    model: str | None = None
    finish_reason: str | None = None


# How servers word a request longer than their context window (llama.cpp, vLLM, OpenAI).
_CONTEXT_OVERFLOW = re.compile(
    r"context (size|length|window)|maximum context|context_length_exceeded|too many tokens",
    re.IGNORECASE,
)


class Rejection(BaseModel):
    """The server refused the request at once (recorded so that replay refuses it too): its
    `response_format`, or, as its message says, its length."""

    status: int
    message: str

    @property
    def context_overflow(self) -> bool:
        """True when the request is longer than the server's context window: not a format
        the server lacks, so another output mode (a longer request) cannot help."""
        return bool(_CONTEXT_OVERFLOW.search(self.message))


class UsageTotals(BaseModel):
    """Totals for one client: what was sent, what was reused, and the tokens received.

    Tokens count replies from the server or a cassette during this run; a cache hit spends
    none and is counted in `cache_hits` only.
    """

    requests: int = 0
    cache_hits: int = 0
    cassette_replays: int = 0
    invalid_replies: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def as_dict(self) -> dict[str, int]:
        """The totals as a plain dict; `replays` is kept as a short alias of `cassette_replays`."""
        totals = self.model_dump()
        totals["replays"] = self.cassette_replays
        return totals

    def add_tokens(self, usage: Usage) -> None:
        """Count the tokens of one reply."""
        self.prompt_tokens += usage.prompt_tokens
        self.completion_tokens += usage.completion_tokens
