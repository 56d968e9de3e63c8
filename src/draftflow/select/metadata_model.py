"""The record-level metadata the select stage reads from the sources (`metadata.read_metadata`
fills it; `topics` adds the runtimes and topics)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from draftflow.record.model import ModelArtifact


class RecordMetadata(BaseModel):
    """What the sources state about the measured setup, and where each value is stated."""

    model_label: str | None = None
    model_family: str | None = None
    model_id: str | None = None
    model_artifact: ModelArtifact | None = None
    runtimes: list[str] = Field(default_factory=list)
    hardware_topics: list[str] = Field(default_factory=list)
    platform_topics: list[str] = Field(default_factory=list)
    system: str | None = None
    node_count: int | None = None
    quantization: str | None = None
    experiment_date: str | None = None
    parallelism: str | None = None
    kv_dtype: str | None = None
    context_limit_tokens: int | None = None
    license_spdx: str | None = None
    measurement_scope: str = "none_reported"
    evidence: dict[str, str] = Field(
        default_factory=dict, description="field → pinned URL and line that states its value"
    )
    unstated: dict[str, str] = Field(default_factory=dict, description="field → why it stays null")
    document_models: dict[str, tuple[str, str]] = Field(
        default_factory=dict,
        description="document id → (the one model it names, its line URL), for the figures",
    )
