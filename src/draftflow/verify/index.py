"""A per-document index for verification, built once per document and mostly lazily.

Verification asks "which lines of this document state X?" thousands of times. The index
looks for the few strings any written form of the value contains (`numbers.forms`) with a
C-speed substring search, skips hits glued to other digits or letters, and confirms what
is left on its line with `find_numbers`, whose mentions are parsed once per line and cached.
Dates, hashes, versions and identifiers are looked up the same way, by substring first. No
document is ever read token by token as a whole (that cost minutes for a large source).
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import accumulate

from draftflow.acquire.snapshot import Document
from draftflow.numbers import (
    NumberKind,
    NumberMention,
    ParsedNumber,
    find_dates,
    find_hex_strings,
    find_numbers,
    find_versions,
    name_pieces,
    stated_values,
    uses_decimal_comma,
)
from draftflow.numbers.dates import MONTHS
from draftflow.numbers.forms import (
    SUFFIXED_RE,
    WORDS_RE,
    standalone_offsets,
    suffixed_offsets,
)
from draftflow.numbers.quantifiers import with_quantified
from draftflow.text.instructions import candidate_lines, line_is_instruction
from draftflow.verify.layout import DocumentLayout
from draftflow.verify.readings import (
    LineReadings,
    OwnedReadings,
    ValueTable,
    cell_readings,
    states,
    value_forms,
)

_BLOCK = 2048
"""Characters per block of the line-number table."""

PATH_LINE = 0
"""The line number used for things found in a document's path rather than its text."""

MAX_LINES_PER_KEY = 8
"""Lines remembered per hash, date, version or identifier: enough for evidence, bounded."""


Accept = Callable[["DocumentIndex", int, NumberMention, ParsedNumber], bool]
"""A further test of a mention that states a value: (the document's index, line, mention, the
stated number). A hashable value whose answers follow from its fields and the index alone
(a frozen dataclass): an index remembers a lookup by it, so the rounds of a draft ask the
sources each such question once."""


def _add(table: dict[str, list[int]], key: str, line: int) -> None:
    lines = table.setdefault(key, [])
    if len(lines) < MAX_LINES_PER_KEY and (not lines or lines[-1] != line):
        lines.append(line)


def identifier_keys(normalized: str) -> list[str]:
    """An identifier and each run of its `-_./:`-separated pieces (`deepseek-v4.1-flash`
    also yields `v4.1`, `flash`, `v4.1-flash`, ...), so a shorter name in prose is found."""
    pieces = name_pieces(normalized)
    keys = {normalized}
    limit = min(len(pieces), 8)
    for i in range(limit):
        for j in range(i + 1, limit + 1):
            keys.add(normalized_join(normalized, pieces[i:j]))
    return sorted(keys)


def normalized_join(whole: str, pieces: list[str]) -> str:
    """The substring of `whole` spanning `pieces` (keeps the original separators)."""
    if len(pieces) == 1:
        return pieces[0]
    start = whole.find(pieces[0])
    end = whole.find(pieces[-1], start + len(pieces[0])) + len(pieces[-1])
    return whole[start:end] if start >= 0 and end > start else "-".join(pieces)


def date_keys(date: str) -> list[str]:
    """A date and the shorter forms prose may use for it: `--MM-DD` (no year), `YYYY-MM`
    and the bare year `YYYY`."""
    keys = [date]
    year, _, rest = date.partition("-")
    if year != "-" and len(rest) == 5:
        keys += [f"--{rest}", f"{year}-{rest[:2]}"]
    if year != "-":
        keys.append(year)
    return keys


LineFinder = Callable[[str, Callable[[int], int]], set[int]]
"""Picks, from a lower-cased text and its offset → line map, the lines a pattern can match on."""


