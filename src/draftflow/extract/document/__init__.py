"""One document model, parsed once per document, that every finder reads.

`parse_document(document)` reads a snapshot document by its path's suffix: Markdown (and
HTML tables in it), CSV/TSV, JSON/JSONL, plain text and logs. The result is memoised by the
document's sha256 and path (a bounded memo: the corpus's documents are each parsed once per
process, whichever finder asks first).
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

from draftflow.acquire.snapshot import Document
from draftflow.extract.document.csv_json import JsonError, csv_table, json_leaves, jsonl_leaves
from draftflow.extract.document.markdown import parse_markdown
from draftflow.extract.document.model import (
    Block,
    Cell,
    CodeBlock,
    DocumentKind,
    Heading,
    HtmlBlock,
    JsonLeaf,
    ListItem,
    Paragraph,
    ParsedDocument,
    Section,
    Span,
    Table,
    TableKind,
    is_non_value,
)
from draftflow.extract.document.text_tables import text_tables

__all__ = [
    "Block",
    "Cell",
    "CodeBlock",
    "DocumentKind",
    "Heading",
    "HtmlBlock",
    "JsonLeaf",
    "ListItem",
    "Paragraph",
    "ParsedDocument",
    "Section",
    "Span",
    "Table",
    "TableKind",
    "document_kind",
    "is_non_value",
    "parse_document",
]

MEMO_SIZE = 512
"""Parsed documents kept; a batch worker drafts a few repositories of tens of documents."""

_SUFFIXES: dict[str, DocumentKind] = {
    ".md": DocumentKind.MARKDOWN,
    ".markdown": DocumentKind.MARKDOWN,
    ".csv": DocumentKind.CSV,
    ".tsv": DocumentKind.CSV,
    ".json": DocumentKind.JSON,
    ".jsonl": DocumentKind.JSONL,
    ".txt": DocumentKind.TEXT,
    ".log": DocumentKind.TEXT,
}

_memo: OrderedDict[tuple[str, str], ParsedDocument] = OrderedDict()
_memo_lock = Lock()


def document_kind(path: str) -> DocumentKind:
    """How a document at `path` is read, by its suffix (case-insensitive)."""
    lowered = path.lower()
    for suffix, kind in _SUFFIXES.items():
        if lowered.endswith(suffix):
            return kind
    return DocumentKind.OTHER


def _parse(document: Document) -> ParsedDocument:
    kind = document_kind(document.path)
    lines = document.line_list
    problems: list[str] = []
    blocks: tuple[Block, ...] = ()
    sections: tuple[Section, ...] = ()
    if kind is DocumentKind.MARKDOWN:
        blocks, sections = parse_markdown(lines)
    elif kind is DocumentKind.TEXT:
        blocks = tuple(text_tables(lines))
    elif kind is DocumentKind.CSV:
        table = csv_table(lines, document.path, problems)
        blocks = (table,) if table is not None else ()
    elif kind is DocumentKind.JSON:
        try:
            blocks = tuple(json_leaves("\n".join(lines)))
        except JsonError as error:
            problems.append(str(error))
    elif kind is DocumentKind.JSONL:
        blocks = tuple(jsonl_leaves(lines, problems))
    return ParsedDocument(document.path, kind, blocks, sections, tuple(problems))


def parse_document(document: Document) -> ParsedDocument:
    """The document read as structure, once per process for the same bytes and path."""
    key = (document.sha256, document.path)
    with _memo_lock:
        parsed = _memo.get(key)
        if parsed is not None:
            _memo.move_to_end(key)
            return parsed
    parsed = _parse(document)
    with _memo_lock:
        _memo[key] = parsed
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)
    return parsed
