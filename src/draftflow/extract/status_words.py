"""The author's own status words: where a source marks its results retracted, contaminated,
superseded, estimated, invalid, broken or deprecated.

A status word counts only where it stands as a mark, read by structure: a component of the
document's path (`run-CONTAMINATED.json`), a heading that is or opens with the word
(`RETRACTED`, `Results (superseded)`), a table cell that is or opens with it (`invalid`,
`~90-92 (estimated)`), a banner sentence that opens with it (`2026-07-28: superseded by ...`),
or a sentence whose subject is the results (`these numbers are superseded by ...`). A word
taken back just before it (`not contaminated`, `no longer estimated`) does not count, and a
word inside running prose about something else (`why is tool calling broken?`) is no mark.
The words are data (`numbers/vocabulary.toml`, `[[status]]` and `[standing]`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import cell_values
from draftflow.extract.document import parse_document
from draftflow.extract.document.elements import Cell, ListItem, Paragraph, ParsedDocument
from draftflow.extract.standing_marks import (
    Mark,
    column_marks_by_header,
    first_in_rows,
    plain,
    sentences,
    word_pattern,
)
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.standing import ResultStatus, StandingScope, Status

_BANNER_LEAD = re.compile(
    r"^(?:\d{4}-\d{2}-\d{2}\s*[:—–-]?\s*|status\s*[:—–-]\s*|[\[(⚠️❌🚫\s]+)*", re.I
)
_ALONE = re.compile(r"\s*(?:$|[:,.;!)\]—–(\[-]|\d|(?:by|as|in|on|since|until|after)\b)", re.I)
"""What may follow a status word that stands as a mark: the end, punctuation, or `by`, `as`,
`since`; not a noun it qualifies (`Invalid XML`, `est. max_len`, `broken pipe`)."""
_PARTS = re.compile(r"[(\[]([^)\]]{1,60})[)\]]")
_HEAD_SPLIT = re.compile(r"\s*(?::|\s[—–-]\s)\s*")
_PATH_TOKENS = re.compile(r"[-_./\s]+")
_ARTICLE = re.compile(r"\b(?:the|a|an)\b", re.I)
_TRAILING = re.compile(r"\s~\s*(\S+)\s*$")
"""A header's last word after an approximation sign (`tok/s ~est.`)."""


@dataclass(frozen=True, slots=True)
class Found:
    """A status word found at the start of a text, as written there."""

    status: Status
    words: str


@cache
def _status_res() -> tuple[tuple[Status, re.Pattern[str]], ...]:
    return tuple(
        (Status(entry.id), re.compile(word_pattern(entry.words), re.I))
        for entry in vocabulary().status
    )


@cache
def _negation_re() -> re.Pattern[str]:
    words = vocabulary().standing.negations
    whole = [re.escape(w) for w in words if not w.endswith("-")]
    prefixes = [re.escape(w) for w in words if w.endswith("-")]
    return re.compile(
        r"(?:(?<![\w-])(?:"
        + "|".join(whole)
        + r")\s+(?:\w+\s+)?|(?:"
        + "|".join(prefixes)
        + r"))$",
        re.I,
    )


@cache
def _subject_re() -> re.Pattern[str]:
    standing = vocabulary().standing
    nouns = word_pattern(standing.result_nouns)
    statuses = word_pattern(tuple(w for entry in vocabulary().status for w in entry.words))
    return re.compile(
        r"\b(?:these|the|all|this|our|those|its|every|each)\s+(?:[\w.-]+\s+){0,3}?"
        + nouns
        + r"[^.;:]{0,40}?\b(?:is|are|was|were|has been|have been|be|been|now)\s+"
        + r"(?P<gap>(?:[\w']+\s+){0,2}?)(?P<word>"
        + statuses
        + ")",
        re.I,
    )


def negated(text: str, start: int) -> bool:
    """True when the words just before `start` take the status word back (`not`, `non-`)."""
    return _negation_re().search(text[max(0, start - 24) : start]) is not None


def status_at_start(text: str) -> Found | None:
    """The status a text opens with (after a date, `Status:` or a bracket), if any."""
    lead = _BANNER_LEAD.match(text)
    start = lead.end() if lead else 0
    for status, pattern in _status_res():
        found = pattern.match(text, start)
        if found and _ALONE.match(text, found.end()):
            return Found(status, found.group(0))
    return None


_SPECULATIVE = "spec"


def status_in_name(path: str) -> Found | None:
    """The status a document's path names as one of its components (`X-CONTAMINATED.json`).
    `spec` alone is no spec sheet in a path: it is short for speculative decoding there
    (djangodevreng's `bf16-spec/` profile, lmdeploy's `spec_decoding.md`)."""
    for token in _PATH_TOKENS.split(path):
        if token.lower() == _SPECULATIVE:
            continue
        for status, pattern in _status_res():
            if pattern.fullmatch(token):
                return Found(status, token)
    return None


