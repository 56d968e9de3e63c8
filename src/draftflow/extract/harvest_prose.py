"""Harvest figures written in prose: a number followed closely by a rate, time or size unit.

Reports state some results only in sentences ("~182 tok/s aggregate", "median TTFT was
**282 s**"). A prose candidate is a number with a unit within the next two words; its key is
the clause around it (the words before it back to the last sentence or clause break, the
unit, and a few words after), which is what selection reads the metric from. Lines in code
fences, tables, headings and key/value report lines are left to their own harvesters.
"""

from __future__ import annotations

import re

from draftflow.extract.candidates import Candidate, SourceFormat, make_candidate
from draftflow.extract.fences import fenced_lines
from draftflow.extract.harvest_keyvalue import MAX_LINE as KEY_VALUE_MAX_LINE
from draftflow.extract.harvest_keyvalue import key_value_match
from draftflow.extract.harvest_markdown import plain_text
from draftflow.extract.numeric import as_number, numbers_in
from draftflow.numbers.cells import is_sentence
from draftflow.snapshot import Document

MAX_LINE = 2_000
PROSE_TABLE = 20_000
"""Prose candidates are numbered after tables and key/value blocks (table indexes)."""

_UNIT = re.compile(
    r"^[\s*_`~]*(?:[^\s\d,.;:()\[\]]+\s+){0,2}?[*_`]*"
    r"(?P<unit>tok/s|t/s|tokens?/s(?:ec)?|tps|req/s|ms|s|sec|seconds|GiB|GB|MiB|MB|tokens)"
    r"(?![\w/])",
    re.IGNORECASE,
)
_CLAUSE_BREAK = re.compile(r"[.;:(\[]\s|[.;:]$|[(\[]|,\s")
_AFTER_WORDS = 3


def _clause_before(line: str, start: int) -> str:
    """The words before a number back to the last clause break."""
    before = line[:start]
    breaks = [m.end() for m in _CLAUSE_BREAK.finditer(before)]
    return before[breaks[-1] if breaks else 0 :].strip()


def _words_after(line: str, end: int) -> str:
    after = re.split(r"[.;,()\[\]]\s|[.;,()\[\]]$|[()\[\]]", line[end:], maxsplit=1)[0]
    return " ".join(after.split()[:_AFTER_WORDS])


def sentence_cells_only(row: str) -> str:
    """A table row with every cell blanked except the sentences (prose sitting in a table);
    offsets are kept, so a figure's position is its position on the line. Empty when the
    row holds no sentence cell."""
    kept = [" "] * len(row)
    start = 0
    found = False
    for end in [*(i for i, ch in enumerate(row) if ch == "|"), len(row)]:
        cell = row[start:end]
        if is_sentence(cell):
            kept[start:end] = cell
            found = True
        start = end + 1
    return "".join(kept) if found else ""


def _prose_lines(document: Document) -> list[tuple[int, str]]:
    """Numbered lines outside code fences that are prose (not tables, headings, key/values);
    a table row contributes its sentence cells (see `sentence_cells_only`)."""
    lines: list[tuple[int, str]] = []
    fenced = fenced_lines(document.line_list)
    for number, line in enumerate(document.line_list, start=1):
        if fenced[number - 1]:
            continue
        stripped = line.lstrip()
        if stripped.startswith("|"):
            cells = sentence_cells_only(line)
            if cells:
                lines.append((number, cells))
            continue
        if (
            not stripped
            or stripped.startswith(("#", ">"))
            or len(line) > MAX_LINE
            or (len(line) <= KEY_VALUE_MAX_LINE and key_value_match(line))
        ):
            continue
        lines.append((number, line))
    return lines


def harvest_prose(document: Document) -> list[Candidate]:
    """Every number in the document's prose that a unit follows within two words."""
    candidates: list[Candidate] = []
    for row, (number, line) in enumerate(_prose_lines(document)):
        for found in numbers_in(line):
            unit = _UNIT.match(line[found.end :])
            if unit is None or found.end <= found.start:
                continue
            before = plain_text(_clause_before(line, found.start))
            key = " ".join(part for part in (before, _words_after(line, found.end)) if part)
            candidate = make_candidate(
                document,
                line=number,
                fmt=SourceFormat.PROSE,
                text=plain_text(line[found.start : found.end + unit.end()]),
                locator=f"p{found.start}",
                column=plain_text(key),
                table=PROSE_TABLE,
                row=row,
                values=[as_number(found.value, found.decimals)],
            )
            if candidate is not None:
                candidates.append(candidate)
    return candidates
