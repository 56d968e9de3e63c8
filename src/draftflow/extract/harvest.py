"""Deterministic harvesting: every number-bearing table cell and data leaf of a snapshot."""

from __future__ import annotations

from collections.abc import Callable

from draftflow.extract.candidates import Candidate
from draftflow.extract.harvest_csv import harvest_csv
from draftflow.extract.harvest_json import harvest_json
from draftflow.extract.harvest_keyvalue import harvest_keyvalue
from draftflow.extract.harvest_markdown import harvest_markdown
from draftflow.extract.harvest_prose import harvest_prose
from draftflow.snapshot import Document, Snapshot

Harvester = Callable[[Document], list[Candidate]]


def harvest_log(document: Document) -> list[Candidate]:
    """Text and log files: aligned and pipe tables (llama-bench), then key/value lines."""
    return harvest_markdown(document) + harvest_keyvalue(document)


def harvest_report(document: Document) -> list[Candidate]:
    """Markdown tables, key/value report blocks, then figures written in prose."""
    return harvest_markdown(document) + harvest_keyvalue(document) + harvest_prose(document)


HARVESTERS: dict[str, Harvester] = {
    ".csv": harvest_csv,
    ".tsv": harvest_csv,
    ".json": harvest_json,
    ".jsonl": harvest_json,
    ".md": harvest_report,
    ".markdown": harvest_report,
    ".txt": harvest_log,
    ".log": harvest_log,
}


def harvester_for(path: str) -> Harvester | None:
    """The harvester for a document by its file extension, or None for other formats."""
    lowered = path.lower()
    for suffix, harvester in HARVESTERS.items():
        if lowered.endswith(suffix):
            return harvester
    return None


def harvest_document(document: Document) -> list[Candidate]:
    """Every candidate of one document (none for formats without tables or data leaves)."""
    harvester = harvester_for(document.path)
    return harvester(document) if harvester else []


def harvest(snapshot: Snapshot) -> list[Candidate]:
    """Every candidate of every document, in snapshot order, then line order."""
    candidates: list[Candidate] = []
    for document in snapshot.documents:
        candidates.extend(harvest_document(document))
    return candidates
