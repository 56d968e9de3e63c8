"""Run files and the Markdown that restates them.

A repository that publishes its runs as data files (`results/<run>.json`) often restates a
run's numbers in a Markdown page whose heading names the file ("Measured results
(`results/x.json`)"). The run file is the measurement; the page is a summary of it. Where one
number is in both, the run file is what the record cites, carrying the emphasis the page gives
the number.
"""

from __future__ import annotations

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.document import parse_document
from draftflow.numbers.file_kinds import DATA_SUFFIXES


def run_file_paths(snapshot: Snapshot) -> frozenset[str]:
    """The paths of the snapshot's data files (the runs a page may name)."""
    return frozenset(d.path for d in snapshot.documents if d.path.lower().endswith(DATA_SUFFIXES))


def named_run_file(document: Document, line: int, run_files: frozenset[str]) -> str | None:
    """The run file the headings over a Markdown line name, or None: the page restates it."""
    if not run_files or not document.path.lower().endswith((".md", ".markdown")):
        return None
    section = parse_document(document).section_at(line)
    if section is None:
        return None
    headings = " ".join(section.heading_path)
    named = [path for path in run_files if path in headings]
    return max(named, key=len) if named else None
