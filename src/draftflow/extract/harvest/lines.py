"""Every number on a text line that no other reader took, as a candidate with its line.

The table, key/value, aligned-column and prose readers each take the numbers of the shapes
they know. Whatever they leave (a number in a sentence the prose finder did not read, a
chart-data block `bar [60.7, 80.4]`, a tool's line `written: 580.0GB 234.4GB/sec`) is still a
candidate here, with the line as its context, so that the learned result model
(`extract/learned/`) decides whether it is a reported result. Only that model reads them:
they are made in its step (`learned/decide.instances`), never by `harvest`, so neither the
rules nor the model pass sees them.
"""

from __future__ import annotations

from collections.abc import Iterable

from draftflow.acquire.rules import DOCUMENT_SUFFIXES
from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, make_candidate
from draftflow.extract.document import parse_document
from draftflow.numbers.file_kinds import DATA_SUFFIXES
from draftflow.numbers.kinds import NumberKind
from draftflow.numbers.parse import detect_decimal_comma
from draftflow.numbers.scan import find_numbers
from draftflow.text.lines import log_message

LINE_TABLE = 30_000
"""The `table` index of line candidates (apart from tables, prose and key/value blocks)."""
_DATA_SUFFIXES = frozenset({*DATA_SUFFIXES, ".yaml", ".yml", ".toml"})
TEXT_SUFFIXES = tuple(sorted(DOCUMENT_SUFFIXES - _DATA_SUFFIXES))
"""Documents whose lines are read here: data files (CSV, JSON) give every cell already; a
notebook's outputs and Markdown cells are lines of its JSON text; a web page's and a LaTeX
source's sentences and script data are lines of their markup."""
MAX_LINE_CHARS = 2_000
"""Longer lines (minified data, base64) hold no figure an editor reads."""

Taken = set[tuple[int, float]]
"""(line, value) pairs some other reader already made a candidate of."""
Places = dict[int, tuple[tuple[str, ...], str]]
"""Each line's heading path and block kind (`line_places`)."""


def taken_places(candidates: Iterable[Candidate]) -> dict[str, Taken]:
    """The (line, value) pairs of every candidate, per document id."""
    taken: dict[str, Taken] = {}
    for candidate in candidates:
        places = taken.setdefault(candidate.document_id, set())
        for value in candidate.values:
            places.add((candidate.line, round(float(value), 9)))
    return taken


def reads_lines(document: Document) -> bool:
    """Whether a document's lines are scanned here (text, Markdown, logs; not data files)."""
    return document.path.lower().endswith(TEXT_SUFFIXES)


def harvest_lines(
    document: Document, taken: Taken, places: Places | None = None
) -> list[Candidate]:
    """A candidate for every numeric mention's value on a line of `document` that no other
    reader took: `text` is the mention as written, `caption` its whole line, `heading` and
    `headings` the section it stands in (`places`: `line_places(document)`, read already)."""
    if not reads_lines(document):
        return []
    lines = document.line_list
    decimal_comma = detect_decimal_comma(document.text)
    places = line_places(document) if places is None else places
    candidates: list[Candidate] = []
    for number, line in enumerate(lines, start=1):
        if not line or len(line) > MAX_LINE_CHARS or not any(ch.isdigit() for ch in line):
            continue
        message = log_message(line)  # a logger's time stamp holds no figure
        for mention in find_numbers(message, decimal_comma=decimal_comma):
            if not mention.kind.is_numeric:
                continue
            if _sign_lost(line, mention.start):
                continue  # `**-8.1%**`: the minus stands outside what the scan read
            for index, value in enumerate(mention.values):
                if (number, round(float(value), 9)) in taken:
                    continue
                if mention.kind is NumberKind.FRACTION and index > 0:
                    continue  # the denominator of `35/44` is the score's scale
                headings = places.get(number, ((), "line"))[0]
                candidate = make_candidate(
                    document,
                    line=number,
                    fmt=SourceFormat.LINE,
                    text=mention.text,
                    locator=f"n{mention.start}.{index}",
                    heading=headings[-1] if headings else None,
                    caption=line,
                    table=LINE_TABLE,
                    values=[_typed(value)],
                    headings=headings,
                    column=_words_before(message, mention.start),
                )
                if candidate is not None:
                    candidates.append(candidate)
    return candidates


_EMPHASIS = "*_~"
_MINUS = ("-", "\u2212")


def _sign_lost(line: str, start: int) -> bool:
    """Whether a minus sign the scan left out stands before a number written at `start`,
    with at most emphasis between (`**-8.1%**` and `-**8.1**` read `8.1`): the value read is
    not the value written. A hyphen after a word (`x-5`) is no sign."""
    before = line[:start].rstrip(_EMPHASIS)
    if not before.endswith(_MINUS):
        return False
    return len(before) < 2 or not before[-2].isalnum()


def _typed(value: float) -> int | float:
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else value


def _words_before(line: str, start: int) -> str:
    """Up to four words written before a number on its line (what names it, if anything)."""
    words = line[:start].replace("|", " ").replace("*", " ").split()
    return " ".join(words[-4:])


def written_at(candidate: Candidate, line: str) -> tuple[int, int] | None:
    """Where a line candidate's number is written on its line (start, end), if it is."""
    start = line.find(candidate.text)
    return None if start < 0 else (start, start + len(candidate.text))


def line_places(document: Document) -> Places:
    """Each line's heading path (outermost first) and the kind of block it stands in
    (`paragraph`, `list`, `table`, `code`, `heading`, `html`), from the document model;
    lines outside any block (tool output in a `.txt`) are absent."""
    parsed = parse_document(document)
    paths: dict[int, tuple[str, ...]] = {}
    for section in sorted(parsed.sections, key=lambda s: len(s.heading_path)):
        for number in range(section.span.first, section.span.last + 1):
            paths[number] = tuple(section.heading_path)  # deeper sections overwrite
    kinds: dict[int, str] = {}
    for block in parsed.blocks:
        for number in range(block.span.first, block.span.last + 1):
            kinds[number] = _BLOCK_KINDS.get(type(block).__name__, "other")
    return {
        number: (paths.get(number, ()), kinds.get(number, "line"))
        for number in set(paths) | set(kinds)
    }


_BLOCK_KINDS = {
    "Heading": "heading",
    "Paragraph": "paragraph",
    "ListItem": "list",
    "Table": "table",
    "CodeBlock": "code",
    "HtmlBlock": "html",
}