@lru_cache(maxsize=1 << 15)
def marker(text: str) -> Found | None:
    """The status a heading or cell states as its mark: the text opens with it, or a part
    before a colon or dash, or a bracketed part, does (read once per text: a table's rows
    repeat their cells)."""
    cleaned = plain(text)
    parts = [cleaned, *_HEAD_SPLIT.split(cleaned)[1:], *_PARTS.findall(cleaned)]
    for part in parts:
        found = status_at_start(part.strip())
        if found:
            return found
    return None


def in_sentence(text: str, *, opens_block: bool = True) -> Found | None:
    """The status a sentence states about results: a banner that opens its block with the
    word, or a results subject with the word (`these numbers are superseded`), not taken
    back."""
    found = status_at_start(text) if opens_block else None
    if found:
        return found
    for match in _subject_re().finditer(text):
        if negated(text, match.start("word")) or _ARTICLE.search(match.group("gap")):
            # `the page is the broken one`: the word qualifies a noun, it marks nothing
            continue
        word = match.group("word")
        for status, pattern in _status_res():
            if pattern.fullmatch(word):
                return Found(status, word)
    return None


def _mark(
    document: Document, found: Found, line: int, span: tuple[int, int], scope: StandingScope
) -> Mark:
    status = ResultStatus(
        status=found.status, words=found.words, path=document.path, line=line, scope=scope
    )
    return Mark(span[0], span[1], status)


def _section_span(parsed: ParsedDocument, line: int, total: int) -> tuple[tuple[int, int], bool]:
    """The lines a statement at `line` speaks for: its section, or the whole document when it
    stands in the introduction (before any section below the title)."""
    section = parsed.section_at(line)
    if section is None or section.level <= 1:
        return (1, total), True
    return (section.span.first, section.span.last), False


def _headings(document: Document, parsed: ParsedDocument, total: int) -> Iterator[Mark]:
    for heading in parsed.headings:
        found = marker(heading.text) or spec_heading(heading.text)
        if found is None:
            continue
        if heading.level <= 1:
            yield _mark(document, found, heading.span.first, (1, total), StandingScope.DOCUMENT)
            continue
        section = parsed.section_at(heading.span.first)
        last = section.span.last if section else heading.span.last
        span = (heading.span.first, last)
        yield _mark(document, found, heading.span.first, span, StandingScope.SECTION)


def _prose(document: Document, parsed: ParsedDocument, total: int) -> Iterator[Mark]:
    for block in parsed.blocks:
        if not isinstance(block, Paragraph | ListItem):
            continue
        for index, sentence in enumerate(sentences(block)):
            found = in_sentence(sentence.text, opens_block=index == 0)
            if found is None:
                continue
            if found.status is Status.SPECIFICATION:
                # a spec stated in a sentence (`theoretical 59 TFLOPS`) speaks for itself only
                span = (sentence.first, sentence.last)
                yield _mark(document, found, sentence.first, span, StandingScope.SENTENCE)
                continue
            span, whole = _section_span(parsed, sentence.first, total)
            scope = StandingScope.DOCUMENT if whole else StandingScope.SECTION
            yield _mark(document, found, sentence.first, span, scope)


