"""Harvest Markdown tables: every number-bearing cell with its column header, row header,
the table's heading path and caption, and its exact line.

The tables are the document model's (`extract.document`, parsed once per document): GFM
tables read by markdown-it-py, and pipe tables in code blocks holding a tool's output
(llama-bench, lm-eval), with or without a rule under their header. In text and log files
only the pipe tables are read here (their aligned and key/value tables have readers of
their own).
"""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.extract.candidates import Candidate, SourceFormat, cell_values, make_candidate
from draftflow.extract.document import DocumentKind, Table, TableKind, parse_document
from draftflow.snapshot import Document

_DIGIT = re.compile(r"\d")
# Emphasis markers; an underscore inside a word (`est_ppt`) is part of the word.
_EMPHASIS = re.compile(r"\*\*|\*|`|~~|(?<![^\W_])__?|__?(?![^\W_])")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def split_row(line: str) -> list[str]:
    """The cells of one table row: pipes split cells unless escaped or inside a code span."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    if "`" not in text and "\\|" not in text:  # no code span, no escaped pipe: every pipe splits
        return [cell.strip() for cell in text.split("|")]
    cells: list[str] = []
    current: list[str] = []
    in_code = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] == "|":
            current.append("|")
            index += 2
            continue
        if char == "`":
            in_code = not in_code
        if char == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(char)
        index += 1
    cells.append("".join(current).strip())
    return cells


# Every emphasis mark and link holds one of these; a cell with none has nothing to remove.
_MARKUP = frozenset("*`~_[")


@lru_cache(maxsize=1 << 16)
def plain_text(cell: str) -> str:
    """A cell without Markdown emphasis, code ticks or link targets (`**191.2**` → `191.2`)."""
    if _MARKUP.isdisjoint(cell):  # most cells: no pattern to run
        return cell.strip()
    return _EMPHASIS.sub("", _LINK.sub(r"\1", cell)).strip()


def markdown_tables(document: Document) -> list[Table]:
    """The document's Markdown tables and the pipe tables of its code blocks (Markdown), or
    its pipe tables (text and logs), in source order."""
    parsed = parse_document(document)
    kinds = {TableKind.PIPE}
    if parsed.kind is DocumentKind.MARKDOWN:
        kinds.add(TableKind.MARKDOWN)
    return [table for table in parsed.tables if table.kind in kinds]


def _column_names(header: list[str], width: int) -> list[str]:
    names = [cell or f"column {i + 1}" for i, cell in enumerate(header)]
    return names + [f"column {i + 1}" for i in range(len(names), width)]


def harvest_markdown(document: Document) -> list[Candidate]:
    """Every number-bearing cell of every Markdown table in the document."""
    candidates: list[Candidate] = []
    for index, table in enumerate(markdown_tables(document)):
        header = [table.column_header(column) for column in range(table.width)]
        heading = table.heading_path[-1] if table.heading_path else None
        for row_index, row in enumerate(table.body_rows):
            cells = [cell.written for cell in row]
            names = _column_names(header, len(cells))
            context = {names[i]: cell for i, cell in enumerate(cells) if cell}
            row_header = plain_text(cells[0]) if cells else None
            for column_index, cell in enumerate(cells):
                if not _DIGIT.search(cell):
                    continue  # no number (and none once emphasis and links are removed)
                candidate = make_candidate(
                    document,
                    line=row[column_index].line,
                    fmt=SourceFormat.MARKDOWN,
                    text=cell,
                    locator=f"t{index}r{row_index}c{column_index}",
                    column=names[column_index],
                    row_header=(row_header or None) if column_index else None,
                    heading=heading,
                    caption=table.caption,
                    table=index,
                    row=row_index,
                    context=context,
                    values=cell_values(plain_text(cell)),
                    headings=table.heading_path,
                )
                if candidate is not None:
                    candidates.append(candidate)
    return candidates
