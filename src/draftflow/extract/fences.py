"""Fenced code blocks in Markdown: the one place that decides which lines are inside a fence.

CommonMark rules: a fence opens with three or more backticks or tildes (indented at most
three spaces) and closes with a run of the same character at least as long, with nothing but
spaces after it. An unclosed fence runs to the end of the document.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def fence_opening(line: str) -> str | None:
    """The fence marker (e.g. three backticks) a line opens a block with, or None."""
    match = FENCE.match(line)
    if match is None:
        return None
    if match.group(1)[0] == "`" and "`" in match.group(2):
        return None  # an inline code span, not a fence
    return match.group(1)


def closes_fence(line: str, opening: str) -> bool:
    """Whether `line` closes the block opened by `opening`."""
    match = FENCE.match(line)
    return (
        match is not None
        and match.group(1)[0] == opening[0]
        and len(match.group(1)) >= len(opening)
        and not match.group(2).strip()
    )


def fenced_lines(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it belongs to a fenced code block (its markers included)."""
    inside: list[bool] = []
    opening: str | None = None
    for line in lines:
        if opening is not None:
            inside.append(True)
            if closes_fence(line, opening):
                opening = None
            continue
        opening = fence_opening(line)
        inside.append(opening is not None)
    return inside


def fence_info(line: str) -> str:
    """The info string of an opening fence line (```` ```json ```` → `json`), lowercased."""
    match = FENCE.match(line)
    return match.group(2).strip().lower() if match else ""
