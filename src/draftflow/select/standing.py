"""Keep figures out of the headline that are not the repository's own standing results: those
the author marks with a status word (retracted, estimated, ...) and those someone else
measured (`ReportedResult.status`, `ReportedResult.attribution`, read in extract). They stay
in the figures file; the article says why they are not headline results.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol, TypeVar

from draftflow.record.model import ReportedResult
from draftflow.select.figures import Figure


class HeadlineStanding(StrEnum):
    """Whether a figure may stand as the repository's own result in its headline."""

    OWN = "own"
    """No status words and no one else named: the author's result."""
    STATUS_MARKED = "status_marked"
    """The author marks it (retracted, contaminated, superseded, estimated, ...)."""
    ATTRIBUTED = "attributed"
    """Someone other than the author measured it."""


def headline_standing(result: ReportedResult) -> HeadlineStanding:
    """The figure's standing for the headline, from its status and attribution."""
    if result.status is not None:
        return HeadlineStanding.STATUS_MARKED
    if result.attribution is not None:
        return HeadlineStanding.ATTRIBUTED
    return HeadlineStanding.OWN


class _HasFigure(Protocol):
    @property
    def figure(self) -> Figure: ...


_T = TypeVar("_T", bound=_HasFigure)


def own_results(items: Sequence[_T]) -> list[_T]:
    """The items whose figure is the author's own standing result."""
    return [item for item in items if headline_standing(item.figure.result) is HeadlineStanding.OWN]
