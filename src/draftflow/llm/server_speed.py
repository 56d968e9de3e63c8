"""The server's generation speed, measured with one short generation.

A reply of `SPEED_TOKENS` tokens is asked for with no output format, no cache and no
cassette; its completion tokens over the wall time of the request are the speed. The wall
time includes the short prompt and the HTTP round trip, so the figure errs low, which errs
towards longer timeouts.

A measurement a server can make absurd is bounded (`timing_rate`, `speed_warning`): a claim of
more tokens than were asked for counts as the tokens asked for, and a rate below
`MIN_TOKENS_PER_SECOND` times as that rate.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pydantic import BaseModel, computed_field

from draftflow.errors import ModelError
from draftflow.llm.exchange import ChatRequest, PromptRef
from draftflow.llm.prompts import load_prompt
from draftflow.llm.settings import ModelSettings

if TYPE_CHECKING:
    from draftflow.llm.client import ModelClient

__all__ = [
    "MIN_TOKENS_PER_SECOND",
    "SPEED_PROMPT",
    "SPEED_TOKENS",
    "Speed",
    "measure_speed",
    "measure_speed_with",
    "speed_warning",
]

SPEED_PROMPT = "speed"
SPEED_TOKENS = 64
MIN_TOKENS_PER_SECOND = 1.0
"""A server slower than this cannot be timed: draftflow times it as this fast."""


class Speed(BaseModel):
    """One timed generation: the tokens the server generated and the seconds it took."""

    tokens: int
    seconds: float

    @computed_field  # type: ignore[prop-decorator]
    @property
    def tokens_per_second(self) -> float:
        """Generated tokens per second of wall time (at least 0.01, never a division by 0)."""
        return round(max(self.tokens, 1) / max(self.seconds, 0.001), 2)

    def timing_rate(self) -> float:
        """The tokens per second timeouts are sized by: tokens beyond those asked for are not
        counted, and the rate is at least `MIN_TOKENS_PER_SECOND`."""
        tokens = min(max(self.tokens, 1), SPEED_TOKENS)
        return max(round(tokens / max(self.seconds, 0.001), 2), MIN_TOKENS_PER_SECOND)


def speed_warning(speed: Speed) -> str | None:
    """What is absurd about a measured speed (said as the user reads it), or None."""
    if speed.tokens > SPEED_TOKENS:
        return (
            f"the server claims {speed.tokens:,} tokens for a reply of at most {SPEED_TOKENS}: "
            f"draftflow counts {SPEED_TOKENS}"
        )
    if speed.tokens_per_second < MIN_TOKENS_PER_SECOND:
        return (
            f"the speed probe measured {speed.tokens_per_second} tokens/s ({speed.tokens} "
            f"tokens in {speed.seconds:.1f} s), slower than the {MIN_TOKENS_PER_SECOND:.0f} "
            "token/s draftflow can time: timeouts are sized as if at that speed"
        )
    return None


async def measure_speed_with(client: ModelClient, model: str) -> Speed:
    """Time one short plain generation by `model` through `client`.

    Raises `ModelError` (or another `DraftflowError`) when the server fails to answer, and
    `ModelError` when it answers with no tokens, which measures nothing.
    """
    prompt = load_prompt(SPEED_PROMPT)
    request = ChatRequest(
        model=model,
        messages=prompt.messages({"count": "100"}),
        temperature=0.0,
        seed=client.settings.seed,
        max_tokens=SPEED_TOKENS,
        prompt=PromptRef(name=prompt.name, sha256=prompt.sha256),
    )
    started = time.monotonic()
    reply = await client.chat(request)
    seconds = time.monotonic() - started
    if reply.usage.completion_tokens <= 0:
        raise ModelError(
            f"the server at {client.settings.base_url} answered the speed probe with no "
            "completion tokens in its usage",
            hint="a server that reports no usage cannot be timed; set --timeout and --deadline "
            "yourself",
        )
    return Speed(tokens=reply.usage.completion_tokens, seconds=round(seconds, 3))


async def measure_speed(settings: ModelSettings) -> Speed:
    """Time one short generation at the server in `settings` (never cached or recorded)."""
    # The client pulls in openai (half a second): commands that never probe a server skip it.
    from draftflow.llm.client import ModelClient

    live = settings.model_copy(update={"cassette": None, "use_cache": False})
    async with ModelClient(live) as client:
        model = await client.model_name()
        return await measure_speed_with(client, model)
