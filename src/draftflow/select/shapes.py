"""Where a figure stands in its document, for the headline rules: the front page, the opening
section, sections headed as a summary, small Markdown tables, and the numbers the Markdown
documents write (a figure restated in another document, or rounded in the README).
"""

from __future__ import annotations

import bisect
import functools
import math
import re
from collections import defaultdict

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.document import ParsedDocument, TableKind, parse_document
from draftflow.numbers import (
    NumberKind,
    NumberMention,
    detect_decimal_comma,
    find_numbers,
    value_decimals,
)
from draftflow.numbers.forms import may_write_number
from draftflow.numbers.units import plain_unit_after
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.model import ReportedResult

MAIN_NAMES = ("readme.md", "readme.markdown", "report.md")
SMALL_TABLE_ROWS = 16
LEAD_FRACTION = 0.2
LEAD_MAX_LINES = 60
RESTATED_MIN_DIGITS = 3

# headings of the section a report sums itself up in: report structure, not any one topic
_SUMMARY_HEADING = re.compile(
    r"\b(summary|executive|tl;?\s?dr|highlights?|key\s+(findings?|results?|numbers|takeaways?)"
    r"|at\s+a\s+glance|headlines?|bottom\s+line|conclusions?|takeaways?)\b",
    re.IGNORECASE,
)
# the units a README restates a figure rounded with (`about 98 tok/s`), as data
_RESTATED_UNITS = vocabulary().unit_group("restated")


def is_main_document(document: Document) -> bool:
    """The repository's front page: a README or REPORT at the top level."""
    return "/" not in document.path and document.path.lower() in MAIN_NAMES


def is_markdown(document: Document) -> bool:
    return document.path.lower().endswith((".md", ".markdown"))


class DocumentShape:
    """What the rules need to know about one document: where it leads, where its tables are."""

    def __init__(self, document: Document) -> None:
        self.document = document
        parsed = parse_document(document)
        self.length = len(document.line_list)
        headings = [heading.span.first for heading in parsed.headings]
        self.main = is_main_document(document)
        self.markdown = is_markdown(document)
        self.summary_lines = summary_sections(parsed) if self.markdown else set()
        # the opening section: up to the second heading (the first is usually the title)
        second = headings[1] if len(headings) > 1 else self.length + 1
        self.lead_end = max(second, min(int(self.length * LEAD_FRACTION), LEAD_MAX_LINES))
        for table in parsed.tables:  # a table the opening section starts is in it whole
            if table.span.first < self.lead_end <= table.span.last:
                self.lead_end = table.span.last + 1
        self.table_rows = table_sizes(parsed) if self.markdown else {}
        self._body_values: set[str] | None = None

    def restates_in_body(self, value: int | float) -> bool:
        """Whether the same value, to its own precision (or the body's, rounded: `328 s` for
        `328.15 s`), stands again after the opening section: a summary that leads a report
        restates the figures its body measures."""
        if self._body_values is None:
            lines = self.document.line_list[self.lead_end - 1 :]
            # line by line with the body's decimal-comma decision, as `Restatements` reads
            comma = detect_decimal_comma("\n".join(lines))
            self._body_values = {
                value_key(number.value, places)
                for line in lines
                for mention in find_numbers(line, decimal_comma=comma)
                if mention.kind in (NumberKind.QUANTITY, NumberKind.PERCENT)
                for number in mention.numbers
                for places in range(number.decimals, -1, -1)
                if places == number.decimals or significant_digits(round(number.value, places)) >= 3
            }
        return significant_digits(float(value)) >= 2 and value_key(
            value, value_decimals(value)
        ) in (self._body_values)

    def leads_with(self, line: int) -> bool:
        return line < self.lead_end

    def in_summary_section(self, line: int) -> bool:
        return line in self.summary_lines

    def in_small_table(self, line: int) -> bool:
        size = self.table_rows.get(line)
        return size is not None and size <= SMALL_TABLE_ROWS


