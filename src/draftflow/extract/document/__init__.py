"""One document model, parsed once per document, that every finder reads.

`parse_document(document)` reads a snapshot document by its path's suffix: Markdown (and
HTML tables in it), CSV/TSV, JSON/JSONL, plain text and logs, web pages (their `<table>`s)
and LaTeX sources (their `tabular`s). The result is memoised by the
document's sha256 and path (a bounded memo: the corpus's documents are each parsed once per
process, whichever finder asks first).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from threading import Lock

from draftflow.acquire.snapshot import Document
from draftflow.extract.document.asciidoc_tables import asciidoc_tables, outside_tables
from draftflow.extract.document.banners import (
    BANNERED_SUFFIXES,
    read_banners,
    under_banners,
)
from draftflow.extract.document.csv_json import (
    csv_table,
    filled_width,
    is_comment_record,
    section_header_lines,
)
from draftflow.extract.document.elements import (
    Block,
    Cell,
    CodeBlock,
    DocumentKind,
    Heading,
    HtmlBlock,
    JsonLeaf,
    JsonRoot,
    KeyValue,
    ListItem,
    Node,
    Paragraph,
    ParsedDocument,
    Section,
    Span,
    Table,
    TableKind,
    is_non_value,
)
from draftflow.extract.document.html_tables import html_tables
from draftflow.extract.document.json_tree import JsonScanError, scan_json
from draftflow.extract.document.latex_tables import latex_tables
from draftflow.extract.document.lines import atx_heading, is_table_row, pipe_cell_at, split_pipes
from draftflow.extract.document.markdown import parse_markdown
from draftflow.extract.document.pairs import markdown_pairs, text_pairs
from draftflow.extract.document.text_tables import text_tables

__all__ = [
    "Block",
    "Cell",
    "CodeBlock",
    "DocumentKind",
    "Heading",
    "HtmlBlock",
    "JsonLeaf",
    "JsonRoot",
    "KeyValue",
    "ListItem",
    "Node",
    "Paragraph",
    "ParsedDocument",
    "Section",
    "Span",
    "Table",
    "TableKind",
    "atx_heading",
    "document_kind",
    "filled_width",
    "is_comment_record",
    "is_non_value",
    "is_table_row",
    "parse_document",
    "pipe_cell_at",
    "section_header_lines",
    "split_pipes",
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
    ".ndjson": DocumentKind.JSONL,
    ".txt": DocumentKind.TEXT,
    ".log": DocumentKind.TEXT,
    ".out": DocumentKind.TEXT,
    ".rst": DocumentKind.TEXT,
    ".adoc": DocumentKind.TEXT,
    ".ipynb": DocumentKind.TEXT,
    ".html": DocumentKind.HTML,
    ".htm": DocumentKind.HTML,
    ".tex": DocumentKind.LATEX,
}

_NON_FINITE = re.compile(r"(?<![\w\"])(?:NaN|-?Infinity)(?![\w\"])")

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
    elif kind is DocumentKind.TEXT and document.path.lower().endswith(".adoc"):
        tables = asciidoc_tables(lines)
        blocks = (*tables, *outside_tables(tables, text_tables(lines)))
    elif kind is DocumentKind.TEXT and document.path.lower().endswith(BANNERED_SUFFIXES):
        headings, sections = read_banners(lines)
        placed = under_banners(text_tables(lines), sections)
        blocks = tuple(sorted((*headings, *placed), key=lambda block: block.span.first))
    elif kind is DocumentKind.TEXT:
        blocks = tuple(text_tables(lines))
    elif kind is DocumentKind.HTML:
        blocks = tuple(html_tables(document.text))
    elif kind is DocumentKind.LATEX:
        blocks = tuple(latex_tables(lines))
    elif kind is DocumentKind.CSV:
        table = csv_table(lines, document.path, problems)
        blocks = (table,) if table is not None else ()
    roots: tuple[JsonRoot, ...] = ()
    if kind in (DocumentKind.JSON, DocumentKind.JSONL):
        roots = _json_roots(document, kind, problems)
    pairs: tuple[KeyValue, ...] | Callable[[], tuple[KeyValue, ...]] = (
        markdown_pairs(blocks, lines)
        if kind is DocumentKind.MARKDOWN
        else partial(text_pairs, lines)  # read on first use: verify never asks a data file's
    )
    return ParsedDocument(document.path, kind, blocks, sections, tuple(problems), roots, pairs)


def _json_roots(
    document: Document, kind: DocumentKind, problems: list[str]
) -> tuple[JsonRoot, ...]:
    """The JSON document's tree, or each JSONL record's; what cannot be read goes to
    `problems` (a `NaN`/`Infinity` too: read as a missing value, as Python's json reads it)."""
    text = document.text
    # the pattern opens with a lookbehind, so the regex engine would try it at every place
    if ("NaN" in text or "Infinity" in text) and _NON_FINITE.search(text):
        problems.append("NaN or Infinity values (not valid JSON) were read as missing values")
    if kind is DocumentKind.JSON:
        try:
            return (JsonRoot(0, 1, scan_json(text)),)
        except (JsonScanError, RecursionError) as error:
            reason = str(error) if isinstance(error, JsonScanError) else "nesting too deep"
            problems.append(f"not valid JSON ({reason}); no figure was read from it")
            return ()
    roots: list[JsonRoot] = []
    unreadable: list[int] = []
    record = 0
    for number, line in enumerate(document.line_list, start=1):
        if not line.strip():
            continue
        try:
            roots.append(JsonRoot(record, number, scan_json(line, first_line=number)))
        except (JsonScanError, RecursionError):
            unreadable.append(number)
        record += 1
    if unreadable:
        shown = ", ".join(str(n) for n in unreadable[:5]) + (" ..." if len(unreadable) > 5 else "")
        problems.append(f"{len(unreadable)} line(s) are not valid JSON and were skipped: {shown}")
    return tuple(roots)


def parse_document(document: Document, *, keep: bool = True) -> ParsedDocument:
    """The document read as structure, once per process for the same bytes and path; a parse
    made with `keep` False is not kept (a reader that keeps what it needs of a data file's
    tree, `json_leaves.json_leaf_sites`: the tree of every leaf is freed)."""
    key = (document.sha256, document.path)
    with _memo_lock:
        parsed = _memo.get(key)
        if parsed is not None:
            _memo.move_to_end(key)
            return parsed
    parsed = _parse(document)
    if not keep:
        return parsed
    with _memo_lock:
        _memo[key] = parsed
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)
    return parsed
