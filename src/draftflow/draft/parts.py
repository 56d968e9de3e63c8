"""What the template sections read: grounded results, configurations, and the writer's view of
them (`SectionWriter`, which `templates.Writer` implements)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft.grounding import Grounding
from draftflow.record.model import ReportedResult
from draftflow.select.artifact import Selection
from draftflow.select.metadata_model import RecordMetadata


@dataclass(frozen=True)
class Grounded:
    """A reported result with the snapshot document its evidence line is in."""

    result: ReportedResult
    document: Document


def cited_texts(grounded: Iterable[Grounded]) -> list[str]:
    """The text of each document the figures cite, once each."""
    documents = {item.document.pinned_url: item.document for item in grounded}
    return [document.text for document in documents.values()]


def documents_of(grounded: Iterable[Grounded]) -> list[str]:
    """The path and the text of each document the figures cite, once each: a folder name
    (`llm-bench/GLM-4.5-Air-UD-Q4_K_XL/README.md`) states what its figures ran on as much
    as a line does."""
    items = list(grounded)
    return list(dict.fromkeys(item.document.path for item in items)) + cited_texts(items)


def read_texts(snapshot: Snapshot) -> list[str]:
    """The path and the text of every document the draft read: what a sentence saying a
    thing is not stated must hold of."""
    documents = snapshot.documents
    return [*(document.path for document in documents), *(d.text for d in documents)]


@dataclass(frozen=True)
class Profile:
    """A configuration to describe: a test profile, or the shared conditions of results."""

    label: str
    conditions: dict[str, JsonValue]
    document: Document | None


class SectionWriter(Protocol):
    """What a template section reads of the writer."""

    snapshot: Snapshot
    selection: Selection
    facts: RecordMetadata | None
    front: list[Document]
    grounded: list[Grounded]

    def ground(self, documents: Iterable[Document]) -> Grounding:
        """The guard over these documents and the record's values."""
        ...

    def written(self, item: Grounded) -> str:
        """The result's value as its evidence line writes it."""
        ...

    def profiles(self) -> list[Profile]:
        """The configurations to describe."""
        ...
