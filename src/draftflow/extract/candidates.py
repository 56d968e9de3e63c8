"""A harvested candidate: one number-bearing table cell or JSON leaf, tied to its exact line."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from draftflow.acquire.snapshot import Document
from draftflow.extract.numeric import cell_numbers
from draftflow.numbers.cells import CellRole, plain_cell_value, split_cell
from draftflow.numbers.units import unit_of_name


class SourceFormat(StrEnum):
    """Where a candidate was harvested from."""

    CSV = "csv"
    TSV = "tsv"
    JSON = "json"
    JSONL = "jsonl"
    MARKDOWN = "markdown"
    KEY_VALUE = "key_value"
    TEXT_TABLE = "text_table"
    """An aligned text table (columns separated by spaces), as tools print them."""
    PROSE = "prose"
    LINE = "line"
    """A number on a text line that no other reader took (`harvest/lines.py`): only the
    learned result model (`extract/learned/`) makes a figure of one."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What the prose finder read a figure in a sentence as: its metric, unit and statistic."""

    metric: str
    unit: str
    statistic: str
    approximate: bool = False
    """The source writes `~`, `≈`, "about", "roughly" before it."""
    denominator: int | float | None = None
    """`x of y` and `x/y` scores: y (the value is x)."""


@dataclass(slots=True)
class Candidate:
    """One number-bearing cell or leaf, as written, with what surrounds it.

    `key` names what the number is (column header or the last JSON key); `row_header` and
    `context` hold the rest of its row (or the scalar members of its enclosing JSON objects),
    which is where its configuration comes from. A plain slotted dataclass, not a frozen one
    (a frozen `__init__` costs twice as much): harvesting builds hundreds of thousands of
    these, and rows share one `context` dict. Nothing changes a candidate once it is made.
    """

    candidate_id: str
    """Stable id: document id + line + column/path."""
    document_id: str
    path: str
    line: int
    """1-based line, numbered as GitHub numbers it."""
    format: SourceFormat
    text: str
    """The cell or leaf exactly as written (JSON strings decoded)."""
    values: list[int | float]
    """Every number in `text`, in order, typed as written."""
    column: str | None = None
    """Column header (tables, key/value blocks)."""
    row_header: str | None = None
    """First cell of the row (tables), when the candidate is not in the first column."""
    json_path: str | None = None
    """e.g. `series[0].points[2].ttft_ms.p50`."""
    heading: str | None = None
    """Nearest Markdown heading (or report section) above."""
    caption: str | None = None
    """Prose between the heading and the table (Markdown)."""
    table: int = 0
    """Index of the table within the document."""
    row: int = 0
    """Index of the row within its table (0 = first body row)."""
    unit_guess: str | None = None
    context: dict[str, str] = field(default_factory=dict)
    """The whole row (header → cell) or the scalar leaves around a JSON leaf."""
    parent_line: int | None = None
    """JSON: the line the leaf's enclosing array or object opens on (`"runs": [`)."""
    reading: Reading | None = None
    """Prose: what the sentence says the figure is (select takes it as it is)."""
    headings: tuple[str, ...] = ()
    """Tables: the titles of the headings the table stands under, outermost first (the last
    is `heading`); the section path a figure's metric and unit are read from when its own
    cell, column and row do not name them."""
    place: tuple[str, ...] = ()
    """Prose: the heading and the lead-in its sentence stands under (what names it in a
    label, `extract/labels.py`)."""

    @property
    def key(self) -> str:
        """What the number is called in the source: the column header or the JSON key path tail."""
        if self.column is not None:
            return self.column
        if self.json_path:
            return json_key_tail(self.json_path)
        return ""

    @property
    def value(self) -> int | float:
        """The primary number of the cell: the first one written."""
        return self.values[0]


@lru_cache(maxsize=1 << 16)
def json_key_tail(path: str) -> str:
    """The last two named keys of a JSON path (`ttft_ms.p50`), skipping array indexes."""
    names = [part for part in re.split(r"\.|\[\d+\]", path) if part]
    return ".".join(names[-2:])


_LETTER_OR_SIGN = re.compile(r"[^\d\s.,+\-eE\"]")


@lru_cache(maxsize=1 << 16)
def guess_unit(key: str, text: str) -> str | None:
    """A unit from the cell itself (`168 ms`, `100%`) or else from its header or key
    (memoised: a column repeats the same header and often the same cells)."""
    if not _LETTER_OR_SIGN.search(text):
        return unit_of_name(key)
    for figure in split_cell(text, key):
        if figure.role is CellRole.VALUE:
            return figure.unit
    return unit_of_name(key)


def unit_from_key(key: str) -> str | None:
    """The unit a column header or JSON key implies (`TTFT (s)` → s, `ttft_ms` → ms)."""
    return unit_of_name(key)


def cell_values(text: str) -> list[int | float]:
    """The numbers written in one cell or leaf, typed as written (int stays int)."""
    return list(cell_numbers(text))


def make_candidate(
    document: Document,
    *,
    line: int,
    fmt: SourceFormat,
    text: str,
    locator: str,
    column: str | None = None,
    row_header: str | None = None,
    json_path: str | None = None,
    heading: str | None = None,
    caption: str | None = None,
    table: int = 0,
    row: int = 0,
    context: dict[str, str] | None = None,
    values: list[int | float] | None = None,
    parent_line: int | None = None,
    reading: Reading | None = None,
    headings: tuple[str, ...] = (),
    place: tuple[str, ...] = (),
) -> Candidate | None:
    """A candidate for one cell or leaf, or None when it holds no number."""
    plain = plain_cell_value(text) if values is None else None
    found: list[int | float] | tuple[int | float, ...]
    if plain is not None:  # the common cell of data files: its unit can only be the header's
        found = (plain,)
    else:
        found = values if values is not None else cell_numbers(text)
        if not found:
            return None
    key = column if column is not None else json_key_tail(json_path or "")
    unit = unit_of_name(key) if plain is not None else guess_unit(key, text)
    # positional: this runs once per harvested cell, hundreds of thousands of times
    return Candidate(
        f"{document.document_id}:L{line}:{locator}",
        document.document_id,
        document.path,
        line,
        fmt,
        text,
        list(found),
        column,
        row_header,
        json_path,
        heading,
        caption,
        table,
        row,
        unit,
        context if context is not None else {},
        parent_line,
        reading,
        headings,
        place,
    )


def plain_cell_candidate(
    document: Document,
    fmt: SourceFormat,
    line: int,
    locator: str,
    text: str,
    value: int | float,
    column: str,
    unit: str | None,
    row_header: str | None,
    row: int,
    context: dict[str, str],
    table: int = 0,
) -> Candidate:
    """The candidate `make_candidate` makes for a data-table cell that is one plain number
    (`plain_cell_value` gave `value`), with its column's unit: data files hold hundreds of
    thousands of such cells, so the table reader passes what it computed once per column."""
    return Candidate(
        f"{document.document_id}:L{line}:{locator}",
        document.document_id,
        document.path,
        line,
        fmt,
        text,
        [value],
        column,
        row_header,
        None,
        None,
        None,
        table,
        row,
        unit,
        context,
        None,
        None,
    )
