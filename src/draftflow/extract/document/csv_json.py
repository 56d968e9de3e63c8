"""CSV/TSV with the standard library's `csv`, and JSON/JSONL with every scalar's line.

CSV lines are GitHub's: the reader is fed the document's lines (CR dropped) one at a time,
so a record's first line is known, and a quoted cell that spans lines moves the cells after
it down by the line breaks it holds. The delimiter is sniffed from the first lines among
comma, tab, semicolon and pipe (a `.tsv` defaults to tab, anything else to comma).

JSON gives no positions, so scalars are read by a small recursive-descent scanner over the
text (strings matched by one pattern, decoded by `json.loads`), each with its JSON pointer
and the line its first character sits on. JSONL: each non-blank line is a record, pointers
`/<record>/…`.
"""

from __future__ import annotations

import bisect
import csv
import json
import re
import sys
from collections.abc import Iterator, Sequence

from draftflow.extract.document.model import Cell, JsonLeaf, JsonValue, Row, Span, Table, TableKind

csv.field_size_limit(max(csv.field_size_limit(), min(sys.maxsize, 2**26)))

MAX_DEPTH = 200
SNIFF_LINES = 20
_DELIMITERS = ",\t;|"

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_SPACE = re.compile(r"[ \t\r\n]*")
_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
_LITERALS: dict[str, JsonValue] = {
    "true": True,
    "false": False,
    "null": None,
    "NaN": float("nan"),
    "Infinity": float("inf"),
    "-Infinity": float("-inf"),
}


class JsonError(ValueError):
    """The text is not JSON this scanner reads; the message names the line."""


def sniff_delimiter(lines: Sequence[str], path: str) -> str:
    """The delimiter of a CSV/TSV document's first lines (the path's default when unsure)."""
    default = "\t" if path.lower().endswith(".tsv") else ","
    sample = "\n".join(lines[:SNIFF_LINES])
    if not sample.strip():
        return default
    try:
        return csv.Sniffer().sniff(sample, delimiters=_DELIMITERS).delimiter
    except csv.Error:
        return default


