"""Harvest JSON and JSONL leaves: every number-bearing leaf with its path and the line it sits on.

The tree is the document model's (`extract.document`: every value with the line its first
character sits on); each leaf sees the scalars of its enclosing objects as its context.
"""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, make_candidate
from draftflow.extract.document import DocumentKind, Node, parse_document
from draftflow.text.instructions import is_instruction

MAX_CONTEXT = 48
MAX_CONTEXT_TEXT = 160

_DIGIT = re.compile(r"\d")
_JSON_SCHEMA = re.compile(r"json-schema\.org", re.IGNORECASE)
SCHEMA_PROBLEM = (
    "a JSON Schema (its `$schema` names json-schema.org): its numbers are bounds and "
    "examples, not results"
)


def is_json_schema(root: Node) -> bool:
    """Whether a JSON text is a JSON Schema: an object whose `$schema` names json-schema.org.
    Its numbers (`minimum`, `maxLength`, the `examples`) describe results; none is one."""
    return root.kind == "object" and any(
        key == "$schema" and value.kind == "string" and bool(_JSON_SCHEMA.search(value.text))
        for key, value in root.members
    )


# a file of runs repeats its rows' strings (model file, build, host) on every row: each
# distinct one is read for planted instructions once
_is_planted = lru_cache(maxsize=1 << 14)(is_instruction)


def _scope(node: Node, inherited: dict[str, str]) -> dict[str, str]:
    """The scalars an object's leaves see: its own members first, then its ancestors'."""
    own = {
        key: child.text[:MAX_CONTEXT_TEXT]
        for key, child in node.members
        if child.kind in ("string", "number", "literal")
        and not (child.kind == "string" and _is_planted(child.text))  # planted text is data
    }
    merged = dict(list(own.items())[:MAX_CONTEXT])
    for key, value in inherited.items():
        if len(merged) >= MAX_CONTEXT:
            break
        merged.setdefault(key, value)
    return merged


class _LeafCollector:
    """Walks a scanned tree and turns number-bearing leaves into candidates."""

    def __init__(self, document: Document, fmt: SourceFormat) -> None:
        self.document = document
        self.fmt = fmt
        self.candidates: list[Candidate] = []

    def walk(self, node: Node, path: str, scope: dict[str, str], parent_line: int) -> None:
        """Visit `node` at `path`, with the scalars of its enclosing objects in `scope` and the
        line its container opens on."""
        if node.kind == "object":
            inner = _scope(node, scope)
            for key, child in node.members:
                self.walk(child, f"{path}.{key}" if path else key, inner, node.line)
        elif node.kind == "array":
            for index, child in enumerate(node.items):
                self.walk(child, f"{path}[{index}]", scope, node.line)
        elif node.kind == "number" or (node.kind == "string" and _DIGIT.search(node.text)):
            candidate = make_candidate(
                self.document,
                line=node.line,
                fmt=self.fmt,
                text=node.text,
                locator=path or "$",
                json_path=path or "$",
                context=scope,
                parent_line=parent_line,
            )
            if candidate is not None:
                self.candidates.append(candidate)


def harvest_json(document: Document, problems: list[str] | None = None) -> list[Candidate]:
    """Every number-bearing leaf of a JSON document (or of each JSONL line), with path and line.

    A file that is not valid JSON yields no candidates rather than failing the run; for JSONL,
    only the unreadable lines are skipped. Either way the reason is appended to `problems`,
    and so is a `NaN`/`Infinity` (read as a missing value, as Python's json reads it).
    """
    parsed = parse_document(document)
    if problems is not None:
        problems.extend(parsed.problems)
    jsonl = parsed.kind is DocumentKind.JSONL
    if not jsonl and any(is_json_schema(root.node) for root in parsed.json_roots):
        if problems is not None:
            problems.append(SCHEMA_PROBLEM)
        return []
    collector = _LeafCollector(document, SourceFormat.JSONL if jsonl else SourceFormat.JSON)
    for root in parsed.json_roots:
        if jsonl:
            collector.walk(root.node, f"[{root.line - 1}]", {}, root.line)
        else:
            collector.walk(root.node, "", {}, root.node.line)
    return collector.candidates
