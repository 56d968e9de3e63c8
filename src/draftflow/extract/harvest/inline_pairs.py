"""Harvest `name=value` pairs a tool prints several to a line in its log:

```
[FAIL] p100.txt depth=170 llm_rs=86.09ms llama_cpp=52.06ms limit=54.66ms
```

Each pair is a candidate whose column is its name, the line's other pairs its context and the
words before its first pair (`[FAIL] p100.txt`) its row; consecutive such lines are one
table, so that the rules and the result model read a column of them as a table's. A line
counts only with two pairs at least whose values are numbers (with at most a short unit
attached): one `x=3` in a sentence is no tool's record. Read in text and log files and in a
Markdown document's code blocks holding output, never in its prose (`Weights = Q40` there
states a setting, `extract/document/pairs.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, make_candidate
from draftflow.extract.document import CodeBlock, DocumentKind, parse_document
from draftflow.extract.document.markdown import CODE_LANGUAGES

INLINE_TABLE_OFFSET = 50_000
"""Runs of pair lines are numbered after the other readers' tables (table indexes)."""
MAX_LINE = 400
"""A longer line is a data dump, not a tool's record."""
MIN_PAIRS = 2

_PAIR = re.compile(
    r"(?<![\w.=/-])(?P<key>[A-Za-z_][\w.-]{0,40})=(?P<value>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
    r"(?:[A-Za-z%µ][\w/%]{0,7})?)(?=[\s,;)\]]|$)"
)


def _lines(document: Document) -> Iterator[tuple[int, str]]:
    """(line, text) of every line that may hold a tool's record: a text or log file's lines,
    a Markdown document's output code blocks' lines."""
    lines = document.line_list
    parsed = parse_document(document)
    if parsed.kind is DocumentKind.TEXT:
        yield from enumerate(lines, start=1)
        return
    if parsed.kind is not DocumentKind.MARKDOWN:
        return
    for block in parsed.blocks:
        if isinstance(block, CodeBlock) and block.language not in CODE_LANGUAGES:
            for number in range(block.first_line, min(block.span.last, len(lines)) + 1):
                yield number, lines[number - 1]


def line_pairs(line: str) -> list[re.Match[str]]:
    """The `name=value` pairs of a tool's record line, or none when it holds fewer than two."""
    if "=" not in line or len(line) > MAX_LINE:
        return []
    pairs = list(_PAIR.finditer(line))
    return pairs if len(pairs) >= MIN_PAIRS else []


def harvest_inline_pairs(document: Document) -> list[Candidate]:
    """Every `name=value` pair of the document's record lines (`line_pairs`)."""
    candidates: list[Candidate] = []
    table, row, previous = -1, 0, -2
    for number, line in _lines(document):
        pairs = line_pairs(line)
        if not pairs:
            continue
        if number != previous + 1:
            table, row = table + 1, 0
        previous = number
        context = {pair["key"]: pair["value"] for pair in pairs}
        prefix = line[: pairs[0].start()].strip() or None
        for index, pair in enumerate(pairs):
            candidate = make_candidate(
                document,
                line=number,
                fmt=SourceFormat.KEY_VALUE,
                text=pair["value"],
                locator=f"p{table}r{row}c{index}",
                column=pair["key"],
                row_header=prefix,
                table=INLINE_TABLE_OFFSET + table,
                row=row,
                context=context,
            )
            if candidate is not None:
                candidates.append(candidate)
        row += 1
    return candidates