def _rows(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    for line, found in first_in_rows(parsed, marker):
        yield _mark(document, found, line, (line, line), StandingScope.ROW)


def column_marker(header: str) -> Found | None:
    """The status a column header states for its cells: a bracketed part or a part after a
    colon or dash (`tok/s (estimated)`), or its last word after `~` (`tok/s ~est.`), with
    the header's other words left to name the quantity. A header that is only the word
    (`Invalid`, a count of invalid replies) names a quantity, not a status."""
    cleaned = plain(header)
    parts = [*_HEAD_SPLIT.split(cleaned)[1:], *_PARTS.findall(cleaned)]
    trailing = _TRAILING.search(cleaned)
    if trailing:
        parts.append(trailing.group(1))
    for part in parts:
        found = status_at_start(_ABBREVIATED.sub(r"\1.", part.strip()))
        if found and without_column_marker(cleaned, found).strip():
            return found
    return None


_ABBREVIATED = re.compile(r"^(est)$", re.I)
"""A bracketed abbreviation without its full stop (`tok/s [est]`): in a header, only the
status's (in a sentence `EST` is a time zone)."""


def without_column_marker(header: str, found: Found | None = None) -> str:
    """The header without the status part `column_marker` reads (`tok/s (estimated)` →
    `tok/s`): what is left names the quantity its cells measure."""
    found = found or column_marker(header)
    if found is None:
        return header
    words = re.escape(found.words.rstrip(".")) + (r"\.?" if found.words.endswith(".") else "")
    mark = rf"\s*(?:[(\[]\s*{words}[^)\]]*[)\]]|(?::|\s[—–-]\s)\s*{words}.*$|\s~\s*{words}\s*$)"
    return re.sub(mark, "", plain(header), count=1, flags=re.I).strip()


def column_marks(document: Document) -> dict[tuple[int, float], ResultStatus]:
    """The status of each figure in a column whose header marks it, by (line, value): only
    values no unmarked cell of the same row also holds."""

    parsed = parse_document(document)
    beside_measured = _header_lines_with_measured(parsed)

    def status(cell: Cell) -> ResultStatus | None:
        found = column_marker(cell.text) or spec_header(cell.text)
        if found is None:
            return None
        if found.words.lower() in _CLAIM_WORDS and cell.line not in beside_measured:
            # `| Claim | Source |` lists the author's own findings (KrisDcosta's "x86 TPS
            # (Q2_K 14.05, ...)"): a claim is a vendor's only beside what was measured
            # (`| Claim | Measured | Verdict |`), read33-s21
            return None
        return ResultStatus(
            status=found.status,
            words=found.words,
            path=document.path,
            line=cell.line,
            scope=StandingScope.COLUMN,
        )

    return column_marks_by_header(parsed, status)


_CLAIM_WORDS = frozenset({"claim"})


def _header_lines_with_measured(parsed: ParsedDocument) -> frozenset[int]:
    """The header rows (by line) that hold a cell the author marks measured (`Measured`)."""
    return frozenset(
        cell.line
        for table in parsed.tables
        for row in table.header_rows
        for cell in row
        if _measured_re().search(plain(cell.text))
    )


@cache
def _spec_res() -> tuple[re.Pattern[str], re.Pattern[str]]:
    words = next(entry.words for entry in vocabulary().status if entry.id == "specification")
    return (
        # the word alone, or with its unit in brackets (`Theoretical (GFLOPS)`, `理论峰值 (GB/s)`)
        re.compile(r"(?i)^" + word_pattern(words) + r"(?:\s*[(（][^()（）]*[)）])?$"),
        re.compile(r"(?i)" + word_pattern(words) + r"$"),
    )


@cache
def _measured_re() -> re.Pattern[str]:
    return re.compile(r"(?i)" + word_pattern(vocabulary().standing.measured_words))


def spec_header(header: str) -> Found | None:
    """A column header that is only a spec word (`Spec`, `Claim`, `Theoretical`), perhaps
    with its unit in brackets: its cells are a spec sheet's values, not measurements."""
    cleaned = plain(header).strip(" :")
    found = _spec_res()[0].match(cleaned)
    return Found(Status.SPECIFICATION, found.group(0)) if found else None


def spec_heading(text: str) -> Found | None:
    """A heading that ends with a spec word (`Hardware Specifications`, `GPU specs`): its
    section states a spec sheet, except rows and columns the author marks measured."""
    cleaned = plain(text).strip(" :")
    found = _spec_res()[1].search(cleaned)
    return Found(Status.SPECIFICATION, found.group(0)) if found else None


def measured_marks(document: Document) -> tuple[frozenset[int], frozenset[tuple[int, float]]]:
    """The table rows (by line) and cells (by line and value) the author marks as measured:
    a row cell that says so (`Memory Bandwidth (measured)`), a column headed so (`Achieved`).
    Under a spec heading they are the author's own figures."""
    rows: set[int] = set()
    cells: set[tuple[int, float]] = set()
    pattern = _measured_re()
    for table in parse_document(document).tables:
        columns = {
            cell.column
            for row in table.header_rows
            for cell in row
            if pattern.match(plain(cell.text).strip())
        }
        for row in table.body_rows:
            for cell in row:
                if any(pattern.match(part) for part in _PARTS.findall(plain(cell.text))):
                    rows.add(cell.line)
                if cell.column in columns:
                    cells.update((cell.line, float(value)) for value in cell_values(cell.text))
    return frozenset(rows), frozenset(cells)


def status_marks(document: Document) -> list[Mark]:
    """Every status mark of a document: its path, headings, sentences and table rows."""
    total = max(document.lines, 1)
    marks: list[Mark] = []
    named = status_in_name(document.path)
    if named is not None:
        marks.append(_mark(document, named, 1, (1, total), StandingScope.FILE_NAME))
    parsed = parse_document(document)
    marks.extend(_headings(document, parsed, total))
    marks.extend(_prose(document, parsed, total))
    marks.extend(_rows(document, parsed))
    return marks


__all__ = [
    "Found",
    "column_marker",
    "column_marks",
    "in_sentence",
    "marker",
    "measured_marks",
    "negated",
    "spec_header",
    "spec_heading",
    "status_at_start",
    "status_marks",
    "without_column_marker",
]
