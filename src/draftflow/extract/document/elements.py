"""The document model: what a document holds, as structure, with its source lines.

Every element carries 1-based line numbers as GitHub shows them (`snapshot.split_lines`: LF
splits, a CR before it is dropped, a byte-order mark is not part of line 1). Elements are
frozen: a parsed document is shared by every finder of a process (`parse_document`'s memo).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from draftflow.text.pointer import pointer as json_pointer

HeadingPath = tuple[str, ...]
"""The titles of the headings a block stands under, outermost first."""


class DocumentKind(StrEnum):
    """How a document is read."""

    MARKDOWN = "markdown"
    CSV = "csv"
    JSON = "json"
    JSONL = "jsonl"
    TEXT = "text"
    """Plain text and logs: aligned, pipe-separated and `key: value` tables."""
    HTML = "html"
    """A web page: its `<table>`s; its lines as text (a script's data, `key: value`)."""
    LATEX = "latex"
    """A LaTeX source: its `tabular`s; its lines as text (figures in its sentences)."""
    OTHER = "other"
    """Not read (no structure this model knows)."""


class TableKind(StrEnum):
    """What a table was written as."""

    MARKDOWN = "markdown"
    HTML = "html"
    CSV = "csv"
    ALIGNED = "aligned"
    """Columns separated by runs of spaces or tabs (tool output)."""
    PIPE = "pipe"
    """`|`-separated rows in text or a code block (llama-bench), with or without a rule."""
    KEYVALUE = "keyvalue"
    """`key: value` / `key = value` lines: one row per line, the key its row header."""
    LATEX = "latex"
    """A LaTeX `tabular`: cells split at `&`, rows ended by `\\\\`."""
    ASCIIDOC = "asciidoc"
    """An AsciiDoc `|===` table: cells opened by `|`, rows of the declared column count."""


@dataclass(frozen=True, slots=True)
class Span:
    """The lines a block covers, 1-based and inclusive."""

    first: int
    last: int

    def __post_init__(self) -> None:
        if self.first < 1 or self.last < self.first:
            raise ValueError(f"bad line span {self.first}-{self.last}")


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: its text (markup removed), its line, its column and row."""

    text: str
    line: int
    column: int
    """0-based column index (after spans are expanded)."""
    row: int
    """0-based row index within its part of the table (header rows and body rows apart)."""
    raw: str | None = None
    """The cell as written when that differs from `text` (Markdown: `**191.2**`)."""

    @property
    def written(self) -> str:
        """The cell as written in the source (markup kept)."""
        return self.text if self.raw is None else self.raw


Row = tuple[Cell, ...]


def header_and_body(
    rows: Sequence[Sequence[Cell]], head: int
) -> tuple[tuple[Row, ...], tuple[Row, ...]]:
    """A table's first `head` rows as its header and the rest as its body, each part's rows
    numbered from 0 (`Cell.row`), as the readers that find rows first (LaTeX, AsciiDoc) need."""

    def numbered(part: Sequence[Sequence[Cell]]) -> tuple[Row, ...]:
        return tuple(
            tuple(Cell(c.text, c.line, c.column, index) for c in row)
            for index, row in enumerate(part)
        )

    return numbered(rows[:head]), numbered(rows[head:])


NON_VALUES = frozenset(
    {"oom", "n/a", "na", "—", "–", "-", "--", "tbd", "timeout", "error", "unknown"}
)
"""Cells that stand where a value would and say there is none (`OOM` is a limit the editor
wants to see, not a number)."""


def is_non_value(text: str) -> bool:
    """True for a cell that holds no value in a value's place (`OOM`, `n/a`, `—`, ``)."""
    plain = text.strip().strip("*_`").strip()
    return not plain or plain.lower() in NON_VALUES


@dataclass(frozen=True, slots=True)
class Table:
    """A table: header rows and body rows of cells, and what stands above it."""

    kind: TableKind
    header_rows: tuple[Row, ...]
    body_rows: tuple[Row, ...]
    span: Span
    heading_path: HeadingPath = ()
    caption: str | None = None
    """The prose before the table under its heading (at most its last 400 characters)."""
    title: str | None = None
    """What names the table: the paragraph or list item directly above it, and the one above
    that when either is a title wholly in bold (`**Raspberry Pi 5 8GB**`); images between are
    passed over."""
    keyed: bool = False
    """Every cell is a value named by its own key (`tok/s: 43.63 | TTFT: 33.7ms`, the keys
    made the header): no column names the row, the first is a value like the others."""

    @property
    def width(self) -> int:
        """The number of columns of its widest row."""
        return max((len(row) for row in (*self.header_rows, *self.body_rows)), default=0)

    def column_header(self, column: int) -> str:
        """The column's header cells joined (`Median › tok/s` for two header rows), or ``."""
        parts: list[str] = []
        for row in self.header_rows:
            if column < len(row) and row[column].text and row[column].text not in parts:
                parts.append(row[column].text)
        return " › ".join(parts)


@dataclass(frozen=True, slots=True)
class Section:
    """A heading and everything under it until a heading of the same or a higher level."""

    heading_path: HeadingPath
    """Its own title last."""
    level: int
    span: Span

    @property
    def title(self) -> str:
        """The section's own heading."""
        return self.heading_path[-1] if self.heading_path else ""


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading line (ATX or setext)."""

    text: str
    level: int
    span: Span
    heading_path: HeadingPath
    """The path including this heading."""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph as written (inline markup kept, its lines joined by `\\n`)."""

    text: str
    span: Span
    heading_path: HeadingPath = ()

    def line_of(self, offset: int) -> int:
        """The line the character at `offset` of `text` sits on."""
        return self.span.first + self.text.count("\n", 0, offset)


@dataclass(frozen=True, slots=True)
class ListItem:
    """A list item's own paragraph text (nested items are items of their own)."""

    text: str
    span: Span
    heading_path: HeadingPath = ()
    depth: int = 0

    def line_of(self, offset: int) -> int:
        """The line the character at `offset` of `text` sits on."""
        return self.span.first + self.text.count("\n", 0, offset)


@dataclass(frozen=True, slots=True)
class CodeBlock:
    """A fenced or indented code block: its info string (lowercased) and content."""

    info: str
    text: str
    first_line: int
    """The line of the content's first line (after the opening fence)."""
    span: Span
    """The whole block, fences included."""
    heading_path: HeadingPath = ()
    fenced: bool = True

    @property
    def language(self) -> str:
        """The info string's first word (`python`), or ``."""
        return self.info.split()[0] if self.info.split() else ""


@dataclass(frozen=True, slots=True)
class HtmlBlock:
    """Raw HTML written in Markdown (its tables are read as `Table`s too)."""

    text: str
    span: Span
    heading_path: HeadingPath = ()


JsonValue = str | int | float | bool | None


@dataclass(slots=True)
class Node:
    """One JSON value with the line its first character sits on. Slotted, and a scalar shares
    the empty members and items: a data file's tree holds a node for each of its values."""

    kind: str  # object | array | string | number | literal
    line: int
    text: str = ""  # scalars: the token as written (strings: decoded)
    members: Sequence[tuple[str, Node]] = ()  # objects, in order
    items: Sequence[Node] = ()  # arrays


@dataclass(frozen=True, slots=True)
class JsonRoot:
    """One JSON text's tree: the whole document, or one JSONL record."""

    record: int
    """JSONL: the 0-based record index (blank lines are no records); 0 for a JSON document."""
    line: int
    """The line the text starts on (a JSONL record's line)."""
    node: Node


_LITERALS: dict[str, JsonValue] = {
    "true": True,
    "false": False,
    "null": None,
    "NaN": float("nan"),
    "Infinity": float("inf"),
    "-Infinity": float("-inf"),
}


def _typed(node: Node) -> JsonValue:
    if node.kind == "string":
        return node.text
    if node.kind == "number":
        return float(node.text) if set(node.text) & set(".eE") else int(node.text)
    return _LITERALS[node.text]


def tree_leaves(node: Node, pointer: str = "", record: int = 0) -> Iterator[JsonLeaf]:
    """Every scalar under `node` with its JSON pointer (RFC 6901) and line, in order."""
    if node.kind == "object":
        for key, child in node.members:
            yield from tree_leaves(child, pointer + json_pointer(key), record)
    elif node.kind == "array":
        for index, child in enumerate(node.items):
            yield from tree_leaves(child, f"{pointer}/{index}", record)
    else:
        yield JsonLeaf(pointer, _typed(node), node.line, node.text, record)


@dataclass(frozen=True, slots=True)
class JsonLeaf:
    """One scalar of a JSON document: its JSON pointer (RFC 6901), value and line."""

    pointer: str
    value: JsonValue
    line: int
    text: str
    """The scalar as written (strings decoded)."""
    record: int = 0
    """JSONL: the 0-based record (line) index; 0 for a JSON document."""


@dataclass(frozen=True, slots=True)
class KeyValue:
    """A `key: value` (or `key = value`) statement in a document's prose, with its line."""

    key: str
    value: str
    """The value as plain text (Markdown markup removed)."""
    line: int


Block = Heading | Paragraph | ListItem | Table | CodeBlock | HtmlBlock


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """A document read once as structure: its blocks in source order and its sections."""

    path: str
    kind: DocumentKind
    blocks: tuple[Block, ...]
    sections: tuple[Section, ...] = ()
    problems: tuple[str, ...] = field(default=())
    """What could not be read (a JSON syntax error, a CSV error), with its line."""
    json_roots: tuple[JsonRoot, ...] = ()
    """JSON: the document's tree; JSONL: each readable record's."""
    pair_source: tuple[KeyValue, ...] | Callable[[], tuple[KeyValue, ...]] = field(
        default=(), compare=False, repr=False
    )
    """Its `pairs`, or what reads them on first use: a data file's lines are read for pairs
    only when a finder asks (verify re-reads a JSON or CSV file's leaves, never its pairs)."""
    _read_pairs: list[tuple[KeyValue, ...]] = field(default_factory=list, compare=False, repr=False)

    @property
    def pairs(self) -> tuple[KeyValue, ...]:
        """The `key: value` statements of its prose (Markdown) or of its lines, in order."""
        if not callable(self.pair_source):
            return self.pair_source
        if not self._read_pairs:
            self._read_pairs.append(self.pair_source())
        return self._read_pairs[0]

    @property
    def tables(self) -> list[Table]:
        """Every table, in source order (tables found inside code blocks included)."""
        return [block for block in self.blocks if isinstance(block, Table)]

    @property
    def paragraphs(self) -> list[Paragraph]:
        """Every paragraph."""
        return [block for block in self.blocks if isinstance(block, Paragraph)]

    @property
    def list_items(self) -> list[ListItem]:
        """Every list item."""
        return [block for block in self.blocks if isinstance(block, ListItem)]

    @property
    def code_blocks(self) -> list[CodeBlock]:
        """Every code block."""
        return [block for block in self.blocks if isinstance(block, CodeBlock)]

    @property
    def json_leaves(self) -> list[JsonLeaf]:
        """Every JSON scalar (JSON and JSONL documents), read from the trees."""
        prefix = self.kind is DocumentKind.JSONL
        return [
            leaf
            for root in self.json_roots
            for leaf in tree_leaves(root.node, f"/{root.record}" if prefix else "", root.record)
        ]

    @property
    def headings(self) -> list[Heading]:
        """Every heading, in source order."""
        return [block for block in self.blocks if isinstance(block, Heading)]

    def fenced_lines(self) -> frozenset[int]:
        """The lines of the fenced code blocks, their fences included (an unclosed fence
        runs to the end of the document)."""
        lines: set[int] = set()
        for block in self.blocks:
            if isinstance(block, CodeBlock) and block.fenced:
                lines.update(range(block.span.first, block.span.last + 1))
        return frozenset(lines)

    def section_at(self, line: int) -> Section | None:
        """The innermost section holding `line`, if any."""
        found: Section | None = None
        for section in self.sections:
            if section.span.first <= line <= section.span.last and (
                found is None or section.level > found.level
            ):
                found = section
        return found
