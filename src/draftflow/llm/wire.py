"""What goes over the wire to and from an OpenAI-compatible server (`transport.py` sends it):
the request's JSON body, the reply read from a chat completion, the server's own error
message, and the errors for an answer that is no OpenAI one or a request the server has no
room for."""

from __future__ import annotations

from typing import Any

import openai
from openai.types.chat import ChatCompletion

from draftflow.errors import ModelError
from draftflow.llm.exchange import ChatReply, ChatRequest, Usage

_SHOWN_BODY = 80
_NOT_OPENAI_HINT = (
    "check that --base-url is the server's OpenAI-compatible API (it usually ends in /v1), "
    "not a web page or a proxy's error page"
)

# The order in which `chat.completions.create` writes a request's keys into its body.
CREATE_ORDER = ("model", "messages", "max_tokens", "response_format", "seed", "temperature")


def request_body(request: ChatRequest) -> dict[str, Any]:
    """The JSON body `chat.completions.create(**request.api_arguments())` sends, key for key.

    The transport posts it itself: `create` first walks every message and the response
    format against the SDK's typed parameters (about a third of the SDK's CPU per request),
    which changes nothing in draftflow's plain requests. `tests/test_llm_transport.py`
    compares the bytes of both ways for each output mode.
    """
    arguments = request.api_arguments()
    body = {key: arguments[key] for key in CREATE_ORDER if key in arguments}
    body.update(arguments)  # a key CREATE_ORDER does not know yet goes last, never missing
    return body


def not_openai(url: str, what: str, seen: object) -> ModelError:
    """The error for a server whose answer is not what an OpenAI-compatible API sends."""
    shown = " ".join(str(seen).split())
    shown = shown if len(shown) <= _SHOWN_BODY else shown[:_SHOWN_BODY] + "…"
    return ModelError(
        f"the server at {url} did not answer with an OpenAI-compatible {what}: {shown!r}",
        hint=_NOT_OPENAI_HINT,
    )


def reply_from(completion: Any, url: str) -> ChatReply:
    """The `ChatReply` in an openai `ChatCompletion`."""
    if not isinstance(completion, ChatCompletion) or not isinstance(
        getattr(completion, "choices", None), list
    ):
        raise not_openai(url, "chat completion", completion)
    if not completion.choices:
        raise ModelError(
            f"the server at {url} answered with no choices",
            hint="check the server's log for the failed generation",
        )
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


def context_overflow_error(url: str | None, text: str) -> ModelError:
    """The error for a request longer than the server's context window (`text`, the
    server's words); no output mode or retry can help."""
    where = f"the server at {url}" if url else "the model server"
    return ModelError(
        f"{where} has no room for the request: {text}",
        hint="lower --context-tokens (DRAFTFLOW_CONTEXT_TOKENS) so that a prompt plus "
        "--max-tokens fits the server's context window, or give the server a larger context "
        "(llama-server -c N, vLLM --max-model-len N)",
    )


def status_text(error: openai.APIStatusError) -> str:
    """The server's own error message, from an OpenAI-style body when there is one."""
    body = error.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(error.message)
