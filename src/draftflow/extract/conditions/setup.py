"""Where a document (or the repository's README) states its setup once for all its runs.

A setup section is a section whose heading says it describes the run (`Hardware`, `Setup`,
`Environment`, `Test configuration`, `Description`, `Methodology`, ...), or the summary that
opens a report (`Executive result`, `Summary`, `TL;DR`) when it is the first section under the
title. Its prose, its `key: value` list lines and its two-column tables are read; code blocks
are not (a command line is an example, not a statement of what ran).

What the sections state is agreed key by key (`agreed`): a key stated with two different
values is ambiguous and left out, since a wrong condition is worse than a missing one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document
from draftflow.extract.document import (
    Block,
    DocumentKind,
    KeyValue,
    ListItem,
    Paragraph,
    ParsedDocument,
    Section,
    Span,
    Table,
    TableKind,
    parse_document,
)
from draftflow.text.lines import plain_text

SETUP_HEADING = re.compile(
    r"^(?:\d+(?:\.\d+)*[.)]?\s+)?(?:(?:our|my|the|test(?:ed|ing)?|benchmark(?:ing)?|evaluation"
    r"|(?:model[- ])?service|server|serving|runtime|software)\s+)?"
    r"(?:set[- ]?up|hardware|environment|configuration|config|description|methodology|specs?"
    r"|specifications|system|platform|model and checkpoint|test rig|testbed"
    r"|how (?:we|i) test(?:ed)?"
    r"|(?:experiment(?:al)?|test(?:ing)?|benchmark(?:ing)?|measurement|run)\s+conditions)\b",
    re.I,
)
"""A heading that says, first, that its section describes the run (`Test setup`, `Hardware
and stack`, `Experimental conditions`; not `Thinking mode configuration`, which configures
something else)."""
NOT_RUN = re.compile(
    r"\b(?:requirements?|recommended|prerequisites?|suggested"
    r"|variables?|support(?:ed)?|compatib\w*|install\w*)\b",
    re.I,
)
"""What a reader needs or may use, not what ran: `Hardware requirements`, `Environment
variables` (a reference of settings), `Hardware accelerator support`, `API compatibility`."""
LINK_ITEM = re.compile(r"^\s*\[[^\]]+\]\([^)]+\)")
"""A list item that opens with a link: a pointer to someone else's setup (`awesome` lists)."""
LEAD_HEADING = re.compile(
    r"\b(?:executive|summary|tl;?\s?dr|abstract|overview|key findings|at a glance)\b", re.I
)
"""A report's opening summary: read as setup only as the first section under the title."""
_KEY_LINE = re.compile(r"^\s*\**`?(?P<key>[A-Za-z][\w .+/()-]{0,40}?)`?\**\s*:\s*(?P<value>\S.*)$")
_READ_TABLES = (TableKind.MARKDOWN, TableKind.HTML)


@dataclass(frozen=True)
class SetupSource:
    """The setup sections' prose (one text per paragraph or list item) and their pairs."""

    texts: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    lines: tuple[int, ...] = field(default=())
    """The first line of each setup section (for tests and evidence)."""
    spans: tuple[tuple[int, int], ...] = field(default=())
    """The lines of each setup section, first and last: where its settings are stated."""


def is_setup_title(title: str) -> bool:
    """Whether a heading says, first, that its section describes the run (`Test setup`)."""
    title = plain_text(title).strip(" #*")
    return not NOT_RUN.search(title) and bool(SETUP_HEADING.match(title))


def is_setup_section(section: Section, first: bool) -> bool:
    """Whether a section describes the run: by its heading, or as a report's opening summary."""
    title = plain_text(section.title).strip(" #*")
    if NOT_RUN.search(title):
        return False
    if SETUP_HEADING.match(title):
        return True
    return first and bool(LEAD_HEADING.search(title))


def setup_source(document: Document) -> SetupSource:
    """The setup sections of a Markdown document (none for other kinds)."""
    parsed = parse_document(document)
    spans = [(s.span.first, s.span.last) for s in _setup_sections(parsed.sections)]
    opening = _opening_pairs(parsed)
    if not spans and not opening:
        return SetupSource()
    texts: list[str] = []
    pairs: list[tuple[str, str]] = [(pair.key, pair.value) for pair in opening]
    for block in parsed.blocks:
        if _inside(block, spans):
            _read_setup_block(block, texts, pairs)
    if opening:
        spans.insert(0, (opening[0].line, opening[-1].line))
    return SetupSource(
        texts=tuple(texts),
        pairs=tuple(pairs),
        lines=tuple(a for a, _ in spans),
        spans=tuple(spans),
    )


@dataclass(frozen=True)
class ScopedSetup:
    """One setup section and the part of its document it speaks for: the part it is nested in
    (`## Phase 5A` / `### Setup`, `scope` its first and last line), or None for the whole."""

    scope: tuple[int, int] | None
    source: SetupSource


