"""The `key: value` statements of a document's prose, read once per document.

A report states a setting once for the runs below it: `Engine: vLLM 0.19` on a line of its
own (a list item, a paragraph line), or several `key = value` pairs inline (`Weights = Q40,
Buffer = Q80`). In Markdown only prose is read (paragraph, list item and HTML lines; not code,
headings or tables); a document of another kind is read line by line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from draftflow.extract.document.elements import (
    Block,
    HtmlBlock,
    KeyValue,
    ListItem,
    Paragraph,
    Table,
)
from draftflow.text.lines import plain_text

_KEY_VALUE = re.compile(
    r"^\s*(?:[-*+]\s+)?\**`?(?P<key>[A-Za-z][\w .+/()'’-]{0,40}?)`?\**\s*[:=]\s*\**"
    r"(?P<value>\S.{0,160})$"
)
_INLINE_PAIR = re.compile(r"(?P<key>[A-Za-z][\w .-]{0,24}?)\s*=\s*(?P<value>[^,<]{1,60})")


def line_pairs(text: str) -> list[tuple[str, str]]:
    """The pairs one line states: a `key: value` line, else its inline `key = value` pairs."""
    match = _KEY_VALUE.match(text)
    if match and "http" not in match.group("key"):
        return [(match.group("key").strip(), plain_text(match.group("value")))]
    return [
        (pair.group("key").strip(), pair.group("value").strip())
        for pair in _INLINE_PAIR.finditer(plain_text(text))
    ]


def _pairs_of(lines: Iterable[tuple[int, str]]) -> Iterator[KeyValue]:
    for number, text in lines:
        for key, value in line_pairs(text):
            yield KeyValue(key, value, number)


def _prose_lines(blocks: Sequence[Block], source: Sequence[str]) -> Iterator[tuple[int, str]]:
    """The source lines of the prose blocks (an HTML block's lines outside its tables)."""
    in_tables = {
        number
        for block in blocks
        if isinstance(block, Table)
        for number in range(block.span.first, block.span.last + 1)
    }
    numbers: set[int] = set()
    for block in blocks:
        if isinstance(block, Paragraph | ListItem | HtmlBlock):
            numbers.update(range(block.span.first, block.span.last + 1))
    for number in sorted(numbers - in_tables):
        if number <= len(source):
            yield number, source[number - 1]


def markdown_pairs(blocks: Sequence[Block], source: Sequence[str]) -> tuple[KeyValue, ...]:
    """The pairs stated in a Markdown document's prose, in source order."""
    return tuple(_pairs_of(_prose_lines(blocks, source)))


def text_pairs(source: Sequence[str]) -> tuple[KeyValue, ...]:
    """The pairs stated on the lines of a document that is not Markdown, in source order."""
    return tuple(_pairs_of(enumerate(source, 1)))
