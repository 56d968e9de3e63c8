"""Structured output: ask for JSON in the strongest way a server accepts, then validate it.

The ladder of output modes, strongest first:
1. `json_schema`: the pydantic schema goes in `response_format`; servers with grammar support
   (vLLM, llama.cpp's server, SGLang, LM Studio, Ollama) then cannot answer anything else.
2. `json_object`: any JSON object, with the schema spelled out in the prompt (for servers such
   as llama-cpp-python's, which answers 500 to `json_schema`).
3. `prompt`: no `response_format` at all; the schema is in the prompt.
Whatever the mode, replies lose `<think>` reasoning before parsing; langchain-core's
`parse_json_markdown` reads the JSON inside or outside code fences, held to whole JSON
(`json.loads`: its default parser completes a truncated object, and a reply cut at the token
cap must be re-asked, not read as whole), and pydantic validates it. An invalid reply is
re-asked with the validation error (only the latest failed turn is kept).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from draftflow.errors import ModelError
from draftflow.llm.exchange import ChatRequest, Usage

T = TypeVar("T", bound=BaseModel)

_THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_SCHEMA_NAME = re.compile(r"[^a-zA-Z0-9_-]")
_REPLY_SHOWN = 2000


class OutputMode(StrEnum):
    """How the request asks for JSON."""

    JSON_SCHEMA = "json_schema"
    JSON_OBJECT = "json_object"
    PROMPT = "prompt"


def modes_for(setting: str) -> list[OutputMode]:
    """The modes to try, in order, for the `structured_output` setting."""
    if setting == "auto":
        return list(OutputMode)
    return [OutputMode(setting)]


@dataclass(frozen=True)
class Structured(Generic[T]):
    """A validated reply, with the tokens spent, where it came from and how many tries it took.

    On a cache hit (`cached`), `usage` and `attempts` are those of the call that filled the
    cache; the client's totals count a hit in `cache_hits` only. `prompt_sha256` is what the
    output's provenance records. `request` is the call's first request, in the first output
    mode: its fingerprint keys the response cache.
    """

    value: T
    usage: Usage
    cached: bool
    attempts: int
    mode: OutputMode
    request: ChatRequest
    prompt_name: str
    prompt_sha256: str

    @functools.cached_property
    def fingerprint(self) -> str:
        """The cache key of the call (`ChatRequest.fingerprint` of `request`), hashed when
        asked: a draft without a cache or a cassette never needs it, and hashing each request's
        canonical JSON cost about 0.3 CPU s over the ten corpus drafts."""
        return self.request.fingerprint()


class ReplyInvalid(Exception):
    """A reply that is not valid JSON for the schema; the message is shown to the model."""


class StructuredOutputError(ModelError):
    """Every attempt answered something that does not validate against the schema."""

    def __init__(self, message: str, *, hint: str, attempts: int, last_reply: str) -> None:
        super().__init__(message, hint=hint)
        self.attempts = attempts
        self.last_reply = last_reply


def response_format(mode: OutputMode, schema: type[BaseModel]) -> dict[str, Any] | None:
    """The `response_format` for `mode`, or None when the schema goes in the prompt only."""
    if mode is OutputMode.JSON_SCHEMA:
        name = _SCHEMA_NAME.sub("_", schema.__name__)[:64] or "reply"
        return {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": json_schema(schema), "strict": True},
        }
    if mode is OutputMode.JSON_OBJECT:
        return {"type": "json_object"}
    return None


def schema_instruction(schema: type[BaseModel]) -> str:
    """The instruction that carries the schema when `response_format` cannot."""
    return (
        "Answer with one JSON object that validates against this JSON Schema, and nothing "
        "else: no prose, no code fences.\nJSON Schema:\n" + _schema_text(schema)
    )


@functools.cache
def json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema of `schema`, generated once per class: pydantic takes tens of
    milliseconds per generation, and a draft sends hundreds of requests. Read-only."""
    return schema.model_json_schema()


