"""What kind of quantity a unit says a number is (rate, time, power, temperature, memory,
count, ratio), and the unit written right after a number: shared by verify's prose and role
checks and by the draft's edits of sentences that state a figure."""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.numbers.vocabulary import (
    dimensions_by_spelling,
    spelling_pattern,
    spellings_with_dimensions,
    vocabulary,
)

_SLASH_RE = re.compile(r"\s*/\s*")

# The dimensions of each spelling of a unit (`tok/s` → rate); a unit may fit more than one
# (`x` is a count or a ratio).
_UNIT_DIMENSIONS = dimensions_by_spelling()

MEASURED = vocabulary().measured_dimensions
"""Dimensions of a measurement: a number in one of them is never a bare count or setting."""


@lru_cache(maxsize=4096)  # asked of each figure's unit by several checks
def unit_dimensions(unit: str) -> frozenset[str]:
    """The dimensions a unit may have (empty when unknown)."""
    spelled = _SLASH_RE.sub("/", " ".join(unit.lower().split()))
    return _UNIT_DIMENSIONS.get(spelled, frozenset())


UNIT_SPELLINGS = spelling_pattern(spelling for _, spelling in spellings_with_dimensions())
"""Every spelling of a unit with dimensions, one alternation (longest first)."""
UNIT_AFTER_RE = re.compile(rf"\s*(?:-\s*)?({UNIT_SPELLINGS})(?![a-z0-9/])", re.IGNORECASE)
"""A unit written after a number, any spelling of a unit with dimensions, in any case."""


def unit_after(text: str, end: int) -> frozenset[str]:
    """The dimensions of the unit written right after a number ending at `end`, if any."""
    match = UNIT_AFTER_RE.match(text, end)
    return unit_dimensions(match.group(1)) if match else frozenset()
