"""A figure's metric checked against the dimension of its unit (a time, a rate, a share)."""

from __future__ import annotations

from draftflow.extract.vocabulary import metric_by_unit
from draftflow.numbers.units import unit_named
from draftflow.numbers.vocabulary import dimensions_by_spelling, vocabulary

_VOCABULARY = vocabulary()
_UNIT_DIMENSIONS = dimensions_by_spelling()
_SHARE = frozenset({"ratio"})
_RATE = "rate"
_RATE_OF_SPELLING = {
    spelling.lower(): unit.id
    for unit in _VOCABULARY.unit
    if _RATE in unit.dimensions
    for spelling in (unit.id, *unit.written, *unit.attached, *unit.aliases)
}
_TIME = "time"
_COUNT = frozenset({"count"})
UNSPECIFIED = "unspecified"


def fitted_metric(
    metric: str, unit: str, name: str, unit_in_cell: bool, unit_in_key: bool
) -> str | None:
    """The metric of a figure once its unit is known, or None when it is no figure.

    A temperature with no unit written is a sampling temperature, a setting. A unit written in
    the cell (or its header) comes first in the chain of what names a figure: a metric of
    another dimension, taken from a farther name (the row's first cell, a caption), yields to
    the metric of the cell's unit (`77.99 s` on a `…-low-temperature` row is a time), and so
    does one its key writes with a percent (`memory_percent` is a share); a unit read from a
    caption or heading changes no metric. A count written in the cell (`ANE batch (32 tok)`
    under `Prefill`) is never a rate: it counts what the rate would be of."""
    dimension = _VOCABULARY.metric_dimension_of(metric)
    dimensions = _UNIT_DIMENSIONS.get(unit.lower(), frozenset())
    if dimension == _RATE and dimensions == _COUNT and unit_in_cell:
        return None
    if dimension is not None and dimensions and dimension not in dimensions:
        metric = _metric_of_unit(metric, unit, name, dimensions, (unit_in_cell, unit_in_key))
    if metric == "temperature" and "temperature" not in dimensions:
        return None
    if dimension == _TIME and _TIME not in dimensions and unit_named(unit) is not None:
        # `42.7 TFLOPS` under a caption that says latency: a time is never in another unit
        return metric_by_unit(unit, name) or UNSPECIFIED
    if _another_rate(metric, unit):
        return metric_by_unit(_RATE_OF_SPELLING[unit.lower()], name) or UNSPECIFIED
    return metric


def _metric_of_unit(
    metric: str, unit: str, name: str, dimensions: frozenset[str], written: tuple[bool, bool]
) -> str:
    """The metric a unit of another dimension than `metric`'s makes, when it is written in the
    cell (or, for a share, in its key): `written` is (in the cell, in the key)."""
    by_unit = metric_by_unit(unit, name)
    if by_unit is None:
        return metric
    if dimensions == _SHARE and any(written):
        return by_unit  # `memory_percent`: a share of the memory, not a size
    if written[0] and _VOCABULARY.metric_dimension_of(by_unit) in dimensions:
        return by_unit
    return metric


def _another_rate(metric: str, unit: str) -> bool:
    """Whether a rate metric measured in one unit (`decode_rate`: tokens/s) was given a figure
    in another rate's unit (`22.43 it/s`, a sampler's steps; `req/s`): a rate names what it
    counts, so the figure is not that metric."""
    entry = _VOCABULARY.metric_by_id(metric)
    if entry is None or entry.dimension != _RATE or entry.unit is None:
        return False
    written = _RATE_OF_SPELLING.get(unit.lower())
    return written is not None and written != entry.unit
