"""Derived figures: medians and means of repeated runs, computed here and never by the model.

A derived figure keeps its inputs (`per_run_values`), its observed range (`uncertainty`,
labelled as a range and not a confidence interval) and a `statistic` that says it was derived
and from which source lines, so that verify can recompute it.
"""

from __future__ import annotations

import re
import statistics
from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from draftflow.extract.select import Selected, is_metric_key

RANGE_KIND = "observed range, not confidence interval"

_RUN_COLUMN = re.compile(
    r"^(run|runs?[ _-]?(id|no|nr|number|index|#)?|trial|rep|repetition|iteration|attempt|pass)$",
    re.IGNORECASE,
)

Kind = Literal["median", "mean"]


@dataclass(frozen=True)
class RunValue:
    """One grounded run: its value as written and the line that states it."""

    value: int | float
    line: int
    decimals: int


@dataclass(frozen=True)
class DerivedFigure:
    """A median or mean over grounded runs, with its range and the line it is anchored to."""

    kind: Kind
    value: int | float
    per_run_values: list[int | float]
    observed_min: int | float
    observed_max: int | float
    anchor_line: int
    lines: list[int]

    @property
    def statistic(self) -> str:
        """What the figure is, for the record's `statistic` field."""
        noun = "source row" if len(set(self.lines)) > 1 else "source value"
        plural = "s" if len(self.per_run_values) != 1 else ""
        where = ", ".join(str(line) for line in sorted(set(self.lines)))
        return (
            f"{self.kind} of {len(self.per_run_values)} {noun}{plural} (lines {where}); "
            "derived by draftflow, individually recoverable in per_run_values"
        )


def _decimals_of(value: int | float) -> int:
    if isinstance(value, int):
        return 0
    text = repr(value)
    return len(text.split(".", 1)[1]) if "." in text and "e" not in text else 0


def derive(runs: list[RunValue], kind: Kind) -> DerivedFigure:
    """The median or mean of `runs`, rounded to the precision the inputs are written at.

    Raises ValueError for an empty list.
    """
    if not runs:
        raise ValueError("a derived figure needs at least one run")
    values = [run.value for run in runs]
    raw = statistics.median(values) if kind == "median" else statistics.fmean(values)
    decimals = max(run.decimals for run in runs)
    value = _rounded(float(raw), decimals)
    anchor = next((run.line for run in runs if run.value == value), runs[0].line)
    return DerivedFigure(
        kind=kind,
        value=value,
        per_run_values=values,
        observed_min=min(values),
        observed_max=max(values),
        anchor_line=anchor,
        lines=[run.line for run in runs],
    )


def _rounded(raw: float, decimals: int) -> int | float:
    """`raw` at the inputs' precision, or one digit more when that is exact (2082.5)."""
    for places in (decimals, decimals + 1):
        candidate = round(raw, places)
        if abs(candidate - raw) < 1e-9:
            return int(candidate) if places == 0 else candidate
    return round(raw, decimals + 1)


@dataclass(frozen=True)
class RunGroup:
    """Selected results that are repeated runs of one configuration and one metric."""

    members: list[Selected]
    run_column: str


def _run_column(selected: Selected) -> str | None:
    for name in selected.candidate.context:
        if _RUN_COLUMN.match(name.strip()):
            return name
    return None


def _configuration(selected: Selected, run_column: str) -> tuple[tuple[str, str], ...]:
    """The row's settings: every cell except the run id and the measured figures."""
    return tuple(
        (name, text)
        for name, text in selected.candidate.context.items()
        if name != run_column and not is_metric_key(name)
    )


def repeated_runs(selected: list[Selected]) -> list[RunGroup]:
    """Groups of table rows that differ only in a run/trial/repetition column.

    Only tables that name such a column are grouped: rows that merely look alike are not
    assumed to be repeats of one configuration.
    """
    groups: dict[tuple[object, ...], list[Selected]] = defaultdict(list)
    columns: dict[tuple[object, ...], str] = {}
    for item in selected:
        candidate = item.candidate
        if candidate.json_path is not None:
            continue
        run_column = _run_column(item)
        if run_column is None:
            continue
        key = (
            candidate.document_id,
            candidate.table,
            candidate.column,
            item.metric,
            _configuration(item, run_column),
        )
        groups[key].append(item)
        columns[key] = run_column
    found = []
    for group_key, members in groups.items():
        run_ids = {m.candidate.context.get(columns[group_key]) for m in members}
        if len(members) >= 2 and len(run_ids) == len(members):
            found.append(RunGroup(members, columns[group_key]))
    return found
