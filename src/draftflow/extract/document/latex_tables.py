"""LaTeX tables (`\\begin{tabular}{l c} ... a & 1 \\\\ ... \\end{tabular}`) read into the
document model's `Table`.

A row is the text between row ends (`\\\\`), its cells split at unescaped `&`; a cell keeps
the line it is written on, so a figure read from it cites that line. Rules (`\\toprule`,
`\\midrule`, `\\hline`, `\\cline{..}`) and comments are not rows. The header is the rows
above the first `\\midrule` (or `\\hline` after a row), else the first row when more follow.
Font commands are unwrapped (`\\textbf{Modell}` reads `Modell`, `\\num{80.69}` reads
`80.69`); `\\multicolumn{2}{c}{Title}` stands over the columns it spans. The caption is the
table environment's `\\caption{...}`.
"""

from __future__ import annotations

import re

from draftflow.extract.document.elements import Cell, Span, Table, TableKind, header_and_body

MAX_COLUMNS = 64
"""A row split into more cells than this is not a table row (a malformed environment)."""
MAX_ROWS = 2_000
"""A tabular longer than this is read up to here (a generated dump, not a report's table)."""

_BEGIN = re.compile(r"\\begin\{(?:tabular\*?|tabularx|longtable|tabu)\}")
_END = re.compile(r"\\end\{(?:tabular\*?|tabularx|longtable|tabu)\}")
_RULE = re.compile(
    r"\\(?:toprule|midrule|bottomrule|hline|cline\{[^}]*\}|cmidrule(?:\([^)]*\))?\{[^}]*\}"
    r"|addlinespace(?:\[[^\]]*\])?|endhead|endfirsthead|endfoot|endlastfoot)"
)
_HEAD_RULE = re.compile(r"\\(?:midrule|hline|endhead|endfirsthead)")
_MULTICOLUMN = re.compile(r"^\\multicolumn\{(\d+)\}\{[^}]*\}\{(.*)\}$", re.S)
_COMMAND_ARG = re.compile(r"\\[A-Za-z]+\*?(?:\[[^\]]*\])?\{([^{}]*)\}")
_COMMAND = re.compile(r"\\[A-Za-z]+\*?")
_CAPTION = re.compile(r"\\caption(?:\[[^\]]*\])?\{(.*)\}")
_COMMENT = re.compile(r"(?<!\\)%.*$")
_CELL_SPLIT = re.compile(r"(?<!\\)&")
_ROW_END = re.compile(r"\\\\(?:\[[^\]]*\])?")


def latex_plain(text: str) -> str:
    """A LaTeX cell or caption as plain text: commands unwrapped to their argument (`\\num{3}`
    reads `3`), other commands, braces and escapes dropped (`\\%` reads `%`)."""
    previous = None
    while previous != text:  # nested commands unwrap from the inside out
        previous = text
        text = _COMMAND_ARG.sub(r"\1", text)
    text = text.replace("\\%", "%").replace("\\&", "&").replace("\\_", "_").replace("~", " ")
    text = _COMMAND.sub(" ", text).replace("{", "").replace("}", "").replace("$", "")
    return " ".join(text.split())


def _caption(lines: list[str], first: int, last: int) -> str | None:
    """The `\\caption{...}` within a few lines of the tabular (its table environment)."""
    for number in range(max(1, first - 4), min(len(lines), last + 4) + 1):
        match = _CAPTION.search(lines[number - 1])
        if match:
            return latex_plain(match.group(1)) or None
    return None


def _rows(lines: list[str], first: int, last: int) -> tuple[list[list[Cell]], int]:
    """The tabular's rows of cells (their lines kept) and how many head the table."""
    rows: list[list[Cell]] = []
    head = 0
    pieces: list[tuple[int, str]] = []  # (line, text) of the row being read
    for number in range(first, last + 1):
        text = _COMMENT.sub("", lines[number - 1])
        if number == first:
            text = _BEGIN.split(text, maxsplit=1)[-1]
            text = re.sub(r"^\s*(?:\[[^\]]*\])?(?:\{[^{}]*\})?\{(?:[^{}]|\{[^{}]*\})*\}", "", text)
        if number == last:
            text = _END.split(text, maxsplit=1)[0]
        if _HEAD_RULE.search(text) and rows and not head:
            head = len(rows)
        text = _RULE.sub(" ", text)
        parts = _ROW_END.split(text)
        for index, part in enumerate(parts):
            if part.strip():
                pieces.append((number, part))
            if index < len(parts) - 1:  # a row end
                row = _row(pieces)
                pieces = []
                if row:
                    rows.append(row)
                if len(rows) >= MAX_ROWS:
                    return rows, head
    row = _row(pieces)
    if row:
        rows.append(row)
    return rows, head


def _row(pieces: list[tuple[int, str]]) -> list[Cell]:
    """One row's cells: the text split at `&`, each cell on the line its text starts on."""
    cells: list[tuple[int, str]] = [(pieces[0][0], "")] if pieces else []
    for number, text in pieces:
        for index, part in enumerate(_CELL_SPLIT.split(text)):
            if index > 0:
                cells.append((number, ""))
            line, before = cells[-1]
            cells[-1] = (line if before.strip() else number, before + " " + part)
    if len(cells) > MAX_COLUMNS or not any(text.strip() for _, text in cells):
        return []
    row: list[Cell] = []
    for line, text in cells:
        span = 1
        match = _MULTICOLUMN.match(text.strip())
        if match:
            span = max(1, min(int(match.group(1)), MAX_COLUMNS))
            text = match.group(2)
        plain = latex_plain(text)
        for _ in range(span):
            row.append(Cell(plain, line, len(row), 0))
    return row


def latex_tables(lines: list[str]) -> list[Table]:
    """Every `tabular` (and `tabularx`, `longtable`) of a LaTeX document, in source order."""
    tables: list[Table] = []
    number = 1
    while number <= len(lines):
        if not _BEGIN.search(_COMMENT.sub("", lines[number - 1])):
            number += 1
            continue
        last = number
        while last <= len(lines) and not _END.search(lines[last - 1]):
            last += 1
        last = min(last, len(lines))
        rows, head = _rows(lines, number, last)
        if rows:
            if not head and len(rows) > 1:
                head = 1
            header, body = header_and_body(rows, head)
            tables.append(
                Table(
                    TableKind.LATEX,
                    header,
                    body,
                    Span(number, last),
                    (),
                    _caption(lines, number, last),
                )
            )
        number = last + 1
    return tables
