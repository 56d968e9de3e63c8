"""One constructor for every kind of fact: its metric and unit are those of a figure it is
about, and a fact with arithmetic (leader, scaling, change) carries the result redone from
its inputs."""

from __future__ import annotations

from draftflow.draft.facts.fact_types import Direction, Fact, FactKind, FigureRef
from draftflow.draft.facts.figures import metric_name
from draftflow.draft.parts import Grounded

_COMPUTED = frozenset({FactKind.LEADER, FactKind.SCALING, FactKind.CHANGE})


def fact_about(
    kind: FactKind,
    about: Grounded,
    *,
    subject: str,
    inputs: tuple[FigureRef, ...],
    arithmetic: str,
    weight: int,
    direction: Direction | None = None,
    detail: str = "",
    configuration: tuple[tuple[str, str], ...] = (),
    workloads: tuple[str, ...] = (),
) -> Fact:
    """A fact of `kind` in the metric and unit of the figure it is `about`."""
    fact = Fact(
        kind=kind,
        metric=metric_name(about),
        unit=about.result.unit,
        subject=subject,
        inputs=inputs,
        arithmetic=arithmetic,
        direction=direction,
        detail=detail,
        configuration=configuration,
        workloads=workloads,
        weight=weight,
    )
    if kind in _COMPUTED:
        return fact.model_copy(update={"result": fact.recompute()})
    return fact