def summary_sections(parsed: ParsedDocument) -> set[int]:
    """The lines of each section whose heading reads as a summary, up to the next heading of
    the same or a higher level (the heading's own lines left out)."""
    inside: set[int] = set()
    for section in parsed.sections:
        if _SUMMARY_HEADING.search(section.title):
            inside.update(range(section.span.first, section.span.last + 1))
    for heading in parsed.headings:
        inside.difference_update(range(heading.span.first, heading.span.last + 1))
    return inside


def table_sizes(parsed: ParsedDocument) -> dict[int, int]:
    """For each line of a Markdown table (or a pipe table in a code block), the number of
    body rows of its table."""
    sizes: dict[int, int] = {}
    for table in parsed.tables:
        if table.kind in (TableKind.MARKDOWN, TableKind.PIPE):
            rows = len(table.body_rows)
            sizes.update(dict.fromkeys(range(table.span.first, table.span.last + 1), rows))
    return sizes


class Restatements:
    """Numbers the Markdown documents write, to tell which figures are restated elsewhere."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.exact: dict[str, set[str]] = defaultdict(set)
        self.main_rounded: set[str] = set()
        self._rounded_values: list[float] | None = None  # main_rounded's values, sorted
        for document in snapshot.documents:
            if not is_markdown(document):
                continue
            main = is_main_document(document)
            # Line by line, as verify reads a document, with the document's decimal-comma
            # decision: the scanner's lines are short texts it may have read already (the
            # month-name date search over a whole README was a third of this scan).
            comma = detect_decimal_comma(document.text)
            for line in document.line_list:
                if may_write_number(line):  # most prose lines: nothing to scan
                    self._add(document, main, line, find_numbers(line, decimal_comma=comma))

    def _add(
        self, document: Document, main: bool, line: str, mentions: list[NumberMention]
    ) -> None:
        for mention in mentions:
            if mention.kind not in (NumberKind.QUANTITY, NumberKind.PERCENT):
                continue
            with_unit = main and plain_unit_after(line, mention.end, _RESTATED_UNITS) is not None
            for number in mention.numbers:
                key = value_key(number.value, number.decimals)
                self.exact[key].add(document.document_id)
                if with_unit:
                    self.main_rounded.add(key)

    def restated(self, result: ReportedResult, decimals: int) -> bool:
        """The same value, as precisely written, in another Markdown document."""
        if significant_digits(result.value) < RESTATED_MIN_DIGITS:
            return False
        others = self.exact.get(value_key(result.value, decimals), set())
        return bool(others - {result.source_document_id})

    def rounded_in_main(self, result: ReportedResult, decimals: int) -> bool:
        """The README restates the value rounded, with a unit (`about 98 tok/s` for 98.38)."""
        if not self.main_rounded:
            return False
        value = float(result.value)
        if math.isfinite(value) and not self._rounded_near(value):
            return False
        for places in range(0, decimals):
            rounded = round(float(result.value), places)
            if significant_digits(rounded) >= 2 and value_key(rounded, places) in self.main_rounded:
                return True
        return False

    def _rounded_near(self, value: float) -> bool:
        """Whether a rounded value of the README lies within 1 of `value`: a value rounded to
        0 or more places is within 0.5 of it, so no key farther off can be its rounding (one
        bisect, where the places were tried one by one for every figure)."""
        if self._rounded_values is None:
            finite = (float(key) for key in self.main_rounded)
            self._rounded_values = sorted(v for v in finite if math.isfinite(v))
        margin = 1.0 + 1e-9 * abs(value)
        at = bisect.bisect_left(self._rounded_values, value - margin)
        return at < len(self._rounded_values) and self._rounded_values[at] <= value + margin


def value_key(value: float, decimals: int) -> str:
    """The value as written to `decimals` places: the key restatements are matched by."""
    return f"{float(value):.{max(decimals, 0)}f}"


@functools.lru_cache(maxsize=1 << 16)  # the same values are asked of every rule; -0.0 is 0
def significant_digits(value: float) -> int:
    """The significant digits of the value written to six (`328.15` → 5, `0.05` → 1)."""
    digits = f"{abs(float(value)):.6g}".replace(".", "").lstrip("0")
    return len(digits.split("e")[0])
