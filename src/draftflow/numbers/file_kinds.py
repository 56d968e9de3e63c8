"""The file suffixes that tell a data file's kind by its name, in one place: every stage that
asks "is this JSON, JSON Lines or a delimited table?" of a path reads these (the document model
reads the same families into `DocumentKind`)."""

from __future__ import annotations

JSON_LINES_SUFFIXES = (".jsonl", ".ndjson")
"""JSON Lines: one record a line, under either name."""
JSON_SUFFIXES = (".json", *JSON_LINES_SUFFIXES)
"""A JSON document or JSON Lines."""
DELIMITED_SUFFIXES = (".csv", ".tsv")
"""Comma- or tab-separated tables."""
DATA_SUFFIXES = (*JSON_SUFFIXES, *DELIMITED_SUFFIXES)
"""Data files whose fields a comma separates or a key names: no prose, no decimal comma."""
