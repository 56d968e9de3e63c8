"""Harvest HTML tables written in Markdown (`<table><tr><th>…</th></tr>…</table>`).

Each `<td>` is a cell with its exact line; the first row whose cells are all `<th>` (or else
the first row) is the header. The standard library's HTML parser reports positions, so a cell
keeps the line it starts on.
"""

from __future__ import annotations

from html.parser import HTMLParser

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, cell_values, make_candidate

HTML_TABLE_OFFSET = 40_000
"""HTML tables are numbered after every other kind of table (table indexes)."""

Cell = tuple[int, str, bool]  # line, text, is a header cell


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[list[Cell]]] = []
        self.depth = 0
        self.cell: list[str] | None = None
        self.cell_line = 0
        self.cell_header = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.depth += 1
            self.tables.append([])
        elif self.depth and tag == "tr":
            self.tables[-1].append([])
        elif self.depth and tag in ("td", "th"):
            if not self.tables[-1]:
                self.tables[-1].append([])
            self.cell, self.cell_line, self.cell_header = [], self.getpos()[0], tag == "th"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            text = " ".join("".join(self.cell).split())
            self.tables[-1][-1].append((self.cell_line, text, self.cell_header))
            self.cell = None
        elif tag == "table" and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def harvest_html(document: Document) -> list[Candidate]:
    """Every number-bearing `<td>` of the document's HTML tables."""
    if "<table" not in document.text.lower():
        return []
    parser = _Tables()
    parser.feed(document.text)
    parser.close()
    candidates: list[Candidate] = []
    for index, rows in enumerate(t for t in parser.tables if t):
        rows = [row for row in rows if row]
        if not rows:
            continue
        header = [text for _, text, _ in rows[0]]
        body = rows[1:] if len(rows) > 1 else rows
        for row_index, row in enumerate(body):
            names = header + [f"column {i + 1}" for i in range(len(header), len(row))]
            context = {names[i]: text for i, (_, text, _) in enumerate(row) if text}
            for column_index, (line, text, _) in enumerate(row):
                candidate = make_candidate(
                    document,
                    line=line,
                    fmt=SourceFormat.MARKDOWN,
                    text=text,
                    locator=f"h{index}r{row_index}c{column_index}",
                    column=names[column_index],
                    row_header=row[0][1] if column_index else None,
                    table=HTML_TABLE_OFFSET + index,
                    row=row_index,
                    context=context,
                    values=cell_values(text),
                )
                if candidate is not None:
                    candidates.append(candidate)
    return candidates
