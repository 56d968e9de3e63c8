"""A figure's surroundings in its document, read once per document: the heading path above
a line, the `key: value` lines of its section, the text just before its table (a caption),
the table's header row and the line's cells, and the document's introduction."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property

from draftflow.acquire.snapshot import Document
from draftflow.text.fences import HEADING, fenced_lines
from draftflow.text.lines import plain_text, split_row

INTRO_LINES = 25
_KEY_VALUE = re.compile(
    r"^\s*(?:[-*+]\s+)?\**`?(?P<key>[A-Za-z][\w .+/()-]{0,40}?)`?\**\s*[:=]\s*\**"
    r"(?P<value>\S.{0,160})$"
)
_INLINE_PAIR = re.compile(r"(?P<key>[A-Za-z][\w .-]{0,24}?)\s*=\s*(?P<value>[^,<]{1,60})")
_DITTO = frozenset({"--", '"', "″", "〃", "''", "ditto"})
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$|^[-\s|]+$")


def _is_table_line(line: str) -> bool:
    return line.count("|") >= 2 or ("\t" in line.strip() and "|" in line)


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
    def _fenced(self) -> list[bool]:
        return fenced_lines(self.lines)

    @cached_property
    def _headings(self) -> list[tuple[int, int, str]]:
        """(line, level, text) of every heading outside code fences."""
        found: list[tuple[int, int, str]] = []
        for number, line in enumerate(self.lines, 1):
            match = HEADING.match(line)
            if match and not self._fenced[number - 1]:
                found.append((number, len(match.group(1)), plain_text(match.group(2))))
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
            if self._fenced[number - 1] or HEADING.match(text) or _is_table_line(text):
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
        """The text between the section's last heading (or blank run) and the line's table."""
        number = line
        while number > 1 and _is_table_line(self.lines[number - 2]):
            number -= 1
        parts: list[str] = []
        blank = 0
        for above in range(number - 1, 0, -1):
            text = self.lines[above - 1].strip()
            if HEADING.match(text):
                break
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
        row = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        if not _is_table_line(row) or _SEPARATOR.match(row):
            return None
        number = line
        while number > 1 and _is_table_line(self.lines[number - 2]):
            number -= 1
        if number + 1 > len(self.lines) or not _SEPARATOR.match(self.lines[number]):
            return None
        header = [plain_text(c) for c in split_row(self.lines[number - 1])]
        cells = [plain_text(c) for c in split_row(row)]
        for index, cell in enumerate(cells):
            if cell.strip() in _DITTO:
                cells[index] = self._above(number + 2, line, index)
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
        pairs: list[tuple[str, str]] = []
        width = 0
        for number, text in enumerate(self.lines, 1):
            if self._fenced[number - 1] or not _is_table_line(text):
                width = 0
                continue
            cells = split_row(text)
            if width == 0:
                width = len(cells)
                continue
            if width == 2 and len(cells) == 2 and not _SEPARATOR.match(text):
                pairs.append((plain_text(cells[0]), plain_text(cells[1])))
        return pairs

    def _above(self, first: int, line: int, index: int) -> str:
        """A ditto cell's value: the nearest cell above it in its column that is not one."""
        for number in range(line - 1, first - 1, -1):
            cells = split_row(self.lines[number - 1])
            if index < len(cells) and cells[index].strip() not in _DITTO:
                return plain_text(cells[index])
        return ""

    @cached_property
    def title(self) -> str:
        """The document's first heading."""
        return self._headings[0][2] if self._headings else ""

    @cached_property
    def intro(self) -> str:
        """The document's text before its second heading (at most INTRO_LINES lines)."""
        end = self._headings[1][0] if len(self._headings) > 1 else INTRO_LINES
        lines = self.lines[: min(end - 1, INTRO_LINES)]
        return " ".join(plain_text(t) for t in lines if t.strip() and not HEADING.match(t))
