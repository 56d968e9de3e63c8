"""A figure with its headline score and the reasons the rules gave it."""

from __future__ import annotations

from dataclasses import dataclass, field

from draftflow.record.model import ReportedResult
from draftflow.select.figures_file import Figure
from draftflow.select.lead import RoleReading

BOLD_REASON = "written in bold"


@dataclass
class Scored:
    """A figure with its headline score and the rules that gave it."""

    figure: Figure
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)
    stands_alone: bool = False
    """A claim of its own, not one configuration's (a reference row's cell, a column's best
    value its author marked, the latest entry of a dated record, a range's end): the
    one-per-row coverage does not hold it back."""
    path: str = ""
    """The path of the figure's document."""
    role: RoleReading | None = None
    """What the figure's document is to the repository (read once per document)."""
    restates: str | None = None
    """The run file a Markdown page's headings name over the figure: the page restates it."""

    def add(self, points: float, reason: str) -> None:
        """Credit (or debit) the figure and say why."""
        self.score += points
        if reason and points > 0:
            self.reasons.append(reason)

    @property
    def why(self) -> str:
        """The reasons as one phrase for provenance and the review page."""
        return "; ".join(self.reasons) or "a grounded figure of the repository"


def said(result: ReportedResult) -> str:
    """How the source describes the figure: a sentence's words where extract kept them (its
    label names the configuration instead), else the label."""
    if result.parts is not None and result.parts.said:
        return result.parts.said
    return result.label
