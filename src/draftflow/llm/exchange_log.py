"""What a draft asked its model and what came back: every attempt of every structured call,
accepted or rejected with the reason, written beside the record (`<id>.model-log.json`) and
shown by `draftflow logs ID`.

A call answered from the response cache logs the attempts of the call that filled it (the
cache keeps them), and the calls are sorted by prompt and first request and numbered in that
order, so an unchanged re-draft writes the same log byte for byte.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ValidationError

from draftflow.errors import InputError

LOG_NAME = "model-log.json"


class Outcome(StrEnum):
    """What became of one attempt's reply."""

    ACCEPTED = "accepted"
    REJECTED = "rejected"
    REFUSED = "refused"


class LoggedAttempt(BaseModel):
    """One request of a structured call and its reply, with what became of it and why."""

    prompt: str
    call: int = 0  # the call's number among the calls of its prompt (set when written)
    attempt: int
    mode: str
    max_tokens: int | None
    request: list[dict[str, str]]
    reply: str | None
    finish_reason: str | None
    outcome: Outcome
    reason: str | None = None


class ExchangeLog(BaseModel):
    """Every logged attempt of one draft, in a stable order."""

    model: str | None
    drafted_at: str | None  # the record's provenance.created_at: which draft this log is of
    attempts: list[LoggedAttempt]

    @classmethod
    def of_calls(
        cls, model: str | None, drafted_at: str | None, calls: list[list[LoggedAttempt]]
    ) -> ExchangeLog:
        """The log of `calls` (each the attempts of one call, in order), sorted by prompt and
        first request, each call numbered within its prompt."""
        ordered = sorted((call for call in calls if call), key=_call_order)
        attempts: list[LoggedAttempt] = []
        numbers: dict[str, int] = {}
        for call in ordered:
            number = numbers[call[0].prompt] = numbers.get(call[0].prompt, 0) + 1
            attempts += [attempt.model_copy(update={"call": number}) for attempt in call]
        return cls(model=model, drafted_at=drafted_at, attempts=attempts)

    def to_text(self) -> str:
        """The log file's text: indented JSON."""
        ordered = self.attempts
        data = {
            "model": self.model,
            "drafted_at": self.drafted_at,
            "attempts": [a.model_dump(mode="json") for a in ordered],
        }
        return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def _call_order(call: list[LoggedAttempt]) -> tuple[str, str]:
    first = call[0]
    return first.prompt, json.dumps(first.request, sort_keys=True, ensure_ascii=False)


def load_exchange_log(path: Path) -> ExchangeLog:
    """The log at `path`; an `InputError` that says the fix when there is none or it is
    not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(
            f"no model log at {path}: the record was drafted without a model, or before "
            "draftflow kept one",
            hint="draft it again with a model (--base-url URL --model NAME, or --cassette PATH)",
        ) from None
    try:
        return ExchangeLog.model_validate_json(text)
    except ValidationError as error:
        raise InputError(
            f"{path} is not a model log ({error.errors()[0]['msg']})",
            hint="draft the record again to rewrite it",
        ) from None
