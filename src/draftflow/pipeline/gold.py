"""Gold files: hand-checked figures of one repository at one revision, and their reader.

The format is described in `tests/data/devgold/POLICY.md`: every reported figure of the covered
documents, the headline an editor would publish, and each headline figure's `conditions`.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from draftflow.text.json_input import read_input_text, validate_json


class GoldFigure(BaseModel):
    """One hand-checked figure of a gold file."""

    model_config = ConfigDict(extra="allow")

    path: str
    line: int = Field(ge=1, description="1-based line of the figure in its document")
    metric: str
    value: float
    unit: str | None = None
    label: str = ""
    raw: str = ""
    statistic: str | None = None


class GoldHeadline(BaseModel):
    """One figure an editor would publish as a headline result."""

    model_config = ConfigDict(extra="allow")

    path: str
    line: int = Field(ge=1, description="1-based line of the figure in its document")
    value: float
    metric: str = ""
    label: str = ""
    conditions: dict[str, JsonValue] | None = None
    """What the source says the figure was measured on, and by whom (scored per key)."""


class GoldDocument(BaseModel):
    """A covered document and the sha256 of its bytes."""

    path: str
    sha256: str


class GoldFile(BaseModel):
    """A gold file: which repository, at which revision, and its figures."""

    model_config = ConfigDict(extra="allow")

    repository: str
    revision: str
    documents: list[GoldDocument]
    covered_lines: dict[str, list[int]] | None = None
    figures: list[GoldFigure]
    headline: list[GoldHeadline] = Field(default_factory=list)

    def covers(self, path: str, line: int) -> bool:
        """Whether the gold lists every figure of this document line."""
        if path not in {d.path for d in self.documents}:
            return False
        span = (self.covered_lines or {}).get(path)
        return span is None or span[0] <= line <= span[1]


def load_gold(path: Path) -> GoldFile:
    """Read and validate one gold file."""
    hint = "the format is described in the gold folder's POLICY.md"
    text = read_input_text(path, what="gold file", hint=hint)
    return validate_json(text, GoldFile, origin=f"gold file {path}", hint=hint)
