"""Harvest Markdown tables: every number-bearing cell with its column header, row header,
the table's nearest heading, and its exact line.

Tables follow GitHub's rules closely enough for reports: a header row, a delimiter row of
dashes (with optional colons), then body rows until a blank line or a line without a pipe.
Tables inside fenced code blocks are read too: tools print pipe tables (llama-bench, lm-eval)
and reports paste them in fences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, cell_values, make_candidate
from draftflow.text.fences import HEADING, fence_infos, fence_opening, is_code_fence
from draftflow.text.lines import plain_text, split_row

CAPTION_LINES = 3
MAX_HEADING_LINE = 1_000
"""A longer line is not read as a heading (and never fed to the heading pattern)."""

_DIGIT = re.compile(r"\d")
_DELIMITER_CELL = re.compile(r"^\s*:?-+:?\s*$")


@dataclass
class Table:
    """One table: its header cells, its body rows (line number, cells) and its heading."""

    header: list[str]
    rows: list[tuple[int, list[str]]]
    heading: str | None
    caption: str | None
    index: int


def _is_delimiter(line: str) -> bool:
    if "-" not in line:
        return False
    cells = split_row(line)
    return bool(cells) and all(_DELIMITER_CELL.match(cell) for cell in cells)


def _is_header(line: str) -> bool:
    return "|" in line and bool(line.strip())


def find_tables(lines: list[str]) -> list[Table]:
    """Every table in a Markdown document's lines, also inside fenced code blocks (tool
    output such as llama-bench or lm-eval prints pipe tables); headings and captions are read
    outside fences only."""
    tables: list[Table] = []
    heading: str | None = None
    prose: list[str] = []  # the last few prose lines since the heading: the table's caption
    infos = fence_infos(lines)
    fenced = [info is not None for info in infos]
    number = 0
    while number < len(lines):
        line = lines[number]
        in_fence = fenced[number]
        if in_fence and (fence_opening(line) is not None or is_code_fence(infos[number])):
            number += 1  # a fence marker, or code
            continue
        heading_match = (
            HEADING.match(line) if not in_fence and len(line) <= MAX_HEADING_LINE else None
        )
        if heading_match:
            heading = plain_text(heading_match.group(2)) or heading
            prose = []
        elif line.strip() and "|" not in line:
            if not in_fence:
                prose = [*prose[-(CAPTION_LINES - 1) :], line.strip()]
        elif number + 1 < len(lines) and _is_header(line) and _is_delimiter(lines[number + 1]):
            header = [plain_text(cell) for cell in split_row(line)]
            rows: list[tuple[int, list[str]]] = []
            body = number + 2
            while (
                body < len(lines)
                and "|" in lines[body]
                and lines[body].strip()
                and fenced[body] == in_fence
            ):
                rows.append((body + 1, split_row(lines[body])))
                body += 1
            caption = " ".join(prose) or None
            tables.append(Table(header, rows, heading, caption, len(tables)))
            prose = []
            number = body
            continue
        number += 1
    return tables


def _column_names(header: list[str], width: int) -> list[str]:
    names = [cell or f"column {i + 1}" for i, cell in enumerate(header)]
    return names + [f"column {i + 1}" for i in range(len(names), width)]


def harvest_markdown(document: Document) -> list[Candidate]:
    """Every number-bearing cell of every Markdown table in the document."""
    candidates: list[Candidate] = []
    for table in find_tables(document.line_list):
        for row_index, (line, cells) in enumerate(table.rows):
            names = _column_names(table.header, len(cells))
            context = {names[i]: cell for i, cell in enumerate(cells) if cell}
            row_header = plain_text(cells[0]) if cells else None
            for column_index, cell in enumerate(cells):
                if not _DIGIT.search(cell):
                    continue  # no number (and none once emphasis and links are removed)
                candidate = make_candidate(
                    document,
                    line=line,
                    fmt=SourceFormat.MARKDOWN,
                    text=cell,
                    locator=f"t{table.index}r{row_index}c{column_index}",
                    column=names[column_index],
                    row_header=(row_header or None) if column_index else None,
                    heading=table.heading,
                    caption=table.caption,
                    table=table.index,
                    row=row_index,
                    context=context,
                    values=cell_values(plain_text(cell)),
                )
                if candidate is not None:
                    candidates.append(candidate)
    return candidates
