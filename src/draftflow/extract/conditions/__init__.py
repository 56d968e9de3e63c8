"""Conditions under the seed's keys, resolved from a figure's context (`resolve.py`)."""

from __future__ import annotations

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.candidates import Candidate
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.resolve import (
    SEED_KEYS,
    SOURCE_CELLS,
    seed_conditions,
    setup_conditions,
)
from draftflow.extract.conditions.setup import setup_source
from draftflow.extract.ground import Grounded

__all__ = [
    "SEED_KEYS",
    "SOURCE_CELLS",
    "ConditionReader",
    "DocumentContext",
    "seed_conditions",
    "setup_conditions",
]


class ConditionReader:
    """Seed-keyed conditions for the figures of one snapshot; each document read once."""

    def __init__(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self._contexts: dict[str, DocumentContext] = {}
        self._setups: dict[str, dict[str, JsonValue]] = {}
        readme = next(
            (d for d in snapshot.documents if d.path.lower() in ("readme.md", "readme")), None
        )
        self._readme = self._context(readme) if readme is not None else None
        self._readme_setup = self._setup(readme) if readme is not None else {}

    def _context(self, document: Document) -> DocumentContext:
        found = self._contexts.get(document.document_id)
        if found is None:
            found = self._contexts[document.document_id] = DocumentContext(document)
        return found

    def _setup(self, document: Document) -> dict[str, JsonValue]:
        """What the document's setup sections state (read once per document)."""
        found = self._setups.get(document.document_id)
        if found is None:
            found = self._setups[document.document_id] = setup_conditions(setup_source(document))
        return found

    def setup(self, document: Document) -> dict[str, JsonValue]:
        """The settings a figure of `document` takes when no nearer context states them: the
        document's own setup sections first, then the README's (the repository's)."""
        return {**self._readme_setup, **self._setup(document)}

    def read(
        self, raw: dict[str, JsonValue], candidate: Candidate, figure: Grounded
    ) -> dict[str, JsonValue]:
        """One grounded figure's conditions from its row (`raw`) and its context."""
        return seed_conditions(
            raw,
            text=candidate.text,
            value=float(figure.value),
            line=figure.line,
            column=candidate.column,
            context=self._context(figure.document),
            readme=self._readme,
            setup=self.setup(figure.document),
        )
