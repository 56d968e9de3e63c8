"""Counts written as a quantifier over a counted set: "none of the four", "neither of the two".

Such a phrase states two numbers, the count (0) and the size of the set (4): it is read as an
`x of y` score (`NumberKind.FRACTION`, numerator then denominator), with the whole phrase as
its text, so that a figure read from it cites the words and a check of its line finds the 0
only where the phrase stands. A bare "none" or "neither" states no number: without a counted
set there is nothing to count.

The phrase replaces the mention of its set size (`four`) that `find_numbers` returns on its
own, so one phrase is one mention.
"""

from __future__ import annotations

import re

from draftflow.numbers.kinds import NumberKind, NumberMention
from draftflow.numbers.parse import make_number
from draftflow.numbers.words import word_value

_QUANTIFIED = re.compile(
    r"\b(?:none|neither)\s+of\s+(?:the|these|those|its|their|our|my|all)?\s*"
    r"(?P<size>\d{1,6}|[A-Za-z]+(?:-[A-Za-z]+)?)\b",
    re.IGNORECASE,
)
_HINTS = ("one", "ONE", "either", "EITHER")
"""Substrings every quantifier holds (`None`, `neither`): a test at C speed before the
pattern, as most texts (table cells, data leaves) have no quantifier at all."""


def find_quantified(text: str) -> list[NumberMention]:
    """Every `none of the N` / `neither of the N` phrase of a text, as an `x of y` mention."""
    if not any(hint in text for hint in _HINTS):
        return []
    found: list[NumberMention] = []
    for match in _QUANTIFIED.finditer(text):
        size = _size(match.group("size"))
        if size is None or size < 1:
            continue
        word = not match.group("size")[0].isdigit()
        numbers = (make_number(0.0, 0, word=True), make_number(float(size), 0, word=word))
        found.append(
            NumberMention(match.start(), match.end(), match.group(), NumberKind.FRACTION, numbers)
        )
    return found


def with_quantified(text: str, mentions: list[NumberMention]) -> list[NumberMention]:
    """`mentions` (of `text`, as `find_numbers` returns them) with each quantifier phrase in
    place of the mentions inside it, in text order."""
    phrases = find_quantified(text)
    if not phrases:
        return mentions
    kept = [m for m in mentions if not any(p.start <= m.start < p.end for p in phrases)]
    return sorted([*kept, *phrases], key=lambda mention: mention.start)


def _size(written: str) -> int | None:
    return int(written) if written.isdigit() else word_value(written)
