"""Harvest JSON and JSONL leaves: every number-bearing leaf with its path and the line it sits on.

The tree is the document model's (`extract.document`: every value with the line its first
character sits on); each leaf sees the scalars of its enclosing objects as its context.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
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


_WORD = re.compile(r"(?<!\S)[^\W\d_][^\W\d_'’-]*[.,;:!?)\"]*(?!\S)")
_SENTENCE_END = re.compile(r"[^\W\d_]{2,}[.?!](?:\s|$)")
PROSE_WORDS = 20
"""A string value of this many words or more is natural language: a dataset's question, a
prompt, a calibration passage, a model's answer. A number inside it is its content, never a
figure (sahilchachra's GSM8K question `.75X = $19.50` was published as a ratio of 75 and a
calibration passage's `5 – 10 minutes` as a latency, read31-s29); a note of a run is shorter
(`median of 3 runs`)."""
SENTENCE_WORDS = 8
"""So is a shorter one that ends a sentence after a word (`... in the given polynomial ring.`)
and holds this many words."""


def is_prose_text(text: str) -> bool:
    """Whether a data file's string value is natural-language text (`PROSE_WORDS` words, or
    `SENTENCE_WORDS` and a sentence's end): its numbers are what it says, not what was
    measured."""
    if len(text) < SENTENCE_WORDS * 3:
        return False
    words = sum(1 for _ in _WORD.finditer(text))
    return words >= PROSE_WORDS or (
        words >= SENTENCE_WORDS and _SENTENCE_END.search(text) is not None
    )


@dataclass(frozen=True, slots=True)
class LeafSite:
    """A number-bearing leaf where the walk finds it: its line and text, key path, the scalars
    of its enclosing objects and the line its container opens on (not its node: a reader of
    the leaves keeps no tree). Its candidate is made when asked for (`leaf_candidate`): a
    reader of a few lines does not build one for every leaf."""

    line: int
    text: str
    path: str
    scope: dict[str, str]
    parent_line: int


class _LeafCollector:
    """Walks a scanned tree and finds its number-bearing leaves, in order."""

    def __init__(self) -> None:
        self.sites: list[LeafSite] = []

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
            self.sites.append(LeafSite(node.line, node.text, path or "$", scope, parent_line))


def leaf_candidate(document: Document, fmt: SourceFormat, site: LeafSite) -> Candidate | None:
    """The candidate of one leaf (None when its text holds no figure)."""
    return make_candidate(
        document,
        line=site.line,
        fmt=fmt,
        text=site.text,
        locator=site.path,
        json_path=site.path,
        context=site.scope,
        parent_line=site.parent_line,
    )


def json_leaf_sites(
    document: Document, problems: list[str] | None = None, *, keep_parse: bool = True
) -> tuple[SourceFormat, list[LeafSite]]:
    """The document's format and every number-bearing leaf of it (or of each JSONL line), in
    the order `harvest_json` makes their candidates; what could not be read goes to `problems`
    as there. Unless `keep_parse`, a tree not parsed yet is not kept in the parse memo (a
    reader that keeps the leaves needs no tree)."""
    parsed = parse_document(document, keep=keep_parse)
    if problems is not None:
        problems.extend(parsed.problems)
    jsonl = parsed.kind is DocumentKind.JSONL
    fmt = SourceFormat.JSONL if jsonl else SourceFormat.JSON
    if not jsonl and any(is_json_schema(root.node) for root in parsed.json_roots):
        if problems is not None:
            problems.append(SCHEMA_PROBLEM)
        return fmt, []
    collector = _LeafCollector()
    for root in parsed.json_roots:
        if jsonl:
            collector.walk(root.node, f"[{root.line - 1}]", {}, root.line)
        else:
            collector.walk(root.node, "", {}, root.node.line)
    return fmt, collector.sites


def harvest_json(document: Document, problems: list[str] | None = None) -> list[Candidate]:
    """Every number-bearing leaf of a JSON document (or of each JSONL line), with path and line.

    A file that is not valid JSON yields no candidates rather than failing the run; for JSONL,
    only the unreadable lines are skipped. Either way the reason is appended to `problems`,
    and so is a `NaN`/`Infinity` (read as a missing value, as Python's json reads it).
    """
    fmt, sites = json_leaf_sites(document, problems)
    found = (leaf_candidate(document, fmt, site) for site in sites)
    return [candidate for candidate in found if candidate is not None]
