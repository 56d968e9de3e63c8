"""Readers of one line of a report, shared by the harvest, prose and classify steps: a pipe
table row's cells, a cell's text without Markdown markup, a `label: number` report line."""

from __future__ import annotations

import re
from functools import lru_cache

# Emphasis markers; an underscore inside a word (`est_ppt`) is part of the word.
_EMPHASIS = re.compile(r"\*\*|\*|`|~~|(?<![^\W_])__?|__?(?![^\W_])")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")

MAX_LINE = 300
"""Longer lines are prose or data dumps, never `label: number` report lines."""
KEY_VALUE = re.compile(
    r"^\s*(?:[-*]\s+)?\**(?P<key>[A-Za-z][\w ()/.,%*#+-]{0,70}?)\s*:\*{0,2}\s+"
    r"(?P<value>[-+~≈]?\d[\d,]*(?:\.\d+)?"
    r"(?:\s?[A-Za-z%×°µ][\w/%°.]{0,11})?)"
    r"\s*$"
)


def split_row(line: str) -> list[str]:
    """The cells of one table row: pipes split cells unless escaped or inside a code span."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    if "`" not in text and "\\|" not in text:  # no code span, no escaped pipe: every pipe splits
        return [cell.strip() for cell in text.split("|")]
    cells: list[str] = []
    current: list[str] = []
    in_code = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] == "|":
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


# Every emphasis mark and link holds one of these; a cell with none has nothing to remove.
_MARKUP = frozenset("*`~_[")


@lru_cache(maxsize=1 << 16)
def plain_text(cell: str) -> str:
    """A cell without Markdown emphasis, code ticks or link targets (`**191.2**` → `191.2`)."""
    if _MARKUP.isdisjoint(cell):  # most cells: no pattern to run
        return cell.strip()
    return _EMPHASIS.sub("", _LINK.sub(r"\1", cell)).strip()


def key_value_match(line: str) -> bool:
    """True for a `label: number` report line."""
    # the pattern needs a colon: most lines are ruled out without running it
    return ":" in line and "|" not in line and bool(KEY_VALUE.match(line))