@functools.cache
def _schema_text(schema: type[BaseModel]) -> str:
    return json.dumps(json_schema(schema), sort_keys=True, ensure_ascii=False)


def build_messages(
    base: list[dict[str, str]],
    mode: OutputMode,
    schema: type[BaseModel],
    repair: tuple[str, str] | None = None,
) -> list[dict[str, str]]:
    """The messages for one attempt: the prompt, the schema where needed, the latest repair.

    `repair` is (the last invalid reply, its validation error). Earlier failed turns are
    dropped: they only add tokens and tempt the model to repeat itself.
    """
    messages = [dict(message) for message in base]
    if mode is not OutputMode.JSON_SCHEMA:
        messages = _with_system_text(messages, schema_instruction(schema))
    if repair is not None:
        reply, error = repair
        messages.append({"role": "assistant", "content": reply})
        messages.append({"role": "user", "content": repair_instruction(error)})
    return messages


def repair_instruction(error: str) -> str:
    """The follow-up turn that shows the model its validation error."""
    return f"That reply was not valid:\n{error}\nAnswer again with only the corrected JSON object."


def _with_system_text(messages: list[dict[str, str]], text: str) -> list[dict[str, str]]:
    if messages and messages[0]["role"] == "system":
        first = messages[0]
        return [{"role": "system", "content": f"{first['content']}\n\n{text}"}, *messages[1:]]
    return [{"role": "system", "content": text}, *messages]


def clean_reply(text: str) -> str:
    """Remove the reasoning a model printed before its answer."""
    text = _THINK_BLOCK.sub("", text)
    # Some reasoning models print the closing tag without the opening one.
    if "</think>" in text:
        text = text.rsplit("</think>", 1)[1]
    return text.strip()


def parse_reply(text: str, schema: type[T]) -> T:
    """Parse and validate a reply; raise `ReplyInvalid` with a message meant for the model."""
    from langchain_core.utils.json import parse_json_markdown  # loaded with the prompts

    cleaned = clean_reply(text)
    if not cleaned:
        raise ReplyInvalid("the reply was empty; expected a JSON object")
    try:
        data = parse_json_markdown(cleaned, parser=json.loads)
    except json.JSONDecodeError:
        try:
            data = json.loads(_outermost_object(cleaned))
        except json.JSONDecodeError as error:
            raise ReplyInvalid(f"the reply is not valid JSON: {error}") from error
    try:
        return schema.model_validate(data)
    except ValidationError as error:
        raise ReplyInvalid(_validation_summary(error)) from error


def _outermost_object(text: str) -> str:
    """The text from the first `{` to the last `}` when prose surrounds a JSON object."""
    if text.startswith(("{", "[")):
        return text
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if 0 <= start < end else text


def _validation_summary(error: ValidationError) -> str:
    lines = [
        f"- {'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in error.errors()
    ]
    return "the JSON does not match the schema:\n" + "\n".join(lines[:20])


def give_up(
    schema: type[BaseModel],
    prompt_name: str,
    attempts: int,
    reply: str,
    error: str,
    *,
    cut_at: int | None = None,
) -> StructuredOutputError:
    """The error after the last attempt, carrying the attempts and the last reply; `cut_at`
    is the reply-token cap the last reply was cut at, if it was."""
    shown = reply if len(reply) <= _REPLY_SHOWN else reply[:_REPLY_SHOWN] + "…"
    cut = f" (the reply was cut at {cut_at} tokens)" if cut_at is not None else ""
    return StructuredOutputError(
        f"the model gave no valid {schema.__name__} for prompt {prompt_name!r} after "
        f"{attempts} attempt(s){cut}; last error: {error}\nlast reply: {shown}",
        hint=(
            "raise --max-tokens (and --context-tokens), or use a model that answers more briefly"
            if cut_at is not None
            else "use a stronger model, raise max_repairs, or simplify the prompt's schema"
        ),
        attempts=attempts,
        last_reply=reply,
    )