class DocumentIndex:
    """Everything number-like in one document, found by substring and confirmed per line."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.layout = DocumentLayout(document)
        self.decimal_comma = uses_decimal_comma(document.path, document.text)
        lines = document.line_list
        self._line_count = len(lines)
        text = document.text
        # The decoded text is the lines joined by LF unless it has a BOM or CRs: no copy.
        self.text = "\n".join(lines) if text.startswith("\ufeff") or "\r" in text else text
        # Lines before each block of the text (counted in C); a line number is then one
        # short count inside a block, not a table of every line start.
        text = self.text
        counts = (text.count("\n", at, at + _BLOCK) for at in range(0, len(text), _BLOCK))
        self._block_lines = array("l", accumulate(counts, initial=0))
        self._line_cache: dict[int, list[NumberMention]] = {}
        self._number_cache: dict[tuple[ParsedNumber, int | None, Accept | None], list[int]] = {}
        self._hex_cache: dict[str, dict[str, list[int]]] = {}
        self._date_cache: dict[str, list[int]] = {}
        self._lower: str | None = None
        self._suffixed: ValueTable | None = None
        self._words: ValueTable | None = None
        self._identifier_cache: dict[str, list[int]] = {}
        self._instruction_cache: dict[int, bool] = {}
        self._instruction_candidates: frozenset[int] | None = None
        self._found_lines: dict[LineFinder, Sequence[int]] = {}
        self._readings_cache: dict[int, LineReadings] = {}
        self._cell_cache: dict[int, OwnedReadings] = {}
        self.role_names: dict[tuple[int, ParsedNumber], tuple[str, str]] = {}
        """(line, value) → the words before the value's first mention on the line and what
        the source calls it (`verify/roles`): the same for every figure of a row that
        states the value (a sweep repeats its values across a row's columns)."""

    # -- numbers ----------------------------------------------------------------------------

    def line_of(self, offset: int) -> int:
        """The 1-based line holding a text offset."""
        block = offset // _BLOCK
        return self._block_lines[block] + self.text.count("\n", block * _BLOCK, offset) + 1

    def lines_for_number(
        self, number: ParsedNumber, limit: int | None = None, accept: Accept | None = None
    ) -> list[int]:
        """Lines stating a value that `number` rounds to at its written precision (at most
        `limit` of them, when given), in ascending order; `accept` may refuse a mention."""
        key = (number, limit, accept)
        cached = self._number_cache.get(key)
        if cached is not None:
            return cached
        found: list[int] = []
        for line in self._candidate_lines(number):
            if self._line_states(line, number, accept):
                found.append(line)
                if limit is not None and len(found) >= limit:
                    break
        found.sort()
        self._number_cache[key] = found
        return found

    def may_state(self, line: int, number: ParsedNumber) -> bool:
        """False only when line `line` cannot state `number`: no written form of it is a
        substring of the line and the line has no scaled, percent or word reading. A cheap
        test (no parsing, no pattern) before parsing the line."""
        forms = value_forms(number, self.decimal_comma)
        text = self.document.line(line) or ""
        if forms is None or any(form in text for form, _ in forms):
            return True
        return SUFFIXED_RE.search(text) is not None or WORDS_RE.search(text.lower()) is not None

    def _line_states(self, line: int, number: ParsedNumber, accept: Accept | None) -> bool:
        if self.is_instruction(line):
            return False
        for mention in self.line_mentions(line):
            parsed = states(mention, number)
            if parsed is not None and (accept is None or accept(self, line, mention, parsed)):
                return True
        return False

    def _candidate_lines(self, number: ParsedNumber) -> Iterable[int]:
        """Lines that may state `number`, each once: first those writing it in plain digits
        (all lines when that cannot be narrowed), then the lines with other readings."""
        forms = value_forms(number, self.decimal_comma)
        seen: set[int] = set()
        if forms is None:
            seen.update(range(1, self._line_count + 1))
            yield from range(1, self._line_count + 1)
        for at in standalone_offsets(self.text, forms or ()):
            line = self.line_of(at)
            if line not in seen:
                seen.add(line)
                yield line
        for table in self._reading_tables(number):
            for line in table.lines_for(number):
                if line not in seen:
                    seen.add(line)
                    yield line

    def _reading_tables(self, number: ParsedNumber) -> Iterator[ValueTable]:
        """The tables of readings that may hold `number`: words read only as whole numbers
        (`two`, `a dozen`); scales, percents and exponents only as values below 1 or from
        100 up (`95%`, `32K`, `1e-5`); a value in between is always written in digits."""
        intervals = number.intervals()
        if any(low < 1 or high >= 100 for low, high in ((abs(a), abs(b)) for a, b in intervals)):
            if self._suffixed is None:
                self._suffixed = self._table_of(suffixed_offsets(self.text))
            yield self._suffixed
        if any(math.floor(high) >= low for low, high in intervals):
            if self._words is None:
                found = WORDS_RE.finditer(self.lower_text)
                self._words = self._table_of(m.start() for m in found)
            yield self._words

    def _table_of(self, offsets: Iterable[int]) -> ValueTable:
        """The values stated on the lines holding these offsets, read in full once."""
        table = ValueTable()
        for line in sorted({self.line_of(at) for at in offsets}):
            for mention in self.line_mentions(line):
                table.add(stated_values(mention), line)
        table.freeze()
        return table

    @property
    def lower_text(self) -> str:
        """The text in lower case (made on first use)."""
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower

    def is_instruction(self, number: int) -> bool:
        """True when line `number` reads as an instruction to a model (it supports nothing);
        read once per line (a cited line is asked about by every check of its figures)."""
        cached = self._instruction_cache.get(number)
        if cached is None:
            # a line the document's one search does not find cannot be one (`candidate_lines`)
            cached = self._may_instruct(number) and line_is_instruction(
                self.document.line(number) or ""
            )
            self._instruction_cache[number] = cached
        return cached

    def _may_instruct(self, number: int) -> bool:
        found = self.candidate_lines(candidate_lines)
        if isinstance(found, range):
            return True
        if self._instruction_candidates is None:
            self._instruction_candidates = frozenset(found)
        return number in self._instruction_candidates

    def instruction_lines(self) -> Iterator[int]:
        """The lines that read as instructions to a model, in order. Only the lines holding a
        word every instruction holds are read in full (a long run file has a few)."""
        return (line for line in self.candidate_lines(candidate_lines) if self.is_instruction(line))

    def candidate_lines(self, find: LineFinder) -> Iterable[int]:
        """The lines, in order, that `find` picks from the lower-cased text (given the offset →
        line map) as the only ones a pattern can match on; every line when lower case moved
        the offsets (`İ` becomes two characters)."""
        found = self._found_lines.get(find)
        if found is None:
            lowered = self.lower_text
            if len(lowered) != len(self.text):
                found = range(1, self._line_count + 1)
            else:
                found = sorted(find(lowered, self.line_of))
            # kept: each verify run over the snapshot (a draft's rounds, its figures file)
            # asks every listed document for its instruction and engine/precision lines
            self._found_lines[find] = found
        return found

    def cell_values(self, line: int, cells: Sequence[str]) -> OwnedReadings:
        """Every reading of every number in each of `cells`, the cells of table row `line`
        (read in isolation, as a cell: no decimal comma), parsed and sorted once per row
        however many figures of the row are checked."""
        cached = self._cell_cache.get(line)
        if cached is None:
            cached = OwnedReadings([cell_readings(cell) for cell in cells])
            self._cell_cache[line] = cached
        return cached

    def line_mentions(self, number: int) -> list[NumberMention]:
        """The mentions on one line, parsed once and cached."""
        cached = self._line_cache.get(number)
        if cached is None:
            text = self.document.line(number) or ""
            cached = with_quantified(text, find_numbers(text, decimal_comma=self.decimal_comma))
            self._line_cache[number] = cached
        return cached

    def stating(self, line: int, number: ParsedNumber) -> list[NumberMention]:
        """The mentions on `line` with a reading that `number` rounds to, in line order (as
        `ParsedNumber.matches` decides, over every reading of every number of a mention);
        the line's readings are sorted once, so each figure of a wide row costs a bisect."""
        readings = self._readings_cache.get(line)
        if readings is None:
            readings = LineReadings(self.line_mentions(line))
            self._readings_cache[line] = readings
        return readings.stating(number)

    # -- hashes, dates, versions, identifiers -----------------------------------------------

    def _lines_with(self, needles: Iterable[str], *, lower: bool = False) -> list[int]:
        """Lines holding any of `needles` (plain substrings), in order."""
        text = self.lower_text if lower else self.text
        lines: set[int] = set()
        for needle in needles:
            at = text.find(needle)
            while at >= 0:
                line = self.line_of(at)
                lines.add(line)
                at = text.find("\n", at)
                at = text.find(needle, at) if at >= 0 else -1
        return sorted(lines)

    def _lines_with_hex(self, prefix: str) -> list[int]:
        """Lines holding `prefix` (lower-case hex) in any case. Only ASCII letters lower to
        hex digits, so the text itself is searched for the prefix's longest run of digits
        and each place compared in lower case: no lower-case copy of a document that is
        asked nothing else (every listed document is asked each hex claim)."""
        anchor = max(_DIGIT_RUN.findall(prefix), key=len, default="")
        if len(anchor) < MIN_HEX_ANCHOR:
            return self._lines_with([prefix], lower=True)
        text, shift, size = self.text, prefix.index(anchor), len(prefix)
        lines: list[int] = []
        at = text.find(anchor, shift)
        while at >= 0:
            start = at - shift
            if text[start : start + size].lower() == prefix:
                lines.append(self.line_of(start))
                at = text.find("\n", at)
                if at < 0:
                    break
            at = text.find(anchor, at + 1)
        return lines

    def hex_matches(self, prefix: str) -> dict[str, list[int]]:
        """Every hex string (in the text or the path) that starts with `prefix`, with its
        lines."""
        prefix = prefix.lower()
        cached = self._hex_cache.get(prefix)
        if cached is not None:
            return cached
        matches: dict[str, list[int]] = {}
        for _, _, hex_string in find_hex_strings(self.document.path):
            if hex_string.startswith(prefix):
                _add(matches, hex_string, PATH_LINE)
        for line in self._lines_with_hex(prefix) if prefix else ():
            for _, _, hex_string in find_hex_strings(self.document.line(line) or ""):
                if hex_string.startswith(prefix):
                    _add(matches, hex_string, line)
        self._hex_cache[prefix] = matches
        return matches

    def lines_for_date(self, normalized: str) -> list[int]:
        """Lines (or `PATH_LINE` for the path) stating this date, month-day or month."""
        cached = self._date_cache.get(normalized)
        if cached is not None:
            return cached
        found: dict[str, list[int]] = {}
        for _, _, date in find_dates(self.document.path):
            if normalized in date_keys(date):
                _add(found, normalized, PATH_LINE)
        for line in self._lines_with(_date_needles(normalized), lower=True):
            for _, _, date in find_dates(self.document.line(line) or ""):
                if normalized in date_keys(date):
                    _add(found, normalized, line)
        lines = found.get(normalized, [])
        self._date_cache[normalized] = lines
        return lines

    def lines_for_version(self, normalized: str) -> list[int]:
        """Lines stating this version."""
        found: dict[str, list[int]] = {}
        for _, _, version in find_versions(self.document.path):
            if version == normalized:
                _add(found, normalized, PATH_LINE)
        for line in self._lines_with([normalized]) if normalized else ():
            for _, _, version in find_versions(self.document.line(line) or ""):
                if version == normalized:
                    _add(found, normalized, line)
        return found.get(normalized, [])

    def lines_for_identifier(self, normalized: str) -> list[int]:
        """Lines naming this identifier (case-insensitive, whole or as a run of pieces)."""
        key = normalized.lower()
        cached = self._identifier_cache.get(key)
        if cached is not None:
            return cached
        lines: list[int] = []
        for line in self._lines_with([key], lower=True) if key else ():
            if key in self._identifiers_on(line):
                lines.append(line)
                if len(lines) >= MAX_LINES_PER_KEY:
                    break
        self._identifier_cache[key] = lines
        return lines

    def _identifiers_on(self, line: int) -> set[str]:
        keys: set[str] = set()
        for mention in self.line_mentions(line):
            if not mention.numbers and mention.kind in _NAME_KINDS:
                keys.update(identifier_keys((mention.normalized or mention.text).lower()))
        return keys


_NAME_KINDS = (NumberKind.IDENTIFIER, NumberKind.TIME, NumberKind.URL)

_DIGIT_RUN = re.compile(r"[0-9]+")
MIN_HEX_ANCHOR = 2
"""A shorter run of digits (`7` in `a7fe2bc`) stands so often in numeric text that
lowering the document and searching it is faster."""


def _date_needles(normalized: str) -> list[str]:
    """Substrings one of which every written form of a date key contains (lower case)."""
    year = normalized.partition("-")[0]
    if year and year != "-":
        return [year]
    month, _, day = normalized.lstrip("-").partition("-")
    needles = [name for name, number in MONTHS.items() if f"{number:02d}" == month]
    return [*needles, f"{month}-{day}", f"{month}/{day}", f"{month}{day}"]
