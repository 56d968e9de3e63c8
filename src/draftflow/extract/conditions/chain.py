"""A figure's context chain in its document as runs of lines, read lazily.

A figure's chain is every line back to its section's start, then each enclosing section's own
text (before its first subsection): a section of 50,000 one-cell tables gives each figure a chain
of up to 200,000 lines, so a chain written out per figure is quadratic in the section. Kept as
runs (its own line, its table's header rows, the lines above it, its headings, the opening), a
chain is built in constant time, tested for a line in constant time, and read only as far as a
reader needs (the nearest place that states a value is near).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain as joined


@dataclass(frozen=True)
class ChainLines:
    """The lines of a figure's context, nearest first, each once (the first kept): `line`,
    its table's header rows, the lines above it back to its section's start and each
    enclosing section's own text, its heading path, then the document's opening. Lines below
    1 are none of them."""

    line: int
    header: range
    """The rows of the line's table above its body (empty outside tables)."""
    above: tuple[range, ...]
    """The lines above `line` back to its own section's heading, then each enclosing
    section's heading and text before its first subsection, nearest first (descending runs;
    a sibling subsection's body is none of them: its words are another figure's)."""
    headings: tuple[int, ...]
    opening: range

    def __iter__(self) -> Iterator[int]:
        seen: set[int] = set()
        parts = ((self.line,), self.header, *self.above, self.headings, self.opening)
        for number in joined.from_iterable(parts):
            if number >= 1 and number not in seen:
                seen.add(number)
                yield number

    def __contains__(self, number: object) -> bool:
        if not isinstance(number, int) or number < 1:
            return False
        return (
            number == self.line
            or number in self.header
            or any(number in run for run in self.above)
            or number in self.headings
            or number in self.opening
        )

    def runs(self) -> tuple[tuple[int, ...] | range, ...]:
        """The chain's parts in order, repeats and lines below 1 not removed (for what reads
        a chain as a set, whose union does not depend on order or repeats)."""
        return ((self.line,), self.header, *self.above, self.headings, self.opening)
