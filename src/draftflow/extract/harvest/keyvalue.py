"""Harvest key/value report blocks: `Mean TTFT (ms):      826.65` lines in Markdown and text.

Benchmark tools print their summary as aligned `label: number` lines (`vllm bench serve`,
llama-benchy), and reports paste them verbatim. A line counts only when everything after the
colon is one number with an optional unit, so sentences and dates never match. Contiguous
lines form a block whose other entries are each figure's context; a `---- Title ----` rule
names the section.
"""

from __future__ import annotations

import re

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, make_candidate
from draftflow.text.fences import HEADING
from draftflow.text.lines import KEY_VALUE, MAX_LINE, plain_text

BLOCK_TABLE_OFFSET = 10_000
"""Key/value blocks are numbered after the document's Markdown tables (table indexes)."""

_RULE = re.compile(r"^\s*[-=]{3,}\s*(?P<title>[^-=]*?)\s*[-=]{3,}\s*$")


def _blocks(lines: list[str]) -> list[tuple[str | None, list[tuple[int, str, str]]]]:
    """Contiguous key/value lines: (section title, [(line, key, value)])."""
    blocks: list[tuple[str | None, list[tuple[int, str, str]]]] = []
    heading: str | None = None  # the last Markdown heading
    section: str | None = None  # a `---- Title ----` rule inside it; a bare rule ends it
    current: list[tuple[int, str, str]] = []
    for number, line in enumerate(lines, start=1):
        short = len(line) <= MAX_LINE
        match = KEY_VALUE.match(line) if short and ":" in line and "|" not in line else None
        if match:
            current.append((number, plain_text(match["key"]), match["value"].strip()))
            continue
        if current:
            blocks.append((section or heading, current))
            current = []
        if not short:
            continue
        if heading_match := HEADING.match(line):
            heading, section = plain_text(heading_match[2]) or heading, None
        elif ("-" in line or "=" in line) and (rule := _RULE.match(line)):
            section = plain_text(rule["title"]) or None
    if current:
        blocks.append((section or heading, current))
    return blocks


def harvest_keyvalue(document: Document) -> list[Candidate]:
    """Every `label: number` line of the document's report blocks."""
    candidates: list[Candidate] = []
    for index, (title, entries) in enumerate(_blocks(document.line_list)):
        context = {key: value for _, key, value in entries}
        for row, (line, key, value) in enumerate(entries):
            candidate = make_candidate(
                document,
                line=line,
                fmt=SourceFormat.KEY_VALUE,
                text=value,
                locator=f"kv{index}r{row}",
                column=key,
                heading=title,
                table=BLOCK_TABLE_OFFSET + index,
                row=row,
                context=context,
            )
            if candidate is not None:
                candidates.append(candidate)
    return candidates
