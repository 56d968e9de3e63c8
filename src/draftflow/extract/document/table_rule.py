"""markdown-it-py's GFM table rule, giving each table's rows as one token.

The library's rule (`markdown_it.rules_block.table`, 4.x) pushes 3 tokens per cell and 2 per
row (`tr_open`, `td_open`, `inline`, `td_close`, ...): a report of 10,000 table rows makes
hundreds of thousands of tokens that the document model reads back into cells at once. This
is the same rule, line for line (which lines form a table, where it ends, each cell's text,
the autocompleted-cell limit), except what it pushes: `table_open`, one `table_rows` token
whose `meta["rows"]` lists each row as (0-based line, in the head, its cells' text), and
`table_close`. `markdown.parse_markdown` reads that token; nothing else reads table tokens.
"""

from __future__ import annotations

from collections.abc import Sequence

from markdown_it import MarkdownIt
from markdown_it.common.utils import MD_TRIM_CHARS, isStrSpace, mdTrim
from markdown_it.rules_block.state_block import StateBlock
from markdown_it.rules_block.table import (
    MAX_AUTOCOMPLETED_CELLS,
    escapedSplit,
    getLine,
    headerLineRe,
)

ROWS = "table_rows"
"""The token type holding a table's rows."""

RowCells = tuple[int, bool, list[str]]
"""One row: its 0-based source line, whether it is the header row, its cells' text."""

# The rules that end a table (those that may interrupt a blockquote) and the characters each
# needs first on a line (after its indent), else it answers False: fences, `>`, rules, list
# markers, HTML and ATX headings. A row opening with any other character (`| a | b |`) is
# ended by none of them, so they are not asked (each asked for every row of a 10,000-row
# table was a fifth of the parse). Another rule in the list: every rule is asked.
_TERMINATOR_STARTS = {
    "_fence_rule": "~`",
    "blockquote": ">",
    "hr": "*-_",
    "list_block": "*-+0123456789",
    "html_block": "<",
    "heading": "#",
}


def _split(text: str) -> list[str]:
    """`escapedSplit`: without a backslash no pipe is escaped, and it is `str.split`."""
    columns = text.split("|") if "\\" not in text else escapedSplit(text)
    if columns and columns[0] == "":
        columns.pop(0)
    if columns and columns[-1] == "":
        columns.pop()
    return columns


def _aligns(state: StateBlock, line: int) -> list[str] | None:
    """The delimiter row's alignments, or None when line `line` is no delimiter row."""
    pos = state.bMarks[line] + state.tShift[line]
    end = state.eMarks[line]
    if pos >= end:
        return None
    first = state.src[pos]
    pos += 1
    if first not in ("|", "-", ":") or pos >= end:
        return None
    second = state.src[pos]
    pos += 1
    if second not in ("|", "-", ":") and not isStrSpace(second):
        return None
    if first == "-" and isStrSpace(second):
        return None  # a list item, not a rule
    while pos < end:
        char = state.src[pos]
        if char not in ("|", "-", ":") and not isStrSpace(char):
            return None
        pos += 1
    columns = getLine(state, line).split("|")
    aligns: list[str] = []
    for i, column in enumerate(columns):
        text = mdTrim(column)
        if not text:
            if i == 0 or i == len(columns) - 1:
                continue  # empty columns before and after the table, not in between
            return None
        if not headerLineRe.search(text):
            return None
        aligns.append(text)
    return aligns


def table(state: StateBlock, start: int, end_line: int, silent: bool) -> bool:
    """The GFM table starting at line `start`, if one does (markdown-it's block rule)."""
    columns = _header_columns(state, start, end_line)
    if columns is None:
        return False
    if silent:
        return True
    parent_type = state.parentType
    state.parentType = "table"
    opening = state.push("table_open", "table", 1)
    rows: list[RowCells] = [(start, True, [cell.strip(MD_TRIM_CHARS) for cell in columns])]
    holder = state.push(ROWS, "", 0)
    line = _read_body(state, start + 2, end_line, len(columns), rows)
    holder.meta = {"rows": rows}
    state.push("table_close", "table", -1)
    opening.map = [start, line]
    state.parentType = parent_type
    state.line = line
    return True


def _header_columns(state: StateBlock, start: int, end_line: int) -> list[str] | None:
    """The header row's columns when lines `start` and `start + 1` open a table (a header
    and its delimiter row of as many columns), else None."""
    if start + 2 > end_line:
        return None
    line = start + 1
    if state.sCount[line] < state.blkIndent or state.is_code_block(line):
        return None
    aligns = _aligns(state, line)
    if aligns is None:
        return None
    text = mdTrim(getLine(state, start))
    if "|" not in text or state.is_code_block(start):
        return None
    columns = _split(text)
    if not columns or len(columns) != len(aligns):
        return None
    return columns


def _read_body(
    state: StateBlock, line: int, end_line: int, width: int, rows: list[RowCells]
) -> int:
    """Append the body rows from `line` on to `rows` (each padded to `width` cells) until a
    line ends the table; returns the first line after it."""
    terminators = state.md.block.ruler.getRules("blockquote")
    starts = _starts_of(terminators)
    source = state.src
    autocompleted = 0
    while line < end_line:
        if state.sCount[line] < state.blkIndent:
            break
        at = state.bMarks[line] + state.tShift[line]
        if (starts is None or at >= len(source) or source[at] in starts) and any(
            rule(state, line, end_line, True) for rule in terminators
        ):
            break
        text = mdTrim(getLine(state, line))
        if not text or state.is_code_block(line):
            break
        columns = _split(text)
        autocompleted += width - len(columns)
        if autocompleted > MAX_AUTOCOMPLETED_CELLS:
            break
        cells = [cell.strip(MD_TRIM_CHARS) for cell in columns[:width]]
        rows.append((line, False, cells + [""] * (width - len(cells))))
        line += 1
    return line


def _starts_of(terminators: Sequence[object]) -> str | None:
    """The characters a line must open with for one of `terminators` to end a table, or None
    when a rule of theirs is not one of those `_TERMINATOR_STARTS` knows."""
    names = [getattr(rule, "__name__", "") for rule in terminators]
    if not all(name in _TERMINATOR_STARTS for name in names):
        return None
    return "".join(_TERMINATOR_STARTS[name] for name in names)


def use_compact_tables(parser: MarkdownIt) -> MarkdownIt:
    """`parser` with its table rule replaced by this one."""
    parser.block.ruler.at("table", table, {"alt": ["paragraph", "reference"]})
    return parser
