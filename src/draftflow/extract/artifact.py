"""The extract stage's output: reported results, test profiles, setup, and what was dropped."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field, PrivateAttr

from draftflow.acquire.snapshot import SkippedFile
from draftflow.record.model import ReportedResult, ReportedSetup, TestProfile, UnreadTable

DocumentFigures = dict[tuple[str, str], dict[int, list[Any]]]
"""Figures (`extract.classify.Selected`) by document (path, sha256), then by line."""


class DropReason(StrEnum):
    """Why a proposed figure, condition or profile was not accepted."""

    UNKNOWN_DOCUMENT = "unknown_document"
    NO_SUCH_LINE = "no_such_line"
    NOT_ON_LINE = "value_not_on_cited_line"
    INSTRUCTION_TEXT = "cited_line_reads_as_instructions"
    TOO_FEW_RUNS = "too_few_grounded_runs"
    RUNS_NOT_ON_ONE_LINE = "runs_not_on_one_line"
    CONDITION_NOT_IN_SOURCES = "condition_not_in_sources"
    CONDITION_WRONG_TYPE = "condition_wrong_type"
    TEXT_NOT_IN_SOURCES = "text_numbers_not_in_sources"
    DUPLICATE = "duplicate"
    REPLY_INVALID = "model_reply_invalid"
    NOT_HARVESTED = "number_not_a_harvested_figure"
    """The model cited a number of a prose line that the prose finder did not read as a
    figure: the model confirms figures, it never adds one."""
    NOT_CONFIRMED = "prose_figure_not_confirmed"
    """A figure the prose finder read that the model, shown it, did not confirm."""


class DroppedClaim(BaseModel):
    """Something the model proposed that could not be grounded in the sources, and why."""

    kind: str = Field(
        description="result | repeated_runs | condition | profile | setup | label | metric | "
        "unit | statistic | chunk"
    )
    label: str
    claimed: str = Field(description="what was claimed, as the model wrote it")
    document_id: str | None = None
    line: int | None = None
    reason: DropReason
    detail: str = ""

    def __str__(self) -> str:
        where = f" at {self.document_id}#L{self.line}" if self.document_id else ""
        return f"{self.kind} {self.label!r}: {self.claimed}{where} dropped ({self.reason}): " + (
            self.detail
        )


def empty_setup() -> ReportedSetup:
    """A reported setup with every field unknown."""
    return ReportedSetup(
        system=None,
        node_count=None,
        parallelism=None,
        kv_dtype=None,
        context_limit_tokens=None,
        experiment_date=None,
    )


class Extraction(BaseModel):
    """Everything extract established, each number tied to a document line, plus the drops."""

    reported_results: list[ReportedResult] = Field(default_factory=list)
    test_profiles: list[TestProfile] = Field(default_factory=list)
    reported_setup: ReportedSetup = Field(default_factory=empty_setup)
    dropped: list[DroppedClaim] = Field(default_factory=list)
    candidates_seen: int = 0
    unreadable: list[SkippedFile] = Field(default_factory=list)
    """Documents that could not be read in full (a parse error, a NaN, a CSV error), and why."""
    unread_tables: list[UnreadTable] = Field(default_factory=list)
    """Tables and tool outputs with numbers of which no figure was read (`extract/unread.py`)."""
    prompt_hashes: dict[str, str] = Field(default_factory=dict)
    method: str = Field(
        default="deterministic", description='"deterministic" (no model) or "model"'
    )
    harvested: list[ReportedResult] = Field(default_factory=list, exclude=True)
    """The harvest's own reading of each figure the model relabelled (`merge.py`): what stands
    in its place when verify refuses the model's reading (`pipeline/verified.py`)."""
    _figures_by_line: DocumentFigures = PrivateAttr(default_factory=dict)

    @property
    def figures_by_line(self) -> DocumentFigures:
        """Each document's figures as the harvest and classifier read them (`select`), by
        line, under the document's (path, sha256): what verify re-reads a cited place by
        (`verify/reread.py`), handed on so that a draft harvests each document once. Held in
        memory only (a copy of the extraction keeps it; its JSON does not)."""
        return self._figures_by_line

    def share_figures(self, figures: DocumentFigures) -> None:
        """Keep `figures` (as `figures_by_line` gives them) with this extraction."""
        self._figures_by_line = figures
