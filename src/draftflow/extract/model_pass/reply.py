"""The reply the extract model fills for one chunk: the schema it is given, as pydantic models.

Its JSON schema is sent with every extract request (`llm/structured.py`), so a change here
changes every request's fingerprint and every recorded cassette.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, Field


class ConditionClaim(BaseModel):
    """One setting of a measured configuration, as the source states it."""

    name: str = Field(description="setting name, e.g. concurrency, input_tokens, engine")
    value: str | None = Field(description="the value as the source writes it; null if unknown")


class ResultClaim(BaseModel):
    """One reported figure, chosen from the candidates (or a cited line)."""

    candidate: str | None = Field(default=None, description="candidate id such as c12")
    document_id: str
    line: int = Field(description="the line number shown as L<n> where the figure is written")
    value: float = Field(description="the figure exactly as written on that line")
    label: str
    metric: str = Field(description="decode_rate, prefill_rate, ttft, latency, throughput, ...")
    unit: str = Field(description="tokens/s, s, ms, GB, ...")
    statistic: str = Field(default="as reported", description="what the source says it is")
    profile: str | None = Field(default=None, description="label of its test profile")
    conditions: list[ConditionClaim] = Field(default_factory=list)


class RunRef(BaseModel):
    """One run of a repeated measurement: where its figure is written."""

    document_id: str
    line: int
    value: float


class RepeatedRunsClaim(BaseModel):
    """Runs of one configuration that the source repeats; Python computes the summary."""

    label: str
    metric: str
    unit: str
    statistic: Literal["median", "mean"]
    runs: list[RunRef]
    profile: str | None = None
    conditions: list[ConditionClaim] = Field(default_factory=list)


class ProfileClaim(BaseModel):
    """One measured configuration and the line that states it."""

    label: str
    document_id: str
    line: int
    conditions: list[ConditionClaim] = Field(default_factory=list)


class SetupClaim(BaseModel):
    """The setup stated for the whole report; null for anything not stated."""

    system: str | None = None
    node_count: int | None = None
    parallelism: str | None = None
    kv_dtype: str | None = None
    context_limit_tokens: int | None = None
    experiment_date: str | None = None


class ExtractReply(BaseModel):
    """The model's answer for one chunk."""

    results: list[ResultClaim] = Field(default_factory=list)
    repeated_runs: list[RepeatedRunsClaim] = Field(default_factory=list)
    profiles: list[ProfileClaim] = Field(default_factory=list)
    setup: SetupClaim = Field(default_factory=SetupClaim)


def reply_schema_json() -> str:
    """The reply schema as JSON text (for documentation and tests)."""
    return json.dumps(ExtractReply.model_json_schema(), indent=2)
