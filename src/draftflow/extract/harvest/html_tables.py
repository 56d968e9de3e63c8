"""Harvest HTML tables (`<table><tr><th>…</th></tr>…</table>`) written in Markdown or in a
web page, a LaTeX source's `tabular`s (`a & 1 \\\\`, `extract.document.latex_tables`) and an
AsciiDoc document's `|===` tables (`extract.document.asciidoc_tables`).

The tables are the document model's (`extract.document`: read with the standard library's
parser from the document's HTML blocks): each cell keeps the line its tag opens on, spans are
expanded, and the header rows are `<thead>`'s or the leading all-`<th>` rows (else the first
row when more follow). A column is named by its header cells joined.
"""

from __future__ import annotations

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, cell_values, make_candidate
from draftflow.extract.document import DocumentKind, Table, TableKind, parse_document

HTML_TABLE_OFFSET = 40_000
"""HTML tables are numbered after every other kind of table (table indexes)."""


_MARKUP_TABLES = {
    DocumentKind.MARKDOWN: TableKind.HTML,
    DocumentKind.HTML: TableKind.HTML,
    DocumentKind.LATEX: TableKind.LATEX,
    DocumentKind.TEXT: TableKind.ASCIIDOC,
}


def html_tables(document: Document) -> list[Table]:
    """The HTML tables of a Markdown document or a web page, or a LaTeX source's tabulars,
    in source order."""
    parsed = parse_document(document)
    kind = _MARKUP_TABLES.get(parsed.kind)
    if kind is None:
        return []
    return [table for table in parsed.tables if table.kind is kind]


def _names(table: Table, width: int) -> list[str]:
    return [table.column_header(column) or f"column {column + 1}" for column in range(width)]


def harvest_html(document: Document) -> list[Candidate]:
    """Every number-bearing cell of the document's HTML (or LaTeX) tables."""
    candidates: list[Candidate] = []
    for index, table in enumerate(html_tables(document)):
        heading = table.heading_path[-1] if table.heading_path else None
        names = _names(table, table.width)
        for row_index, row in enumerate(table.body_rows):
            context = {names[cell.column]: cell.text for cell in row if cell.text}
            row_header = row[0].text if row else None
            for position, cell in enumerate(row):
                candidate = make_candidate(
                    document,
                    line=cell.line,
                    fmt=SourceFormat.MARKDOWN,
                    text=cell.text,
                    locator=f"h{index}r{row_index}c{position}",
                    column=names[cell.column],
                    row_header=row_header if position else None,
                    heading=heading,
                    caption=table.caption,
                    table=HTML_TABLE_OFFSET + index,
                    row=row_index,
                    context=context,
                    values=cell_values(cell.text),
                    headings=table.heading_path,
                )
                if candidate is not None:
                    candidates.append(candidate)
    return candidates
