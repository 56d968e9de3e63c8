"""A per-document index of every number, hash, date, version and identifier, built once.

Verification asks "which lines of this document state X?" thousands of times; each question
is a bisect or a dict lookup here, never a rescan of the document. Only the one cited line of
a reported result is parsed again, and that parse is cached.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable

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
from draftflow.snapshot import Document

PATH_LINE = 0
"""The line number used for things found in a document's path rather than its text."""

MAX_LINES_PER_KEY = 8
"""Lines remembered per hash, date, version or identifier: enough for evidence, bounded."""


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


class DocumentIndex:
    """Everything number-like in one document, keyed for fast lookup, built in one pass."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.decimal_comma = uses_decimal_comma(document.path, document.text)
        # (value, line) pairs as two parallel arrays, 12 bytes a pair, sorted by value once.
        self._values = array("d")
        self._lines = array("l")
        self.hexes: dict[str, list[int]] = {}
        self.dates: dict[str, list[int]] = {}
        self.versions: dict[str, list[int]] = {}
        self.identifiers: dict[str, list[int]] = {}
        self._line_cache: dict[int, list[NumberMention]] = {}
        self._index_path(document.path)
        self._index_text(document.line_list)
        self._sort_values()
        self._hex_keys = sorted(self.hexes)

    # -- building -------------------------------------------------------------------------

    def _index_path(self, path: str) -> None:
        for _, _, date in find_dates(path):
            self._add_date(date, PATH_LINE)
        for _, _, hex_string in find_hex_strings(path):
            _add(self.hexes, hex_string, PATH_LINE)
        for _, _, version in find_versions(path):
            _add(self.versions, version, PATH_LINE)

    def _index_text(self, lines: list[str]) -> None:
        """One pass over the whole text (lines joined by LF, so no match spans two lines,
        see draftflow.numbers); each match is placed on its line by bisecting the line starts."""
        starts = array("l", [0])
        offset = 0
        for line in lines:
            offset += len(line) + 1
            starts.append(offset)
        text = "\n".join(lines)

        def line_of(position: int) -> int:
            return bisect_right(starts, position)

        for mention in find_numbers(text, decimal_comma=self.decimal_comma):
            self._index_mention(mention, line_of(mention.start))
        for start, _, hex_string in find_hex_strings(text):
            _add(self.hexes, hex_string, line_of(start))
        for start, _, date in find_dates(text):
            self._add_date(date, line_of(start))
        for start, _, version in find_versions(text):
            _add(self.versions, version, line_of(start))

    def _index_mention(self, mention: NumberMention, line: int) -> None:
        self._add_values(stated_values(mention), line)
        if not mention.numbers and mention.kind in (
            NumberKind.IDENTIFIER,
            NumberKind.TIME,
            NumberKind.URL,
        ):
            for key in identifier_keys((mention.normalized or mention.text).lower()):
                _add(self.identifiers, key, line)

    def _add_values(self, values: Iterable[float], line: int) -> None:
        for value in values:
            self._values.append(value)
            self._lines.append(line)

    def _sort_values(self) -> None:
        """Sort the pairs by value; a stable sort keeps each value's lines in order."""
        values, lines = self._values, self._lines
        order = sorted(range(len(values)), key=values.__getitem__)
        self._values = array("d", (values[i] for i in order))
        self._lines = array("l", (lines[i] for i in order))

    def _add_date(self, date: str, line: int) -> None:
        for key in date_keys(date):
            _add(self.dates, key, line)

    # -- queries ----------------------------------------------------------------------------

    def lines_for_number(self, number: ParsedNumber, limit: int | None = None) -> list[int]:
        """Lines stating a value that `number` rounds to at its written precision (at most
        `limit` of them, when given), in ascending order."""
        found: set[int] = set()
        for low, high in number.intervals():
            start = bisect_left(self._values, low)
            stop = bisect_right(self._values, high)
            if limit is not None:
                for line in self._lines[start:stop]:
                    found.add(line)
                    if len(found) >= limit:
                        return sorted(found)
            else:
                found.update(self._lines[start:stop])
        return sorted(found)

    def hex_matches(self, prefix: str) -> dict[str, list[int]]:
        """Every indexed hex string that starts with `prefix` (lowercase), with its lines."""
        prefix = prefix.lower()
        matches: dict[str, list[int]] = {}
        i = bisect_left(self._hex_keys, prefix)
        while i < len(self._hex_keys) and self._hex_keys[i].startswith(prefix):
            matches[self._hex_keys[i]] = self.hexes[self._hex_keys[i]]
            i += 1
        return matches

    def lines_for_date(self, normalized: str) -> list[int]:
        """Lines (or `PATH_LINE` for the path) stating this date, month-day or month."""
        return self.dates.get(normalized, [])

    def lines_for_version(self, normalized: str) -> list[int]:
        """Lines stating this version."""
        return self.versions.get(normalized, [])

    def lines_for_identifier(self, normalized: str) -> list[int]:
        """Lines naming this identifier (case-insensitive, whole or as a run of pieces)."""
        return self.identifiers.get(normalized.lower(), [])

    def line_mentions(self, number: int) -> list[NumberMention]:
        """The mentions on one line, parsed once and cached."""
        cached = self._line_cache.get(number)
        if cached is None:
            text = self.document.line(number) or ""
            cached = find_numbers(text, decimal_comma=self.decimal_comma)
            self._line_cache[number] = cached
        return cached

    @property
    def value_count(self) -> int:
        """How many (value, line) pairs the document states (readings counted apart)."""
        return len(self._values)
