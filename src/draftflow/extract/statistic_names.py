"""The statistic a figure's names state (`p95`, `median`, `mean`), else what its cell writes."""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.extract.vocabulary import STATISTICS
from draftflow.numbers.cells import CellRole, split_cell
from draftflow.numbers.units import minutes_named

_STATISTIC_RES = tuple((re.compile(pattern), statistic) for pattern, statistic in STATISTICS)
_PLUS_MINUS = re.compile(r"±|\+/-")
_MINIMUM = "minimum as reported"


def statistic_of(name: str, text: str, index: int = 0, count: int = 1) -> str:
    """The statistic a figure's names state, else whether its cell writes a ± spread; where
    the names list one statistic for each of the cell's `count` values (`Latency (p95 / p50)`
    over `55.2 s / 49.0 s`), the one in the value's place (`index`, 0-based). Where the names
    write a value and its spread (`Mean ± σ`) over a cell that does (`87.0 ± 0.0`), the value
    is of the statistic before the `±` (`spread_statistic` reads the one after it)."""
    if count > 1 and 0 <= index < count:  # a one-value cell lists nothing: not split
        listed = statistics_listed(name)
        if len(listed) == count:
            return listed[index]
    halves = _plus_minus_halves(name, text)
    named = _named_statistic(name if halves is None else halves[0])
    if named is not None:
        return named
    if "±" in text or "+/-" in text:
        return "as reported; the source cell gives a ± spread"
    return "as reported"


def cell_statistic(name: str, text: str, index: int) -> str:
    """The statistic of a cell's `index`-th number: a ± spread's as `spread_statistic`, any
    other's as `statistic_of`."""
    spread = any(f.index == index and f.role is CellRole.SPREAD for f in split_cell(text, name))
    return spread_statistic(name, text) if spread else statistic_of(name, text)


def spread_statistic(name: str, text: str) -> str:
    """The statistic of the ± spread a cell writes after its value: the one the names write
    after their own `±` (`Mean ± σ`: standard deviation), else `SPREAD_STATISTIC`."""
    halves = _plus_minus_halves(name, text)
    named = None if halves is None else _named_statistic(halves[1])
    return SPREAD_STATISTIC if named is None else named


def _plus_minus_halves(name: str, text: str) -> tuple[str, str] | None:
    """A name's words before and after its `±` where both it and the cell write one: the
    name then says which statistic each of the cell's two numbers is. A name with a `±` over
    a cell without one (`Latency ±σ` over `3.2`) names the spread alone: None."""
    if not _PLUS_MINUS.search(text):
        return None
    parts = _PLUS_MINUS.split(name, maxsplit=1)
    return (parts[0], parts[1]) if len(parts) == 2 else None


@lru_cache(maxsize=1 << 12)
def statistics_listed(name: str) -> tuple[str, ...]:
    """The statistics a name lists apart by `/` (`p50 / p95`: median, p95), in order; () when
    it lists fewer than two, or a part names none or the same one twice (the second value of
    atomicjets/gemma-embeddings' `Latency (p50 / p95) | 49.0 s / 55.2 s` was published as a
    median, read31-s25)."""
    parts = name.split("/")
    if len(parts) < 2:
        return ()
    named = tuple(_named_statistic(part) for part in parts)
    if any(n is None for n in named) or len(set(named)) < len(named):
        return ()
    return tuple(n for n in named if n is not None)


@lru_cache(maxsize=1 << 16)  # a wide table's every header (8,192 thrashed at 10,000)
def _named_statistic(name: str) -> str | None:
    """The statistic a figure's names state (`p95`, `median`), memoised: a column's figures
    share their names."""
    lowered = name.lower()
    for pattern, statistic in _STATISTIC_RES:
        match = pattern.search(lowered)
        if match and statistic == _MINIMUM and minutes_named(lowered):
            continue  # `Time (min)`, `duration_min`: a duration in minutes, no minimum
        if match:
            if "{0}" not in statistic:
                return statistic
            # the entry's patterns are alternatives: the first group one of them matched
            return statistic.format(next(group for group in match.groups() if group))
    return None


SPREAD_STATISTIC = (
    "the ± spread written after the value in the source cell; the cell does not say which "
    "spread (standard deviation, error) it is"
)
