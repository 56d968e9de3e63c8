"""Banner lines that head the sections of a log or text file.

Tools and scripts print a title between runs of one rule character before each part of
their output: `=== ENGINE 2: vLLM ===`, `--- Testing qwen2.5:7b (7B) ---`,
`============ Serving Benchmark Result ============`. In a text file they are what headings
are in Markdown: what runs under them (the engine, the model, the phase) is said there once
for every line below, until the next banner of the same rule or a stronger one, or a bare
rule of it (`==========` after the lines of `=== Serving Benchmark Result ===` closes them).
A banner of `=` or `#` is a level-2 heading, one of `-`, `*` or `~` a level-3 heading; a
title between rule lines above and below it heads nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from draftflow.extract.document.elements import Heading, Section, Span, Table

BANNERED_SUFFIXES = (".txt", ".log", ".out")
"""The files whose banners head their parts: a tool's output. An `.rst` or `.adoc` file heads
its sections with its own markup, and a banner in it is a tool's output pasted in."""
MAX_TITLE = 80
"""A longer text between rules is a line of output, not a title."""

_BANNER = re.compile(
    r"^\s*(?P<rule>[=#*~-])(?P=rule){2,}[ \t]*"
    r"(?P<title>[^|]*?[A-Za-z][^|]*?)[ \t]*(?P=rule){3,}\s*$"
)
_LEVELS = {"=": 2, "#": 2, "-": 3, "*": 3, "~": 3}


_BARE_RULE = re.compile(r"^\s*(?P<rule>[=#*~-])(?P=rule){2,}\s*$")


def read_banners(lines: Sequence[str]) -> tuple[tuple[Heading, ...], tuple[Section, ...]]:
    """The text file's banners as headings, in order, each with its path, and each banner's
    section: its lines down to the next banner of its level or a stronger one, or to a bare
    rule of its level or a stronger one. One pass over the lines for both."""
    banners = _banners(lines)
    headings = tuple(heading for heading, _ in banners)
    sections = tuple(
        Section(
            heading.heading_path,
            heading.level,
            Span(heading.span.first, len(lines) if end is None else end),
        )
        for heading, end in banners
    )
    return headings, sections


def _banners(lines: Sequence[str]) -> list[tuple[Heading, int | None]]:
    """Each banner with the last line of its section (None: the end of the file)."""
    found: list[tuple[Heading, int | None]] = []
    open_: list[int] = []  # indexes into `found` of the sections still open
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_TITLE + 40 or line.strip()[:1] not in _LEVELS:
            continue
        match = _BANNER.match(line)
        title = match["title"].strip() if match else ""
        rule = match["rule"] if match else _bare_rule(line)
        if rule is None or len(title) > MAX_TITLE:
            continue
        level = _LEVELS[rule]
        end = number - 1 if match else number
        for index in [i for i in open_ if found[i][0].level >= level]:
            found[index] = (found[index][0], end)
            open_.remove(index)
        if match:
            path = (*(found[i][0].heading_path[-1] for i in open_), title)
            found.append((Heading(title, level, Span(number, number), path), None))
            open_.append(len(found) - 1)
    return found


def _bare_rule(line: str) -> str | None:
    match = _BARE_RULE.match(line)
    return match["rule"] if match else None


def under_banners(tables: Sequence[Table], sections: Sequence[Section]) -> tuple[Table, ...]:
    """The text file's tables, each with the path of the banners it stands under."""
    return tuple(
        replace(table, heading_path=path) if (path := _path_at(sections, table)) else table
        for table in tables
    )


def _path_at(sections: Sequence[Section], table: Table) -> tuple[str, ...]:
    line = table.span.first
    holding = [s for s in sections if s.span.first < line <= s.span.last]
    return max(holding, key=lambda s: s.level).heading_path if holding else ()
