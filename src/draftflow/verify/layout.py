"""Where a line stands in its document: the table it is a row of, and the keys of the
objects that enclose it. Verify asks this for every candidate line of every claim with a
unit or a column, so each answer is computed once per document and line, and a table's
header or an object's opener is found once for all the lines that share it.

Tables are the document model's (`extract.document.parse_document`): verify reads a row
under the header GitHub renders it under, as extract read it (no outer pipes, escaped pipes,
quoted CSV commas)."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from draftflow.acquire.snapshot import Document
from draftflow.extract.document import (
    DocumentKind,
    ParsedDocument,
    Table,
    TableKind,
    atx_heading,
    document_kind,
    is_table_row,
    parse_document,
)
from draftflow.extract.document.csv_json import filled_width, sniff_delimiter
from draftflow.extract.document.markdown import parse_markdown
from draftflow.numbers.file_kinds import JSON_SUFFIXES

# Not tool output's `|` boxes: nvidia-smi writes several quantities under one header cell
# (`Fan  Temp  Perf  Pwr:Usage/Cap`), which names no one dimension for a cell below it.
_READ_TABLES = (TableKind.MARKDOWN, TableKind.CSV)
_TABLE_DOCUMENTS = (DocumentKind.MARKDOWN, DocumentKind.CSV)
_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_JSON_KEY_RE = re.compile(r'^\s*"([^"]+)"\s*:')
_YAML_KEY_RE = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][\w.-]*)\s*:")
_NESTED_SUFFIXES = (*JSON_SUFFIXES, ".yaml", ".yml")
MAX_ENCLOSING_KEYS = 3
MAX_CAPTION_LINES = 8
MAX_LEVELS = 4
MAX_CHILD_LINES = 400


class DocumentLayout:
    """Table rows and enclosing keys of one document's lines, memoised per line."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self._lines = document.line_list
        path = document.path.lower()
        self._csv = path.endswith(".csv")
        self._nested = path.endswith(_NESTED_SUFFIXES)
        self._parents: dict[int, int] = {}
        self._captions: dict[int, str] = {}
        self._children: dict[int, tuple[tuple[str, str, int], ...]] = {}
        self._row_cache: dict[int, _Row | None] = {}

    def _line(self, number: int) -> str:
        return self._lines[number - 1] if 1 <= number <= len(self._lines) else ""

    # -- tables -----------------------------------------------------------------------------

    @cached_property
    def _fenced(self) -> frozenset[int]:
        """The lines of fenced code or an open HTML comment, their markers included: no GFM
        table row is read there, and a table's region stops at them (one scan of line starts,
        for a document whose tables are read region by region)."""
        inside: set[int] = set()
        fence: tuple[str, int] | None = None
        comment = False
        for number, text in enumerate(self._lines, start=1):
            if comment:
                inside.add(number)
                comment = "-->" not in text
                continue
            opener = _FENCE_RE.match(text)
            if fence is not None:
                inside.add(number)
                if opener is not None and _closes(opener, fence):
                    fence = None
            elif opener and not (opener.group(1)[0] == "`" and "`" in opener.group(2)):
                fence = (opener.group(1)[0], len(opener.group(1)))
                inside.add(number)
            elif text.lstrip().startswith("<!--") and "-->" not in text:
                comment = True
                inside.add(number)
        return frozenset(inside)

    def _row(self, line: int) -> _Row | None:
        """The table row written on `line`. Verify reads only the tables its claims cite, so
        a large document is not parsed whole: a GFM table is read from the lines between the
        blank lines around it (the only lines it can span) by the document model's Markdown
        reader, a CSV row without quotes from its own line under the first record; a CSV
        with quotes (a cell may span lines) is read whole, once (`parse_document`)."""
        if line in self._row_cache:
            return self._row_cache[line]
        kind = document_kind(self.document.path)
        if kind not in _TABLE_DOCUMENTS:
            return None  # a run file's JSON holds none of them: not parsed for nothing
        if kind is DocumentKind.CSV:
            return self._csv_row(line)
        fenced = self._fenced
        if not 1 <= line <= len(self._lines) or line in fenced or not self._line(line).strip():
            self._row_cache[line] = None
            return None
        first, last = line, line
        while first > 1 and self._lines[first - 2].strip() and first - 1 not in fenced:
            first -= 1
        while last < len(self._lines) and self._lines[last].strip() and last + 1 not in fenced:
            last += 1
        blocks, _ = parse_markdown(self._lines[first - 1 : last])
        for number in range(first, last + 1):
            self._row_cache.setdefault(number, None)
        for block in blocks:
            if isinstance(block, Table):
                for found_line, row in _table_rows(block, first - 1):
                    self._row_cache[found_line] = row
        return self._row_cache[line]

    def _csv_row(self, line: int) -> _Row | None:
        text = self.document.text
        if '"' in text or "\0" in text:
            if not self._row_cache:
                self._row_cache.update(_document_rows(parse_document(self.document)))
            return self._row_cache.get(line)
        header = self._csv_header
        fields = _csv_fields(self._line(line), header[1]) if header else []
        found = None
        if header and fields and line > header[0]:
            width = max(len(header[2]), len(fields))
            titles = tuple(header[2][c] if c < len(header[2]) else "" for c in range(width))
            if filled_width(fields) > len(header[2]):
                titles = ("",) * width  # a shifted row: see `_table_rows`
            found = _Row(tuple(fields), titles, header[0])
        self._row_cache[line] = found
        return found

    @cached_property
    def _csv_header(self) -> tuple[int, str, tuple[str, ...]] | None:
        """(line, delimiter, cells) of a quote-free CSV's first record."""
        delimiter = sniff_delimiter(self._lines, self.document.path)
        for number, text in enumerate(self._lines, start=1):
            fields = _csv_fields(text, delimiter)
            if fields:
                return number, delimiter, tuple(fields)
        return None

    def row_and_header(self, line: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The cells of `line` (as written) and its table's column headers, if `line` is a
        body row of a table (Markdown, CSV, or `|` rows of tool output). Read once per row:
        a wide table's every figure asks for them."""
        found = self._row(line)
        return None if found is None else (found.cells, found.header)

    def table_start(self, line: int) -> int | None:
        """The first line (the header row) of the table whose body row is `line`, if any."""
        found = self._row(line)
        return None if found is None else found.table_start

    def caption(self, line: int) -> str:
        """The text just above the table holding `line` (up to its heading, a few lines at
        most): where a table whose headers are settings (`c=1`, `c=2`) states its unit
        (`Cell value = median per-stream decode tok/s`). Empty outside a table."""
        found = self._row(line)
        if found is None or self._csv:
            return ""
        start = found.table_start
        cached = self._captions.get(start)
        if cached is None:
            kept: list[str] = []
            for number in range(start - 1, max(0, start - 1 - MAX_CAPTION_LINES), -1):
                text = self._line(number).strip()
                if is_table_row(text):
                    break
                kept.append(text)
                if atx_heading(text) is not None:
                    break
            cached = " ".join(reversed(kept))
            self._captions[start] = cached
        return cached

    # -- nested data ------------------------------------------------------------------------

    def own_key(self, line: int) -> str | None:
        """The key written at the start of `line`: `"mean": 64.4` (JSON anywhere), `mean:
        64.4` (in a JSON or YAML document)."""
        text = self._line(line)
        key = _JSON_KEY_RE.match(text) or (_YAML_KEY_RE.match(text) if self._nested else None)
        return key.group(1) if key else None

    def enclosing_keys(self, line: int) -> Iterator[str]:
        """The keys of the objects or arrays around `line` in a JSON or YAML document,
        innermost first, at most a few (`"decode_tok_s": {` around `"mean": 64.4`); read
        lazily, so a caller that stops at the first telling key walks no further."""
        if not self._nested:
            return
        number, found = line, 0
        while found < MAX_ENCLOSING_KEYS:
            number = self._opener(number)
            if not number:
                return
            key = self.own_key(number)
            if key:
                found += 1
                yield key

    def enclosing_children(self, line: int) -> Iterator[tuple[str, str, int]]:
        """(key, value text, line) of the direct children of each object around `line`,
        innermost object first: the settings a run's own object states beside its figure,
        then its file's. Only for a keyed line or a JSON or YAML document."""
        if self.own_key(line) is None and not self._nested:
            return
        child = line
        for _ in range(MAX_LEVELS):
            opener = self._opener(child)
            if not opener:
                return
            yield from self._children_of(opener)
            child = opener

    def _children_of(self, opener: int) -> tuple[tuple[str, str, int], ...]:
        """The keyed lines one level inside the object opened at `opener`, read once."""
        known = self._children.get(opener)
        if known is not None:
            return known
        outer = _indent(self._line(opener))
        depth: int | None = None
        found: list[tuple[str, str, int]] = []
        for number in range(opener + 1, min(len(self._lines), opener + MAX_CHILD_LINES) + 1):
            text = self._lines[number - 1]
            if not text.strip():
                continue
            indent = _indent(text)
            if indent <= outer:
                break
            depth = indent if depth is None else depth
            key = self.own_key(number) if indent == depth else None
            if key is not None:
                found.append((key, text.split(":", 1)[1] if ":" in text else "", number))
        self._children[opener] = tuple(found)
        return self._children[opener]

    def _opener(self, line: int) -> int:
        """The nearest line above `line` indented less than it (0 when there is none).
        Siblings share the answer and remember it, so the lines under one opener are
        walked once however many of them are asked about."""
        known = self._parents.get(line)
        if known is not None:
            return known
        lines = self._lines
        text = self._line(line)
        indent = len(text) - len(text.lstrip(" \t"))
        walked = [line]
        parent = 0
        number = line - 1
        while number >= 1 and indent:
            above = lines[number - 1]
            stripped = above.lstrip(" \t")
            depth = len(above) - len(stripped)
            if stripped and depth < indent:
                parent = number
                break
            if stripped and depth == indent:
                known = self._parents.get(number)
                if known is not None:
                    parent = known
                    break
                walked.append(number)
            number -= 1
        for seen in walked:
            self._parents[seen] = parent
        return parent


def _closes(marker: re.Match[str], fence: tuple[str, int]) -> bool:
    """True when a fence marker line closes the open fence (same character, at least as
    long, nothing after it)."""
    run = marker.group(1)
    return run[0] == fence[0] and len(run) >= fence[1] and not marker.group(2).strip()


@dataclass(frozen=True, slots=True)
class _Row:
    """A table body row as verify reads it: its cells as written, its table's column
    headers and the line its table starts on."""

    cells: tuple[str, ...]
    header: tuple[str, ...]
    table_start: int


def _table_rows(table: Table, offset: int = 0) -> Iterator[tuple[int, _Row]]:
    """(line, row) of each body row of a table verify reads, its lines moved by `offset`."""
    if table.kind not in _READ_TABLES or not table.header_rows:
        return
    header = tuple(table.column_header(column) for column in range(table.width))
    named = len(table.header_rows[0])
    for row in table.body_rows:
        if row:
            cells = tuple(cell.written for cell in row)
            shifted = table.kind is TableKind.CSV and filled_width(cells) > named
            # an unquoted delimiter inside a cell moved every cell after it: which header is
            # each cell's is unknown, so none is
            names = ("",) * len(header) if shifted else header
            yield row[0].line + offset, _Row(cells, names, table.span.first + offset)


def _csv_fields(text: str, delimiter: str) -> list[str]:
    """One quote-free CSV line's cells, as `csv_table` reads them."""
    fields = next(csv.reader([text + "\n"], delimiter=delimiter), [])
    return [field.strip() for field in fields]


def _document_rows(parsed: ParsedDocument) -> dict[int, _Row | None]:
    """Every body row of a parsed document's tables, the first row on a line winning."""
    found: dict[int, _Row | None] = {}
    for table in parsed.tables:
        for line, row in _table_rows(table):
            found.setdefault(line, row)
    return found


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))
