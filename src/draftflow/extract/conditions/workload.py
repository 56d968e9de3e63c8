"""What a figure's run was: its workload and its settings (token counts, concurrency), read
from the figure's context chain, nearest first.

The levels, each read as a whole: the figure's own paragraph; its run file's name
(`..._conc1_in32000_out1024_low_context_chat_20260210_074736.json` names the workload
`low_context_chat`); the paragraphs that lead into its table or paragraph (a caption:
`Average speed of generating 1024 tokens`, `Dataset is The Pile, 10 rows of 512 tokens`); the
note in italics just below its table (`*output tokens/s, median of 3 runs, 64-token
prompts*`); the
introductions of the sections above it; the document's methodology section (`key: value`
lines, the program its command runs); the README's. A key is taken from the nearest level
that states it once; a level that states it with two values leaves it unspecified, for that
level and every farther one. A workload stays in the source's own words: a run file's name
segment, the dataset a lead-in names, the program a methodology command runs, or the column
header the document uses for a length it states (`tg 1024` for `generating 1024 tokens`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import PurePosixPath
from weakref import WeakKeyDictionary

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.run_settings import (
    Stated,
    setting_of_column,
    settings_in_pairs,
    settings_in_text,
)
from draftflow.numbers.file_kinds import DATA_SUFFIXES
from draftflow.numbers.vocabulary import spelling_pattern, vocabulary

WORKLOAD = "workload"
MAX_WORKLOAD_CHARS = 80
RUN_FILE_SUFFIXES = frozenset(DATA_SUFFIXES)
MIN_FILE_SETTINGS = 2
"""A run file's name states its run when it holds two settings or more (`conc1_in32000`)."""
_FILE_SETTING = re.compile(r"^[a-z]+\d+$", re.IGNORECASE)
"""A run file's name segment that is a setting with its value (`conc1`, `in32000`)."""
_FILE_WORD = re.compile(r"^[a-z][a-z-]*$")
_FILE_NUMBER = re.compile(r"^\d+$")
_PROGRAM = re.compile(r"(?<![\w/.-])(?:[\w.-]+/)*(?P<name>[A-Za-z][\w-]*)\.py\b")
_SENTENCE_END = re.compile(r"\.(?:\s|$)|[;:!?](?:\s|$)|\(")
_NAME_START = re.compile(r"[A-Z0-9]|[\w.]+[-_/.:]\w")
"""How a named workload begins: a capital or a digit (`The Pile`, `10 rows`), or a token
written as an identifier (`fw-ai/benchmark`, `sharegpt_v3`); a sentence that goes on in
plain lower-case words (`is already sufficient`) says something else about its data."""
_HEADER_LENGTH = re.compile(r"^(?P<name>[A-Za-z]+)\s*(?P<value>\d+)$")


@dataclass
class Level:
    """What one level of context states: settings and workload names."""

    stated: Stated = field(default_factory=Stated)
    workloads: set[str] = field(default_factory=set)


@cache
def _lead_ins() -> re.Pattern[str]:
    body = spelling_pattern(vocabulary().run_context.workload_lead_ins)
    return re.compile(rf"(?<![\w])(?:{body})\s*", re.IGNORECASE)


@cache
def _trail_cuts() -> re.Pattern[str]:
    body = spelling_pattern(vocabulary().run_context.workload_trail_cuts)
    return re.compile(rf"[\s,]+(?:{body})\s*$", re.IGNORECASE)


@cache
def _methodology() -> re.Pattern[str]:
    body = spelling_pattern(vocabulary().run_context.methodology_headings)
    return re.compile(rf"^\W*(?:{body})\W*$", re.IGNORECASE)


def workload_of_path(path: str) -> str | None:
    """The workload a run file's name states between its settings and its timestamp
    (`Model_conc1_in32000_out1024_low_context_chat_20260210_074736.json`), or None: only
    a data file's name, and only one that states its settings in segments."""
    file = PurePosixPath(path)
    if file.suffix.lower() not in RUN_FILE_SUFFIXES:
        return None  # a report's name (`v0_2_phase0_results.md`) is no run's
    segments = file.stem.split("_")
    tagged = [i for i, s in enumerate(segments) if _FILE_SETTING.match(s)]
    if len(tagged) < MIN_FILE_SETTINGS:
        return None
    rest = segments[tagged[-1] + 1 :]
    while rest and _FILE_NUMBER.match(rest[-1]):
        rest.pop()
    if not rest or not all(_FILE_WORD.match(s) for s in rest):
        return None
    return "_".join(rest)


def workload_in_text(text: str) -> str | None:
    """The dataset or task a lead-in names (`Dataset is The Pile, 10 rows of 512 tokens per
    test.` -> `The Pile, 10 rows of 512 tokens`), or None."""
    found = _lead_ins().search(text)
    if found is None:
        return None
    rest = text[found.end() :]
    end = _SENTENCE_END.search(rest)
    phrase = _trail_cuts().sub("", rest[: end.start() if end else len(rest)]).strip(" ,*_`")
    if not _NAME_START.match(phrase):
        return None  # `the current dataset is already sufficient to ...` names no dataset
    return phrase if 0 < len(phrase) <= MAX_WORKLOAD_CHARS else None


def programs_in(code: list[str]) -> set[str]:
    """The scripts the commands of code blocks run (`python token_benchmark_ray.py`)."""
    return {match.group("name") for text in code for match in _PROGRAM.finditer(text)}


