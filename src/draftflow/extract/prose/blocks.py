"""Markdown prose as blocks: paragraphs, list items and headings, each mapped to its lines.

Reports wrap sentences over several lines and state a figure's subject in a bullet's bold
lead-in (`- **Decode:** 45 tok/s`) or in the heading above, so a figure is read in its whole
paragraph or list item, not its line. A block's text is its lines joined by newlines with the
Markdown markers (list bullets, `>` quotes, heading hashes, emphasis) blanked to spaces, so
every offset in the text is still the offset on its source line. Which lines are code,
headings, tables and HTML is the document model's call (`extract.document`); code, HTML and
`label: number` report lines belong to other harvesters and end a block, and a table's
cells that are sentences are blocks of their own.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from enum import StrEnum

from draftflow.acquire.snapshot import Document
from draftflow.extract.document import (
    CodeBlock,
    Heading,
    HtmlBlock,
    Table,
    TableKind,
    is_table_row,
    parse_document,
)
from draftflow.extract.vocabulary import GENERIC_HEADERS
from draftflow.numbers.cells import is_sentence
from draftflow.text.lines import MAX_LINE as KEY_VALUE_MAX_LINE
from draftflow.text.lines import key_value_match

MAX_LINE = 2_000
"""Longer lines are data dumps, not prose."""

_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,3}[.)])[ \t]+")
_QUOTE = re.compile(r"^ {0,3}(>[ \t]?)+")
_ATX = re.compile(r"^ {0,3}#{1,6}(?:[ \t]+|$)")
"""A heading line's marker (which lines are headings is the document model's call)."""
_SETEXT_RULE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_RULE = re.compile(r"^ {0,3}([-*_=])(?:[ \t]*\1){2,}[ \t]*$")
# `**`, `__`, and a `*` that opens (nothing wordy before it, something after) or closes
# emphasis; the lookbehinds stand after the `*` (and look back over it), so that every branch
# opens with a literal and the regex engine skips to the next `*` or `_` by itself.
_EMPHASIS = re.compile(r"\*\*|__|\*(?<![\w*]\*)(?=\S)|\*(?<=\S\*)(?![\w*])")
_LEAD_IN = re.compile(
    r"^\s*(?:\*\*|__)(?P<bold>[^*_\n]{1,80}?)(?:\*\*|__)|^\s*(?P<plain>[^:\n]{1,60}?):\s"
)
_CODE_SPAN = re.compile(r"`+([^`\n]*)`+")
_WORDY = re.compile(r"[A-Za-z]{2,}")
_DIGIT = re.compile(r"\d")
_NUMBER_WORD = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|"
    r"twenty|thirty|forty|fifty|hundred)\b",
    re.IGNORECASE,
)
_NUMBER_WORD_LOWER = re.compile(_NUMBER_WORD.pattern)
MIN_SENTENCE_WORDS = 6
"""A table row with fewer words than this holds no sentence cell (a quick pre-check)."""


class BlockKind(StrEnum):
    """What kind of prose a block is."""

    PARAGRAPH = "paragraph"
    ITEM = "item"
    HEADING = "heading"
    CELL = "cell"
    """A table cell that is a sentence (`numbers.cells.is_sentence`)."""


@dataclass(frozen=True)
class ProseBlock:
    """One paragraph, list item or heading: its text (markers blanked) and where it lies."""

    kind: BlockKind
    text: str
    line_starts: tuple[int, ...]
    """Offset in `text` where each source line starts."""
    lines: tuple[int, ...]
    """The 1-based source line number of each of those lines."""
    heading: str | None
    """The nearest heading above (for a heading block: its parent heading)."""
    lead_in: str | None
    """A list item's bold or `Label:` lead-in, which names what the item reports."""
    code_spans: tuple[tuple[int, int, str], ...]
    """(start, end, inner text) of each inline code span in `text`."""
    names: tuple[str, ...] = ()
    """What names the block's figures: a list item's lead-in, a table cell's row head."""
    row_label: str | None = None
    """A sentence cell's row head where its column's header names nothing (`Item | Result`):
    what the cell's figures measure when their own clause names no metric."""

    def line_at(self, offset: int) -> int:
        """The source line that holds `offset`."""
        return self.lines[max(bisect_right(self.line_starts, offset) - 1, 0)]

    def code_span_at(self, start: int, end: int) -> tuple[int, int, str] | None:
        """The inline code span that contains `text[start:end]`, if any."""
        for span in self.code_spans:
            if span[0] <= start and end <= span[1]:
                return span
        return None


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def _strip_markers(line: str) -> tuple[str, bool]:
    """The line with quote and list markers blanked, and whether it starts a list item."""
    quote = _QUOTE.match(line)
    if quote:
        line = _blank(line, 0, quote.end())
    item = _ITEM.match(line)
    if item:
        return _blank(line, item.start(2), item.end()), True
    return line, False


