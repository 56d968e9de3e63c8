"""A figure's surroundings in its document, read once per document from the document model: the
heading path above a line, the `key: value` lines of its section, the text just before its
table (a caption), the table's header row and the line's cells, and the document's
introduction."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import TypeVar, cast

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.chain import ChainLines
from draftflow.extract.document import (
    CodeBlock,
    DocumentKind,
    Heading,
    ListItem,
    Paragraph,
    Table,
    TableKind,
    parse_document,
)
from draftflow.text.lines import hardware_badges, plain_text

INTRO_LINES = 25
# A code span with a colon and no space names an artifact (an image `name:tag`, a URL), whose
# name is no statement about the figures' run.
_REFERENCE = re.compile(r"`[^`\s]*:[^`\s]*`")
_ITALIC_NOTE = re.compile(r"(?s)(?P<mark>[*_])(?![*_\s]).*(?<![*_\s])(?P=mark)")
"""A paragraph written wholly in italics (`*...*`, `_..._`; not `**bold**`)."""
_DITTO = frozenset({"--", '"', "″", "〃", "''", "ditto"})
_READ_TABLES = (TableKind.MARKDOWN, TableKind.HTML)
_TOOL_LINE = re.compile(r"[^:=\n]{1,60}[:=][ \t]*[-+~]?\d[\d.,]*[ \t]*[A-Za-z%/]{0,12}")
"""A `key: value` line whose value is one number with at most a unit: what a tool prints."""
_DATA_KINDS = frozenset({DocumentKind.CSV, DocumentKind.JSON, DocumentKind.JSONL})
PROSE_SUFFIXES = (".md", ".markdown", ".rst", ".txt", ".org", ".html", ".htm")
"""The documents written as prose (their lines are sentences, sections and tables), not data."""


_MAX_WANTED = 64  # a longer figure text is looked for cell by cell
_T = TypeVar("_T")
_K = TypeVar("_K", bound=Hashable)
RECENT = 8
"""Lines whose context chain is kept: a row's figures come together, and a chain of a long
section is long (a data file's chain is every line above: a document of 100,000 figures
must not keep them all; at 64, lhl/strix-halo-testing's peak was 90 MB above main's)."""


def recent(memo: dict[_K, _T], key: _K, compute: Callable[[], _T]) -> _T:
    """`memo[key]`, computed on a miss; the oldest entry is let go past `RECENT` entries."""
    found = memo.get(key)
    if found is None:
        if len(memo) >= RECENT:
            del memo[next(iter(memo))]
        found = memo[key] = compute()
    return found


@dataclass(frozen=True, eq=False)
class RowCells:
    """A table body row's cells (dittos resolved) under its column headers, read once."""

    header: tuple[str, ...]
    cells: tuple[str, ...]
    exact: dict[str, int]
    """Each non-empty cell's text: its first column."""

    @cached_property
    def _joined(self) -> tuple[str, list[int]]:
        starts, at = [], 0
        for cell in self.cells:
            starts.append(at)
            at += len(cell) + 1
        return "\0".join(self.cells), starts

    def own(self, wanted: str) -> int | None:
        """The figure's own cell: the cell that is `wanted`, else the first cell that holds it
        or that it holds as a whole (`41.2` in `**41.2** tok/s`; not the `1` of a `batch` column
        in `102.21`, nor `0.01` in `0.011`), a non-empty one. Found with one search of the
        joined row and a look-up of `wanted`'s substrings, not by testing every cell (a wide
        row's every figure asks)."""
        if not wanted:
            return None
        exact = self.exact.get(wanted)
        if exact is not None:
            return exact
        if "\0" in wanted or len(wanted) > _MAX_WANTED:
            return next(
                (
                    i
                    for i, c in enumerate(self.cells)
                    if c and (_holds_whole(c, wanted) or _holds_whole(wanted, c))
                ),
                None,
            )
        found: list[int] = []
        joined, starts = self._joined
        held = _whole(wanted).search(joined)
        if held is not None:
            found.append(bisect_right(starts, held.start()) - 1)
        for first in range(len(wanted)):
            for last in range(first + 1, len(wanted) + 1):
                column = self.exact.get(wanted[first:last])
                if column is not None and _bounded(wanted, first, last):
                    found.append(column)
        return min(found, default=None)


