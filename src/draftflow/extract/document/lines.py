"""What one line is, for a reader that holds a line and not a parsed document (a figure's
cited line, the lines above a table): a Markdown table row and its cells, an ATX heading.

A reader with the whole document reads its tables, headings and fences from the parsed
document (`parse_document`); these are the same rules for one line, so no reader splits a
row on `|` or finds a heading by `#` by itself.
"""

from __future__ import annotations

import re

_ATX_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]+(?P<text>.*?))?(?:[ \t]+#+)?[ \t]*$")


def is_table_row(line: str) -> bool:
    """A Markdown pipe-table line (header, separator or body row)."""
    if "|" not in line:
        return False
    stripped = line.strip()
    return stripped.startswith("|") or stripped.count("|") >= 2


PAIR_CELLS = 2
"""The cells of a `key | value` row, a setup table's: a wider row states one run's values."""


def split_pipes(line: str) -> list[str]:
    """The cells of a `|`-separated line (outer pipes dropped; `\\|` and code spans kept)."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    if "\\" not in text and "`" not in text:
        # no escaped pipe, no code span: every pipe separates (a wide row of 80 KB is split
        # at C speed, not character by character)
        return [cell.strip() for cell in text.split("|")]
    cells: list[str] = []
    current: list[str] = []
    in_code = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and text[index + 1 : index + 2] == "|":
            current.append("|")
            index += 2
            continue
        if char == "`":
            in_code = not in_code
        if char == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(char)
        index += 1
    cells.append("".join(current).strip())
    return cells


def pipe_cell_at(line: str, offset: int) -> int:
    """The index of the cell of a `|`-separated line that `offset` falls in, as
    `split_pipes` counts cells (an opening pipe starts no cell; `\\|` and a pipe in a code
    span separate none); -1 on the opening pipe itself."""
    separators = 0
    in_code = False
    for index, char in enumerate(line[:offset]):
        if char == "`":
            in_code = not in_code
        elif char == "|" and not in_code and line[index - 1 : index] != "\\":
            separators += 1
    return separators - (1 if line.lstrip().startswith("|") else 0)


def atx_heading(line: str) -> str | None:
    """The text of an ATX heading line (`## Results ##` gives `Results`), its words as
    written; None for any other line (`#hashtag`, `#!/bin/sh` are no headings)."""
    match = _ATX_HEADING.match(line)
    if match is None:
        return None
    return " ".join((match.group("text") or "").split())
