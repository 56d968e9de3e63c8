"""What a number mention is: its kind, one parsed number and one mention in a text."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class NumberKind(StrEnum):
    """What a mention in text is, so that each kind is checked as what it is."""

    QUANTITY = "quantity"
    PERCENT = "percent"
    RANGE = "range"
    PLUS_MINUS = "plus_minus"
    FRACTION = "fraction"
    DATE = "date"
    TIME = "time"
    VERSION = "version"
    HEX = "hex"
    IDENTIFIER = "identifier"
    URL = "url"

    @property
    def is_numeric(self) -> bool:
        """True for kinds whose `values` are quantities to compare numerically."""
        return self in _NUMERIC_KINDS


_NUMERIC_KINDS = frozenset(
    {
        NumberKind.QUANTITY,
        NumberKind.PERCENT,
        NumberKind.RANGE,
        NumberKind.PLUS_MINUS,
        NumberKind.FRACTION,
    }
)


@dataclass(frozen=True)
class ParsedNumber:
    """One written number: its value, written precision, scale readings, unit and flags.

    `value` is the primary reading (scale 1000 for K, a percent as written, not /100);
    `alternatives` holds every acceptable reading including `value` (e.g. 32000 and 32768
    for `32K`, 95 and 0.95 for `95%`), and `tolerances` the matching half-unit of the last
    written digit for each alternative.
    """

    value: float
    decimals: int
    alternatives: tuple[float, ...]
    tolerances: tuple[float, ...]
    multiplier: float | None = None
    unit: str | None = None
    percent: bool = False
    approximate: bool = False
    word: bool = False

    def matches(self, other: float) -> bool:
        """True when `other` rounds to this number at its written precision (any reading)."""
        # A plain loop, not any() over a generator: verify asks this millions of times.
        for alt, tol in zip(self.alternatives, self.tolerances, strict=True):
            if abs(other - alt) <= tol * (1 + 1e-9) + 1e-12:
                return True
        return False

    def intervals(self) -> list[tuple[float, float]]:
        """The closed value intervals this number covers, one per reading."""
        return [
            (alt - tol * (1 + 1e-9) - 1e-12, alt + tol * (1 + 1e-9) + 1e-12)
            for alt, tol in zip(self.alternatives, self.tolerances, strict=True)
        ]


@dataclass(frozen=True)
class NumberMention:
    """A number-like mention in a text: where it is, what kind, and its parsed parts.

    `values` holds the numeric values (a range both ends, `±` the centre then the spread, a
    fraction numerator then denominator); `numbers` the full parse of each; `decimals` the
    written precision of the first value; `normalized` the canonical text for dates
    (`2026-10-17`, `--10-17` without a year, `2026-10` for a month), versions (`0.6.6`), hex
    (lowercase) and identifiers.
    """

    start: int
    end: int
    text: str
    kind: NumberKind
    numbers: tuple[ParsedNumber, ...] = ()
    normalized: str | None = None

    @property
    def values(self) -> tuple[float, ...]:
        """The numeric values of the mention, in written order."""
        return tuple(n.value for n in self.numbers)

    @property
    def decimals(self) -> int:
        """The written precision (digits after the decimal point) of the first value."""
        return self.numbers[0].decimals if self.numbers else 0

    @property
    def multiplier(self) -> float | None:
        """The primary scale multiplier of the first value (`32K` gives 1000), if any."""
        return self.numbers[0].multiplier if self.numbers else None

    @property
    def unit(self) -> str | None:
        """The unit written against the first value (`tok/s`, `GB`, `%`), if any."""
        return self.numbers[0].unit if self.numbers else None
