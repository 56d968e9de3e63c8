"""Deterministic harvesting: every number-bearing table cell and data leaf of a snapshot."""

from __future__ import annotations

from collections.abc import Callable

from draftflow.acquire.snapshot import Document, SkippedFile, Snapshot
from draftflow.extract.candidates import Candidate
from draftflow.extract.harvest.aligned import harvest_aligned
from draftflow.extract.harvest.csv_files import harvest_csv
from draftflow.extract.harvest.html_tables import harvest_html
from draftflow.extract.harvest.inline_pairs import harvest_inline_pairs
from draftflow.extract.harvest.json_leaves import harvest_json
from draftflow.extract.harvest.keyvalue import harvest_keyvalue
from draftflow.extract.harvest.markdown_tables import harvest_markdown
from draftflow.extract.harvest.script_data import harvest_script_data
from draftflow.extract.prose.harvest import harvest_prose
from draftflow.runtime.collector import collection_paused

Harvester = Callable[[Document], list[Candidate]]
CheckedHarvester = Callable[[Document, list[str]], list[Candidate]]


def harvest_log(document: Document) -> list[Candidate]:
    """Text and log files: pipe tables (llama-bench), aligned tables, key/value lines, then
    lines of `name=value` pairs."""
    return harvest_markdown(document) + _log_beside_tables(document)


def _log_beside_tables(document: Document) -> list[Candidate]:
    return harvest_aligned(document) + harvest_keyvalue(document) + harvest_inline_pairs(document)


def harvest_report(document: Document) -> list[Candidate]:
    """Markdown and HTML tables, aligned tables in fences, key/value report blocks, lines of
    `name=value` pairs in fences, then figures written in prose."""
    return harvest_markdown(document) + _report_beside_tables(document)


def _report_beside_tables(document: Document) -> list[Candidate]:
    return (
        harvest_html(document)
        + harvest_aligned(document)
        + harvest_keyvalue(document)
        + harvest_inline_pairs(document)
        + harvest_prose(document)
    )


def harvest_asciidoc(document: Document) -> list[Candidate]:
    """AsciiDoc documents: their `|===` tables (`harvest_html` reads them as it reads a
    LaTeX tabular), then what a text file gives beside its tables (aligned tables, key/value
    lines, `name=value` pairs); the learned result model reads the other numbers of their
    lines (`harvest/lines.py`)."""
    return harvest_html(document) + harvest_markdown(document) + _log_beside_tables(document)


def harvest_markup(document: Document) -> list[Candidate]:
    """Web pages and LaTeX sources: their tables (`<table>`, `tabular`), a page's script data
    (JSON literals: `script_data.py`), then `key: value` lines not read there; the learned
    result model reads the other numbers of their lines (`harvest/lines.py`)."""
    scripted = harvest_script_data(document)
    read = {(c.line, value) for c in scripted for value in c.values}
    pairs = [
        c for c in harvest_keyvalue(document) if not read.issuperset((c.line, v) for v in c.values)
    ]
    return harvest_html(document) + scripted + pairs


HARVESTERS: dict[str, Harvester] = {
    ".csv": harvest_csv,
    ".tsv": harvest_csv,
    ".json": harvest_json,
    ".jsonl": harvest_json,
    ".ndjson": harvest_json,
    ".md": harvest_report,
    ".markdown": harvest_report,
    ".txt": harvest_log,
    ".log": harvest_log,
    ".out": harvest_log,
    ".html": harvest_markup,
    ".htm": harvest_markup,
    ".tex": harvest_markup,
    ".adoc": harvest_asciidoc,
}


# Harvesters that can tell what they could not read (a parse error, a NaN, a CSV error).
CHECKED: dict[str, CheckedHarvester] = {
    ".csv": harvest_csv,
    ".tsv": harvest_csv,
    ".json": harvest_json,
    ".jsonl": harvest_json,
    ".ndjson": harvest_json,
}


# What a harvester that reads Markdown tables first (`harvest_markdown`) reads after them.
_BESIDE_TABLES: dict[Harvester, Harvester] = {
    harvest_report: _report_beside_tables,
    harvest_log: _log_beside_tables,
}


def harvest_beside_tables(document: Document) -> list[Candidate] | None:
    """For a document whose harvest is its Markdown tables' cells (`harvest_markdown`) and
    then other candidates, those others, in `harvest_document`'s order; None for any other
    document. A reader of a few table rows harvests their tables alone
    (`markdown_tables.table_candidates`) and these."""
    lowered = document.path.lower()
    if any(lowered.endswith(suffix) for suffix in CHECKED):
        return None
    harvester = harvester_for(document.path)
    beside = _BESIDE_TABLES.get(harvester) if harvester is not None else None
    return beside(document) if beside is not None else None


def harvester_for(path: str) -> Harvester | None:
    """The harvester for a document by its file extension, or None for other formats."""
    lowered = path.lower()
    for suffix, harvester in HARVESTERS.items():
        if lowered.endswith(suffix):
            return harvester
    return None


def harvest_document(document: Document, problems: list[str] | None = None) -> list[Candidate]:
    """Every candidate of one document (none for formats without tables or data leaves); what
    could not be read is appended to `problems`."""
    lowered = document.path.lower()
    for suffix, checked in CHECKED.items():
        if lowered.endswith(suffix):
            return checked(document, problems if problems is not None else [])
    harvester = harvester_for(document.path)
    return harvester(document) if harvester else []


def harvest_to_select(document: Document) -> list[Candidate]:
    """`harvest_document(document)` less the candidates `select` is sure to leave out (a CSV
    file's raw data tables, `harvest_csv`): for a reader of the selected figures only, which
    `select` of this gives as it gives them from the whole harvest."""
    if document.path.lower().endswith((".csv", ".tsv")):
        return harvest_csv(document, [], raw_tables=False)
    return harvest_document(document)


def harvest(snapshot: Snapshot, unreadable: list[SkippedFile] | None = None) -> list[Candidate]:
    """Every candidate of every document, in snapshot order, then line order.

    Documents that could not be read in full are appended to `unreadable` with the reason.
    """
    candidates: list[Candidate] = []
    with collection_paused():
        for document in snapshot.documents:
            problems: list[str] = []
            candidates.extend(harvest_document(document, problems))
            if problems and unreadable is not None:
                unreadable.append(SkippedFile(path=document.path, reason="; ".join(problems)))
    return candidates
