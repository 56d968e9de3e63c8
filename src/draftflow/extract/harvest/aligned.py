"""Harvest aligned text tables: columns separated by runs of spaces, as tools print them.

```
model        decode_tps   ttft_ms
qwen-8b      41.5         120
```

A table is a header line of two or more non-numeric cells, an optional rule of dashes, then
rows with the same number of cells, at least one of them a number. Cells are split on two or
more spaces (or a tab). In Markdown only fenced blocks are read (elsewhere aligned text is
prose); text and log files are read whole. Lines with pipes are left to the pipe-table reader.
"""

from __future__ import annotations

import re

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, cell_values, make_candidate
from draftflow.text.fences import fence_infos, is_code_fence

ALIGNED_TABLE_OFFSET = 30_000
"""Aligned tables are numbered after Markdown tables and key/value blocks (table indexes)."""
MAX_LINE = 400

_GAP = re.compile(r"\t+|\s{2,}")
_RULE = re.compile(r"^[\s=\-+:|]+$")
_NUMERIC = re.compile(r"^[~≈+\-−]?\d[\d,.]*\s*\S{0,8}$")


def _cells(line: str) -> list[str]:
    return [cell for cell in _GAP.split(line.strip()) if cell]


def _is_header(cells: list[str]) -> bool:
    return len(cells) >= 2 and not any(_NUMERIC.match(cell) for cell in cells)


def _readable(document: Document) -> list[bool]:
    lines = document.line_list
    if document.path.lower().endswith((".md", ".markdown")):
        return [info is not None and not is_code_fence(info) for info in fence_infos(lines)]
    return [True] * len(lines)


def find_aligned_tables(document: Document) -> list[tuple[list[str], list[tuple[int, list[str]]]]]:
    """Every aligned table: (header cells, [(line, cells)])."""
    lines = document.line_list
    readable = _readable(document)
    tables: list[tuple[list[str], list[tuple[int, list[str]]]]] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        if not readable[number] or "|" in line or len(line) > MAX_LINE:
            number += 1
            continue
        header = _cells(line)
        if not _is_header(header):
            number += 1
            continue
        body = number + 1
        if body < len(lines) and readable[body] and _RULE.match(lines[body] or "x"):
            body += 1
        rows: list[tuple[int, list[str]]] = []
        while body < len(lines) and readable[body] and "|" not in lines[body]:
            cells = _cells(lines[body])
            if len(cells) != len(header) or not any(_NUMERIC.match(c) for c in cells):
                break
            rows.append((body + 1, cells))
            body += 1
        if rows:
            tables.append((header, rows))
            number = body
        else:
            number += 1
    return tables


def harvest_aligned(document: Document) -> list[Candidate]:
    """Every number-bearing cell of every aligned text table of the document."""
    candidates: list[Candidate] = []
    for index, (header, rows) in enumerate(find_aligned_tables(document)):
        table = ALIGNED_TABLE_OFFSET + index
        for row_index, (line, cells) in enumerate(rows):
            context = dict(zip(header, cells, strict=True))
            for column_index, cell in enumerate(cells):
                candidate = make_candidate(
                    document,
                    line=line,
                    fmt=SourceFormat.TEXT_TABLE,
                    text=cell,
                    locator=f"a{index}r{row_index}c{column_index}",
                    column=header[column_index],
                    row_header=cells[0] if column_index else None,
                    table=table,
                    row=row_index,
                    context=context,
                    values=cell_values(cell),
                )
                if candidate is not None:
                    candidates.append(candidate)
    return candidates
