"""A reported result's standing: what its own author says about it, and whose it is.

`ResultStatus` holds the author's status words (a figure the source marks retracted,
contaminated, superseded, estimated, invalid, broken or deprecated); `Attribution` says who
measured a figure when that is someone other than the repository's author (a quoted forum post
or issue comment, a vendor, another repository, a hosted model's run). Each carries its
evidence: the document, the line and the words as written, so verify can re-read them.
Both are optional on `ReportedResult` and omitted from its JSON when absent.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictInt

__all__ = [
    "Attribution",
    "AttributionKind",
    "ResultStatus",
    "StandingScope",
    "Status",
]


class Status(StrEnum):
    """The author's own word for a result that is not a result to publish as is."""

    RETRACTED = "retracted"
    CONTAMINATED = "contaminated"
    SUPERSEDED = "superseded"
    ESTIMATED = "estimated"
    INVALID = "invalid"
    BROKEN = "broken"
    DEPRECATED = "deprecated"


class StandingScope(StrEnum):
    """How far the words that mark a figure reach: which part of the source they cover."""

    FILE_NAME = "file_name"
    """The document's path names the status (`run-CONTAMINATED.json`)."""
    DOCUMENT = "document"
    """A banner, front matter or the introduction speaks for the whole document."""
    SECTION = "section"
    """A heading or a sentence speaks for its section."""
    ROW = "row"
    """A cell of the figure's own table row."""
    COLUMN = "column"
    """The header of the figure's own table column (`tok/s (estimated)`)."""
    COMMENT = "comment"
    """A comment of a thread, from its author header to the next one."""
    SENTENCE = "sentence"
    """The sentence that states the figure."""


class AttributionKind(StrEnum):
    """Who, other than the repository's author, measured a figure."""

    QUOTED_SOURCE = "quoted_source"
    """A copied third-party page (front matter naming its publisher and origin)."""
    COMMENTER = "commenter"
    """A comment of an issue, PR or forum thread, by its author."""
    PERSON = "person"
    """A person the source names (`reported by @user`)."""
    VENDOR = "vendor"
    """A vendor's or another project's published figure (`according to NVIDIA`)."""
    HOSTED_MODEL = "hosted_model"
    """A hosted model's or service's run rather than the repository's hardware."""


class _Standing(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class ResultStatus(_Standing):
    """The author's status for a figure, with the words and place that state it."""

    status: Annotated[Status, Field(strict=False)]  # read back from its JSON string
    words: str
    """The marking words, exactly as the source writes them."""
    path: str
    line: Annotated[StrictInt, Field(ge=1)]
    scope: Annotated[StandingScope, Field(strict=False)]

    @property
    def place(self) -> str:
        """`path:line` of the marking words."""
        return f"{self.path}:{self.line}"


class Attribution(_Standing):
    """Who measured a figure, as the source names them, with the place that says so."""

    who: str
    kind: Annotated[AttributionKind, Field(strict=False)]
    words: str
    """The marking words, exactly as the source writes them."""
    path: str
    line: Annotated[StrictInt, Field(ge=1)]
    scope: Annotated[StandingScope, Field(strict=False)]

    @property
    def place(self) -> str:
        """`path:line` of the words that name who measured the figure."""
        return f"{self.path}:{self.line}"