def _is_foreign(line: str) -> bool:
    """A line another harvester reads, or no prose at all: tables, HTML, report lines."""
    stripped = line.strip()
    return (
        stripped.startswith("<")
        or is_table_row(line)
        or len(line) > MAX_LINE
        or bool(_RULE.match(line))
        or (len(line) <= KEY_VALUE_MAX_LINE and key_value_match(line))
    )


@dataclass
class _Builder:
    heading: str | None = None
    kind: BlockKind = BlockKind.PARAGRAPH
    parts: list[tuple[int, str]] | None = None

    def start(self, kind: BlockKind, number: int, text: str) -> None:
        self.kind, self.parts = kind, [(number, text)]

    def add(self, number: int, text: str) -> None:
        if self.parts is None:
            self.start(BlockKind.PARAGRAPH, number, text)
        else:
            self.parts.append((number, text))

    def finish(self) -> ProseBlock | None:
        parts, self.parts = self.parts, None
        # One test of the lines joined (a number word cannot span the line break), not one
        # per line.
        if not parts or not may_hold_figure("\n".join(text for _, text in parts)):
            return None
        return make_block(self.kind, parts, self.heading)


def may_hold_figure(text: str) -> bool:
    """True when a text has a digit or a number word: only those can state a figure."""
    if _DIGIT.search(text):  # the cheap test first
        return True
    if text.isascii():  # the case-blind pattern's lower-case twin reads ASCII twice as fast
        return bool(_NUMBER_WORD_LOWER.search(text.lower()))
    return bool(_NUMBER_WORD.search(text))


def make_block(
    kind: BlockKind,
    parts: list[tuple[int, str]],
    heading: str | None,
    *,
    lead_in: str | None = None,
    names: tuple[str, ...] | None = None,
    row_label: str | None = None,
) -> ProseBlock:
    """A block from its (line number, marker-blanked line) parts."""
    starts, offset = [], 0
    for _, text in parts:
        starts.append(offset)
        offset += len(text) + 1
    raw = "\n".join(text for _, text in parts)
    lead = _LEAD_IN.match(raw) if kind is BlockKind.ITEM else None
    if lead:
        lead_in = (lead["bold"] or lead["plain"]).strip(" :")
    spans: tuple[tuple[int, int, str], ...] = ()
    text = raw
    if "*" in raw or "__" in raw:  # what emphasis can be written with
        text = _EMPHASIS.sub(lambda m: " " * len(m.group()), text)
    if "`" in raw:
        spans = tuple((m.start(), m.end(), m.group(1)) for m in _CODE_SPAN.finditer(raw))
        text = text.replace("`", " ")
    return ProseBlock(
        kind=kind,
        text=text,
        line_starts=tuple(starts),
        lines=tuple(number for number, _ in parts),
        heading=heading,
        lead_in=lead_in or None,
        code_spans=spans,
        names=(lead_in,) if names is None and lead_in else names or (),
        row_label=row_label,
    )


def sentence_cells(line: str, number: int, row: _TableRow, heading: str | None) -> list[ProseBlock]:
    """The cells of a table row that are sentences, each a block; its text is the line with
    everything outside the cell blanked, so offsets are the line's own. The row's first cell
    and the column's header are its lead-in."""
    if len(_WORDY.findall(line)) < MIN_SENTENCE_WORDS:
        return []  # a row of figures and names: no cell in it is a sentence
    cells, header = row
    blocks: list[ProseBlock] = []
    cursor = 0
    for index, cell in enumerate(cells):
        at = line.find(cell, cursor) if cell else -1
        if at < 0:
            continue
        cursor = at + len(cell)
        if index == 0 or not is_sentence(cell):
            continue
        masked = " " * at + cell + " " * (len(line) - at - len(cell))
        column = header[index] if index < len(header) else None
        lead = " / ".join(part for part in (cells[0], column) if part)
        names = (cells[0],) if cells[0] else ()
        generic = column is None or bool(GENERIC_HEADERS.match(column.strip(" *_`").lower()))
        blocks.append(
            make_block(
                BlockKind.CELL,
                [(number, masked)],
                heading,
                lead_in=lead,
                names=names,
                row_label=cells[0] if generic and cells[0] else None,
            )
        )
    return blocks


