"""Harvest aligned text tables: columns separated by runs of spaces, as tools print them.

```
model        decode_tps   ttft_ms
qwen-8b      41.5         120
```

The tables are the document model's (`extract.document`, `TableKind.ALIGNED`): in Markdown
only code blocks holding a tool's output are read (elsewhere aligned text is prose); text
and log files are read whole. A column is named by its header cells joined.

A table is read for figures when it has a header, or when every row holds a cell that names
its own measure (one number and a rate or time unit, `270.5 tokens/s` in Go's benchmark
output), and only as far down as its rows each hold a cell that is one number with at most a
short unit (`41.5`, `120 ms`) or a non-value (`OOM`, `n/a`, `—`): below that the columns are
prose or art that happens to align.

Each cell is read as a Markdown table's is (`markdown_tables.TableRows`): with its column
header (a status it carries left out), its row's first cell, and the heading path and caption
above the block, so that a heading or caption naming the metric (`### GB10 HF Inference
(batch=1, BF16, measured)`) stands beside the cell as it does beside a Markdown table's.
"""

from __future__ import annotations

import re

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, cell_values, make_candidate
from draftflow.extract.document import Cell, Table, TableKind, is_non_value, parse_document
from draftflow.extract.status_words import without_column_marker
from draftflow.numbers.cells import CellRole, split_cell
from draftflow.numbers.dimensions import unit_dimensions

ALIGNED_TABLE_OFFSET = 30_000
"""Aligned tables are numbered after Markdown tables and key/value blocks (table indexes)."""

_NUMERIC = re.compile(r"^[~≈+\-−]?\d[\d,.]*\s*\S{0,8}$")


_KINDS = (TableKind.ALIGNED, TableKind.CSV)
"""In text, a log or a code block: aligned columns, and comma-separated rows a tool printed
under a header line (`text_tables`); a CSV file is read by `csv_files`."""


_MEASURE_DIMENSIONS = frozenset({"rate", "time"})
"""What a cell's own unit must measure for a headerless row to be read: a throughput or a
time (`270.5 tokens/s`, `41 ms`); a bare count or a percentage names no measure."""


def aligned_tables(document: Document) -> list[Table]:
    """The document's aligned text tables (and comma-separated ones) with a header, or whose
    rows each name their own measure (`self_described`), in source order."""
    tables = parse_document(document).tables
    return [
        table
        for table in tables
        if table.kind in _KINDS and (table.header_rows or self_described(table))
    ]


def self_described(table: Table) -> bool:
    """True when every body row of a headerless table holds a cell of one number and a rate or
    time unit (`BenchmarkInference-32  99  110913774 ns/op  270.5 tokens/s`): the unit says
    what the cell measures, as a header would."""
    return bool(table.body_rows) and all(
        any(_names_its_measure(cell.text) for cell in row) for row in table.body_rows
    )


_NUMBER_AND_UNIT = re.compile(r"^[\d.,]+\s*\S+$")
"""A cell that is one number and its unit alone (`270.5 tokens/s`), not a phrase around them
(`ok - 1.74 us write latency`, which a line reader reads)."""


def _names_its_measure(text: str) -> bool:
    if not _NUMBER_AND_UNIT.match(text.strip()):
        return False
    figures = split_cell(text)
    if len(figures) != 1 or figures[0].role is not CellRole.VALUE or not figures[0].unit:
        return False
    return bool(unit_dimensions(figures[0].unit) & _MEASURE_DIMENSIONS)


def _measured_rows(table: Table) -> list[tuple[Cell, ...]]:
    """The body rows down to the first with neither a number cell nor a non-value."""
    rows: list[tuple[Cell, ...]] = []
    for row in table.body_rows:
        if any(_NUMERIC.match(cell.text) for cell in row):
            rows.append(row)
        elif not any(is_non_value(cell.text) for cell in row[1:]):
            break
    return rows


def harvest_aligned(document: Document) -> list[Candidate]:
    """Every number-bearing cell of every aligned text table of the document."""
    candidates: list[Candidate] = []
    for index, table in enumerate(aligned_tables(document)):
        names = [
            without_column_marker(table.column_header(column)) or f"column {column + 1}"
            for column in range(table.width)
        ]
        heading = table.heading_path[-1] if table.heading_path else None
        for row_index, row in enumerate(_measured_rows(table)):
            context = {names[cell.column]: cell.text for cell in row}
            for cell in row:
                candidate = make_candidate(
                    document,
                    line=cell.line,
                    fmt=SourceFormat.TEXT_TABLE,
                    text=cell.text,
                    locator=f"a{index}r{row_index}c{cell.column}",
                    column=names[cell.column],
                    row_header=row[0].text if cell.column else None,
                    heading=heading,
                    caption=table.caption,
                    headings=table.heading_path,
                    table=ALIGNED_TABLE_OFFSET + index,
                    row=row_index,
                    context=context,
                    values=cell_values(cell.text),
                )
                if candidate is not None:
                    candidates.append(candidate)
    return candidates
