"""One structured call to the model in progress: what is asked (prompt, schema, model, token
bound), what it has cost so far, and the log of its attempts (`exchange_log.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pydantic import BaseModel

from draftflow.llm.exchange import ChatReply, ChatRequest, Usage
from draftflow.llm.exchange_log import LoggedAttempt, Outcome
from draftflow.llm.prompts import Prompt

T = TypeVar("T", bound=BaseModel)


@dataclass
class StructuredCall(Generic[T]):
    """One structured call in progress: what is asked, and what it has cost so far."""

    prompt: Prompt
    base: list[dict[str, str]]
    schema: type[T]
    model: str
    max_tokens: int | None
    attempts: int = 0
    usage: Usage = field(default_factory=Usage)
    log: list[LoggedAttempt] = field(default_factory=list)

    def note(
        self,
        request: ChatRequest,
        reply: ChatReply | None,
        outcome: Outcome,
        reason: str | None = None,
    ) -> None:
        """Log one attempt of this call: its request, its reply and what became of it."""
        self.log.append(
            LoggedAttempt(
                prompt=self.prompt.name,
                attempt=len(self.log) + 1,
                mode=_mode_of(request),
                max_tokens=request.max_tokens,
                request=request.messages,
                reply=reply.content if reply is not None else None,
                finish_reason=reply.finish_reason if reply is not None else None,
                outcome=outcome,
                reason=reason,
            )
        )


def _mode_of(request: ChatRequest) -> str:
    """The output mode a request asks for: its response_format's type, else `prompt`."""
    kind = request.response_format.get("type") if request.response_format else None
    return str(kind or "prompt")
