"""The statistic a figure's names state (`p95`, `median`, `mean`), else what its cell writes."""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.extract.vocabulary import STATISTICS

_STATISTIC_RES = tuple((re.compile(pattern), statistic) for pattern, statistic in STATISTICS)


def statistic_of(name: str, text: str, index: int = 0, count: int = 1) -> str:
    """The statistic a figure's names state, else whether its cell writes a ± spread; where
    the names list one statistic for each of the cell's `count` values (`Latency (p95 / p50)`
    over `55.2 s / 49.0 s`), the one in the value's place (`index`, 0-based)."""
    if count > 1 and 0 <= index < count:  # a one-value cell lists nothing: not split
        listed = statistics_listed(name)
        if len(listed) == count:
            return listed[index]
    named = _named_statistic(name)
    if named is not None:
        return named
    if "±" in text or "+/-" in text:
        return "as reported; the source cell gives a ± spread"
    return "as reported"


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
