"""Whether a text states a given figure: a number in it that rounds to the figure's value at
its written precision, with no unit that says it is another kind of quantity.

The draft stage uses it to remove the sentences that cite a figure taken out of a record, and
verify to flag any that remain, so the two agree on what "cites the figure" means.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from draftflow.numbers.dimensions import MEASURED, unit_after, unit_dimensions
from draftflow.numbers.kinds import NumberMention
from draftflow.numbers.scan import find_numbers

# A bare small whole number (`1`, `4`, `8`) with no unit is far more often a setting or a
# count in a sentence than a figure's value; only a unit ties it to the figure.
_BARE_SMALL = 10


@dataclass(frozen=True)
class FigureValue:
    """A figure as a sentence may state it: its value and its unit."""

    value: float
    unit: str


def states_figure(text: str, mention: NumberMention, figure: FigureValue) -> bool:
    """True when `mention` (found in `text`) states `figure`'s value, and its unit, if it
    writes one, may be the figure's."""
    if not mention.kind.is_numeric or _names_something(mention):
        return False
    if not any(number.matches(figure.value) for number in mention.numbers):
        return False
    if all(number.word for number in mention.numbers) and figure.value not in mention.values:
        return False  # a word is no rounding: `one` states 1, never 0.85
    written = unit_after(text, mention.end) | _glued_units(mention)
    if mention.numbers[0].percent:
        written = written | {"ratio"}
    wanted = unit_dimensions(figure.unit)
    if written:
        return not wanted or bool(written & wanted)
    if wanted & MEASURED:
        return False  # `0.2` alone is not `0.2 requests/s`
    return not _bare_small(mention)


def _names_something(mention: NumberMention) -> bool:
    """True for digits glued to letters no unit is spelled as (`0xDaizz`, `3xl`): a name
    that starts with a digit, not a quantity (the owner `0xDaizz` once read as `0x`, a
    removed 0.2 rounded, and withdrew every title naming the repository)."""
    return any(
        number.unit and not number.percent and not unit_dimensions(number.unit)
        for number in mention.numbers
    )


def _glued_units(mention: NumberMention) -> frozenset[str]:
    """The dimensions of a unit written onto the number (`2x`, `24.7tok/s`)."""
    return frozenset(
        dimension
        for number in mention.numbers
        if number.unit and not number.percent
        for dimension in unit_dimensions(number.unit)
    )


def _bare_small(mention: NumberMention) -> bool:
    """True for a small whole number written with no decimals (`4` in `concurrency 4`): with
    no unit, a setting or a count, whatever figure it rounds to (it read as a removed 3.7×
    and took luongnv89's title with it)."""
    return len(mention.numbers) == 1 and all(
        not number.unit
        and number.decimals == 0
        and number.multiplier is None
        and abs(number.value) < _BARE_SMALL
        for number in mention.numbers
    )


def mentions_of(
    text: str, figures: Iterable[FigureValue], kept: Iterable[FigureValue] = ()
) -> list[tuple[NumberMention, FigureValue]]:
    """Each number of `text` that states one of `figures` and none of `kept` (a value two
    figures share may be the kept one's), with the figure it states."""
    figures, kept = list(figures), list(kept)
    if not figures:
        return []
    found = []
    for mention in find_numbers(text, decimal_comma=False):
        if any(states_figure(text, mention, other) for other in kept):
            continue
        stated = next((f for f in figures if states_figure(text, mention, f)), None)
        if stated is not None:
            found.append((mention, stated))
    return found
