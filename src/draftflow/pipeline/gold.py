"""Gold files: hand-checked figures of one repository at one revision, and their reader.

The format is described in `tests/data/devgold/POLICY.md`: every reported figure of the covered
documents, the headline an editor would publish, and each headline figure's `conditions`.
"""

from __future__ import annotations

import glob
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

    def document_globs(self) -> tuple[str, ...]:
        """The covered documents as `--only` patterns (escaped: paths are not patterns)."""
        return tuple(glob.escape(d.path) for d in self.documents)


def corpora(gold_path: Path, corpus_dir: Path | None = None) -> list[Path]:
    """Where a gold file's repository copy is looked for: `corpus_dir` if given, then the
    `corpus/` folder beside the gold file's folder."""
    return [*([corpus_dir] if corpus_dir else []), gold_path.parent.parent / "corpus"]


def corpus_copy(gold: GoldFile, gold_path: Path, corpus_dir: Path | None = None) -> Path | None:
    """The folder `<corpus>/<owner>__<name>/` holding the gold's repository, if one exists."""
    name = gold.repository.replace("/", "__")
    return next((c / name for c in corpora(gold_path, corpus_dir) if (c / name).is_dir()), None)


def load_gold(path: Path) -> GoldFile:
    """Read and validate one gold file."""
    hint = "the format is described in the gold folder's POLICY.md"
    text = read_input_text(path, what="gold file", hint=hint)
    return validate_json(text, GoldFile, origin=f"gold file {path}", hint=hint)
