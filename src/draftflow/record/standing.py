"""A reported result's standing: what its own author says about it, and whose it is.

`ResultStatus` holds the author's status words (a figure the source marks retracted,
contaminated, superseded, estimated, invalid, broken or deprecated) or what the figure's own
words say it is other than a result (a spec, an example, a failure's output, a setup time);
`Attribution` says who measured a figure when that is someone other than the repository's
author (a quoted forum post or issue comment, a vendor, another repository, a hosted
model's run). Each carries its evidence: the document, the line and the words as written, so
verify can re-read them.
Both are optional on `ReportedResult` and omitted from its JSON when absent.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictInt,
    model_serializer,
)

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
    SPECIFICATION = "specification"
    """A spec sheet's or vendor's stated value (`Spec`, `theoretical`), not a measurement."""
    ILLUSTRATIVE = "illustrative"
    """An example of what a tool prints (`Example output`, `looks like this:`), not a run."""
    FAILURE = "failure"
    """What a failure produced or a fault destroyed (a run against a dead endpoint, a bug's
    share of scores), not a measurement of what the repository tests."""
    SETUP = "setup"
    """How long setting the system up takes (provisioning, installing, building), not a
    measurement of what it runs."""
    ADVICE = "advice"
    """What a piece of advice says to do or expect (`use 2x the memory`), not a measurement."""


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
    """The marking words of a standing and where they stand, kept after the kind's own fields."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    words: str
    """The marking words, exactly as the source writes them."""
    path: str
    line: Annotated[StrictInt, Field(ge=1)]
    scope: Annotated[StandingScope, Field(strict=False)]

    @property
    def place(self) -> str:
        """`path:line` of the marking words."""
        return f"{self.path}:{self.line}"

    @model_serializer(mode="wrap")
    def _own_fields_first(self, handler: SerializerFunctionWrapHandler) -> Any:
        # pydantic puts a base's fields first; records on disk have the kind's own first
        data = handler(self)
        if not isinstance(data, dict):
            return data
        own = {key: value for key, value in data.items() if key not in _MARKING_FIELDS}
        return own | {key: data[key] for key in _MARKING_FIELDS if key in data}


_MARKING_FIELDS = ("words", "path", "line", "scope")


class ResultStatus(_Standing):
    """The author's status for a figure, with the words and place that state it."""

    status: Annotated[Status, Field(strict=False)]  # read back from its JSON string


class Attribution(_Standing):
    """Who measured a figure, as the source names them, with the words and place that say so."""

    who: str
    kind: Annotated[AttributionKind, Field(strict=False)]
