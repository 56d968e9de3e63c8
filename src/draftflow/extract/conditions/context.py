"""A figure's surroundings in its document, read once per document from the document model: the
heading path above a line, the `key: value` lines of its section, the text just before its
table (a caption), the table's header row and the line's cells, and the document's
introduction."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property

from draftflow.acquire.snapshot import Document
from draftflow.extract.document import CodeBlock, Heading, Table, TableKind, parse_document
from draftflow.text.lines import plain_text

INTRO_LINES = 25
_KEY_VALUE = re.compile(
    r"^\s*(?:[-*+]\s+)?\**`?(?P<key>[A-Za-z][\w .+/()-]{0,40}?)`?\**\s*[:=]\s*\**"
    r"(?P<value>\S.{0,160})$"
)
_INLINE_PAIR = re.compile(r"(?P<key>[A-Za-z][\w .-]{0,24}?)\s*=\s*(?P<value>[^,<]{1,60})")
_DITTO = frozenset({"--", '"', "″", "〃", "''", "ditto"})
_READ_TABLES = (TableKind.MARKDOWN, TableKind.HTML)


@dataclass(frozen=True)
class TableCells:
    """A table row's cells under their headers, and the header of the figure's own cell."""

    header: list[str]
    cells: list[str]
    own: int | None


class DocumentContext:
    """Where each line of a document stands: its headings, section and table."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.lines = document.line_list
        self._key_values: dict[int, list[tuple[str, str]]] = {}

    @cached_property
    def _blocks(self) -> tuple[object, ...]:
        return parse_document(self.document).blocks

    @cached_property
    def _code_lines(self) -> frozenset[int]:
        """The lines of code blocks (fenced or indented)."""
        return frozenset(
            number
            for block in self._blocks
            if isinstance(block, CodeBlock)
            for number in range(block.span.first, block.span.last + 1)
        )

    @cached_property
    def _tables(self) -> list[Table]:
        """The document's Markdown and HTML tables (not tool output in code blocks)."""
        return [b for b in self._blocks if isinstance(b, Table) and b.kind in _READ_TABLES]

    @cached_property
    def _table_lines(self) -> frozenset[int]:
        return frozenset(
            number
            for table in self._tables
            for number in range(table.span.first, table.span.last + 1)
        )

    @cached_property
    def _heading_blocks(self) -> list[Heading]:
        return [b for b in self._blocks if isinstance(b, Heading)]

    @cached_property
    def _heading_lines(self) -> frozenset[int]:
        return frozenset(
            number
            for heading in self._heading_blocks
            for number in range(heading.span.first, heading.span.last + 1)
        )

    @cached_property
    def _headings(self) -> list[tuple[int, int, str]]:
        """(line, level, text) of every heading outside code blocks."""
        return [(h.span.first, h.level, h.text) for h in self._heading_blocks]

    @cached_property
    def _rows_by_line(self) -> dict[int, tuple[Table, int]]:
        """Each body row's line: its table and the row's index."""
        found: dict[int, tuple[Table, int]] = {}
        for table in self._tables:
            for index, row in enumerate(table.body_rows):
                if row:
                    found.setdefault(row[0].line, (table, index))
        return found

    def heading_path(self, line: int) -> list[tuple[int, int, str]]:
        """The headings above a line, closest (deepest) first."""
        path: list[tuple[int, int, str]] = []
        for number, level, text in self._headings:
            if number > line:
                break
            path = [h for h in path if h[1] < level] + [(number, level, text)]
        return list(reversed(path))

    def section_start(self, line: int) -> int:
        """The first line of the outermost section below the title that holds `line`."""
        path = self.heading_path(line)
        below_title = [h for h in path if h[1] >= 2] or path
        return below_title[-1][0] if below_title else 1

    def key_values(self, line: int) -> list[tuple[str, str]]:
        """`key: value` lines (and `key = value` pairs) of the line's section above it,
        closest first (read once per line: a row's figures share it)."""
        cached = self._key_values.get(line)
        if cached is None:
            cached = self._key_values[line] = self._section_pairs(line)
        return cached

    def _section_pairs(self, line: int) -> list[tuple[str, str]]:
        numbers = self._pair_line_numbers
        first = bisect_left(numbers, self.section_start(line))
        last = bisect_left(numbers, line)
        pairs: list[tuple[str, str]] = []
        for index in range(last - 1, first - 1, -1):
            pairs.extend(self._pair_lines[numbers[index]])
        return pairs

    @cached_property
    def _pair_lines(self) -> dict[int, list[tuple[str, str]]]:
        """Each line that holds `key: value` pairs, with its pairs (read once per document)."""
        found: dict[int, list[tuple[str, str]]] = {}
        for number, text in enumerate(self.lines, 1):
            if number in self._code_lines or number in self._heading_lines:
                continue
            if number in self._table_lines:
                continue
            match = _KEY_VALUE.match(text)
            if match and "http" not in match.group("key"):
                found[number] = [(match.group("key").strip(), plain_text(match.group("value")))]
                continue
            pairs = [
                (pair.group("key").strip(), pair.group("value").strip())
                for pair in _INLINE_PAIR.finditer(plain_text(text))
            ]
            if pairs:
                found[number] = pairs
        return found

    @cached_property
    def _pair_line_numbers(self) -> list[int]:
        return sorted(self._pair_lines)

    def caption(self, line: int) -> str:
        """The text just above the line, or above its table: up to three lines, back to the
        section's heading or a run of blank lines."""
        found = self._rows_by_line.get(line)
        number = found[0].span.first if found else line
        parts: list[str] = []
        blank = 0
        for above in range(number - 1, 0, -1):
            if above in self._heading_lines or above in self._table_lines:
                break  # a table above a sentence is not what the sentence is about
            if above in self._code_lines:
                continue
            text = self.lines[above - 1].strip()
            if not text:
                blank += 1
                if blank > 2 and parts:
                    break
                continue
            parts.append(plain_text(text))
            if len(parts) >= 3:
                break
        return " ".join(reversed(parts))

    def table_cells(self, line: int, text: str) -> TableCells | None:
        """The line's table row under its header row, with the cell that holds `text`."""
        found = self._rows_by_line.get(line)
        if found is None:
            return None
        table, index = found
        header = [table.column_header(column) for column in range(table.width)]
        cells = [cell.text for cell in table.body_rows[index]]
        for column, cell in enumerate(cells):
            if cell.strip() in _DITTO:
                cells[column] = _above(table, index, column)
        wanted = plain_text(text).strip()
        own = next(
            (i for i, c in enumerate(cells) if wanted and (wanted in c or (c and c in wanted))),
            None,
        )
        return TableCells(header=header, cells=cells, own=own)

    @cached_property
    def setup_pairs(self) -> list[tuple[str, str]]:
        """The rows of the document's two-column tables (`| Item | Value |`), in order: where a
        report states its model, engine and service configuration once for all its runs."""
        return [
            (row[0].text, row[1].text)
            for table in self._tables
            if table.width == 2
            for row in table.body_rows
            if len(row) == 2
        ]

    @cached_property
    def title(self) -> str:
        """The document's first heading."""
        return self._headings[0][2] if self._headings else ""

    @cached_property
    def intro(self) -> str:
        """The document's text before its second heading (at most INTRO_LINES lines)."""
        end = self._headings[1][0] if len(self._headings) > 1 else INTRO_LINES
        lines = self.lines[: min(end - 1, INTRO_LINES)]
        return " ".join(
            plain_text(text)
            for number, text in enumerate(lines, 1)
            if text.strip() and number not in self._heading_lines
        )


def _above(table: Table, index: int, column: int) -> str:
    """A ditto cell's value: the nearest cell above it in its column that is not one."""
    for row in reversed(table.body_rows[:index]):
        if column < len(row) and row[column].text.strip() not in _DITTO:
            return row[column].text
    return ""