def _records(lines: Sequence[str], delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """(first line, fields) of each record."""
    reader = csv.reader((line + "\n" for line in lines), delimiter=delimiter)
    previous = 0
    for fields in reader:
        yield previous + 1, fields
        previous = reader.line_num


def _row(fields: list[str], first_line: int, index: int) -> Row:
    cells: list[Cell] = []
    line = first_line
    for column, text in enumerate(fields):
        cells.append(Cell(text.strip(), line, column, index))
        line += text.count("\n")
    return tuple(cells)


def csv_table(lines: Sequence[str], path: str, problems: list[str]) -> Table | None:
    """The document as one table: its first record the header, every other a body row."""
    delimiter = sniff_delimiter(lines, path)
    rows: list[Row] = []
    try:
        for first_line, fields in _records(lines, delimiter):
            if fields:
                rows.append(_row(fields, first_line, max(len(rows) - 1, 0)))
    except csv.Error as error:
        problems.append(f"CSV error after line {rows[-1][0].line if rows else 0}: {error}")
    if not rows:
        return None
    last = max(cell.line for cell in rows[-1]) if rows[-1] else rows[-1][0].line
    return Table(TableKind.CSV, (rows[0],), tuple(rows[1:]), Span(rows[0][0].line, max(last, 1)))


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


class _Scanner:
    """Scalars of one JSON text with their pointers and lines."""

    def __init__(self, text: str, first_line: int, prefix: str, record: int) -> None:
        self.text = text
        self.newlines = [match.start() for match in re.finditer("\n", text)]
        self.first_line = first_line
        self.prefix = prefix
        self.record = record
        self.leaves: list[JsonLeaf] = []

    def line(self, offset: int) -> int:
        return self.first_line + bisect.bisect_left(self.newlines, offset)

    def skip(self, offset: int) -> int:
        match = _SPACE.match(self.text, offset)
        return match.end() if match else offset

    def fail(self, offset: int, what: str) -> JsonError:
        return JsonError(f"JSON {what} at line {self.line(offset)}")

    def document(self) -> list[JsonLeaf]:
        end = self.skip(self.value(self.skip(0), self.prefix, 0))
        if end != len(self.text):
            raise self.fail(end, "has extra data")
        return self.leaves

    def string(self, offset: int) -> tuple[str, int]:
        """The string opening at `offset`, decoded, and the offset after it."""
        match = _STRING.match(self.text, offset)
        if match is None:
            raise self.fail(offset, "has a bad string")
        try:
            decoded = json.loads(match.group())
        except ValueError as error:
            raise self.fail(offset, "has a bad string") from error
        if not isinstance(decoded, str):
            raise self.fail(offset, "has a bad string")
        return decoded, match.end()

    def value(self, offset: int, pointer: str, depth: int) -> int:
        """Read the value at `offset`; the offset after it."""
        if depth > MAX_DEPTH:
            raise self.fail(offset, f"nests deeper than {MAX_DEPTH}")
        char = self.text[offset : offset + 1]
        if char == "{":
            return self.members(offset + 1, pointer, depth)
        if char == "[":
            return self.items(offset + 1, pointer, depth)
        if char == '"':
            decoded, end = self.string(offset)
            self.leaves.append(JsonLeaf(pointer, decoded, self.line(offset), decoded, self.record))
            return end
        number = _NUMBER.match(self.text, offset)
        if number:
            written = number.group()
            parsed: JsonValue = float(written) if set(written) & set(".eE") else int(written)
            self.leaves.append(JsonLeaf(pointer, parsed, self.line(offset), written, self.record))
            return number.end()
        for literal, parsed in _LITERALS.items():
            if self.text.startswith(literal, offset):
                self.leaves.append(
                    JsonLeaf(pointer, parsed, self.line(offset), literal, self.record)
                )
                return offset + len(literal)
        raise self.fail(offset, "has an unexpected character")

    def members(self, offset: int, pointer: str, depth: int) -> int:
        offset = self.skip(offset)
        if self.text.startswith("}", offset):
            return offset + 1
        while True:
            if not self.text.startswith('"', offset):
                raise self.fail(offset, "expects a key")
            key, offset = self.string(offset)
            offset = self.skip(offset)
            if not self.text.startswith(":", offset):
                raise self.fail(offset, "expects ':'")
            offset = self.value(self.skip(offset + 1), f"{pointer}/{_escape(key)}", depth + 1)
            offset = self.skip(offset)
            if self.text.startswith("}", offset):
                return offset + 1
            if not self.text.startswith(",", offset):
                raise self.fail(offset, "expects ',' or '}'")
            offset = self.skip(offset + 1)

    def items(self, offset: int, pointer: str, depth: int) -> int:
        offset = self.skip(offset)
        if self.text.startswith("]", offset):
            return offset + 1
        index = 0
        while True:
            offset = self.skip(self.value(offset, f"{pointer}/{index}", depth + 1))
            if self.text.startswith("]", offset):
                return offset + 1
            if not self.text.startswith(",", offset):
                raise self.fail(offset, "expects ',' or ']'")
            offset = self.skip(offset + 1)
            index += 1


def json_leaves(
    text: str, first_line: int = 1, prefix: str = "", record: int = 0
) -> list[JsonLeaf]:
    """Every scalar of one JSON text with its pointer and line; `JsonError` when unreadable."""
    return _Scanner(text, first_line, prefix, record).document()


def jsonl_leaves(lines: Sequence[str], problems: list[str]) -> list[JsonLeaf]:
    """Every scalar of each JSONL record (one per non-blank line), pointers `/<record>/…`."""
    leaves: list[JsonLeaf] = []
    record = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            leaves.extend(json_leaves(line, number, f"/{record}", record))
        except JsonError as error:
            problems.append(str(error))
        record += 1
    return leaves
