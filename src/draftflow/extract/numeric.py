"""The extract stage's one door to number parsing.

Numbers are parsed only in `draftflow.numbers`; every caller in `extract/` goes through
`numbers_in` and `matches_written`, so extract never reads digits on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from draftflow.numbers import ParsedNumber, claimed_decimals_of, find_numbers, parse_number
from draftflow.numbers.quantifiers import with_quantified
from draftflow.numbers.scan import numeric_mentions

_PLAIN = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Found:
    """One number read from text: its value, its text as written and its decimal places."""

    value: float
    text: str
    decimals: int
    parsed: ParsedNumber
    start: int = 0
    end: int = 0


def numbers_in(text: str, *, decimal_comma: bool | None = None) -> list[Found]:
    """Every quantity written in `text` (a `±` cell gives centre then spread), in order.

    Dates, versions, hashes and identifiers are not quantities and are left out; a
    quantifier phrase (`none of the four`) states its count and its set size.
    """
    found: list[Found] = []
    for mention in with_quantified(text, find_numbers(text, decimal_comma=decimal_comma)):
        if not mention.kind.is_numeric:
            continue
        for number in mention.numbers:
            found.append(
                Found(
                    number.value, mention.text, number.decimals, number, mention.start, mention.end
                )
            )
    return found


@lru_cache(maxsize=1 << 16)
def cell_numbers(text: str) -> tuple[int | float, ...]:
    """The quantities written in one table cell or data leaf, typed as written.

    Data files repeat the same cells thousands of times, so results are memoised, and a cell
    that is one plain number takes the short road through `parse_number`.
    """
    if not _DIGIT.search(text):
        return ()
    stripped = text.strip()
    if _PLAIN.fullmatch(stripped):
        parsed = parse_number(stripped)
        if parsed is not None:
            return (as_number(parsed.value, parsed.decimals),)
    return tuple(as_number(n.value, n.decimals) for m in numeric_mentions(text) for n in m.numbers)


def as_number(value: float, decimals: int) -> int | float:
    """A parsed value in the type its written form implies: `2,165` → 2165, `27.0` → 27.0."""
    if decimals == 0 and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return round(value, decimals) if decimals <= 15 else value


def matches_written(claimed: float, found: Found) -> bool:
    """True when `claimed` is the written number, at the source's or the claim's precision.

    A model that writes 60.49 for a source cell 60.48877 is citing that cell: the claim
    rounds to it. A claim with more precision than the source must round to the source.
    """
    if bool(found.parsed.matches(claimed)):
        return True
    claimed_decimals = claimed_decimals_of(claimed)
    if claimed_decimals < found.decimals:
        tolerance: float = 0.5 * 10.0 ** (-claimed_decimals) + 1e-12
        return abs(found.value - claimed) <= tolerance
    return False
