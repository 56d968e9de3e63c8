"""Harvest key/value report blocks: `Mean TTFT (ms):      826.65` lines in Markdown and text.

Benchmark tools print their summary as aligned `label: number` lines (`vllm bench serve`,
llama-benchy), and reports paste them verbatim, in a code block or as a paragraph. A line
counts only when everything after the colon is one number with an optional unit, so
sentences and dates never match. Consecutive lines form a block whose other entries are each
figure's context; a `---- Title ----` rule names the section until the next heading.

Where the lines are comes from the document model (`extract.document`): in Markdown the lines
of its paragraphs, list items, code blocks and HTML blocks as written, each under its
section's heading; a text or log file is read whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, make_candidate
from draftflow.extract.document import (
    CodeBlock,
    DocumentKind,
    Heading,
    HtmlBlock,
    ListItem,
    Paragraph,
    parse_document,
)
from draftflow.text.lines import KEY_VALUE, MAX_LINE, log_message, plain_text

BLOCK_TABLE_OFFSET = 10_000
"""Key/value blocks are numbered after the document's Markdown tables (table indexes)."""

_JSON_PAIR = re.compile(
    r'^\s*"(?P<key>[A-Za-z][\w .()/%-]{0,70})"\s*:\s*'
    r"(?P<value>-?\d[\d]*(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*,?\s*$"
)
"""A JSON object's `"key": number` line printed into a log or pasted in a fence (`"pass_at_1":
0.78,`): a key/value line whose key is quoted and whose value may end with a comma."""

_LOG_PAIR = re.compile(
    r"^\S.*?\s(?P<key>[A-Za-z_][\w./-]{1,60})\s+:\s+"
    r"(?P<value>-?\d[\d]*(?:\.\d+)?(?:[eE][-+]?\d+)?(?:\s[A-Za-z%][\w/%]{0,11})?)\s*$"
)
"""A logger's record ending in `name : number` after its own prefix (`DLL 2025-12-10
05:39:08.99 - (0, 0) train_items_per_sec : 445630.2 items/s`): the pair is the record's last
word before a spaced colon and what follows it; the prefix (time, step) is not the key."""

_RULE = re.compile(r"^\s*[-=]{3,}\s*(?P<title>[^-=]*?)\s*[-=]{3,}\s*$")

_TEXT_BLOCKS = (Heading, Paragraph, ListItem, CodeBlock, HtmlBlock)

Entry = tuple[int, str, str]
"""(line, key, value)"""


@dataclass
class _Block:
    title: str | None
    entries: list[Entry] = field(default_factory=list)


def _text_lines(document: Document) -> Iterator[tuple[int, str | None]]:
    """(line, text) of every line that may hold a report line, in order, and `(line, None)`
    for each ATX heading (a setext heading's lines are read as text: tools underline their
    summaries with `====`)."""
    lines = document.line_list
    parsed = parse_document(document)
    if parsed.kind is not DocumentKind.MARKDOWN:
        yield from enumerate(lines, start=1)
        return
    for block in parsed.blocks:
        if not isinstance(block, _TEXT_BLOCKS):
            continue
        span = block.span
        if isinstance(block, Heading) and span.first == span.last:
            yield span.first, None
            continue
        for number in range(span.first, min(span.last, len(lines)) + 1):
            yield number, lines[number - 1]


def _atx_titles(document: Document) -> dict[int, str]:
    parsed = parse_document(document)
    return {
        block.span.first: block.text
        for block in parsed.blocks
        if isinstance(block, Heading) and block.span.first == block.span.last
    }


def _blocks(document: Document) -> list[_Block]:
    """Consecutive key/value lines with the title they stand under."""
    titles = _atx_titles(document)
    blocks: list[_Block] = []
    heading: str | None = None  # the last heading
    section: str | None = None  # a `---- Title ----` rule under it; a bare rule ends it
    current: _Block | None = None
    previous = -1
    for number, line in _text_lines(document):
        if current is not None and number != previous + 1:
            current = None
        previous = number
        if line is None:
            heading, section, current = titles[number] or heading, None, None
            continue
        match = _pair(line)
        if match:
            if current is None:
                current = _Block(section or heading)
                blocks.append(current)
            current.entries.append((number, plain_text(match["key"]), match["value"].strip()))
            continue
        current = None
        if rule := _section_rule(line):
            section = plain_text(rule["title"]) or None
    return blocks


def _pair(line: str) -> re.Match[str] | None:
    """The line's `key: value` pair (plain, a JSON object's or a logger's), if it is one."""
    if len(line) > MAX_LINE:
        return None
    # a logger's record is read after its prefix (`[2026-01-20 20:19:06,373 INFO] Tokens
    # per second: 111.2`): the time stamp and level name no figure
    match = KEY_VALUE.match(log_message(line)) if ":" in line and "|" not in line else None
    if match is None and '"' in line:
        match = _JSON_PAIR.match(line)
    if match is None and " : " in line:
        match = _LOG_PAIR.match(line)
    return match


def _section_rule(line: str) -> re.Match[str] | None:
    """A `---- Title ----` rule (its title may be empty: a bare rule), if the line is one."""
    if len(line) <= MAX_LINE and ("-" in line or "=" in line):
        return _RULE.match(line)
    return None


def harvest_keyvalue(document: Document) -> list[Candidate]:
    """Every `label: number` line of the document's report blocks."""
    candidates: list[Candidate] = []
    for index, block in enumerate(_blocks(document)):
        context = {key: value for _, key, value in block.entries}
        for row, (line, key, value) in enumerate(block.entries):
            candidate = make_candidate(
                document,
                line=line,
                fmt=SourceFormat.KEY_VALUE,
                text=value,
                locator=f"kv{index}r{row}",
                column=key,
                heading=block.title,
                table=BLOCK_TABLE_OFFSET + index,
                row=row,
                context=context,
            )
            if candidate is not None:
                candidates.append(candidate)
    return candidates
