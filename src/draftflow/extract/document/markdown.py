"""Markdown read once with markdown-it-py (CommonMark plus GFM tables and strikethrough).

Block tokens carry their source lines (`token.map`, 0-based, end exclusive). The text given
to the parser is the document's lines (`snapshot.split_lines`) joined by LF with any CR left
inside a line made a space, so the parser's lines are GitHub's lines.

What it yields, in source order: headings (and from them the sections with their heading
path), paragraphs, list items, GFM tables with each cell's line, code blocks (fenced and
indented) with their info string, and HTML blocks. Tables are also read inside HTML blocks
(consecutive HTML blocks separated by blank lines are read as one HTML text) and inside code
blocks whose language is not a programming or configuration language (tool output:
`text_tables`). A table's caption is the prose right before it under the same heading.
A setext heading of several lines is read as a paragraph: reports paste a tool's summary
lines above its closing `=====` rule, and those lines name no section.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from markdown_it import MarkdownIt
from markdown_it.token import Token

from draftflow.extract.document.elements import (
    Block,
    Cell,
    CodeBlock,
    Heading,
    HeadingPath,
    HtmlBlock,
    ListItem,
    Paragraph,
    Row,
    Section,
    Span,
    Table,
    TableKind,
)
from draftflow.extract.document.html_tables import html_tables
from draftflow.extract.document.table_rule import RowCells, use_compact_tables
from draftflow.extract.document.text_tables import text_tables

MAX_CAPTION = 400
"""A caption longer than this keeps its last characters (the sentence before the table)."""

# Fences in these languages hold code or configuration, never a tool's printed results.
CODE_LANGUAGES = frozenset(
    {
        "python",
        "py",
        "js",
        "javascript",
        "ts",
        "typescript",
        "rust",
        "rs",
        "go",
        "c",
        "cpp",
        "c++",
        "java",
        "yaml",
        "yml",
        "toml",
        "json",
        "jsonc",
        "dockerfile",
        "html",
        "css",
        "sql",
        "diff",
        "ini",
        "xml",
        "mermaid",
    }
)


_BOLD_TITLE = re.compile(r"\*\*[^*\n]+\*\*:?|__[^_\n]+__:?")
_IMAGES_ONLY = re.compile(r"(?:\s*\[?!\[[^\]\n]*\]\([^)\n]*\)(?:\]\([^)\n]*\))?)+\s*")
"""A paragraph of Markdown images alone (`![chart](a.png)`, a linked `[![badge](b.svg)](url)`)."""
_PARSER = MarkdownIt("commonmark").enable(["table", "strikethrough"])
# Blocks only: a document's paragraphs keep their source text, so inline markup is parsed
# only for the headings and table cells whose text holds a character it could start with.
_BLOCKS = use_compact_tables(
    MarkdownIt("commonmark").enable(["table", "strikethrough"]).disable(["inline"])
)
_INLINE_MARKS = frozenset("\\`*_[!<&~\n")


def _compile_rules(*parsers: MarkdownIt) -> None:
    """Build each parser's rule chains now, while the module loads in one thread.
    markdown-it builds them on first use and publishes the chain table before filling it, so
    two threads parsing their first documents at once (a batch worker's two drafts) saw an
    empty chain: "none of the block rules matched"."""
    for parser in parsers:
        for ruler in (parser.core.ruler, parser.block.ruler, parser.inline.ruler):
            ruler.getRules("")
        parser.inline.ruler2.getRules("")


_compile_rules(_PARSER, _BLOCKS)


def inline_text(token: Token, env: dict[str, object] | None = None) -> str:
    """The plain text of an inline token: markup dropped, link and image text kept, line
    breaks and `<br>` read as spaces, blanks collapsed. A token the block pass left unparsed
    is parsed here (with the document's `env`: its link references) unless its text holds
    no character any inline rule starts with, when it is its own text."""
    if not token.children:
        if _INLINE_MARKS.isdisjoint(token.content):
            return " ".join(token.content.split())
        token = _PARSER.parseInline(token.content, dict(env or {}))[0]
    return _children_text(token)


def _content_text(content: str, env: dict[str, object]) -> str:
    """`inline_text` of an inline token holding `content` that the block pass left unparsed."""
    if _INLINE_MARKS.isdisjoint(content):
        return " ".join(content.split())
    return _children_text(_PARSER.parseInline(content, dict(env))[0])


def _children_text(token: Token) -> str:
    parts: list[str] = []
    superscript = False  # inside `<sup>…</sup>`: a footnote marker, not the cell's words
    for child in token.children or ():
        if child.type == "html_inline" and child.content.lower().startswith(("<sup", "</sup")):
            superscript = not child.content.startswith("</")
        elif superscript:
            continue
        elif child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(inline_text(child))
        elif child.type == "html_inline" and child.content.lower().startswith("<br"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def _span(token: Token) -> Span:
    start, end = token.map if token.map else (0, 1)
    return Span(start + 1, max(start + 1, end))


@dataclass
class _Walk:
    """The state of one pass over the block tokens."""

    line_count: int
    blocks: list[Block] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)
    path: list[tuple[int, str]] = field(default_factory=list)
    list_depth: int = 0
    html: list[tuple[int, int, str]] = field(default_factory=list)
    """Pending HTML blocks (first line, last line, content) read together as one text."""

    @property
    def heading_path(self) -> HeadingPath:
        return tuple(title for _, title in self.path)

    def caption(self) -> str | None:
        """The prose right before the current position under the same heading: the paragraphs
        and list items since the last heading, table or code block, their last `MAX_CAPTION`
        characters (a table's unit is often stated a paragraph above a link to its raw data).
        Images between them and the table (HTML blocks with no table) do not part them."""
        texts: list[str] = []
        for block in reversed(self.blocks):
            if _is_figure(block):
                continue
            if (
                not isinstance(block, Paragraph | ListItem)
                or block.heading_path != self.heading_path
            ):
                break
            texts.append(" ".join(block.text.split()))
            if sum(len(text) for text in texts) >= MAX_CAPTION:
                break
        text = " ".join(reversed(texts))
        return text[-MAX_CAPTION:] or None

    def flush_html(self) -> None:
        if not self.html:
            return
        first = self.html[0][0]
        pieces: list[str] = []
        line = first
        for start, end, content in self.html:
            pieces.append("\n" * (start - line))
            pieces.append(content)
            line = end + 1
        text = "".join(pieces)
        caption = None
        index = len(self.blocks) - len(self.html) - 1
        if index >= 0:
            before = self.blocks[index]
            if isinstance(before, Paragraph) and before.heading_path == self.heading_path:
                caption = " ".join(before.text.split())[-MAX_CAPTION:]
        title = title_above(self.blocks, index + 1, self.heading_path)
        tables = html_tables(text, first, self.heading_path, caption)
        self.blocks.extend(replace(table, title=title) for table in tables)
        self.html = []


def title_above(blocks: Sequence[Block], end: int, heading_path: HeadingPath) -> str | None:
    """What names the block placed at `blocks[end]` (a table, a code block, a paragraph):
    the paragraph or list item directly above it under the same heading, and the one above
    that when either of the two is a title (a paragraph wholly in bold). Images in between
    are passed over; a heading, table or code block ends the reading."""
    texts: list[str] = []
    titled = False
    for place in range(min(end, len(blocks)) - 1, -1, -1):  # no `blocks[:end]` copy per table
        block = blocks[place]
        if _is_figure(block):
            continue
        if not isinstance(block, Paragraph | ListItem) or block.heading_path != heading_path:
            break
        if texts and not (titled or _is_bold_title(block)):
            break
        titled = _is_bold_title(block)
        texts.append(" ".join(block.text.split()))
        if len(texts) == 2:
            break
    return " ".join(reversed(texts)) or None


def _is_figure(block: Block) -> bool:
    """An HTML block that holds no table (an image, a centred figure, a line break), or a
    paragraph of Markdown images alone: a chart's alt text names no table below it."""
    if isinstance(block, Paragraph):
        return _IMAGES_ONLY.fullmatch(block.text) is not None
    return isinstance(block, HtmlBlock) and "<table" not in block.text.lower()


def _is_bold_title(block: Paragraph | ListItem) -> bool:
    """A paragraph wholly in bold (`**Raspberry Pi 4B 8 GB**`): a title over what follows."""
    return isinstance(block, Paragraph) and bool(_BOLD_TITLE.fullmatch(block.text.strip()))


def _heading(walk: _Walk, token: Token, inline: Token, env: dict[str, object]) -> None:
    if token.markup[:1] in ("=", "-") and "\n" in inline.content:
        # lines underlined by a rule (a tool's summary pasted above `=====`): no title
        _text_block(walk, token, inline)
        return
    level = int(token.tag[1])
    title = inline_text(inline, env)
    while walk.path and walk.path[-1][0] >= level:
        walk.path.pop()
    walk.path.append((level, title))
    heading = Heading(title, level, _span(token), walk.heading_path)
    walk.headings.append(heading)
    walk.blocks.append(heading)


def _cells(contents: list[str], line: int, row: int, env: dict[str, object]) -> Row:
    """The cells of a row on source line `line` (1-based), from their text as written."""
    cells: list[Cell] = []
    for content in contents:
        text = _content_text(content, env)
        raw = content.strip()
        cells.append(Cell(text, line, len(cells), row, None if raw == text else raw))
    return tuple(cells)


def _table(walk: _Walk, tokens: Sequence[Token], start: int, env: dict[str, object]) -> int:
    """Read the GFM table whose `table_open` is at `start` (its rows in the `table_rows`
    token after it: `table_rule`); the index after it."""
    header: list[Row] = []
    body: list[Row] = []
    rows: list[RowCells] = tokens[start + 1].meta["rows"]
    for line, in_head, contents in rows:
        part = header if in_head else body
        part.append(_cells(contents, line + 1, len(part), env))
    walk.blocks.append(
        Table(
            TableKind.MARKDOWN,
            tuple(header),
            tuple(body),
            _span(tokens[start]),
            walk.heading_path,
            walk.caption(),
            title_above(walk.blocks, len(walk.blocks), walk.heading_path),
        )
    )
    return start + 3


def _code(walk: _Walk, token: Token) -> None:
    span = _span(token)
    fenced = token.type == "fence"
    first = span.first + 1 if fenced else span.first
    block = CodeBlock(
        token.info.strip().lower(), token.content, first, span, walk.heading_path, fenced
    )
    caption = walk.caption()
    title = title_above(walk.blocks, len(walk.blocks), walk.heading_path)
    walk.blocks.append(block)
    if block.language in CODE_LANGUAGES:
        return
    lines = token.content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    tables = text_tables(lines, first, walk.heading_path, caption)
    walk.blocks.extend(replace(table, title=title) for table in tables)


def _text_block(walk: _Walk, token: Token, inline: Token) -> None:
    span = _span(token)
    if walk.list_depth:
        walk.blocks.append(ListItem(inline.content, span, walk.heading_path, walk.list_depth - 1))
    else:
        walk.blocks.append(Paragraph(inline.content, span, walk.heading_path))


def _sections(headings: list[Heading], line_count: int) -> tuple[Section, ...]:
    sections: list[Section] = []
    for index, heading in enumerate(headings):
        last = line_count
        for later in headings[index + 1 :]:
            if later.level <= heading.level:
                last = later.span.first - 1
                break
        sections.append(
            Section(
                heading.heading_path,
                heading.level,
                Span(heading.span.first, max(last, heading.span.first)),
            )
        )
    return tuple(sections)


def parse_markdown(lines: Sequence[str]) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """The blocks and sections of a Markdown document given as its lines (GitHub's)."""
    source = "\n".join(line.replace("\r", " ") for line in lines)
    env: dict[str, object] = {}
    tokens = _BLOCKS.parse(source, env)
    walk = _Walk(len(lines))
    index = 0
    while index < len(tokens):
        token = tokens[index]
        kind = token.type
        if kind != "html_block" and token.nesting != -1 and kind not in ("list_item_open",):
            walk.flush_html()
        if kind == "heading_open":
            _heading(walk, token, tokens[index + 1], env)
        elif kind == "paragraph_open":
            _text_block(walk, token, tokens[index + 1])
        elif kind in ("bullet_list_open", "ordered_list_open"):
            walk.list_depth += 1
        elif kind in ("bullet_list_close", "ordered_list_close"):
            walk.list_depth -= 1
        elif kind == "table_open":
            index = _table(walk, tokens, index, env)
            continue
        elif kind in ("fence", "code_block"):
            _code(walk, token)
        elif kind == "html_block":
            span = _span(token)
            walk.blocks.append(HtmlBlock(token.content, span, walk.heading_path))
            walk.html.append((span.first, span.last, token.content))
        index += 1
    walk.flush_html()
    return tuple(walk.blocks), _sections(walk.headings, len(lines))
