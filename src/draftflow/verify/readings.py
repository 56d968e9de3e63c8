"""What a line or a table cell states: the readings of its numbers, sorted for lookups.

The per-document index (`index.py`) keeps one `LineReadings` per line it has read and one
`ValueTable` per set of lines read in full, so the question "does this line state a value
that rounds to X?" is a bisect, not a scan of the line's mentions.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from functools import lru_cache

from draftflow.numbers import NumberMention, ParsedNumber, find_numbers, stated_values
from draftflow.numbers.cells import plain_cell_value
from draftflow.numbers.forms import Form, search_forms


def states(mention: NumberMention, number: ParsedNumber) -> ParsedNumber | None:
    """The number of `mention` whose value `number` rounds to (a name's pieces count)."""
    for parsed in mention.numbers:
        if any(number.matches(value) for value in parsed.alternatives):
            return parsed
    if not mention.numbers and any(number.matches(v) for v in stated_values(mention)):
        return ParsedNumber(number.value, 0, (number.value,), (0.5,))
    return None


@lru_cache(maxsize=1 << 15)
def cell_readings(cell: str) -> tuple[float, ...]:
    """Every reading of every number in one table cell, read in isolation (no decimal
    comma); a plain decimal cell, most cells of a data table, without the scanner. Read once
    per cell text: a wide table's rows repeat their labels and settings."""
    plain = plain_cell_value(cell)
    if plain is not None:
        return (float(plain),)
    return tuple(
        alt
        for mention in find_numbers(cell, decimal_comma=False)
        for parsed in mention.numbers
        for alt in parsed.alternatives
    )


@lru_cache(maxsize=8192)
def value_forms(number: ParsedNumber, decimal_comma: bool) -> frozenset[Form] | None:
    """`search_forms`, once per value asked (the same value is asked of many lines)."""
    forms = search_forms(number, decimal_comma=decimal_comma)
    return None if forms is None else frozenset(forms)


_WIDE = 64
"""Owners above which a row keeps its answers per value asked."""


class OwnedReadings:
    """Readings grouped by owner (a line's mentions, a table row's cells), sorted once so
    that which owners hold a reading a number matches is a bisect, not a scan of them all."""

    def __init__(self, readings: list[tuple[float, ...]]) -> None:
        self.readings = readings
        pairs = sorted((alt, i) for i, alts in enumerate(readings) for alt in alts)
        # A NaN reading cannot be ordered: such owners are read one at a time.
        self._sorted = not any(math.isnan(alt) for alt, _ in pairs)
        self._values = array("d", (alt for alt, _ in pairs)) if self._sorted else array("d")
        self._owners = [i for _, i in pairs]
        # A wide row's figures ask for each value the row repeats (a sweep's cells repeat
        # values): the answer once per value asked. Kept for wide rows only, where a value
        # stands many times; a short line's answer costs less than keeping it.
        self._asked: dict[ParsedNumber, list[int]] | None = {} if len(readings) > _WIDE else None

    def owners(self, number: ParsedNumber) -> list[int]:
        """The owners with a reading `number` matches, in order (a fresh list per call)."""
        if self._asked is None:
            return self._owners_of(number)
        found = self._asked.get(number)
        if found is None:
            found = self._asked[number] = self._owners_of(number)
        return list(found)

    def _owners_of(self, number: ParsedNumber) -> list[int]:
        if not self._sorted:
            return [
                i
                for i, alts in enumerate(self.readings)
                if any(number.matches(alt) for alt in alts)
            ]
        owners: set[int] = set()
        for alt, tolerance in zip(number.alternatives, number.tolerances, strict=True):
            # A window wider than `matches` accepts; `matches` then decides exactly.
            slack = 2 * (tolerance + 1e-12) + 1e-9 * (abs(alt) + 1)
            start = bisect_left(self._values, alt - slack)
            stop = bisect_right(self._values, alt + slack)
            owners.update(
                self._owners[k] for k in range(start, stop) if number.matches(self._values[k])
            )
        return sorted(owners)


class LineReadings:
    """Every reading of every number on one line, sorted, with the mention it belongs to."""

    def __init__(self, mentions: list[NumberMention]) -> None:
        self.mentions = mentions
        self._readings = OwnedReadings(
            [tuple(alt for parsed in m.numbers for alt in parsed.alternatives) for m in mentions]
        )
        # a wide row's answers per value asked, as `OwnedReadings` keeps its owners
        self._asked: dict[ParsedNumber, list[NumberMention]] | None = (
            {} if len(mentions) > _WIDE else None
        )

    def stating(self, number: ParsedNumber) -> list[NumberMention]:
        """The mentions with a reading `number` matches, in line order (a fresh list)."""
        if self._asked is None:
            return [self.mentions[i] for i in self._readings.owners(number)]
        found = self._asked.get(number)
        if found is None:
            found = self._asked[number] = [self.mentions[i] for i in self._readings.owners(number)]
        return list(found)


class ValueTable:
    """(value, line) pairs sorted by value, for the few lines read in full."""

    def __init__(self) -> None:
        self._pairs: list[tuple[float, int]] = []
        self._values = array("d")

    def add(self, values: Iterable[float], line: int) -> None:
        """Remember the values one line states."""
        self._pairs.extend((value, line) for value in values)

    def freeze(self) -> None:
        """Sort once; queries follow."""
        self._pairs.sort()
        self._values = array("d", (value for value, _ in self._pairs))

    def lines_for(self, number: ParsedNumber) -> list[int]:
        """Lines stating a value `number` rounds to."""
        lines: set[int] = set()
        for low, high in number.intervals():
            start = bisect_left(self._values, low)
            stop = bisect_right(self._values, high)
            lines.update(line for _, line in self._pairs[start:stop])
        return sorted(lines)
