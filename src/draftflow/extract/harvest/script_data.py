"""Harvest the data a web page's script holds: `var traces = [{"x": [...], "y": [6.45, 9.36],
"name": "Baseline"}];` (a Plotly chart), `const data = [{"name": "GPT-4o", "score": 38.1}]` (a
leaderboard page's table, filled in by the script).

A report page draws its charts and tables from such literals. Each one that is JSON (tools
write them with a JSON encoder) is read as a JSON document: every number-bearing leaf with its
key path under the variable's name (`traces[0].y[1]`), the line it is written on and the
scalars of its enclosing objects (the trace's `name`, the row's model). A literal that is no
JSON (a layout written by hand: `{ title: 'x' }`) is left to the line reader.
"""

from __future__ import annotations

import json
import re

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.document import DocumentKind, parse_document
from draftflow.extract.document.json_tree import JsonScanError, scan_json
from draftflow.extract.harvest.json_leaves import LeafSite, _LeafCollector, leaf_candidate

MAX_LITERAL_CHARS = 2_000_000
"""A literal longer than this is not read (a page is at most the snapshot's file bound)."""

_ASSIGNED = re.compile(r"\b(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(?=[\[{])")
_DECODER = json.JSONDecoder()


def script_data_sites(document: Document) -> list[LeafSite]:
    """Every number-bearing leaf of the JSON literals a web page's scripts assign, in order."""
    if parse_document(document).kind is not DocumentKind.HTML:
        return []
    text = document.text
    if text.startswith("\ufeff"):
        text = text[1:]
    collector = _LeafCollector()
    position = 0
    while True:
        match = _ASSIGNED.search(text, position)
        if match is None:
            break
        start = match.end()
        try:
            _, end = _DECODER.raw_decode(text, start)
        except ValueError:
            position = start
            continue
        position = end
        if end - start > MAX_LITERAL_CHARS:
            continue
        first_line = text.count("\n", 0, start) + 1
        try:
            node = scan_json(text[start:end], first_line=first_line)
        except (JsonScanError, RecursionError):
            continue
        collector.walk(node, match.group(1), {}, node.line)
    return collector.sites


def harvest_script_data(document: Document) -> list[Candidate]:
    """A JSON leaf candidate for every number-bearing leaf of a web page's script data."""
    found = (leaf_candidate(document, SourceFormat.JSON, s) for s in script_data_sites(document))
    return [candidate for candidate in found if candidate is not None]
