"""Where a record was drafted from: the model of `records/<id>.source.json`.

It names the kind of source (a remote URL, a local git checkout, a plain folder), its
location, and the `--origin` and `--only` the draft used. It holds nothing secret: remote URLs
that carry a password or an https user name are refused by acquire before anything is
written, and model settings (the API key) are not part of it. It is not part of the published
record. Saving and loading it is `store.source`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class SourceKind(StrEnum):
    """How a source is read: fetched from a URL, read from a checkout's commit, or a folder."""

    REMOTE = "remote"
    CHECKOUT = "checkout"
    FOLDER = "folder"


class RecordSource(BaseModel):
    """What `refresh` needs to find a record's source again and draft it the same way."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: SourceKind
    location: str
    origin: str | None = None
    only: list[str] = []

    @property
    def refreshable(self) -> bool:
        """Whether the source can move: a git source can, a plain folder copy cannot."""
        return self.kind is not SourceKind.FOLDER
