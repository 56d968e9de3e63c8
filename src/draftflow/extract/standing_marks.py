"""What status words and attributions mark: a stretch of a document's lines, and the mark.

`status_words.py` and `attribution.py` find marks; `standing.py` puts the narrowest mark
that covers a figure's line on the figure. Shared here so the finders and the applier do not
import each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from draftflow.extract.candidates import cell_values
from draftflow.extract.document.elements import Cell, ListItem, Paragraph, ParsedDocument, Table
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.standing import Attribution, ResultStatus
from draftflow.text.sentences import sentence_spans

_MARKUP = re.compile(r"[*_`]+|<[^>]+>")
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Mark:
    """A status or an attribution over lines `first`..`last` of one document."""

    first: int
    last: int
    standing: ResultStatus | Attribution
    outside_tables: bool = False
    """The mark speaks for the document's prose, not for its table rows, which say for
    themselves what they measured (a hosted service named in the introduction)."""
    values: frozenset[float] | None = None
    """The figures the mark speaks for, where it speaks for some of its lines' figures only
    (`suggested +4.6% where the real figure was +3.3%` marks the 4.6); None for all."""

    @property
    def reach(self) -> int:
        """How many lines the mark covers: the narrowest mark over a figure wins."""
        return self.last - self.first

    def covers(self, line: int, value: float | None = None) -> bool:
        """True when `line` is within the mark's lines (and `value` among its figures, where
        it names them)."""
        if not self.first <= line <= self.last:
            return False
        return self.values is None or value is None or abs(value) in self.values


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a paragraph or list item, its markup removed, with its lines."""

    text: str
    written: str
    first: int
    last: int


def plain(text: str) -> str:
    """`text` without emphasis, code marks and inline HTML, spaces collapsed."""
    return " ".join(_MARKUP.sub("", text).split())


def sentences(block: Paragraph | ListItem) -> Iterator[Sentence]:
    """The sentences of a block with the lines each covers."""
    for start, end in sentence_spans(block.text):
        written = block.text[start:end]
        yield Sentence(plain(written), written, block.line_of(start), block.line_of(end - 1))


CJK = re.compile(r"[\u3000-\u9fff\uac00-\ud7af]")
"""A character of a CJK script, which writes no spaces between words: a word in it stands
inside a longer name (`预期` in `性能预期`)."""


def word_pattern(words: tuple[str, ...]) -> str:
    """An alternation of whole words (longest first; a trailing `.` needs no word end; a word
    in a CJK script matches inside a longer run of its script)."""
    parts = []
    for word in sorted(words, key=len, reverse=True):
        escaped = re.escape(word)
        if CJK.search(word):
            parts.append(escaped)
        else:
            parts.append(r"(?<![\w-])" + escaped + ("" if word.endswith(".") else r"(?![\w-])"))
    return "(?:" + "|".join(parts) + ")"


def first_in_rows(
    parsed: ParsedDocument, read: Callable[[str], _T | None]
) -> Iterator[tuple[int, _T]]:
    """For each body row of the document's tables, the line and reading of the first cell
    whose text `read` reads as a mark: one mark speaks for its row."""
    for block in parsed.blocks:
        if not isinstance(block, Table):
            continue
        for row in block.body_rows:
            for cell in row:
                found = read(cell.text)
                if found is not None:
                    yield cell.line, found
                    break


def column_marks_by_header(
    parsed: ParsedDocument, mark_of: Callable[[Cell], _T | None]
) -> dict[tuple[int, float], _T]:
    """The mark of each figure in a column whose header cell `mark_of` reads as one (the
    first such header cell of a column), by (line, value): only values no unmarked cell of the
    same row also holds."""
    marked: dict[tuple[int, float], _T] = {}
    unmarked: set[tuple[int, float]] = set()
    for table in parsed.tables:
        marks: dict[int, _T] = {}
        for row in table.header_rows:
            for cell in row:
                if cell.column not in marks and (mark := mark_of(cell)) is not None:
                    marks[cell.column] = mark
        if not marks:
            continue
        for row in table.body_rows:
            for cell in row:
                for value in cell_values(cell.text):
                    key = (cell.line, float(value))
                    if cell.column in marks:
                        marked[key] = marks[cell.column]
                    else:
                        unmarked.add(key)
    return {key: mark for key, mark in marked.items() if key not in unmarked}


FRONT_MATTER_REACH = 60
"""How far down a document its front matter may run."""
_KEY_LINE = re.compile(r"^(?P<key>[A-Za-z_]+):\s*(?P<value>.*?)\s*$")


def front_matter(lines: Sequence[str]) -> dict[str, tuple[int, str, str]] | None:
    """A page's front matter (`---` ... `---` at its top): each key's line, value and text,
    lower-cased keys; None where the page has none."""
    if not lines or lines[0].strip() != "---":
        return None
    keys: dict[str, tuple[int, str, str]] = {}
    for number, text in enumerate(lines[1:FRONT_MATTER_REACH], start=2):
        if text.strip() == "---":
            return keys
        found = _KEY_LINE.match(text)
        if found:
            value = found.group("value").strip("\"'")
            keys.setdefault(found.group("key").lower(), (number, value, text.strip()))
    return None


def copied_page(lines: Sequence[str]) -> bool:
    """Whether a page is a copy of someone else's: its front matter says where it came from
    (`url:`, `retrieved:`). Its figures are that party's, measured on what it states."""
    keys = front_matter(lines)
    origin = vocabulary().standing.origin_keys
    return keys is not None and any(key in keys for key in origin)
