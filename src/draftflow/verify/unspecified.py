"""A result of metric `unspecified`: the source writes a measured value under a name no
metric of the vocabulary matches. Verify accepts it only when that is so (the cited cell's
column, its row label and the name the record keeps for it name no known metric, or name one
whose kind of quantity the result's unit contradicts) and flags it as a warning either way,
for the editor to name the metric before publishing."""

from __future__ import annotations

from collections.abc import Callable

from draftflow.extract.classify import UNSPECIFIED
from draftflow.extract.metric_names import metric_name
from draftflow.record.model import ReportedResult
from draftflow.verify.context import VerifyContext
from draftflow.verify.dimensions import metric_dimension, unit_dimensions
from draftflow.verify.report import Evidence, Rule, Severity

NAMED_AS = "metric_as_written"
"""The condition that keeps what the source calls a figure of metric `unspecified`."""


def check_unspecified(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    context: str,
    evidence: Callable[[], Evidence],
) -> None:
    """Flag a result of metric `unspecified`: an error when what the source calls it (`context`,
    the cell's column header and row label, or the name the record keeps) names a known
    metric, else a warning that asks the editor to name it."""
    if result.metric != UNSPECIFIED:
        return
    kept = result.conditions.get(NAMED_AS)
    names = [part for part in context.split(" | ") if part.strip()]
    if isinstance(kept, str) and kept.strip():
        names.append(kept)
    known = next(
        (
            (name, m)
            for name in names
            if (m := metric_name(name)) is not None and _unit_fits(m, result.unit)
        ),
        None,
    )
    if known is not None:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/metric",
            result.metric,
            f"the source calls this value {known[0]!r}, which names the metric {known[1]!r}; "
            "record that metric, not 'unspecified'",
            [evidence()],
        )
        return
    called = kept if isinstance(kept, str) and kept.strip() else (names[0] if names else "")
    ctx.flag(
        Severity.WARNING,
        Rule.REPORTED_RESULTS,
        f"{base}/metric",
        result.metric,
        f"the source calls this value {called!r}, a name no known metric matches; name the "
        "metric before publishing it (or add the metric to numbers/vocabulary.toml)",
        [evidence()],
    )


def _unit_fits(metric: str, unit: str) -> bool:
    """Whether a figure in `unit` can be of `metric`: a unit of another kind of quantity than
    the metric's (`M4 Avg prefill time: 0.2322 s` is a time, and the vocabulary's
    `prefill_rate` a rate) says the name's words are not that metric's, so the figure stays
    `unspecified`; a unit of no known kind contradicts no metric."""
    dimension = metric_dimension(metric)
    dimensions = unit_dimensions(unit)
    return dimension is None or not dimensions or dimension in dimensions