_TableRow = tuple[list[str], list[str]]
"""A Markdown table body row's cells and its table's header cells, as written."""


@dataclass(frozen=True)
class _Structure:
    """What the document model says each line is (lines in none of these are prose)."""

    code: frozenset[int]
    """Lines of code blocks, fences included: no prose."""
    headings: dict[int, int]
    """The lines of each heading: line -> the heading's first line (setext: title and rule)."""
    tables: dict[int, _TableRow | None]
    """Lines of each Markdown table: line -> its body row's cells and the header's, as
    written (None for the header and separator lines)."""
    html: frozenset[int]
    """Lines of HTML blocks."""


def _structure(document: Document) -> _Structure:
    parsed = parse_document(document)
    code: set[int] = set()
    headings: dict[int, int] = {}
    tables: dict[int, _TableRow | None] = {}
    html: set[int] = set()
    for block in parsed.blocks:
        if isinstance(block, CodeBlock):
            code.update(range(block.span.first, block.span.last + 1))
        elif isinstance(block, Heading):
            span = range(block.span.first, block.span.last + 1)
            headings.update(dict.fromkeys(span, block.span.first))
        elif isinstance(block, Table) and block.kind is TableKind.MARKDOWN:
            tables.update(dict.fromkeys(range(block.span.first, block.span.last + 1)))
            header = [cell.written for row in block.header_rows[:1] for cell in row]
            for body in block.body_rows:
                if body:
                    tables[body[0].line] = ([cell.written for cell in body], header)
        elif isinstance(block, HtmlBlock):
            html.update(range(block.span.first, block.span.last + 1))
    return _Structure(frozenset(code), headings, tables, frozenset(html))


def _heading_text(lines: list[str], first: int, number: int) -> str | None:
    """A heading line with its markers blanked, or None for a setext heading's rule."""
    line = lines[number - 1]
    quote = _QUOTE.match(line)
    if quote:
        line = _blank(line, 0, quote.end())
    atx = _ATX.match(line)
    if atx:
        return _blank(line, 0, atx.end()).rstrip("# \t").ljust(len(line))
    if number > first and _SETEXT_RULE.match(line):
        return None
    return line


def prose_blocks(document: Document) -> list[ProseBlock]:
    """The document's paragraphs, list items, headings and sentence cells of tables, in
    order (outside code blocks); where each is comes from the document model."""
    structure = _structure(document)
    lines = document.line_list
    blocks: list[ProseBlock] = []
    builder = _Builder()
    heading_parts: list[tuple[int, str]] = []

    def flush() -> None:
        block = builder.finish()
        if block is not None:
            blocks.append(block)

    def end_heading() -> None:
        if not heading_parts:
            return
        heading_block = make_block(BlockKind.HEADING, list(heading_parts), builder.heading)
        if may_hold_figure(heading_block.text):
            blocks.append(heading_block)
        builder.heading = " ".join(heading_block.text.split()) or builder.heading
        heading_parts.clear()

    for number, line in enumerate(lines, start=1):
        first = structure.headings.get(number)
        if first is None or first == number:
            end_heading()
        if number in structure.code or number in structure.html:
            flush()
            continue
        if first is not None:
            flush()
            text = _heading_text(lines, first, number)
            if text is not None:
                heading_parts.append((number, text))
            continue
        if number in structure.tables:
            flush()
            row = structure.tables[number]
            if row is not None and len(line) <= MAX_LINE:
                blocks.extend(sentence_cells(line, number, row, builder.heading))
            continue
        if not line.strip() or _is_foreign(line):
            flush()
            continue
        text, is_item = _strip_markers(line)
        if is_item:
            flush()
            builder.start(BlockKind.ITEM, number, text)
        else:
            builder.add(number, text)
    end_heading()
    flush()
    return blocks


def span_at(spans: list[tuple[int, int]], offset: int) -> tuple[int, int]:
    """The span (sentence or clause of a block) holding `offset`; an empty one at it if none."""
    for span in spans:
        if span[0] <= offset < span[1]:
            return span
    return (offset, offset)
