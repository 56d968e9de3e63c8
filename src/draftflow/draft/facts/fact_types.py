"""The typed facts a draft's sections answer: each with its input figures (value, label and
the pinned line that states it), the arithmetic that makes it, and the documents it cites.

A fact is recomputable: `Fact.recompute()` redoes its arithmetic from its inputs alone, and
verify redoes a ratio from the numbers its sentence states (`numbers.arithmetic`).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from draftflow.record.model import document_url


class FactKind(StrEnum):
    """What a fact establishes; the order is the order of the questions they answer."""

    MEASURED = "measured"
    """What the lead configuration measured and on what: the repository's main claim."""
    LEADER = "leader"
    """The best configuration for a metric and workload, and its margin over the next."""
    SCALING = "scaling"
    """How a figure moves along a varied setting, and where it stops gaining."""
    CHANGE = "change"
    """How the same configuration's figure changed between dated runs."""
    LIMIT = "limit"
    """A configuration that failed or hit a limit (OOM, error, timeout, retraction)."""
    ATTRIBUTION = "attribution"
    """Figures the sources say someone else measured."""
    SPAN = "span"
    """What the headline figures of one metric span, lowest to highest."""
    UNSTATED = "unstated"
    """What no headline figure states (repetitions, variance, engine version)."""


class Direction(StrEnum):
    """Which way a metric is better."""

    HIGHER = "higher"
    LOWER = "lower"


class FigureRef(BaseModel):
    """One input figure of a fact: its label, value as written, unit and evidence line."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str
    metric: str
    unit: str
    value: float
    written: str
    evidence_url: str
    bound: str = ""
    """What the figure is of a stated range or an approximation, as prose says it before
    the value (`up to `, `at least `, `about `): empty for a point value."""

    @property
    def document_url(self) -> str:
        """The pinned document URL, without the line anchor."""
        return document_url(self.evidence_url)


class Fact(BaseModel):
    """One computed fact: kind, what it is about, inputs, arithmetic, result and citations.

    `weight` is how many headline figures it rests on; sections are ordered by it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: FactKind
    metric: str
    unit: str
    subject: str
    inputs: tuple[FigureRef, ...]
    arithmetic: str
    result: float | None = None
    direction: Direction | None = None
    detail: str = ""
    configuration: tuple[tuple[str, str], ...] = ()
    """The conditions that name the configuration (model, precision, engine, system...)."""
    workloads: tuple[str, ...] = ()
    """The workloads a claim's figures were measured on, when they differ."""
    weight: int = 1

    @property
    def citations(self) -> list[str]:
        """The pinned documents of the inputs, in input order, once each."""
        return list(dict.fromkeys(ref.document_url for ref in self.inputs))

    def recompute(self) -> float | None:
        """The fact's result redone from its inputs (None for a fact without arithmetic): a
        leader's margin (best over next, or next over best when lower is better), a series'
        end over its start, a later run over the earlier one."""
        if self.kind not in (FactKind.LEADER, FactKind.SCALING, FactKind.CHANGE):
            return None
        top, bottom = self.inputs[-1].value, self.inputs[0].value
        if self.kind is FactKind.LEADER:
            top, bottom = self.inputs[0].value, self.inputs[1].value
            if self.direction is Direction.LOWER:
                top, bottom = bottom, top
        return round(top / bottom, 2) if bottom > 0 else None
