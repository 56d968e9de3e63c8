"""The extract stage: every reported result of a repository, each tied to a document line.

Harvesting is deterministic: CSV/TSV cells with their header, JSON/JSONL leaves with their
path, Markdown table cells with their row and column headers, each with its exact line. With
no model, the selected figures become the results as they are. With a model, the model
chooses, labels, groups and fills conditions, and every number it returns is grounded on its
cited line before it is accepted; derived figures are computed in Python.
"""

from __future__ import annotations

from draftflow.extract.artifact import DroppedClaim, DropReason, Extraction
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest import harvest, harvest_document
from draftflow.extract.merge import merge_extractions
from draftflow.extract.model_pass import (
    DEFAULT_CONTEXT_BUDGET_TOKENS,
    EXTRACT_PROMPT,
    ExtractClient,
    extract_with_model,
)
from draftflow.snapshot import SkippedFile, Snapshot

__all__ = [
    "DEFAULT_CONTEXT_BUDGET_TOKENS",
    "EXTRACT_PROMPT",
    "Candidate",
    "DropReason",
    "DroppedClaim",
    "ExtractClient",
    "Extraction",
    "SourceFormat",
    "extract",
    "harvest",
    "harvest_document",
]


async def extract(
    snapshot: Snapshot,
    client: ExtractClient | None,
    *,
    context_budget_tokens: int = DEFAULT_CONTEXT_BUDGET_TOKENS,
) -> Extraction:
    """Extract the snapshot's reported results, test profiles and setup.

    With `client` None the extraction is fully deterministic. With a client, the model labels,
    groups and fills conditions over documents chunked to `context_budget_tokens`; what it
    proposes that cannot be grounded is listed in `Extraction.dropped`. The deterministic
    figures are kept either way (see `merge.py`). A repository with no results gives an empty
    extraction: nothing is invented.
    """
    unreadable: list[SkippedFile] = []
    candidates = harvest(snapshot, unreadable)
    baseline = extract_deterministic(snapshot, candidates)
    if client is None:
        return baseline.model_copy(update={"unreadable": unreadable})
    modelled = await extract_with_model(
        snapshot, candidates, client, context_budget_tokens=context_budget_tokens
    )
    order = [d.document_id for d in snapshot.documents]
    merged = merge_extractions(baseline, modelled, order)
    return merged.model_copy(update={"unreadable": unreadable})