def _text_level(text: str) -> Level:
    workload = workload_in_text(text)
    return Level(settings_in_text(text), {workload} if workload else set())


def _intro_level(context: DocumentContext, heading: int, line: int) -> Level:
    """A section's introduction above a figure's line: its sentences and its `key: value`
    lines (`- Prompt Length: 512`, `- Max Tokens: 200` listed under `## Benchmark` before its
    tables); what the section says below the figure is about other runs."""
    intro = context.section_intro(heading, before=line)
    level = _text_level(intro)
    if intro:
        nexts = [n for n, _, _ in context.headings() if n > heading]
        last = min(nexts) - 1 if nexts else len(context.lines)
        level.stated.merge(settings_in_pairs(context.pairs_in(heading + 1, min(last, line))))
    return level


def _methodology_level(context: DocumentContext) -> Level:
    """The document's methodology sections: their `key: value` lines, sentences and the
    program their commands run."""
    level = Level()
    for first, last in methodology_spans(context):
        level.stated.merge(settings_in_pairs(context.pairs_in(first + 1, last)))
        level.workloads |= programs_in(context.code_in(first + 1, last))
    return level


def methodology_spans(context: DocumentContext) -> list[tuple[int, int]]:
    """The lines of the document's methodology sections (first, last): where a run's
    settings and program are stated for all its figures."""
    return [
        context.section_span(number)
        for number, _, title in context.headings()
        if _methodology().match(title)
    ]


def _levels(context: DocumentContext, readme: DocumentContext | None, line: int) -> Iterator[Level]:
    yield _text_level(context.own_text(line))
    from_path = workload_of_path(context.document.path)
    yield Level(workloads={from_path} if from_path else set())
    yield _text_level(context.lead_text(line))
    yield _text_level(context.note_below(line)[1])  # `*median of 3 runs, 64-token prompts*`
    for number, _, heading in context.heading_path(line):
        yield Level(settings_in_text(heading))  # `### Single-stream decode`
        yield _intro_level(context, number, line)
    yield _methodology_level(context)
    if readme is not None and readme is not context:
        yield _methodology_level(readme)


_RUN_SETTINGS: WeakKeyDictionary[DocumentContext, dict[tuple[int, int], dict[str, JsonValue]]]
_RUN_SETTINGS = WeakKeyDictionary()


def run_settings(
    context: DocumentContext, readme: DocumentContext | None, line: int
) -> dict[str, JsonValue]:
    """A figure's run settings and workload from its context chain (see the module
    docstring); keys a level states twice are left out. Read once per line (a wide row's
    figures share it); the answer is shared, not to be changed."""
    lines = _RUN_SETTINGS.setdefault(context, {})
    key = (id(readme), line)
    found = lines.get(key)
    if found is None:
        found = lines[key] = _run_settings(context, readme, line)
    return found


def _run_settings(
    context: DocumentContext, readme: DocumentContext | None, line: int
) -> dict[str, JsonValue]:
    found: dict[str, JsonValue] = {}
    # a row's own column states the setting (`| Prompt | Concurrency | TTFT |` over `2,048 | 2`):
    # a caption's or a section's value is another run's (MiaAI-Lab's `900K acceptance:
    # 899,994 prompt tokens` above the sweep gave every row input tokens 899994, read-s32)
    blocked: set[str] = _columns_setting(context, line)
    for level in _levels(context, readme, line):
        for key, value in level.stated.single().items():
            if key not in blocked:
                found.setdefault(key, value)
        blocked |= level.stated.conflicts
        if len(level.workloads) == 1 and WORKLOAD not in blocked:
            found.setdefault(WORKLOAD, next(iter(level.workloads)))
        elif len(level.workloads) > 1:
            blocked.add(WORKLOAD)
    return found


def _columns_setting(context: DocumentContext, line: int) -> set[str]:
    """The settings the line's table names a column after (none outside tables)."""
    cells = context.table_cells(line, "")
    if cells is None:
        return set()
    return {key for header in cells.header if header and (key := setting_of_column(header))}


def header_workload(context: DocumentContext, values: dict[str, JsonValue]) -> str | None:
    """The column header the document uses for a length the figure's run states: `tg 1024`
    for output_tokens 1024 where the document's tables have a `tg 1024` column (`tg` being
    a header that names output tokens); None unless exactly one header does."""
    # Per document, not per figure through the cache alone: its key is the document's every
    # column header, so a later draft of an equal document (another run of the same
    # repository in one process) compared all 10,000 headers of a wide table per figure.
    headers = context.kept(("length headers",), lambda: _length_headers(context.column_headers))
    found = {header for header, key, length in headers if values.get(key) == length}
    return next(iter(found)) if len(found) == 1 else None


@lru_cache(maxsize=64)
def _length_headers(headers: frozenset[str]) -> tuple[tuple[str, str, int], ...]:
    """The headers that name a length (`tg 1024`): each with its key and its value, read once
    per document (not once per figure: a wide table has as many figures as headers)."""
    found = []
    for header in headers:
        match = _HEADER_LENGTH.match(header)
        if match is None:
            continue
        key = vocab.header_key(match.group("name"))
        if key is not None:
            found.append((header, key, int(match.group("value"))))
    return tuple(found)
