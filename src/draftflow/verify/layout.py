"""Where a line stands in its document: the table it is a row of, and the keys of the
objects that enclose it. Verify asks this for every candidate line of every claim with a
unit or a column, so each answer is computed once per document and line, and a table's
header or an object's opener is found once for all the lines that share it.

Tables are the document model's (`extract.document.parse_document`): verify reads a row
under the header GitHub renders it under, as extract read it (no outer pipes, escaped pipes,
quoted CSV commas)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cached_property

from draftflow.acquire.snapshot import Document
from draftflow.extract.document import (
    DocumentKind,
    Table,
    TableKind,
    document_kind,
    parse_document,
)

# Not tool output's `|` boxes: nvidia-smi writes several quantities under one header cell
# (`Fan  Temp  Perf  Pwr:Usage/Cap`), which names no one dimension for a cell below it.
_READ_TABLES = (TableKind.MARKDOWN, TableKind.CSV)
_TABLE_DOCUMENTS = (DocumentKind.MARKDOWN, DocumentKind.CSV)
_JSON_KEY_RE = re.compile(r'^\s*"([^"]+)"\s*:')
_YAML_KEY_RE = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][\w.-]*)\s*:")
_NESTED_SUFFIXES = (".json", ".jsonl", ".yaml", ".yml")
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
        self._headers: dict[int, tuple[str, ...]] = {}
        self._row_cells: dict[int, tuple[str, ...]] = {}
        self._children: dict[int, tuple[tuple[str, str, int], ...]] = {}

    def _line(self, number: int) -> str:
        return self._lines[number - 1] if 1 <= number <= len(self._lines) else ""

    # -- tables -----------------------------------------------------------------------------

    @cached_property
    def _rows(self) -> dict[int, tuple[Table, int]]:
        """Each body row's line, with its table and the row's index: the document model's
        tables (read once per document, as extract read them), of the kinds verify reads."""
        found: dict[int, tuple[Table, int]] = {}
        if document_kind(self.document.path) not in _TABLE_DOCUMENTS:
            return found  # a run file's JSON holds none of them: not parsed for nothing
        for table in parse_document(self.document).tables:
            if table.kind not in _READ_TABLES or not table.header_rows:
                continue
            for index, row in enumerate(table.body_rows):
                if row:
                    found.setdefault(row[0].line, (table, index))
        return found

    def row_and_header(self, line: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The cells of `line` (as written) and its table's column headers, if `line` is a
        body row of a table (Markdown, CSV, or `|` rows of tool output). Read once per row
        and table: a wide table's every figure asks for them."""
        found = self._rows.get(line)
        if found is None:
            return None
        cells = self._row_cells.get(line)
        if cells is None:
            table, index = found
            cells = self._row_cells[line] = tuple(cell.written for cell in table.body_rows[index])
        return cells, self.headers(found[0])

    def headers(self, table: Table) -> tuple[str, ...]:
        """A table's column headers, read once."""
        header = self._headers.get(table.span.first)
        if header is None:
            header = tuple(table.column_header(column) for column in range(table.width))
            self._headers[table.span.first] = header
        return header

    def caption(self, line: int) -> str:
        """The text just above the table holding `line` (up to its heading, a few lines at
        most): where a table whose headers are settings (`c=1`, `c=2`) states its unit
        (`Cell value = median per-stream decode tok/s`). Empty outside a table."""
        found = self._rows.get(line)
        if found is None or self._csv:
            return ""
        start = found[0].span.first
        cached = self._captions.get(start)
        if cached is None:
            kept: list[str] = []
            for number in range(start - 1, max(0, start - 1 - MAX_CAPTION_LINES), -1):
                text = self._line(number).strip()
                if text.startswith("|"):
                    break
                kept.append(text)
                if text.startswith("#"):
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


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))
