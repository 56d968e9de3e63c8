"""The one place numbers are parsed: tokens of text become typed number mentions.

Every stage that reads a number out of text (extract harvesting tables, verify checking prose
and source lines) goes through `find_numbers` or `parse_number`, so "2,165", "32K", "0,3",
"558.56 ± 42.49" and "two" mean the same thing everywhere.

Conventions (the corpus is full of traps; see tests/test_numbers.py):
- "," between digits is a thousands separator only in groups of three (`2,165`); in a
  document that writes decimal commas (`0,3 rps` in Dutch text) it is a decimal point, and a
  three-digit group after it is ambiguous, so both readings are offered as alternatives.
  Otherwise a comma separates values (`1,2,3` in CSV/JSON is three numbers).
- A "." is always a decimal point (dot thousands separators are not supported).
- `K`/`M`/`G`/`T` scale by 1000 or 1024 (`32K` matches 32000 and 32768); `B` is a billion.
- A word number ("two", "twenty-five", "a dozen") is a quantity with 0 decimals.
- Dates, versions, hex revisions/hashes, identifiers (`GB10`, `Q4_K_M`) and URLs are
  recognised as such and carry `normalized` text instead of quantity values.

The package: `kinds` (what a mention is), `words` (numbers written as words), `parse` (one
token), `dates` (dates written in text), `scan` (every mention in a text).
"""

from __future__ import annotations

from draftflow.numbers.dates import find_dates
from draftflow.numbers.kinds import NumberKind, NumberMention, ParsedNumber
from draftflow.numbers.names import find_versions, name_pieces, stated_values
from draftflow.numbers.parse import SCALES as SCALES
from draftflow.numbers.parse import (
    claimed_decimals_of,
    detect_decimal_comma,
    parse_number,
    uses_decimal_comma,
    value_decimals,
)
from draftflow.numbers.scan import find_hex_strings, find_numbers

__all__ = [
    "NumberKind",
    "NumberMention",
    "ParsedNumber",
    "claimed_decimals_of",
    "detect_decimal_comma",
    "find_dates",
    "find_hex_strings",
    "find_numbers",
    "find_versions",
    "name_pieces",
    "parse_number",
    "stated_values",
    "uses_decimal_comma",
    "value_decimals",
]
