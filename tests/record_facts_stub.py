"""A stand-in for the draft's record facts (`draft/record_facts.py`): the fields the section
writers read, each empty unless a test states it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class FactsStub:
    """What a record states of its headline figures, as the section writers read it."""

    model_label: str | None = None
    model_id: str | None = None
    runtimes: tuple[str, ...] = ()
    system: str | None = None
    node_count: int | None = None
    quantization: str | None = None
    experiment_date: str | None = None
    unstated: dict[str, str] = field(default_factory=dict)
    evidence: dict[str, str] = field(default_factory=dict)
