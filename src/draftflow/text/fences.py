"""Markdown block markers every reader shares: which lines are inside a code fence, and what
is a heading (the one place each is decided).

CommonMark rules: a fence opens with three or more backticks or tildes (indented at most
three spaces) and closes with a run of the same character at least as long, with nothing but
spaces after it. An unclosed fence runs to the end of the document.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
"""An ATX heading line: group 1 its `#` marks (the level), group 2 its title (closing `#`s
and trailing blanks left out)."""


def fence_opening(line: str) -> str | None:
    """The fence marker (e.g. three backticks) a line opens a block with, or None."""
    if "`" not in line and "~" not in line:  # most lines: no marker to match
        return None
    match = FENCE.match(line)
    if match is None:
        return None
    if match.group(1)[0] == "`" and "`" in match.group(2):
        return None  # an inline code span, not a fence
    return match.group(1)


def closes_fence(line: str, opening: str) -> bool:
    """Whether `line` closes the block opened by `opening`."""
    if opening[0] not in line:  # most lines of a block: not even its marker's character
        return False
    match = FENCE.match(line)
    return (
        match is not None
        and match.group(1)[0] == opening[0]
        and len(match.group(1)) >= len(opening)
        and not match.group(2).strip()
    )


def fenced_lines(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it belongs to a fenced code block (its markers included)."""
    return [info is not None for info in fence_infos(lines)]


def fence_infos(lines: Sequence[str]) -> list[str | None]:
    """For each line, the info string of the fenced block it belongs to (`""` for a bare
    fence, `"python"` …), or None outside fences."""
    infos: list[str | None] = []
    opening: str | None = None
    info = ""
    for line in lines:
        if opening is not None:
            infos.append(info)
            if closes_fence(line, opening):
                opening = None
            continue
        opening = fence_opening(line)
        info = fence_info(line) if opening is not None else ""
        infos.append(info if opening is not None else None)
    return infos


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


def is_code_fence(info: str | None) -> bool:
    """True inside a fence whose language is code or configuration (not a tool's output)."""
    return info is not None and info.split()[0:1] != [] and info.split()[0] in CODE_LANGUAGES


def fence_info(line: str) -> str:
    """The info string of an opening fence line (```` ```json ```` → `json`), lowercased."""
    match = FENCE.match(line)
    return match.group(2).strip().lower() if match else ""