def scoped_setups(document: Document) -> tuple[ScopedSetup, ...]:
    """The setup sections of a document whose parts (two or more) hold their own, each with
    the part it speaks for; none for a document of one part (its setups speak for it all)."""
    parsed = parse_document(document)
    found: list[ScopedSetup] = []
    for section in _setup_sections(parsed.sections):
        texts: list[str] = []
        pairs: list[tuple[str, str]] = []
        span = (section.span.first, section.span.last)
        for block in parsed.blocks:
            if _inside(block, [span]):
                _read_setup_block(block, texts, pairs)
        source = SetupSource(tuple(texts), tuple(pairs), (span[0],), (span,))
        found.append(ScopedSetup(_part_of(parsed.sections, section), source))
    parts = {s.scope for s in found if s.scope is not None}
    return tuple(found) if len(parts) > 1 else ()


def _part_of(sections: Sequence[Section], section: Section) -> tuple[int, int] | None:
    """The span of the nearest section below the title that holds `section`, if any."""
    holders = [
        s
        for s in sections
        if 1 < s.level < section.level and s.span.first <= section.span.first <= s.span.last
    ]
    if not holders:
        return None
    part = max(holders, key=lambda s: s.level)
    return part.span.first, part.span.last


def _opening_pairs(parsed: ParsedDocument) -> list[KeyValue]:
    """The `key: value` lines between a document's title and its first section (`**Model:**
    Mistral 7B Instruct v0.2 (INT4 quantized)`, `**Framework:** OpenVINO GenAI`): a report
    states there, once, what all its runs were; none in a document without a title."""
    if parsed.kind is not DocumentKind.MARKDOWN:
        return []
    titles = [s for s in parsed.sections if s.level == 1]
    below = [s.span.first for s in parsed.sections if s.level >= 2]
    if not titles or not below or titles[0].span.first > min(below):
        return []
    first, end = titles[0].span.first, min(below)
    return [pair for pair in parsed.pairs if first < pair.line < end]


def _setup_sections(sections: Sequence[Section]) -> list[Section]:
    """The sections below the title that describe the run; the first of the top level may be
    a report's opening summary (`is_setup_section`)."""
    below_title = nested = [s for s in sections if s.level >= 2]
    titles = [s for s in sections if s.level == 1]
    if not below_title and len(titles) > 1:
        below_title = titles[1:]  # `# My Setup`, `# My Results` under a `# Title`: its sections
    top = min((s.level for s in below_title), default=2)
    firsts = [s for s in below_title if s.level == top][:1]
    found = [s for s in below_title if is_setup_section(s, s in firsts)]
    if nested and len(titles) > 1:
        found.extend(_own_part(sections, t) for t in titles[1:] if is_setup_title(t.title))
    return found


def _own_part(sections: Sequence[Section], section: Section) -> Section:
    """A section up to its first subsection: a `# System Information` that a document of
    several `#` sections writes its machine under, its models' `##` results nested below
    (savoirtech/ollama-parallel-performance README.md:5-15, read-s32), states the setup in
    its own lines; its subsections' tables and prose are their runs', not the setup."""
    inner = [
        s.span.first
        for s in sections
        if s.level > section.level and section.span.first < s.span.first <= section.span.last
    ]
    if not inner:
        return section
    return replace(section, span=Span(section.span.first, min(inner) - 1))


def _read_setup_block(block: Block, texts: list[str], pairs: list[tuple[str, str]]) -> None:
    """One block of a setup section: a paragraph or list item adds its text (and its `key:
    value` pair, if it writes one), a two-column table its rows as pairs; a list item that
    opens with a link, and every other block, adds nothing."""
    if isinstance(block, ListItem | Paragraph):
        if LINK_ITEM.match(block.text):
            return
        text = plain_text(block.text.replace("\n", " "))
        pair = _KEY_LINE.match(text)
        if pair and "http" not in pair.group("key"):
            pairs.append((pair.group("key").strip(), pair.group("value").strip()))
        texts.append(text)
    elif isinstance(block, Table) and block.kind in _READ_TABLES and block.width == 2:
        pairs.extend((row[0].text, row[1].text) for row in block.body_rows if len(row) == 2)


def _inside(block: object, spans: list[tuple[int, int]]) -> bool:
    span = getattr(block, "span", None)
    if span is None:
        return False
    return any(first <= span.first <= last for first, last in spans)


def agreed(readings: Iterable[Mapping[str, JsonValue]]) -> dict[str, JsonValue]:
    """The keys every reading that states them states alike; a key two readings state
    differently is left out (`NVIDIA GB10` and `GB10` are alike: one names the other)."""
    values: dict[str, list[JsonValue]] = {}
    for reading in readings:
        for key, value in reading.items():
            if value is not None and value != "":
                values.setdefault(key, []).append(value)
    found: dict[str, JsonValue] = {}
    for key, stated in values.items():
        if all(_alike(one, other) for i, one in enumerate(stated) for other in stated[i + 1 :]):
            found[key] = max(stated, key=lambda v: len(str(v)))
    return found


def _alike(one: JsonValue, other: JsonValue) -> bool:
    if isinstance(one, int | float) or isinstance(other, int | float):
        return one == other
    a, b = _words(str(one)), _words(str(other))
    return bool(a) and bool(b) and (a <= b or b <= a)


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9]+(?:\.[0-9]+)*", text.lower()))