@lru_cache(maxsize=1 << 12)
def _whole(text: str) -> re.Pattern[str]:
    """`text` where it stands whole: no letter, digit or decimal point runs on from it."""
    return re.compile(rf"(?<![\w.]){re.escape(text)}(?!\w|\.\d)")


def _holds_whole(cell: str, wanted: str) -> bool:
    return _whole(wanted).search(cell) is not None


def _bounded(text: str, first: int, last: int) -> bool:
    """Whether `text[first:last]` stands whole in `text` (see `_whole`)."""
    before = text[first - 1 : first]
    after = text[last : last + 2]
    runs_in = bool(before) and (before.isalnum() or before in "._")
    runs_on = bool(after) and (
        after[0].isalnum() or after[0] == "_" or (after[0] == "." and after[1:2].isdigit())
    )
    return not runs_in and not runs_on


@dataclass(frozen=True)
class TableCells:
    """A table row's cells under their headers, and the header of the figure's own cell."""

    header: tuple[str, ...]
    cells: tuple[str, ...]
    own: int | None
    row: RowCells
    """The row these are of (shared by its figures, so what is read of it is read once)."""


class DocumentContext:
    """Where each line of a document stands: its headings, section and table."""

    def __init__(self, document: Document) -> None:
        self._any_row: dict[tuple[int, Callable[[str], bool]], bool] = {}
        self.document = document
        self.lines = document.line_list
        self.is_prose = document.path.lower().endswith(PROSE_SUFFIXES)
        self._key_values: dict[int, list[tuple[str, str]]] = {}
        self._rows: dict[tuple[int, int], RowCells] = {}
        self._headers: dict[int, tuple[str, ...]] = {}
        self._kept: dict[Hashable, object] = {}
        self._captions: dict[int, str] = {}
        self._setup_pairs: dict[tuple[int, frozenset[int]], list[tuple[str, str]]] = {}
        self._memo: dict[Hashable, object] = {}
        self._intros: dict[tuple[int, int], str] = {}

    def remembered(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """`compute()` once per `key` while it is recent (see `recent`): what every figure of
        a line (a wide row's thousands) reads the same is read once. A key names what is
        computed and from what (its first item a name unique to the caller); `compute` must
        not return None."""
        return cast(_T, recent(self._memo, key, compute))

    def kept(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """`compute()` once per `key` until `forget_lines`: what the document's figures read
        line after line (a section's running union of names), not only a line's."""
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = compute()
        return cast(_T, found)

    def forget_lines(self) -> None:
        """Let go of what is remembered line by line (chains, captions, setup pairs, what
        `remembered` keeps): needed while the document's figures are read, and a finished data
        file's would hold chains of every line above (a repository's worth of them in all)."""
        self._kept.clear()
        self._captions.clear()
        self._setup_pairs.clear()
        self._memo.clear()

    @cached_property
    def _blocks(self) -> tuple[object, ...]:
        return parse_document(self.document).blocks

    @cached_property
    def _jsonl(self) -> bool:
        return parse_document(self.document).kind is DocumentKind.JSONL

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
        """(line, level, text) of every heading outside code blocks, less a tool's output line
        between its `-----` rules, which Markdown reads as a heading but names no section
        (`Average of eval rate: 66.966 tokens/s` closes a model's run in freeletics/
        ollama-benchmark results/*.md; the `model_name = mistral:7b` above it is its model)."""
        return [
            (h.span.first, h.level, h.text)
            for h in self._heading_blocks
            if not (h.span.last > h.span.first and _TOOL_LINE.fullmatch(h.text.strip()))
        ]

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
        """The headings above a line whose sections hold it, closest (deepest) first."""
        if self._paths is None:
            path = self._heading_path(line)
        else:
            path = list(self._paths[bisect_right(self._heading_numbers, line)])
        ends = self._closed_section_ends
        return [h for h in path if ends.get(h[0], line) >= line] if ends else path

    @cached_property
    def _closed_section_ends(self) -> dict[int, int]:
        """The last line of each banner's section in a log (closed by a bare rule, `======`
        after the lines of `=== Serving Benchmark Result ===`: `extract.document.banners`), by
        its banner's line; empty for a document whose headings are its own (Markdown)."""
        parsed = parse_document(self.document)
        if parsed.kind is not DocumentKind.TEXT:
            return {}
        return {section.span.first: section.span.last for section in parsed.sections}

    def _heading_path(self, line: int) -> list[tuple[int, int, str]]:
        path: list[tuple[int, int, str]] = []
        for number, level, text in self._headings:
            if number > line:
                break
            path = [h for h in path if h[1] < level] + [(number, level, text)]
        return list(reversed(path))

    @cached_property
    def _heading_numbers(self) -> list[int]:
        return [number for number, _, _ in self._headings]

    @cached_property
    def _paths(self) -> list[tuple[tuple[int, int, str], ...]] | None:
        """The heading path below each heading (the first: none), closest first, computed
        once per document rather than from every heading per figure; None where the
        headings are not in line order (then each path is read as it always was)."""
        numbers = self._heading_numbers
        if any(later < earlier for earlier, later in pairwise(numbers)):
            return None
        paths: list[tuple[tuple[int, int, str], ...]] = [()]
        path: list[tuple[int, int, str]] = []
        for number, level, text in self._headings:
            path = [h for h in path if h[1] < level] + [(number, level, text)]
            paths.append(tuple(reversed(path)))
        return paths

    def section_start(self, line: int) -> int:
        """The first line of the outermost section below the title that holds `line` (a text
        file's first line: its banners head no section of context, `above_runs`)."""
        if self._closed_section_ends:
            return 1
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
        pairs: list[tuple[str, str]] = []
        for run in self.above_runs(line):
            if not run:
                continue
            first = bisect_left(numbers, run[-1])
            last = bisect_left(numbers, run[0] + 1)
            for index in range(last - 1, first - 1, -1):
                pairs.extend(self._pair_lines[numbers[index]])
        return pairs

    def section_above(self, line: int) -> range:
        """The lines above `line` back to its outermost section's start, nearest first (its
        sibling subsections' among them: what the document names near it, not its context)."""
        return range(line - 1, self.section_start(line) - 1, -1)

    def above_runs(self, line: int) -> tuple[range, ...]:
        """The lines above `line` that are its context, nearest first, as descending runs:
        back to its own section's heading, then each enclosing section's heading and own text
        (before its first subsection). A sibling subsection above is not among them: "7.7 ms
        TTFT at C=1" in one subsection says nothing of the next subsection's table."""
        path = [h for h in self.heading_path(line) if h[1] >= 2]
        if not path or self._closed_section_ends:
            # a log's banners head its parts, not its context: every line above still is
            # (the machine a file states once above its first banner is every part's)
            return (self.section_above(line),)
        runs = [range(line - 1, path[0][0] - 1, -1)]
        numbers = self._sorted_heading_numbers
        for number, _, _ in path[1:]:
            after = bisect_right(numbers, number)
            end = numbers[after] if after < len(numbers) else line
            runs.append(range(min(end, line) - 1, number - 1, -1))
        return tuple(runs)

    @cached_property
    def _pair_lines(self) -> dict[int, list[tuple[str, str]]]:
        """Each line that states `key: value` pairs, with its pairs (the document model's)."""
        found: dict[int, list[tuple[str, str]]] = {}
        for pair in parse_document(self.document).pairs:
            found.setdefault(pair.line, []).append((pair.key, pair.value))
        return found

    @cached_property
    def _pair_line_numbers(self) -> list[int]:
        return sorted(self._pair_lines)

    def caption(self, line: int) -> str:
        """The text just above the line, or above its table: up to three lines, back to the
        section's heading or a run of blank lines (read once per line)."""
        found = self._captions.get(line)
        if found is None:
            found = self._captions[line] = self._caption(line)
        return found

    def _caption(self, line: int) -> str:
        if self._jsonl:
            return ""  # the lines above a JSON Lines record are other records, not its caption
        found = self._rows_by_line.get(line)
        if found is not None:
            return plain_text(_REFERENCE.sub(" ", found[0].title or ""))
        number = found[0].span.first if found else line
        items = self._list_item_lines
        parts: list[str] = []
        blank = 0
        for above in range(number - 1, 0, -1):
            if above in self._heading_lines or above in self._table_lines:
                break  # a table above a sentence is not what the sentence is about
            if above in self._code_lines or (number in items and above in items):
                continue  # a list item's siblings state their own figures, not its context
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

    def note_below(self, line: int) -> tuple[int, str]:
        """The note written in italics just below the line's table (`*output tokens/s, median
        of 3 runs, 64-token prompts*`): its first line and its plain text; (0, "") for none
        (outside tables, or a table followed by anything else: a sentence below a table may
        be about the next one)."""
        found = self._rows_by_line.get(line)
        if found is None:
            return (0, "")
        below = found[0].span.last + 1
        while below <= len(self.lines) and not self.lines[below - 1].strip():
            below += 1
        blocks = [b for b in self._texts_at(below) if isinstance(b, Paragraph)]
        if not blocks or blocks[0].span.first != below:
            return (0, "")
        raw = "\n".join(self.lines[below - 1 : blocks[0].span.last]).strip()
        if not _ITALIC_NOTE.fullmatch(raw):
            return (0, "")
        return (below, plain_text(raw))

    def in_table_row(self, line: int) -> bool:
        """Whether the line is a table's body row (`table_cells` reads its figures' cells)."""
        return line in self._rows_by_line

    def table_cells(self, line: int, text: str) -> TableCells | None:
        """The line's table row under its header row, with the cell that holds `text`: the
        first cell that holds it or that it holds."""
        found = self._rows_by_line.get(line)
        if found is None:
            return None
        row = self._row_cells(*found)
        wanted = plain_text(text).strip()
        return TableCells(header=row.header, cells=row.cells, own=row.own(wanted), row=row)

    def _row_cells(self, table: Table, index: int) -> RowCells:
        """A body row's cells (dittos resolved) under its table's headers, read once: a wide
        table's every figure shares them (linear, not quadratic, in its cells)."""
        key = (id(table), index)
        row = self._rows.get(key)
        if row is None:
            header = self._headers.get(id(table))
            if header is None:
                header = tuple(table.column_header(c) for c in range(table.width))
                self._headers[id(table)] = header
            cells = [cell.text for cell in table.body_rows[index]]
            for column, cell in enumerate(cells):
                if cell.strip() in _DITTO:
                    cells[column] = _above(table, index, column)
            if _continues_group(cells, table, index):
                cells[0] = _above(table, index, 0)  # `|  | A100 x 4 | 26.6 |` under `Llama2-70B`
            exact: dict[str, int] = {}
            for column, cell in enumerate(cells):
                if cell:
                    exact.setdefault(cell, column)
            row = self._rows[key] = RowCells(header, tuple(cells), exact)
        return row

    def chain(self, line: int) -> ChainLines:
        """The lines of a figure's context, nearest first: its own line, its table's header
        rows, the lines above it back to its section's start and its enclosing sections' own
        text (`above_runs`), its heading path, then
        the document's opening (title and introduction); as runs, not written out (a section
        of many tables gives each figure a chain of every line above it). Read once per line
        (a row's figures share it)."""
        return self.remembered(("chain", line), lambda: self._chain(line))

    def _chain(self, line: int) -> ChainLines:
        header = range(0)
        row = self._rows_by_line.get(line)
        if row is not None:
            table = row[0]
            first_body = table.body_rows[0][0].line if table.body_rows[0] else line
            header = range(table.span.first, min(first_body, line))
        end = self._headings[1][0] if len(self._headings) > 1 else INTRO_LINES
        return ChainLines(
            line=line,
            header=header,
            above=self.above_runs(line),
            headings=tuple(number for number, _, _ in self.heading_path(line)),
            opening=range(1, min(end, INTRO_LINES + 1)),
        )

    def table_rows(self, line: int) -> list[str]:
        """The text of every body row of the line's table ([] outside tables)."""
        found = self._rows_by_line.get(line)
        if found is None:
            return []
        return [" | ".join(cell.text for cell in row) for row in found[0].body_rows]

    def column_cells(self, line: int, column: int) -> tuple[str, ...]:
        """The cells of a column of the line's table, every body row's (() outside tables)."""
        found = self._rows_by_line.get(line)
        if found is None:
            return ()
        return tuple(row[column].text for row in found[0].body_rows if column < len(row))

    def any_row(self, line: int, test: Callable[[str], bool]) -> bool:
        """Whether any body row of the line's table passes `test` (False outside tables);
        asked once per table and test, as each figure of a wide table asks it again."""
        found = self._rows_by_line.get(line)
        if found is None:
            return False
        key = (id(found[0]), test)
        known = self._any_row.get(key)
        if known is None:
            known = self._any_row[key] = any(test(row) for row in self.table_rows(line))
        return known

    @cached_property
    def setup_pairs(self) -> list[tuple[str, str]]:
        """The rows of the document's two-column tables (`| Item | Value |`), in order: where a
        report states its model, engine and service configuration once for all its runs."""
        return [(key, value) for key, value, _ in self._pair_rows]

    @cached_property
    def _pair_rows(self) -> list[tuple[str, str, int]]:
        return [
            (row[0].text, row[1].text, row[0].line)
            for table in self._tables
            if table.width == 2
            for row in table.body_rows
            if len(row) == 2
        ]

    def setup_pairs_for(self, line: int, setup_lines: frozenset[int]) -> list[tuple[str, str]]:
        """The two-column table rows that describe a figure's run: where its chain (its
        section above it) holds such a table, those and the setup sections' (a `Package |
        Version` list elsewhere is not the `Device | GB10` table's engine); else all of the
        document's, where a report states its configuration once for all its runs. Read once
        per line and setup; the list returned is shared, not to be changed."""
        key = (line, setup_lines)
        found = self._setup_pairs.get(key)
        if found is None:
            found = self._setup_pairs[key] = self._setup_pairs_for(line, setup_lines)
        return found

    def _setup_pairs_for(self, line: int, setup_lines: frozenset[int]) -> list[tuple[str, str]]:
        chain = self.chain(line)
        if not any(number in chain for _, _, number in self._pair_rows):
            return self.setup_pairs
        return [
            (key, value)
            for key, value, number in self._pair_rows
            if number in chain or number in setup_lines
        ]

    @cached_property
    def _list_item_lines(self) -> frozenset[int]:
        """The lines of the document's list items."""
        return frozenset(
            n
            for b in self._blocks
            if isinstance(b, ListItem)
            for n in range(b.span.first, b.span.last + 1)
        )

    @cached_property
    def _texts(self) -> list[Paragraph | ListItem]:
        return [b for b in self._blocks if isinstance(b, Paragraph | ListItem)]

    def _texts_at(self, line: int) -> list[Paragraph | ListItem]:
        """The paragraphs and list items that hold a line, in the document model's order:
        found by bisection where no two of them overlap (read line by line, a scan of every
        block made a long document's figures quadratic), else by reading each."""
        if self._flat_texts:
            index = bisect_right(self._text_firsts, line) - 1
            if index < 0:
                return []
            block = self._texts_in_order[index]
            return [block] if line <= block.span.last else []
        return [b for b in self._texts if b.span.first <= line <= b.span.last]

    @cached_property
    def _flat_texts(self) -> bool:
        """Whether the text blocks, in line order, each end before the next starts."""
        ordered = self._texts_in_order
        return all(a.span.last < b.span.first for a, b in pairwise(ordered))

    def own_block(self, line: int) -> tuple[int, str] | None:
        """The one paragraph or list item that holds a line outside tables: its first line and
        its plain text, one text line per source line (None in a table, where two blocks hold
        the line, or where the plain text's lines are not the block's)."""
        found = self._texts_at(line)
        if len(found) != 1:
            return None
        text = plain_text(found[0].text)
        lines = found[0].span.last - found[0].span.first + 1
        return (found[0].span.first, text) if text.count("\n") + 1 == lines else None

    def shared_by_line(self, line: int) -> bool:
        """Whether a figure on `line` reads its context as every figure of its line does: the
        line holds no table row (whose own cell and column are the figure's) and no paragraph
        or list item (whose own clause is), as a JSONL row or a JSON object's line holds none."""
        return line not in self._rows_by_line and self.own_block(line) is None

    def own_text(self, line: int) -> str:
        """The paragraph or list item that holds a line outside tables ("" in a table)."""
        return " ".join(plain_text(b.text) for b in self._texts_at(line))

    def lead_text(self, line: int) -> str:
        """The paragraphs between the heading above a line (or above its table) and it, after
        any table in between: the sentences that introduce the table or paragraph."""
        found = self._rows_by_line.get(line)
        start = found[0].span.first if found else line
        path = self.heading_path(start)
        lower = path[0][0] if path else 0
        ends = self._table_ends  # sorted: the last table ending before `start` bounds the lead
        before = bisect_left(ends, start)
        if before and ends[before - 1] > lower:
            lower = ends[before - 1]
        firsts = self._text_firsts
        parts: list[str] = []
        for index in range(bisect_right(firsts, lower), bisect_left(firsts, start)):
            block = self._texts_in_order[index]
            if block.span.last < start:
                parts.append(plain_text(block.text))
        return " ".join(parts)

    @cached_property
    def _table_ends(self) -> list[int]:
        return sorted(table.span.last for table in self._tables)

    @cached_property
    def _texts_in_order(self) -> list[Paragraph | ListItem]:
        texts = self._texts
        return [texts[index] for index in self._text_order]

    @cached_property
    def _text_firsts(self) -> list[int]:
        """Where each text block starts, in order: a figure's lead is found by bisection, not
        by reading every block of the document (a document of many tables has many figures)."""
        return [block.span.first for block in self._texts_in_order]

    def section_intro(self, heading_line: int, before: int | None = None) -> str:
        """The paragraphs right after a heading and before its next heading, which introduce
        the whole section ("" when a table comes first: they introduce that table); with
        `before`, only those that start above that line (a later list item states its own
        run, not an earlier figure's). Read once per heading and bound (each table line
        above which a heading stands asks)."""
        numbers = self._sorted_heading_numbers
        after = bisect_right(numbers, heading_line)
        end = numbers[after] if after < len(numbers) else len(self.lines) + 1
        until = end if before is None else min(end, before + 1)
        stop = bisect_left(self._text_firsts, until)
        key = (heading_line, stop)
        found = self._intros.get(key)
        if found is None:
            found = self._intros[key] = self._section_intro(heading_line, end, stop)
        return found

    def _section_intro(self, heading_line: int, end: int, stop: int) -> str:
        firsts = self._table_firsts
        first_table = bisect_right(firsts, heading_line)
        if first_table < len(firsts) and firsts[first_table] < end:
            return ""
        indices = sorted(
            self._text_order[index]
            for index in range(bisect_right(self._text_firsts, heading_line), stop)
            if self._texts_in_order[index].span.last < end
        )
        texts = self._texts
        return " ".join(plain_text(texts[index].text) for index in indices)

    @cached_property
    def _sorted_heading_numbers(self) -> list[int]:
        return sorted(number for number, _, _ in self._headings)

    @cached_property
    def _table_firsts(self) -> list[int]:
        return sorted(table.span.first for table in self._tables)

    @cached_property
    def _text_order(self) -> list[int]:
        """Each text block's place in the document model's order, in line order."""
        texts = self._texts
        return sorted(range(len(texts)), key=lambda index: texts[index].span.first)

    def section_span(self, heading_line: int) -> tuple[int, int]:
        """The lines of the section a heading opens: to the next heading of its level or
        above."""
        level = next((lv for n, lv, _ in self._headings if n == heading_line), 1)
        nexts = [n for n, lv, _ in self._headings if n > heading_line and lv <= level]
        return heading_line, (min(nexts) - 1 if nexts else len(self.lines))

    def headings(self) -> list[tuple[int, int, str]]:
        """(line, level, text) of every heading, in order."""
        return list(self._headings)

    def pairs_on(self, lines: Iterable[int]) -> list[tuple[str, str]]:
        """The `key: value` pairs of `lines` (a document's setup sections), in line order."""
        return [pair for n in sorted(lines) for pair in self._pair_lines.get(n, ())]

    def pairs_in(self, first: int, last: int) -> list[tuple[str, str]]:
        """The `key: value` pairs of the lines from `first` to `last`, in order."""
        return [
            pair
            for n in self._pair_line_numbers
            if first <= n <= last
            for pair in self._pair_lines[n]
        ]

    def code_in(self, first: int, last: int) -> list[str]:
        """The text of the code blocks within the lines from `first` to `last`."""
        return [
            b.text
            for b in self._blocks
            if isinstance(b, CodeBlock) and first <= b.span.first and b.span.last <= last
        ]

    @cached_property
    def pair_table_lines(self) -> list[int]:
        """The body lines of the document's two-column tables (see `setup_pairs`)."""
        return [
            row[0].line
            for table in self._tables
            if table.width == 2
            for row in table.body_rows
            if len(row) == 2
        ]

    @cached_property
    def header_lines(self) -> list[int]:
        """The lines of every table's header rows, in order."""
        return [
            number
            for table in self._tables
            for number in range(
                table.span.first,
                table.body_rows[0][0].line if table.body_rows and table.body_rows[0] else 0,
            )
        ]

    @cached_property
    def column_headers(self) -> frozenset[str]:
        """Every column header of the document's tables, as written."""
        return frozenset(t.column_header(c).strip() for t in self._tables for c in range(t.width))

    @cached_property
    def title(self) -> str:
        """The document's first heading."""
        return self._headings[0][2] if self._headings else ""

    @cached_property
    def opening_columns(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each column of the tables that begin in the document's introduction (the lines
        `intro` reads): its header and its body cells."""
        if parse_document(self.document).kind in _DATA_KINDS:
            return ()
        end = self._headings[1][0] if len(self._headings) > 1 else INTRO_LINES
        last = min(end - 1, INTRO_LINES)
        return tuple(
            (
                table.column_header(column),
                tuple(r[column].text for r in table.body_rows if column < len(r)),
            )
            for table in self._tables
            if table.span.first <= last
            for column in range(table.width)
        )

    @cached_property
    def intro(self) -> str:
        """The document's text before its second heading (at most INTRO_LINES lines); none in
        a data file (CSV, JSON), whose first lines are its rows, not what it says of them."""
        return self._intro_text(frozenset())

    @cached_property
    def intro_prose(self) -> str:
        """`intro` less the body rows of its tables of more than two columns: such a row
        speaks for itself (`| **llama.cpp** llama-bench | LLM token throughput | ran |` in a
        list of tools), not for the whole document as its sentences do."""
        return self._intro_text(self._row_table_lines)

    @cached_property
    def _row_table_lines(self) -> frozenset[int]:
        return frozenset(
            cell.line
            for table in self._tables
            if table.width > 2
            for row in table.body_rows
            for cell in row[:1]
        )

    def _intro_text(self, left_out: frozenset[int]) -> str:
        if parse_document(self.document).kind in _DATA_KINDS:
            return ""
        end = self._headings[1][0] if len(self._headings) > 1 else INTRO_LINES
        lines = self.lines[: min(end - 1, INTRO_LINES)]
        return " ".join(
            f"{plain_text(text)} {hardware_badges(text)}".strip()
            for number, text in enumerate(lines, 1)
            if text.strip() and number not in self._heading_lines and number not in left_out
        )


def _above(table: Table, index: int, column: int) -> str:
    """A ditto cell's value: the nearest cell above it in its column that is not one (nor,
    in the first column, empty)."""
    for row in reversed(table.body_rows[:index]):
        text = row[column].text if column < len(row) else ""
        if column < len(row) and text.strip() not in _DITTO and (column or text.strip()):
            return text
    return ""


_GROUP_ROW = 3
"""The fewest cells of a row that continues a group: its empty label and two it states."""


def _continues_group(cells: list[str], table: Table, index: int) -> bool:
    """Whether a body row's empty first cell continues the group the rows above it head: the
    row states its other cells, and a row above names the first column (mlc-ai/llm-perf-bench
    README.md:31-33: `Llama2-70B | A100 x 2`, then `| | A100 x 4 |` and `| | A100 x 8 |`)."""
    if index == 0 or len(cells) < _GROUP_ROW or cells[0].strip():
        return False
    return all(cell.strip() for cell in cells[1:]) and bool(_above(table, index, 0).strip())
